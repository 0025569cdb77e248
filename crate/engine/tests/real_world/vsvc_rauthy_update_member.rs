// Modelled on sebadob/rauthy, src/api_types/src/users.rs: the constructs as written there, in our own words.
use crate::cust_validation::{validate_vec_branches, validate_vec_shelves};
use crate::generic::Locale;
use shelfkeep_common::regex::{
    RE_ALNUM, RE_ALNUM_48, RE_CITY, RE_DATE_STR, RE_DEVICE_LABEL, RE_PERSON_NAME, RE_PHONE,
    RE_STREET, RE_URI,
};
use shelfkeep_error::{ErrorResponse, ErrorResponseType};
use serde::{Deserialize, Serialize};
use std::str::FromStr;
use utoipa::ToSchema;
use validator::Validate;

#[derive(Serialize, ToSchema)]
pub struct CardPhotoConfig {
    pub upload_allowed: bool,
    pub max_bytes: u32,
}

#[derive(Deserialize, Validate, ToSchema)]
pub struct ReaderDeviceRequest {
    /// Validation: `[a-zA-Z0-9,.:/_\\-&?=~#!$'()*+%]+$`
    #[validate(regex(path = "*RE_URI", code = "[a-zA-Z0-9,.:/_\\-&?=~#!$'()*+%]+$"))]
    pub device_id: String,
    /// Validation: `[a-zA-Z0-9À-ÿ-\\s]{2,64}`
    #[validate(regex(path = "*RE_DEVICE_LABEL", code = "[a-zA-Z0-9À-ɏ-\\s]{2,64}"))]
    pub label: Option<String>,
}

#[derive(Deserialize, Validate, ToSchema)]
#[cfg_attr(debug_assertions, derive(Serialize))]
pub struct UpdateMemberRequest {
    /// Validation: `email`
    #[validate(email)]
    pub email: String,
    /// Validation: `[a-zA-Z0-9À-ÿ-'\\s]{1,40}`
    #[validate(regex(path = "*RE_PERSON_NAME", code = "[a-zA-Z0-9À-ɏ-'\\s]{1,40}"))]
    pub given_name: Option<String>,
    /// Validation: `[a-zA-Z0-9À-ÿ-'\\s]{1,40}`
    #[validate(regex(path = "*RE_PERSON_NAME", code = "[a-zA-Z0-9À-ɏ-'\\s]{1,40}"))]
    pub family_name: Option<String>,
    pub locale: Option<Locale>,
    /// Validation: Applies the passphrase policy - max 200 characters
    #[validate(length(max = 200))]
    pub passphrase: Option<String>,
    /// Validation: `Vec<^[a-z0-9-_/,:*]{2,48}$>`
    #[validate(custom(function = "validate_vec_shelves"))]
    pub shelves: Vec<String>,
    /// Validation: `Vec<^[a-z0-9-_/,:*]{2,48}$>`
    #[validate(custom(function = "validate_vec_branches"))]
    pub branches: Option<Vec<String>>,
    pub active: bool,
    pub email_confirmed: bool,
    // TODO the upper bound for the inner i64 has to wait for a macro fix
    // #[validate(range(min = 1735689600, max = 4102444800))]
    /// Unix timestamp in seconds
    #[validate(range(min = 1735689600))]
    pub card_expires: Option<i64>,
    #[validate(nested)]
    pub contact: Option<MemberContactRequest>,
}

#[derive(Debug, Default, PartialEq, Deserialize, Validate, ToSchema)]
#[cfg_attr(debug_assertions, derive(Serialize))]
pub struct MemberContactRequest {
    /// Validation: `[0-9]{4}-[0-9]{2}-[0-9]{2}`
    #[validate(regex(path = "*RE_DATE_STR", code = "[0-9]{4}-[0-9]{2}-[0-9]{2}"))]
    pub born_on: Option<String>,
    /// Validation: `+[0-9]{0,24}`
    #[validate(regex(path = "*RE_PHONE", code = "+[0-9]{0,24}"))]
    pub phone: Option<String>,
    /// Validation: `[a-zA-Z0-9À-ÿ-.\s]{0,64}`
    #[validate(regex(path = "*RE_STREET", code = "[a-zA-Z0-9À-ÿ-.\\s]{0,64}"))]
    pub street: Option<String>,
    /// Validation: `[a-zA-Z0-9]`, max length 12
    #[validate(regex(path = "*RE_ALNUM", code = "[a-zA-Z0-9]"), length(max = 12))]
    pub postcode: Option<String>,
    /// Validation: `[a-zA-Z0-9À-ÿ-\s]{0,64}`
    #[validate(regex(path = "*RE_CITY", code = "[a-zA-Z0-9À-ÿ-\\s]{0,64}"))]
    pub town: Option<String>,
    /// Validation: `[a-zA-Z0-9À-ÿ-\s]{0,64}`
    #[validate(regex(path = "*RE_CITY", code = "[a-zA-Z0-9À-ÿ-\\s]{0,64}"))]
    pub region: Option<String>,
    /// Validation: Valid Timezone in the format of `Europe/Vienna`
    #[validate(length(max = 40))]
    pub tz: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub enum MemberFieldKind {
    Email,
}

impl FromStr for MemberFieldKind {
    type Err = ErrorResponse;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let slf = match s {
            "email" => Self::Email,
            _ => {
                return Err(ErrorResponse::new(
                    ErrorResponseType::BadRequest,
                    "invalid value for MemberFieldKind",
                ));
            }
        };
        Ok(slf)
    }
}

#[derive(Deserialize, Validate, ToSchema)]
#[cfg_attr(debug_assertions, derive(Serialize))]
pub struct CardScanFinishRequest {
    /// Validation: `[a-zA-Z0-9]{48}`
    #[validate(regex(path = "*RE_ALNUM_48", code = "[a-zA-Z0-9]{48}"))]
    pub code: String,
    /// Note: `ToSchema` is not available for the scanner's payload type
    #[schema(value_type = str)]
    pub data: card_reader::prelude::ScanPayload,
}
