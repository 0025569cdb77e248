//! The values a struct, a sequence or rows hold, dropped without a call per
//! scalar, and without a look at each one when a reader knows none owns
//! memory.

use std::mem::ManuallyDrop;
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

use super::Value;

/// A struct's slots, a sequence's items or a `Vec`'s rows: a `Vec<Value>`
/// whose drop visits each value once, inline, and drops only those that own
/// memory. The compiler's drop glue calls into every value, scalars included
/// (a value is recursive, so the call is not inlined): a decoded `Car` spent
/// a fifth of its postcard decode there, where compiled code frees its
/// strings and vectors and never looks at a number.
///
/// Slots a reader marks [`plain`](Slots::plain) (a `Vec<u16>`, rows of a
/// struct of numbers: what the plan knows holds no memory) drop by freeing
/// their buffer alone, as compiled code's `Vec<u16>` does. That costs a bit,
/// and the `Vec`'s three words have no spare one: the slots keep the `Vec`'s
/// parts, the mark in the capacity's top bit (a capacity of 32-byte values
/// never reaches it), so a `Value` stays four words.
pub struct Slots {
    ptr: NonNull<Value>,
    len: usize,
    /// The buffer's capacity, with [`PLAIN`] set when no value owns memory.
    cap: usize,
}

/// The capacity's top bit: the slots are plain.
const PLAIN: usize = 1 << (usize::BITS - 1);

// The slots own their values as the `Vec` they were does.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

impl Slots {
    /// Slots none of whose values owns memory, as the reader's plan knows
    /// (scalars other than strings, and tags). Were it wrong, a value's
    /// memory would leak, never be freed twice: debug builds check it.
    #[inline]
    pub fn plain(values: Vec<Value>) -> Slots {
        debug_assert!(values.iter().all(|value| !value.owns_memory()));
        let mut slots = Slots::from(values);
        slots.cap |= PLAIN;
        slots
    }

    /// [`plain`](Slots::plain) slots when `plain`, others otherwise.
    #[inline]
    pub fn plain_if(plain: bool, values: Vec<Value>) -> Slots {
        if plain {
            Slots::plain(values)
        } else {
            Slots::from(values)
        }
    }

    /// Whether the slots drop by freeing their buffer alone.
    pub fn is_plain(&self) -> bool {
        self.cap & PLAIN != 0
    }

    /// The values, as a `Vec` to take apart.
    pub fn into_vec(self) -> Vec<Value> {
        let slots = ManuallyDrop::new(self);
        // SAFETY: the parts are those of the `Vec` the slots were made from
        // (`From<Vec<Value>>`), and `ManuallyDrop` keeps them from being
        // freed twice.
        unsafe { Vec::from_raw_parts(slots.ptr.as_ptr(), slots.len, slots.cap & !PLAIN) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        let cap = self.cap & !PLAIN;
        // SAFETY: as in `into_vec`; this is the slots' last use. A plain
        // buffer is taken with no values in it, so only the buffer is freed.
        let len = if self.is_plain() { 0 } else { self.len };
        let mut values = unsafe { Vec::from_raw_parts(self.ptr.as_ptr(), len, cap) };
        // Taken from the end, each value read once.
        while let Some(value) = values.pop() {
            match value {
                // A string frees its text here, without the call into the
                // value's drop glue.
                Value::Str(text) => drop(text),
                value if value.owns_memory() => drop(value),
                // Nothing to free.
                value => std::mem::forget(value),
            }
        }
        // The buffer, empty, is kept for the next value of its width.
        std::mem::forget(values);
        // SAFETY: the buffer is the slots' own `Vec`'s, whose values are
        // gone and which is forgotten.
        unsafe { super::pool::give(self.ptr, cap) };
    }
}

impl From<Vec<Value>> for Slots {
    #[inline]
    fn from(values: Vec<Value>) -> Slots {
        let mut values = ManuallyDrop::new(values);
        // `as_mut_ptr`, not a slice's pointer: it may reach the whole buffer
        // (the capacity past `len` too), as the free in `drop` must. A
        // `Vec`'s pointer is never null.
        let ptr = NonNull::new(values.as_mut_ptr()).unwrap_or(NonNull::dangling());
        Slots {
            ptr,
            len: values.len(),
            cap: values.capacity(),
        }
    }
}

impl<const N: usize> From<[Value; N]> for Slots {
    fn from(values: [Value; N]) -> Slots {
        Slots::from(Vec::from(values))
    }
}

impl FromIterator<Value> for Slots {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Slots {
        Slots::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Default for Slots {
    fn default() -> Slots {
        Slots::from(Vec::new())
    }
}

impl Clone for Slots {
    fn clone(&self) -> Slots {
        let mut copy = Slots::from(self.to_vec());
        copy.cap |= self.cap & PLAIN;
        copy
    }
}

impl PartialEq for Slots {
    fn eq(&self, other: &Slots) -> bool {
        **self == **other
    }
}

impl Deref for Slots {
    type Target = [Value];
    #[inline]
    fn deref(&self) -> &[Value] {
        // SAFETY: `ptr` and `len` are a `Vec`'s, whose first `len` values
        // are set, and the slots own them.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl DerefMut for Slots {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Value] {
        // SAFETY: as in `deref`, borrowed mutably through the slots. A value
        // set here can own memory where the slots are plain: the readers that
        // mark slots plain fill them before they do.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl std::fmt::Debug for Slots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl<'a> IntoIterator for &'a Slots {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_give_back_their_values() {
        let slots = Slots::from(vec![Value::Str("a".into()), Value::U64(1)]);
        let copy = slots.clone();
        assert_eq!(slots, copy);
        assert_eq!(
            slots.into_vec(),
            vec![Value::Str("a".into()), Value::U64(1)]
        );
        assert!(!copy.is_plain());
    }

    #[test]
    fn plain_slots_stay_plain_and_read_as_slices() {
        let mut values = Vec::with_capacity(8);
        values.extend([Value::U64(7), Value::Tag(2)]);
        let mut slots = Slots::plain(values);
        slots[0] = Value::Bool(true);
        assert!(slots.is_plain() && slots.clone().is_plain());
        assert_eq!(&*slots, &[Value::Bool(true), Value::Tag(2)]);
        let back = slots.into_vec();
        assert_eq!(back.capacity(), 8);
    }

    #[test]
    fn nested_slots_drop_their_memory() {
        // Run under Miri (`cargo +nightly miri test -p overhead-engine --lib
        // value::`), these tests fail on a buffer lost, freed twice or freed
        // through a pointer that does not reach all of it.
        let inner = Value::Seq(Slots::plain(vec![Value::I64(1); 3]));
        let outer = Slots::from(vec![
            inner,
            Value::Str("text".into()),
            Value::Seq(Slots::default()),
        ]);
        let again = outer.clone();
        drop(outer);
        assert_eq!(again.len(), 3);
    }
}
