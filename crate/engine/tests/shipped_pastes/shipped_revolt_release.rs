// Modelled on revoltchat/backend src/util/regex.rs: the constructs as written there, in our own words.
use std::rc::Rc;

use indexmap::{IndexMap, IndexSet};
use once_cell::sync::Lazy;
use regex::Regex;
use serde::Deserialize;
use validator::{Validate, ValidationError};

pub static RE_VERSION: Lazy<Regex> = Lazy::new(|| Regex::new(r"^\d+\.\d+\.\d+$").unwrap());

const PLATFORMS: &[&str] = &["linux-x64", "linux-arm64", "macos-arm64", "windows-x64"];

fn known_platforms(platforms: &IndexSet<String>) -> Result<(), ValidationError> {
    if platforms.iter().all(|p| PLATFORMS.contains(&p.as_str())) {
        Ok(())
    } else {
        Err(ValidationError::new("unknown_platform"))
    }
}

#[derive(Debug, Deserialize, Validate)]
pub struct PublishRelease {
    #[validate(length(min = 1, max = 40))]
    pub name: Rc<str>,
    #[validate(regex(path = *RE_VERSION))]
    pub version: String,
    /// platform -> sha256, in upload order
    pub checksums: IndexMap<String, String>,
    #[validate(custom(function = "known_platforms"))]
    pub platforms: IndexSet<String>,
    #[validate(url)]
    pub changelog: Option<String>,
}
