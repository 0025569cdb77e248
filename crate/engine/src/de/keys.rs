//! A struct's keys, found in its key table without allocating.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

use crate::plan::StructPlan;

/// A struct's key, identified without allocating: `Some(slot)`, or `None` for a
/// key to skip (an error when the struct denies unknown fields).
pub(super) struct KeySeed<'p> {
    pub(super) s: &'p StructPlan,
    /// The entry of the struct's key table most likely next (see
    /// [`KeyTable::slot_if`](crate::plan::KeyTable::slot_if)): the one after
    /// the last key's field, which is that field's next unless a field
    /// before it is skipped or flattened (a guess: a wrong one costs a
    /// compare, never a wrong field).
    pub(super) expected: usize,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Option<usize>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Option<usize>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        let found = self.s.lookup.slot_if(self.expected, key);
        if let Some(slot) = found.or_else(|| self.s.lookup.find(key)) {
            return Ok(Some(slot));
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
    /// Some formats name fields by index: the index among the fields that decode.
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Self::Value, E> {
        let slot = usize::try_from(index).ok().and_then(|i| {
            self.s
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.skip)
                .nth(i)
                .map(|(slot, _)| slot)
        });
        Ok(slot)
    }
}
