//! Decoding: a `DeserializeSeed` that walks the plan, so any serde format
//! (serde_json text, `serde_json::Value`, postcard, a JS object) decodes into a
//! [`Value`] laid out by slot. Errors are serde's own, with serde's messages.
//!
//! This file dispatches on a value's type and reads the scalars; each kind of
//! compound value has its own module.

mod containers;
mod converted;
mod defaults;
mod enums;
mod errors;
mod fail_fast;
mod flat_buffer;
mod flat_direct;
mod flatten;
mod from_value;
mod keys;
mod postcard;
mod program;
mod scalar;
mod structs;
mod tagged;
mod visited;

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer};

use crate::plan::{FieldPlan, KindPlan, Plan};
use crate::ty::{Int, Ty};
use crate::value::Value;

use containers::{MapVisitor, OptionVisitor, RowsVisitor, SeqVisitor, TupleVisitor, dedup};
pub use defaults::read_paste_defaults;
use enums::{EnumVisitor, identifier, repr_variant};
pub use fail_fast::Stop;
pub(crate) use from_value::read as read_json_value;
pub(crate) use postcard::read as read_postcard;
pub(crate) use program::Program;
pub use scalar::ScalarRead;
use structs::deserialize_struct;
pub(crate) use visited::read as read_by_program;

/// Decodes a value of type `ty`.
#[derive(Clone, Copy)]
pub struct Seed<'p> {
    pub plan: &'p Plan,
    pub ty: &'p Ty,
    /// Fail-fast: check each field as it is read and stop at the first violation.
    pub stop: Option<&'p Stop>,
    /// The value the caller gets: its own late checks do not stop decoding, so
    /// what follows it is still read (trailing text is an error).
    pub root: bool,
}

/// The seed of a field's value: its type's, or, for a field serde reads
/// with the paste's `deserialize_with` function, that function's. Chosen
/// once a field ([`Seed::field_value`]), so that no other value pays for it.
#[derive(Clone, Copy)]
pub(crate) enum FieldSeed<'p> {
    Own(Seed<'p>),
    With(Seed<'p>, &'p crate::plan::ReadWith),
}

impl<'de> DeserializeSeed<'de> for FieldSeed<'_> {
    type Value = Value;

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        match self {
            FieldSeed::Own(seed) => seed.deserialize(d),
            FieldSeed::With(seed, with) => converted::read_with(seed, with, d),
        }
    }
}

