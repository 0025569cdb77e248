// Modelled on joswayski/kontext, services/api/src/handlers/test_handler.rs: the constructs as written there, in our own words.
// Here: a volunteer sign-up for a community garden; no handler is modelled.
use axum::{extract::rejection::JsonRejection, http::StatusCode, response::IntoResponse, Json};
use serde::Deserialize;
use serde_json::json;
use validator::{Validate, ValidationErrors};

#[derive(Deserialize, Validate)]
pub struct VolunteerSignup {
    #[validate(email(message = "We need an address we can write to."))]
    pub contact_mail: String,

    #[validate(length(min = 10, message = "The passphrase needs ten characters or more."))]
    pub passphrase: String,

    #[validate(range(min = 16, max = 99, message = "Volunteers are 16 to 99 years old."))]
    pub years: u32,

    #[validate(url(message = "The portfolio link is not a web address."))]
    pub portfolio: Option<String>, // an absent link is fine

    #[validate(must_match(other = "passphrase", message = "The two passphrases differ."))]
    pub passphrase_again: String,
}
