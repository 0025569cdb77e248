//! The values a struct, a sequence or rows hold, dropped without a call per
//! scalar.

use std::ops::{Deref, DerefMut};

use super::Value;

/// A struct's slots, a sequence's items or a `Vec`'s rows: a `Vec<Value>`
/// whose drop visits each value once, inline, and drops only those that own
/// memory. The compiler's drop glue calls into every value, scalars included
/// (a value is recursive, so the call is not inlined): a decoded `Car` spent
/// a fifth of its postcard decode there, where compiled code frees its
/// strings and vectors and never looks at a number.
#[derive(Clone, Default, PartialEq)]
pub struct Slots(Vec<Value>);

impl Slots {
    /// The values, as a `Vec` to take apart.
    pub fn into_vec(mut self) -> Vec<Value> {
        std::mem::take(&mut self.0)
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // Taken from the end, each value read once; the `Vec`, empty, then
        // frees only its buffer.
        while let Some(value) = self.0.pop() {
            match value {
                // A string frees its text here, without the call into the
                // value's drop glue.
                Value::Str(text) => drop(text),
                value if value.owns_memory() => drop(value),
                // Nothing to free.
                value => std::mem::forget(value),
            }
        }
    }
}

impl From<Vec<Value>> for Slots {
    #[inline]
    fn from(values: Vec<Value>) -> Slots {
        Slots(values)
    }
}

impl<const N: usize> From<[Value; N]> for Slots {
    fn from(values: [Value; N]) -> Slots {
        Slots(values.into())
    }
}

impl FromIterator<Value> for Slots {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Slots {
        Slots(iter.into_iter().collect())
    }
}

impl Deref for Slots {
    type Target = Vec<Value>;
    #[inline]
    fn deref(&self) -> &Vec<Value> {
        &self.0
    }
}

impl DerefMut for Slots {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl std::fmt::Debug for Slots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<'a> IntoIterator for &'a Slots {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}
