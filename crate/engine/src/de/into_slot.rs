//! Values written where they go.

use serde::de::{DeserializeSeed, Deserializer};

use super::structs::fill;
use crate::value::Value;

/// Reads a value with seed `S` into a slot that holds `Unit`, where the
/// format's `next_value_seed` and `next_element_seed` would hand it back
/// through their `Result<Option<Value>>`. Moving a value out through those
/// layers stored it in pieces and loaded it whole, which the processor
/// cannot forward from store to load: perf put 70% of postcard's struct
/// loop on those moves, and a `Car` decoded 30% faster once its scalars
/// were written in place.
pub(super) struct IntoSlot<'a, S>(pub(super) S, pub(super) &'a mut Value);

impl<'de, S: DeserializeSeed<'de, Value = Value>> DeserializeSeed<'de> for IntoSlot<'_, S> {
    type Value = ();

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let value = self.0.deserialize(d)?;
        fill(self.1, value);
        Ok(())
    }
}
