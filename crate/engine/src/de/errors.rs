//! The errors decoding returns, each built in a function of its own marked
//! `#[cold]`: the loops that read valid input keep only a call on a branch
//! the compiler lays out of the way (serde_json keeps its errors so).

use serde::de::{Error, Expected, Unexpected};

#[cold]
pub(super) fn duplicate_field<E: Error>(key: &'static str) -> E {
    E::duplicate_field(key)
}

#[cold]
pub(super) fn missing_field<E: Error>(key: &'static str) -> E {
    E::missing_field(key)
}

#[cold]
pub(super) fn unknown_field<E: Error>(key: &str, keys: &'static [&'static str]) -> E {
    E::unknown_field(key, keys)
}

#[cold]
pub(super) fn invalid_length<E: Error>(len: usize, expected: &dyn Expected) -> E {
    E::invalid_length(len, expected)
}

#[cold]
pub(super) fn unknown_variant<E: Error>(name: &str, names: &'static [&'static str]) -> E {
    E::unknown_variant(name, names)
}

#[cold]
pub(super) fn invalid_value<E: Error>(unexpected: Unexpected<'_>, expected: &dyn Expected) -> E {
    E::invalid_value(unexpected, expected)
}
