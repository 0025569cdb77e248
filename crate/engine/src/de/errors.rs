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

/// A sequence of more values that take no bytes than a reader holds (see
/// [`crate::layout::takes_no_bytes`]): the length a few bytes of postcard
/// can claim for them is not the input's to spend memory on.
#[cold]
pub(super) fn too_many_byteless<E: Error>() -> E {
    // The item past the limit: a reader that counts cannot know the
    // length (postcard's `size_hint` is `None` when it is more than the bytes).
    E::invalid_length(crate::layout::MAX_BYTELESS_ITEMS + 1, &TooMany)
}

struct TooMany;

impl Expected for TooMany {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "at most {} items of a type that takes no bytes",
            crate::layout::MAX_BYTELESS_ITEMS
        )
    }
}

/// Refuses a sequence of values that take no bytes once `read` of them are
/// read, the item past [`crate::layout::MAX_BYTELESS_ITEMS`]. One compare
/// an item (in the readers' loops of such values only); `byteless` is asked
/// only at the limit.
#[inline(always)]
pub(super) fn count_byteless<E: Error>(
    read: usize,
    byteless: impl FnOnce() -> bool,
) -> Result<(), E> {
    match read == crate::layout::MAX_BYTELESS_ITEMS + 1 && byteless() {
        true => Err(too_many_byteless()),
        false => Ok(()),
    }
}
