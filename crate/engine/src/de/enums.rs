//! Externally tagged enums (serde's default), serde's identifier enums and
//! serde_repr's integer enums.

use std::fmt;

use overhead_schema::{Identifier, Style};
use overhead_validate::Segment;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Error as _, VariantAccess, Visitor,
};

use super::fail_fast::{Stop, nested};
use super::{errors, int_value};
use crate::plan::EnumPlan;
use crate::value::Value;

/// A serde_repr enum: the integer, as the variant with that discriminant (or
/// the `#[serde(other)]` one); serde_repr's error otherwise.
pub(super) fn repr_variant<'de, D: Deserializer<'de>>(
    e: &EnumPlan,
    d: D,
) -> Result<Value, D::Error> {
    let Some(repr) = &e.repr else {
        return Err(D::Error::custom("not a serde_repr enum"));
    };
    let n: i128 = match int_value(repr.int, d)? {
        Value::I64(n) => n.into(),
        Value::U64(n) => n.into(),
        Value::I128(n) => n,
        Value::U128(n) => i128::try_from(n).unwrap_or(i128::MAX),
        _ => return Err(D::Error::custom("not an integer")),
    };
    match repr
        .discriminants
        .iter()
        .position(|&x| x == n)
        .or(repr.other)
    {
        Some(index) => Ok(Value::Tag(index as u32)),
        None => Err(unknown_discriminant(n, &repr.discriminants)),
    }
}

#[cold]
pub(super) fn unknown_discriminant<E: serde::de::Error>(n: i128, known: &[i128]) -> E {
    let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
    E::custom(format_args!(
        "invalid value: {n}, expected one of: {}",
        list.join(", ")
    ))
}

/// A `variant_identifier` or `field_identifier` enum: a name, read as serde's
/// derive reads one (`deserialize_identifier`, which serde_json takes from a
/// string only). A field identifier's last newtype variant holds any other
/// name.
pub(super) fn identifier<'de, D: Deserializer<'de>>(e: &EnumPlan, d: D) -> Result<Value, D::Error> {
    let kind = e.identifier.unwrap_or(Identifier::Variant);
    let catch_all = match kind {
        Identifier::Field => e
            .variants
            .last()
            .filter(|v| v.style == Style::Newtype && !v.skip)
            .map(|_| e.variants.len() - 1),
        Identifier::Variant => None,
    };
    let name = d.deserialize_identifier(NameSeed { e, kind, catch_all })?;
    Ok(match name {
        Name::Known(index) => Value::variant(index as u32, Value::Unit),
        Name::Other(index, text) => Value::variant(index as u32, Value::Str(text)),
    })
}

enum Name {
    Known(usize),
    /// The catch-all variant, with the name it holds.
    Other(usize, Box<str>),
}

struct NameSeed<'p> {
    e: &'p EnumPlan,
    kind: Identifier,
    catch_all: Option<usize>,
}

impl<'de> Visitor<'de> for NameSeed<'_> {
    type Value = Name;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            Identifier::Variant => "variant identifier",
            Identifier::Field => "field identifier",
        })
    }
    fn visit_str<E: de::Error>(self, name: &str) -> Result<Name, E> {
        // The catch-all's own name is not one of the names: it is caught too.
        let known = self
            .e
            .lookup
            .find(name)
            .filter(|&i| Some(i) != self.catch_all);
        if let Some(index) = known.or(self.e.other) {
            return Ok(Name::Known(index));
        }
        match (self.catch_all, self.kind) {
            (Some(index), _) => Ok(Name::Other(index, name.into())),
            (None, Identifier::Variant) => Err(errors::unknown_variant(name, self.e.names)),
            (None, Identifier::Field) => Err(errors::unknown_field(name, self.e.names)),
        }
    }
    // No `visit_u64`: serde also takes a variant's index from its own
    // buffer (untagged, flatten), but ours is a `serde_json::Value`, whose
    // identifier is a string or nothing (the acceptance table says so).
}

/// The value of the unit or newtype variant at `index` of `e`, its
/// payload read from `access` as serde's derive reads it (a newtype's by
/// `newtype`, the program's op of it); its violation in fail-fast nested
/// under the variant's key. The program reads tuple and struct variants
/// by their ops before it comes here.
pub(super) fn payload<'de, V, S>(
    stop: Option<&Stop>,
    e: &EnumPlan,
    index: usize,
    access: V,
    newtype: Option<S>,
) -> Result<Value, V::Error>
where
    V: VariantAccess<'de>,
    S: DeserializeSeed<'de, Value = Value>,
{
    let Some(variant) = e.variants.get(index) else {
        return Err(V::Error::custom("a variant the enum's plan does not have"));
    };
    let payload = match (variant.style, newtype) {
        (Style::Unit, _) => access.unit_variant().map(|()| Value::Unit),
        (Style::Newtype, Some(read)) => access.newtype_variant_seed(read),
        _ => Err(V::Error::custom(
            "a variant the plan's program has no ops for",
        )),
    };
    let payload = nested(
        stop,
        || variant.violation_key.map(|key| Segment::Field(key.into())),
        payload,
    )?;
    // Variant indices are below MAX_VARIANTS.
    Ok(Value::variant(index as u32, payload))
}

/// An enum of unit variants (the program's `Op::Tag`): its variant found
/// by name in the enum's table, as serde's derive finds it, with nothing
/// after it to read. Its index, which is its value's tag.
pub(super) struct TagVisitor<'p> {
    pub(super) e: &'p EnumPlan,
}

impl<'de> Visitor<'de> for TagVisitor<'_> {
    type Value = u32;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("enum")
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<u32, A::Error> {
        let (index, access) = data.variant_seed(VariantSeed { e: self.e })?;
        access.unit_variant()?;
        // Variant indices are below MAX_VARIANTS.
        Ok(index as u32)
    }
}

pub(super) struct VariantSeed<'p> {
    pub(super) e: &'p EnumPlan,
}

impl<'de> DeserializeSeed<'de> for VariantSeed<'_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for VariantSeed<'_> {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }
    fn visit_str<E: de::Error>(self, name: &str) -> Result<usize, E> {
        match self.e.lookup.find(name).or(self.e.other) {
            Some(index) => Ok(index),
            None => Err(errors::unknown_variant(name, self.e.names)),
        }
    }
    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<usize, E> {
        match std::str::from_utf8(name) {
            Ok(name) => self.visit_str(name),
            Err(_) => Err(errors::invalid_value(de::Unexpected::Bytes(name), &self)),
        }
    }
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<usize, E> {
        match usize::try_from(index)
            .ok()
            .and_then(|i| self.e.by_position.get(i).copied())
            .or(self.e.other)
        {
            Some(index) => Ok(index),
            None => Err(errors::invalid_value(
                de::Unexpected::Unsigned(index),
                &self,
            )),
        }
    }
}
