//! overhead-validate: validation rules, the [`Validate`] trait, structured
//! [`Violations`], and validation during deserialization.
//!
//! A violation is data — path, code, message template, parameters — built only
//! when a rule fails; a valid value allocates nothing for validation. The same
//! rule code runs after decoding (`Validate`) and during it
//! (`ValidateOnDeserialize`, see [`collector`] and [`json`]).
//!
//! The rules, one module each, are listed in [`rules`].

pub mod collector;
mod context;
#[doc(hidden)]
pub mod de;
pub mod json;
mod path;
mod rule;
pub mod rules;
mod validate;
mod violation;
mod violations;

pub use context::ContextRules;
pub use path::{Path, Segment};
pub use rule::Rule;
pub use validate::Validate;
pub use violation::{Param, Params, Violation};
pub use violations::Violations;

#[cfg(feature = "derive")]
pub use overhead_derive::{Validate, ValidateOnDeserialize};

/// What derived code uses; not a stable API.
#[doc(hidden)]
pub mod __private {
    pub use regex::Regex;
    pub use serde;
    pub use std::sync::LazyLock;
}
