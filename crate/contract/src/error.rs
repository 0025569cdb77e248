//! Errors a user can cause: each says what is wrong and where.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A scenario folder or document that cannot be read.
    Scenario(String),
    /// Settings out of range.
    Settings(String),
    /// An unknown or unavailable variant code.
    Variant(String),
    /// A run that cannot be prepared (no engine, no input, ...).
    Run(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Scenario(m) => write!(f, "scenario: {m}"),
            Error::Settings(m) => write!(f, "settings: {m}"),
            Error::Variant(m) => write!(f, "variant {m}"),
            Error::Run(m) => write!(f, "run: {m}"),
        }
    }
}

impl std::error::Error for Error {}