impl<'p> Seed<'p> {
    /// The seed for a value inside this one.
    fn at(self, ty: &'p Ty) -> Seed<'p> {
        Seed {
            ty,
            root: false,
            ..self
        }
    }

    /// The seed of a field's value. Fail-fast checks a value's own rules as it
    /// reads them only where the field asks for them with `nested`, as
    /// `validate()` does; without it the value decodes unchecked.
    /// The rules are looked at only in fail-fast mode: plain decoding pays nothing.
    #[inline]
    fn field(self, field: &'p FieldPlan) -> Seed<'p> {
        let nested = |_: &&Stop| field.checks_nested();
        Seed {
            stop: self.stop.filter(nested),
            ..self.at(&field.ty)
        }
    }

    /// The seed a field's value is read with: [`field`](Self::field)'s, or
    /// the paste's `deserialize_with` function's.
    #[inline]
    fn field_value(self, field: &'p FieldPlan) -> FieldSeed<'p> {
        match &field.read_with {
            None => FieldSeed::Own(self.field(field)),
            Some(with) => FieldSeed::With(self.field(field), with),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let plan = self.plan;
        match self.ty {
            Ty::Unit => <()>::deserialize(d).map(|()| Value::Unit),
            Ty::Bool => bool::deserialize(d).map(Value::Bool),
            Ty::Int(int) => int_value(*int, d),
            Ty::F32 => f32::deserialize(d).map(|f| Value::F64(f.into())),
            Ty::F64 => f64::deserialize(d).map(Value::F64),
            Ty::Char => char::deserialize(d).map(Value::Char),
            Ty::Str => String::deserialize(d).map(|s| Value::Str(s.into_boxed_str())),
            Ty::Trimmed => scalar::read_other(scalar::Scalar::Trimmed, d),
            Ty::Borrowed => scalar::read_other(scalar::Scalar::Borrowed, d),
            Ty::Text(form) => scalar::read_other(scalar::Scalar::Text(*form), d),
            Ty::NonZero(int) => scalar::read_other(scalar::Scalar::NonZero(*int), d),
            Ty::Json => scalar::read_other(scalar::Scalar::Json, d),
            Ty::Option(inner) => d.deserialize_option(OptionVisitor {
                seed: self.at(inner),
            }),
            Ty::Seq(item) => match crate::layout::rows_of(plan, item) {
                Some((ty, s)) => d.deserialize_seq(RowsVisitor {
                    seed: self.at(item),
                    ty,
                    s,
                }),
                None => d.deserialize_seq(SeqVisitor {
                    seed: self.at(item),
                    len: None,
                }),
            },
            Ty::Set { item, sorted } => {
                let mut items = match d.deserialize_seq(SeqVisitor {
                    seed: self.at(item),
                    len: None,
                })? {
                    Value::Seq(items) => items.into_vec(),
                    other => return Ok(other),
                };
                dedup(&mut items, *sorted);
                let plain = crate::layout::holds_no_memory(&self.plan.types, item);
                Ok(Value::Seq(crate::value::Slots::plain_if(plain, items)))
            }
            Ty::Array(len, item) => d.deserialize_tuple(
                *len,
                SeqVisitor {
                    seed: self.at(item),
                    len: Some(*len),
                },
            ),
            Ty::Tuple(items) => d.deserialize_tuple(
                items.len(),
                TupleVisitor {
                    seed: self,
                    items,
                    variant: None,
                },
            ),
            Ty::Map { value, sorted } => {
                let entries = d.deserialize_map(MapVisitor {
                    seed: self.at(value),
                })?;
                Ok(containers::map_value(entries, *sorted))
            }
            Ty::Named(id) => {
                let ty = &plan.types[*id];
                if let Some(convert) = &ty.convert {
                    return converted::deserialize(self, *id, convert, d);
                }
                match &ty.kind {
                    KindPlan::Struct(s) => deserialize_struct(self, ty, s, d),
                    KindPlan::Enum(e) if e.repr.is_some() => repr_variant(e, d),
                    KindPlan::Enum(e) if e.identifier.is_some() => identifier(e, d),
                    KindPlan::Enum(e) if e.tagging != overhead_schema::Tagging::External => {
                        tagged::deserialize(self, ty, e, None, d)
                    }
                    KindPlan::Enum(e) => d.deserialize_enum(
                        ty.name,
                        e.names,
                        EnumVisitor {
                            seed: self,
                            plan_enum: e,
                            type_name: ty.ident,
                        },
                    ),
                }
            }
        }
    }
}

fn int_value<'de, D: Deserializer<'de>>(int: Int, d: D) -> Result<Value, D::Error> {
    Ok(match int {
        Int::I8 => Value::I64(i8::deserialize(d)?.into()),
        Int::I16 => Value::I64(i16::deserialize(d)?.into()),
        Int::I32 => Value::I64(i32::deserialize(d)?.into()),
        Int::I64 => Value::I64(i64::deserialize(d)?),
        Int::Isize => Value::I64(isize::deserialize(d)? as i64),
        Int::I128 => Value::I128(i128::deserialize(d)?),
        Int::U8 => Value::U64(u8::deserialize(d)?.into()),
        Int::U16 => Value::U64(u16::deserialize(d)?.into()),
        Int::U32 => Value::U64(u32::deserialize(d)?.into()),
        Int::U64 => Value::U64(u64::deserialize(d)?),
        Int::Usize => Value::U64(usize::deserialize(d)? as u64),
        Int::U128 => Value::U128(u128::deserialize(d)?),
    })
}
