//! The keys of structs with `#[serde(flatten)]` fields, read the two ways
//! seed 003 compares: serde's (a key the struct does not know is buffered,
//! for each flattened child to read) and field dispatch (one key table for
//! the whole tree). The program's readers (`visited.rs`) read the values.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use super::errors;
use crate::plan::{FlatTable, StructPlan};

/// The error of slots too few for their plan (never, for a plan laid out once).
pub(super) const LAID_OUT: &str = "a flattened struct's slots do not match its layout";

/// A key of a struct that flattens, serde's way: one of its own fields, or a key
/// to keep for the flattened children (borrowed from the input where it can be).
pub(super) enum Key<'de> {
    Field(usize),
    Other(Cow<'de, str>),
}

pub(super) struct BufferingKeySeed<'p> {
    pub(super) s: &'p StructPlan,
}

impl<'de> DeserializeSeed<'de> for BufferingKeySeed<'_> {
    type Value = Key<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key<'de>, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for BufferingKeySeed<'_> {
    type Value = Key<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
        Ok(match self.s.lookup.find(key) {
            Some(slot) => Key::Field(slot),
            None => Key::Other(Cow::Owned(key.to_owned())),
        })
    }
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
        Ok(match self.s.lookup.find(key) {
            Some(slot) => Key::Field(slot),
            None => Key::Other(Cow::Borrowed(key)),
        })
    }
}

/// A key of a struct and its flattened children, found in their one table:
/// its entry there.
pub(super) struct FlatKeySeed<'p> {
    pub(super) table: &'p FlatTable,
    /// The entry most likely next: the one after the last key's.
    pub(super) expected: usize,
}

impl<'de> DeserializeSeed<'de> for FlatKeySeed<'_> {
    type Value = Option<usize>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for FlatKeySeed<'_> {
    type Value = Option<usize>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        match self.table.find_expecting(key, self.expected) {
            Some(found) => Ok(Some(found)),
            None if self.table.deny_unknown => Err(errors::unknown_field(key, self.table.keys)),
            None => Ok(None),
        }
    }
}
