// Modelled on a public eID card client's PAOS models (validator 0.18), domain/models/eac: the constructs as written there, in our own words.
// Here: a card reader asks a wallet to authenticate, the protocol payload generic over its input type.
use crate::domain::models::paos::ReaderHandle;
use serde::{Deserialize, Serialize};
use validator::{Validate, ValidationError};

const TERMINAL_PROTOCOL_ID: &str = "urn:oid:1.3.162.15480.3.0.14.2";

// The protocol named must be the terminal protocol.
fn must_be_terminal_oid(val: &str) -> Result<(), ValidationError> {
    if val != TERMINAL_PROTOCOL_ID {
        return Err(ValidationError::new("Invalid protocol identifier"));
    }
    Ok(())
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Validate)]
#[serde(transparent)]
pub struct ProtocolPayload<T: Validate> {
    #[validate(nested)]
    pub data: T,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Validate)]
#[serde(rename_all = "PascalCase")]
pub struct TerminalInput {
    #[serde(rename = "@Protocol")]
    #[validate(custom(function = "must_be_terminal_oid"))]
    pub protocol: String,
    #[serde(rename = "Certificate", default)]
    #[validate(length(min = 1, max = 3))]
    pub certificates: Vec<String>,
    #[serde(rename = "CertificateDescription")]
    #[validate(length(min = 1))]
    pub cert_description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "RequiredCHAT")]
    pub required_chat: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Validate)]
#[serde(rename_all = "PascalCase")]
pub struct CardAuthenticate<T: Validate> {
    pub reader_handle: ReaderHandle,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "DIDScope")]
    pub did_scope: Option<String>,
    #[serde(rename = "DIDName")]
    #[validate(length(min = 1, max = 16))]
    pub did_name: String,
    #[validate(nested)]
    #[serde(rename = "AuthenticationProtocolData")]
    pub protocol_data: ProtocolPayload<T>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses() {
        let _ = CardAuthenticate::<TerminalInput>::validate;
    }
}
