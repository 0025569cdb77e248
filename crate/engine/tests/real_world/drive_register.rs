// Modelled on mangocubed/drive, src/inputs.rs: the constructs as written there, in our own words.
// Here: the sign-in and membership forms of a cycling club.
use serde::{Deserialize, Serialize};

#[cfg(feature = "server")]
use validator::{Validate, ValidationError};

#[cfg(feature = "server")]
use crate::backend::limits::{REJECTED_VALUE, RIDER_HANDLE};

#[cfg(feature = "server")]
fn check_joined_on(text: &String) -> Result<(), ValidationError> {
    use chrono::{NaiveDate, Local};

    let today = Local::now().date_naive();
    match NaiveDate::parse_from_str(text, "%d.%m.%Y") {
        Ok(day) if day <= today => Ok(()),
        _ => Err(REJECTED_VALUE.clone()),
    }
}

#[cfg(feature = "server")]
fn check_home_region(text: &String) -> Result<(), ValidationError> {
    let well_formed = text.len() == 3 && text.bytes().all(|b| b.is_ascii_uppercase());
    if well_formed { Ok(()) } else { Err(REJECTED_VALUE.clone()) }
}

#[cfg(feature = "server")]
fn check_rider_handle(text: &String) -> Result<(), ValidationError> {
    use uuid::Uuid;

    // A handle that reads as an id would be confused with one.
    match Uuid::parse_str(text) {
        Ok(_) => Err(REJECTED_VALUE.clone()),
        Err(_) => Ok(()),
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[cfg_attr(feature = "server", derive(Validate))]
pub struct ClubSignIn {
    #[cfg_attr(feature = "server", validate(length(min = 1, message = "Fill this in")))]
    pub handle_or_mail: String,
    #[cfg_attr(feature = "server", validate(length(min = 1, message = "Fill this in")))]
    pub secret: String,
}

#[derive(Clone, Debug, Deserialize, PartialEq, Serialize)]
#[cfg_attr(feature = "server", derive(Validate))]
pub struct ClubMembership {
    #[cfg_attr(
        feature = "server",
        validate(
            length(min = 4, max = 20, message = "Between 4 and 20 characters"),
            regex(path = *RIDER_HANDLE, message = "Not accepted"),
            custom(function = "check_rider_handle")
        )
    )]
    pub rider_handle: String,
    #[cfg_attr(
        feature = "server",
        validate(
            length(min = 6, max = 254, message = "Between 6 and 254 characters"),
            email(message = "Not accepted")
        )
    )]
    pub mail: String,
    #[cfg_attr(
        feature = "server",
        validate(length(min = 10, max = 100, message = "Between 10 and 100 characters"))
    )]
    pub secret: String,
    #[cfg_attr(
        feature = "server",
        validate(length(min = 3, max = 254, message = "Between 3 and 254 characters"))
    )]
    pub display_name: String,
    #[cfg_attr(feature = "server", validate(custom(function = "check_joined_on")))]
    pub joined_on: String,
    #[cfg_attr(feature = "server", validate(custom(function = "check_home_region")))]
    pub home_region: String,
}

// The statics the rules and functions above use (a constants module in the original).
use std::borrow::Cow;
use std::sync::LazyLock;

use validator::ValidationError;

use regex::Regex;

pub const TAKEN_VALUE: LazyLock<ValidationError> =
    LazyLock::new(|| ValidationError::new("taken").with_message(Cow::Borrowed("Someone has it")));
pub const REJECTED_VALUE: LazyLock<ValidationError> =
    LazyLock::new(|| ValidationError::new("rejected").with_message(Cow::Borrowed("Not accepted")));

pub static RIDER_HANDLE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\A[-~]?([[:alnum:]]+[-~.]?)+\z").unwrap());

pub const SESSION_COOKIE_NAME: &str = "club_session";
