// Modelled on j-chad/domus, backend/src/api/auth/models.rs: the constructs as written there, in our own words.
// Here: the owner accounts of a pet clinic's portal.
use crate::portal::owners::secrets::seal_passphrase;
use crate::store::records::{NewOwner, Owner};
use crate::ids::public_id::{PublicIdKind, ToPublicId};
use serde::{Deserialize, Serialize};
use std::fmt;
use tracing::error;
use utoipa::ToSchema;
use validator::Validate;

#[derive(Deserialize, Validate, ToSchema)]
pub struct EnrolOwnerRequest {
    #[validate(email)]
    #[schema(example = "ada.lovelace@clinic.test", format = "email")]
    pub mail: String,

    #[validate(length(min = 1))]
    #[schema(example = "Ada", min_length = 1)]
    pub given_name: String,

    #[validate(length(min = 1))]
    #[schema(example = "Lovelace", min_length = 1)]
    pub family_name: String,

    #[validate(length(min = 12))]
    #[schema(example = "tabby-cat-42-whiskers", min_length = 12, format = "password")]
    pub passphrase: String,
}

impl fmt::Debug for EnrolOwnerRequest {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            out,
            "EnrolOwnerRequest {{ mail: {:?}, given_name: {:?}, family_name: {:?}, passphrase: (hidden) }}",
            self.mail, self.given_name, self.family_name
        )
    }
}

#[derive(Deserialize, Validate, ToSchema)]
pub struct SignInOwnerRequest {
    #[validate(email)]
    #[schema(example = "ada.lovelace@clinic.test", format = "email")]
    pub mail: String,

    #[validate(length(min = 12))]
    #[schema(example = "tabby-cat-42-whiskers", min_length = 12, format = "password")]
    pub passphrase: String,
}

impl fmt::Debug for SignInOwnerRequest {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(out, "SignInOwnerRequest {{ mail: {:?}, passphrase: (hidden) }}", self.mail)
    }
}

#[derive(Deserialize, Validate, ToSchema)]
pub struct RenewSessionRequest {
    #[schema()]
    pub session_token: String,
}

impl fmt::Debug for RenewSessionRequest {
    fn fmt(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        out.write_str("RenewSessionRequest { session_token: (hidden) }")
    }
}

#[derive(Serialize, ToSchema)]
pub struct OwnerView {
    pub id: String,
    pub mail: String,
    pub given_name: String,
    pub family_name: String,
}

impl From<Owner> for OwnerView {
    fn from(owner: Owner) -> Self {
        let id = owner.id.to_public_id(PublicIdKind::Owner);
        let Owner { mail, given_name, family_name, .. } = owner;
        Self { id, mail, given_name, family_name }
    }
}
