//! Deserialization: one key table for a struct and its flattened children, and a
//! partial state that each key's value is read into.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserializer;
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// The field table of a struct whose fields, its flattened children's included,
/// can arrive in any order: what each key names, and where the values go.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is flattened into a `#[derive(FastFlatten)]` struct, so it must derive `FastFlatten` too",
    label = "a flattened field's type does not derive `FastFlatten`"
)]
pub trait FlattenFields {
    /// The type's name, as serde would give it.
    const NAME: &'static str;
    /// Every key of the flat form in declaration order, children's included: the
    /// field list for error messages and for formats that read structs as sequences.
    /// A key's position here is its flat index.
    const FIELDS: &'static [&'static str];
    /// Whether a key no level knows is an error (`deny_unknown_fields` anywhere in
    /// the tree: serde would pass an unknown key down to every flattened child).
    const DENY_UNKNOWN: bool;

    /// The fields read so far.
    type Partial: Default;

    /// The flat index of the field a key names, among the struct's own and its
    /// children's (aliases included); `None` for a key no level knows.
    fn field(key: &str) -> Option<usize>;
}

/// Reading a [`FlattenFields`] struct from a map or a sequence.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is flattened into a `#[derive(FastFlatten)]` struct, so it must derive `FastFlatten` too",
    label = "a flattened field's type does not derive `FastFlatten`"
)]
pub trait FlattenDeserialize<'de>: FlattenFields + Sized {
    /// Reads the value of the field at flat index `field` from `map` into `partial`.
    fn read_value<A: MapAccess<'de>>(
        partial: &mut Self::Partial,
        field: usize,
        map: &mut A,
    ) -> Result<(), A::Error>;

    /// Builds the value once the map is read: missing fields take their defaults,
    /// or are an error.
    fn finish<E: de::Error>(partial: Self::Partial) -> Result<Self, E>;

    /// Reads the fields in declaration order from a sequence (postcard, bincode):
    /// the flat form is one sequence, children's fields inline. `read` counts the
    /// elements read, for the error when the sequence is short.
    fn read_seq<A: SeqAccess<'de>>(seq: &mut A, read: &mut usize) -> Result<Self, A::Error>;
}

/// The flat field list of a struct: its parts (own keys and children's lists)
/// joined, at compile time. `N` is the total length.
pub const fn concat<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut at = 0;
    let mut part = 0;
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            out[at] = parts[part][i];
            at += 1;
            i += 1;
        }
        part += 1;
    }
    assert!(at == N, "the parts do not add up to the field count");
    out
}

/// `Deserialize::deserialize` for a derived type.
#[inline]
pub fn deserialize<'de, T: FlattenDeserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_struct(T::NAME, T::FIELDS, StructVisitor(PhantomData))
}

/// The error for a field that is absent and has no default.
#[cold]
pub fn missing_field<E: de::Error>(name: &'static str) -> E {
    E::missing_field(name)
}

struct StructVisitor<T>(PhantomData<fn() -> T>);

impl<'de, T: FlattenDeserialize<'de>> Visitor<'de> for StructVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "struct {}", T::NAME)
    }

    #[inline]
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<T, A::Error> {
        let mut partial = T::Partial::default();
        while let Some(key) = map.next_key_seed(KeySeed::<T>(PhantomData))? {
            match key {
                Some(field) => T::read_value(&mut partial, field, &mut map)?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        T::finish(partial)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        let mut read = 0;
        T::read_seq(&mut seq, &mut read)
    }
}

/// Reads one key and identifies it without allocating: `Some(field)`, or `None`
/// for a key to skip (an unknown key is an error here when the tree denies them).
struct KeySeed<T>(PhantomData<fn() -> T>);

impl<'de, T: FlattenDeserialize<'de>> DeserializeSeed<'de> for KeySeed<T> {
    type Value = Option<usize>;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, T: FlattenDeserialize<'de>> Visitor<'de> for KeySeed<T> {
    type Value = Option<usize>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }

    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        match T::field(key) {
            Some(field) => Ok(Some(field)),
            None if T::DENY_UNKNOWN => Err(E::unknown_field(key, T::FIELDS)),
            None => Ok(None),
        }
    }

    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Self::Value, E> {
        match std::str::from_utf8(key) {
            Ok(key) => self.visit_str(key),
            Err(_) if T::DENY_UNKNOWN => Err(E::invalid_value(de::Unexpected::Bytes(key), &self)),
            Err(_) => Ok(None),
        }
    }

    /// Some formats name fields by index; the index is into the flat field list.
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Self::Value, E> {
        let name = usize::try_from(index).ok().and_then(|i| T::FIELDS.get(i));
        match name {
            Some(name) => self.visit_str(name),
            None if T::DENY_UNKNOWN => Err(E::invalid_value(
                de::Unexpected::Unsigned(index),
                &"a field index",
            )),
            None => Ok(None),
        }
    }
}

/// Reads the next element of a struct read as a sequence; `read` counts the
/// elements read so far, for the error when the sequence is short.
#[inline]
pub fn next_element<'de, A: SeqAccess<'de>, V: de::Deserialize<'de>>(
    seq: &mut A,
    read: &mut usize,
    expected: &'static str,
) -> Result<V, A::Error> {
    match seq.next_element()? {
        Some(value) => {
            *read += 1;
            Ok(value)
        }
        None => Err(de::Error::invalid_length(*read, &expected)),
    }
}
