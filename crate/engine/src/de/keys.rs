//! A struct's keys, found in its key table without allocating.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use crate::key_table::Found;
use crate::plan::StructPlan;

/// A struct's key, identified without allocating: `Some` of its field's slot
/// (and its entry in the key table), or `None` for a key to skip (an error
/// when the struct denies unknown fields).
pub(super) struct KeySeed<'p> {
    pub(super) s: &'p StructPlan,
    /// The entry most likely next: the one after the last key's (see
    /// [`KeyTable::find_expecting`](crate::plan::KeyTable::find_expecting)).
    pub(super) expected: usize,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Option<Found>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Option<Found>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        if let Some(found) = self.s.lookup.find_expecting(key, self.expected) {
            return Ok(Some(found));
        }
        if self.s.deny_unknown {
            Err(super::errors::unknown_field(key, self.s.keys))
        } else {
            Ok(None)
        }
    }
    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Self::Value, E> {
        match std::str::from_utf8(key) {
            Ok(key) => self.visit_str(key),
            Err(_) => Ok(None),
        }
    }
    /// Some formats name fields by index: the index among the fields that
    /// decode (which is its key's entry too: the table lists those keys first).
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Self::Value, E> {
        let entry = usize::try_from(index).ok();
        let slot = entry.and_then(|i| {
            self.s
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.skip)
                .nth(i)
                .map(|(slot, _)| slot)
        });
        Ok(slot.zip(entry).map(|(slot, entry)| Found { slot, entry }))
    }
}
