//! The direct API: JSON text to a validated value, with structured violations and
//! no string formatting on the error path.

use std::fmt;

use serde::Deserialize;

use crate::Violations;
use crate::collector::{self, Mode};

#[derive(Debug)]
pub enum Error {
    /// The text is not JSON of the expected shape (serde_json's error).
    Syntax(serde_json::Error),
    /// The value decoded but broke rules: every violation (one in fail-fast mode).
    Invalid(Violations),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax(e) => write!(f, "{e}"),
            Error::Invalid(v) => write!(f, "{v}"),
        }
    }
}

impl std::error::Error for Error {}

/// Decodes and validates, reporting every violation.
pub fn from_str<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, Error> {
    decode(text, Mode::CollectAll)
}

/// Decodes and validates, stopping at the first violation.
pub fn from_str_fail_fast<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, Error> {
    decode(text, Mode::FailFast)
}

fn decode<'a, T: Deserialize<'a>>(text: &'a str, mode: Mode) -> Result<T, Error> {
    let (result, violations) = collector::collect(mode, || serde_json::from_str::<T>(text));
    match (result, violations) {
        (Ok(value), None) => Ok(value),
        (Err(e), None) => Err(Error::Syntax(e)),
        // Fail-fast stops decoding with a data error of its own after the first
        // violation; any other error (trailing text after a root that was read to
        // its end) is the input's.
        (Err(e), Some(violations)) if mode == Mode::FailFast && e.is_data() => {
            Err(Error::Invalid(violations))
        }
        // Collecting everything never stops early: an error is the input's, and
        // a syntax error is the answer even when the value broke rules.
        (Err(e), Some(_)) => Err(Error::Syntax(e)),
        (Ok(_), Some(violations)) => Err(Error::Invalid(violations)),
    }
}
