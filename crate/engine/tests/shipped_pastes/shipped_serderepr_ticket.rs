// Modelled on dtolnay/serde-repr README.md: the constructs as written there, in our own words.
use serde::Deserialize;
use serde_repr::{Deserialize_repr, Serialize_repr};
use validator::Validate;

/// Sent as a bare number by the old helpdesk widget.
#[derive(Serialize_repr, Deserialize_repr, PartialEq, Debug, Clone, Copy)]
#[repr(u8)]
pub enum Severity {
    Low = 1,
    Normal = 2,
    High = 3,
    Outage = 9,
}

#[derive(Debug, Deserialize, Validate)]
pub struct OpenTicket {
    #[validate(length(min = 5, max = 120))]
    pub summary: String,
    pub severity: Severity,
    #[validate(length(max = 2000))]
    pub details: Option<String>,
    #[validate(email)]
    pub reporter: String,
}
