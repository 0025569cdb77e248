// Modelled on dtolnay/serde-repr README.md: the constructs as written there, in our own words.
use std::rc::Rc;
use std::sync::Arc;

use garde::Validate;
use serde::Deserialize;
use serde_repr::Deserialize_repr;

#[derive(Debug, Clone, Copy, PartialEq, Deserialize_repr)]
#[repr(u8)]
pub enum AccessLevel {
    Visitor = 0,
    Staff = 1,
    Admin = 2,
}

#[derive(Debug, Deserialize, Validate)]
pub struct IssueBadge {
    #[garde(length(min = 2, max = 8))]
    pub holder: Arc<str>,
    #[garde(length(chars, max = 6))]
    pub initials: Rc<str>,
    #[garde(skip)]
    pub level: AccessLevel,
    #[garde(range(min = 1, max = 365))]
    pub valid_days: u16,
}
