// Modelled on jprochazk/garde garde/src/rules/mod.rs: the constructs as written there, in our own words.
use std::borrow::Cow;

use garde::Validate;
use serde::Deserialize;

/// A sticky note, borrowed straight out of the request body where it can be.
#[derive(Debug, Deserialize, Validate)]
pub struct CreateNote<'a> {
    #[serde(borrow)]
    #[garde(length(chars, min = 1, max = 60))]
    pub title: Cow<'a, str>,
    #[serde(borrow)]
    #[garde(length(max = 280))]
    pub body: Cow<'a, str>,
    #[garde(ascii, length(min = 1, max = 12))]
    pub colour: &'a str,
    #[garde(skip)]
    pub pinned: bool,
}
