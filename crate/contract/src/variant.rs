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
    /// Value → JSON text.
    Ser,
    /// `serde_json::Value` → value (the "dict" path).
    FromValue,
    /// Value → `serde_json::Value`.
    ToValue,
    /// JS object → value through serde-wasm-bindgen (wasm only).
    FromJs,
    /// Value → JS object through serde-wasm-bindgen (wasm only).
    ToJs,
    /// A JS string into wasm memory, as every call that passes text pays it:
    /// UTF-16 → UTF-8 and a copy, nothing decoded (wasm only).
    StrIn,
    /// Encode with serde_json into a fresh `Vec<u8>`.
    EncJson,
    /// Decode from serde_json bytes.
    DecJson,
    /// Encode with postcard into a fresh `Vec<u8>`.
    EncPostcard,
    /// Decode from postcard bytes.
    DecPostcard,
    /// Encode with serde_json into a reused, cleared buffer.
    EncJsonReuse,
    /// Encode with postcard into a reused, cleared buffer.
    EncPostcardReuse,
    /// Flattened JSON → value with serde's own `#[serde(flatten)]`.
    DeSerdeFlatten,
    /// Flattened JSON → value with the fast flatten codec.
    DeFastFlatten,
    /// Nested JSON of the same values → the same types without `flatten`.
    DeUnflattened,
    /// Value → flattened JSON with serde's flatten.
    SerSerdeFlatten,
    /// Value → flattened JSON with the fast flatten codec.
    SerFastFlatten,
    /// Value → nested JSON, types without `flatten`.
    SerUnflattened,
}

/// The family a variant belongs to: the seed it comes from and what it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Seed 000: decoding with validation.
    Validation,
    /// Seed 002: value ↔ text, `serde_json::Value` or a JS object.
    Conversion,
    /// Seed 001: encode / decode with a format, SIZE in bytes.
    Format,
    /// Seed 003: the three flatten forms.
    Flatten,
}

impl Variant {
    /// Every variant, in table order.
    pub const ALL: &'static [Variant] = &[
        Variant::De,
        Variant::DeValidate,
        Variant::ValidateOnDe,
        Variant::ValidateOnDeFailFast,
        Variant::Ser,
        Variant::FromValue,
        Variant::ToValue,
        Variant::FromJs,
        Variant::ToJs,
        Variant::StrIn,
        Variant::EncJson,
        Variant::DecJson,
        Variant::EncPostcard,
        Variant::DecPostcard,
        Variant::EncJsonReuse,
        Variant::EncPostcardReuse,
        Variant::DeSerdeFlatten,
        Variant::DeFastFlatten,
        Variant::DeUnflattened,
        Variant::SerSerdeFlatten,
        Variant::SerFastFlatten,
        Variant::SerUnflattened,
    ];

    /// The variants a scenario that names none runs: seed 000's four.
    pub const DEFAULT: &'static [Variant] = &[
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
            Variant::Ser => "ser",
            Variant::FromValue => "from-value",
            Variant::ToValue => "to-value",
            Variant::FromJs => "from-js",
            Variant::ToJs => "to-js",
            Variant::StrIn => "str-in",
            Variant::EncJson => "enc/json",
            Variant::DecJson => "dec/json",
            Variant::EncPostcard => "enc/postcard",
            Variant::DecPostcard => "dec/postcard",
            Variant::EncJsonReuse => "enc/json-reuse",
            Variant::EncPostcardReuse => "enc/postcard-reuse",
            Variant::DeSerdeFlatten => "de/serde-flatten",
            Variant::DeFastFlatten => "de/fast-flatten",
            Variant::DeUnflattened => "de/unflattened",
            Variant::SerSerdeFlatten => "ser/serde-flatten",
            Variant::SerFastFlatten => "ser/fast-flatten",
            Variant::SerUnflattened => "ser/unflattened",
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
            Variant::Ser => "value → JSON text",
            Variant::FromValue => "serde_json::Value → value (the \"dict\" path)",
            Variant::ToValue => "value → serde_json::Value",
            Variant::FromJs => "JS object → value via serde-wasm-bindgen (wasm only)",
            Variant::ToJs => "value → JS object via serde-wasm-bindgen (wasm only)",
            Variant::StrIn => {
                "JS string → wasm memory: the copy every call with text pays, nothing decoded (wasm only)"
            }
            Variant::EncJson => "encode to JSON bytes in a fresh buffer",
            Variant::DecJson => "decode from JSON bytes",
            Variant::EncPostcard => "encode to postcard bytes in a fresh buffer",
            Variant::DecPostcard => "decode from postcard bytes",
            Variant::EncJsonReuse => "encode to JSON bytes in a reused, cleared buffer",
            Variant::EncPostcardReuse => "encode to postcard bytes in a reused, cleared buffer",
            Variant::DeSerdeFlatten => "flattened JSON → value with serde's #[serde(flatten)]",
            Variant::DeFastFlatten => "flattened JSON → value with the fast flatten codec",
            Variant::DeUnflattened => "nested JSON → the same types without flatten",
            Variant::SerSerdeFlatten => "value → flattened JSON with serde's flatten",
            Variant::SerFastFlatten => "value → flattened JSON with the fast flatten codec",
            Variant::SerUnflattened => "value → nested JSON, types without flatten",
        }
    }

    pub fn family(self) -> Family {
        match self {
            Variant::De
            | Variant::DeValidate
            | Variant::ValidateOnDe
            | Variant::ValidateOnDeFailFast => Family::Validation,
            Variant::Ser
            | Variant::FromValue
            | Variant::ToValue
            | Variant::FromJs
            | Variant::ToJs
            | Variant::StrIn => Family::Conversion,
            Variant::EncJson
            | Variant::DecJson
            | Variant::EncPostcard
            | Variant::DecPostcard
            | Variant::EncJsonReuse
            | Variant::EncPostcardReuse => Family::Format,
            Variant::DeSerdeFlatten
            | Variant::DeFastFlatten
            | Variant::DeUnflattened
            | Variant::SerSerdeFlatten
            | Variant::SerFastFlatten
            | Variant::SerUnflattened => Family::Flatten,
        }
    }

    /// Whether this variant runs only in the browser (serde-wasm-bindgen).
    pub fn wasm_only(self) -> bool {
        matches!(self, Variant::FromJs | Variant::ToJs | Variant::StrIn)
    }
}

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
        Err(Error::Variant(format!(
            "`{code}` is not a variant code; available: {available}"
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
    fn unknown_codes_list_the_known_ones() {
        let bogus = "dee".parse::<Variant>().expect_err("bogus").to_string();
        assert!(
            bogus.contains("not a variant code") && bogus.contains("available: de"),
            "{bogus}"
        );
    }
}
