//! serde's `FlatMapDeserializer`, over the entries a struct that flattens did
//! not know itself (`Flatten::Serde`). A flattened struct takes each entry it
//! reads out of the buffer as it reads it (so one that fails part-way has still
//! taken what it read); a map, a `Value`, or a struct that flattens in turn
//! (which serde reads as a map) sees every entry still there and takes none.
//! A key is kept borrowed from the input where the format lends it (serde's
//! `Content` keeps a `&str` too), so buffering allocates for values alone.

use std::borrow::Cow;

use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::forward_to_deserialize_any;

/// The entries not yet taken, in input order.
pub type Buffer<'de> = Vec<Option<Entry<'de>>>;

/// A key and its value.
pub type Entry<'de> = (Cow<'de, str>, serde_json::Value);

/// Reads a flattened field's value out of the buffer.
pub struct FlatDeserializer<'a, 'de>(pub &'a mut Buffer<'de>);

type Error = serde_json::Error;

impl FlatDeserializer<'_, '_> {
    fn refuse<T>(what: &str) -> Result<T, Error> {
        Err(de::Error::custom(format_args!(
            "can only flatten structs and maps (got {what})"
        )))
    }
}

macro_rules! refuse {
    ($($method:ident => $what:literal,)*) => {
        $(
            fn $method<V: Visitor<'a>>(self, _: V) -> Result<V::Value, Error> {
                Self::refuse($what)
            }
        )*
    };
}

impl<'a, 'de: 'a> Deserializer<'a> for FlatDeserializer<'a, 'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        let buffer: &'a Buffer<'de> = self.0;
        visitor.visit_map(FlatMapAccess {
            entries: buffer.iter(),
            value: None,
        })
    }

    fn deserialize_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let buffer: &'a mut Buffer<'de> = self.0;
        visitor.visit_map(FlatStructAccess {
            entries: buffer.iter_mut(),
            value: None,
            fields,
        })
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_unit<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    fn deserialize_enum<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Self::refuse("an enum")
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Self::refuse("a tuple")
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _len: usize,
        _visitor: V,
    ) -> Result<V::Value, Error> {
        Self::refuse("a tuple struct")
    }

    refuse! {
        deserialize_bool => "a boolean",
        deserialize_i8 => "an integer",
        deserialize_i16 => "an integer",
        deserialize_i32 => "an integer",
        deserialize_i64 => "an integer",
        deserialize_i128 => "an integer",
        deserialize_u8 => "an integer",
        deserialize_u16 => "an integer",
        deserialize_u32 => "an integer",
        deserialize_u64 => "an integer",
        deserialize_u128 => "an integer",
        deserialize_f32 => "a float",
        deserialize_f64 => "a float",
        deserialize_char => "a char",
        deserialize_str => "a string",
        deserialize_string => "a string",
        deserialize_bytes => "bytes",
        deserialize_byte_buf => "bytes",
        deserialize_seq => "a sequence",
    }

    forward_to_deserialize_any! { <W: Visitor<'a>> identifier }
}

/// Every entry still in the buffer, none taken.
struct FlatMapAccess<'a, 'de> {
    entries: std::slice::Iter<'a, Option<Entry<'de>>>,
    value: Option<&'a serde_json::Value>,
}

impl<'a, 'de: 'a> MapAccess<'a> for FlatMapAccess<'a, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.entries.by_ref().flatten().next() else {
            return Ok(None);
        };
        self.value = Some(value);
        seed.deserialize(BorrowedStrDeserializer::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(value),
            None => Err(de::Error::custom("value is missing")),
        }
    }
}

/// The entries whose keys the struct knows, each taken as it is read.
struct FlatStructAccess<'a, 'de> {
    entries: std::slice::IterMut<'a, Option<Entry<'de>>>,
    value: Option<serde_json::Value>,
    fields: &'static [&'static str],
}

impl<'a, 'de: 'a> MapAccess<'a> for FlatStructAccess<'a, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        for entry in self.entries.by_ref() {
            let known = entry
                .as_ref()
                .is_some_and(|(key, _)| self.fields.contains(&key.as_ref()));
            if let Some((key, value)) = entry.take_if(|_| known) {
                self.value = Some(value);
                return match key {
                    Cow::Borrowed(key) => seed.deserialize(BorrowedStrDeserializer::new(key)),
                    Cow::Owned(key) => seed.deserialize(StringDeserializer::new(key)),
                }
                .map(Some);
            }
        }
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'a>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(value),
            None => Err(de::Error::custom("value is missing")),
        }
    }
}
