// Modelled on raffomania/linkblocks, src/forms/users.rs: the constructs as written there, in our own words.
// Here: accounts of a recipe-bookmark site; a query struct holding only openidconnect types
// (`AuthorizationCode`, `CsrfToken`, no rules) is not modelled.
use garde::Validate;
use openidconnect::{AuthorizationCode, CsrfToken};
use serde::{Deserialize, Serialize};
use url::Url;

#[derive(Validate)]
pub struct NewAccount {
    #[garde(pattern("^[0-9A-Za-z.]+$"), length(min = 4, max = 40))]
    pub handle: String,
    #[garde(length(min = 12, max = 120))]
    pub passphrase: String,
}

#[derive(Validate, Default, Deserialize, Debug)]
pub struct PickHandle {
    #[garde(pattern("^[0-9A-Za-z.]+$"), ascii, length(min = 4, max = 40))]
    pub handle: String,
}

#[derive(Serialize, Deserialize, Validate, Debug, Default)]
pub struct SignIn {
    #[garde(length(max = 2000))]
    pub return_to: Option<Url>,
    #[garde(dive)]
    pub passcard: Passcard,
}

#[derive(Serialize, Deserialize, Validate, Debug, Default)]
pub struct Passcard {
    #[garde(pattern("^[0-9A-Za-z.]+$"), length(min = 4, max = 40))]
    pub handle: String,
    #[garde(length(min = 12, max = 120))]
    pub passphrase: String,
}

#[derive(Serialize, Deserialize, Validate, Debug, Default)]
pub struct NewSsoAccount {
    #[garde(length(max = 400))]
    pub sso_subject: String,
    #[garde(length(max = 400))]
    pub mailbox: String,
    #[garde(pattern("^[0-9A-Za-z.]+$"), length(min = 4, max = 40))]
    pub handle: String,
}
