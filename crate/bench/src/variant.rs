//! Variant codes: what one timed operation is (DESIGN.md, "Variant codes").

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Error;

/// One kind of operation a scenario can be measured with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Variant {
    /// JSON text → value, validation attributes ignored: the baseline.
    De,
    /// JSON text → value, then `.validate()`.
    DeValidate,
    /// JSON text → validated value in one step, every violation collected.
    ValidateOnDe,
    /// The same, stopping at the first violation.
    ValidateOnDeFailFast,
}

impl Variant {
    /// Every variant this build can run.
    pub const ALL: &'static [Variant] = &[
        Variant::De,
        Variant::DeValidate,
        Variant::ValidateOnDe,
        Variant::ValidateOnDeFailFast,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Variant::De => "de",
            Variant::DeValidate => "de+validate",
            Variant::ValidateOnDe => "validate-on-de",
            Variant::ValidateOnDeFailFast => "validate-on-de/fail-fast",
        }
    }

    /// One line for `overhead list` and the page.
    pub fn description(self) -> &'static str {
        match self {
            Variant::De => "JSON text → value, validation attributes ignored (baseline)",
            Variant::DeValidate => "JSON text → value, then .validate() (two-step)",
            Variant::ValidateOnDe => {
                "JSON text → validated value in one step, all violations collected"
            }
            Variant::ValidateOnDeFailFast => "the same, stopping at the first violation",
        }
    }
}

/// Codes DESIGN.md defines that later work implements; named so that asking for one
/// says "not yet" rather than "no such thing".
const PLANNED: &[&str] = &[
    "ser",
    "from-value",
    "to-value",
    "from-js",
    "to-js",
    "enc/json",
    "dec/json",
    "enc/postcard",
    "dec/postcard",
    "enc/json-reuse",
    "enc/postcard-reuse",
    "de/serde-flatten",
    "de/fast-flatten",
    "de/unflattened",
];

impl FromStr for Variant {
    type Err = Error;

    fn from_str(code: &str) -> Result<Self, Error> {
        if let Some(v) = Variant::ALL.iter().find(|v| v.code() == code) {
            return Ok(*v);
        }
        let available = Variant::ALL
            .iter()
            .map(|v| v.code())
            .collect::<Vec<_>>()
            .join(", ");
        let what = if PLANNED.contains(&code) || code.starts_with("ser/") {
            "is not implemented in this version"
        } else {
            "is not a variant code"
        };
        Err(Error::Variant(format!(
            "`{code}` {what}; available: {available}"
        )))
    }
}

impl TryFrom<String> for Variant {
    type Error = Error;
    fn try_from(code: String) -> Result<Self, Error> {
        code.parse()
    }
}

impl From<Variant> for String {
    fn from(v: Variant) -> String {
        v.code().to_owned()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.code().parse::<Variant>().expect("known"), *v);
        }
    }

    #[test]
    fn unknown_and_planned_codes_say_which() {
        let planned = "ser".parse::<Variant>().expect_err("planned").to_string();
        assert!(planned.contains("not implemented"), "{planned}");
        let bogus = "dee".parse::<Variant>().expect_err("bogus").to_string();
        assert!(
            bogus.contains("not a variant code") && bogus.contains("available: de"),
            "{bogus}"
        );
    }
}
