//! Serialization: a [`Value`] written through its type's plan, so serde_json
//! writes what the compiled type would (field order, renames, skipped fields).

use overhead_schema::{Style, Tagging};
use serde::ser::{
    Error as _, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant,
    SerializeTuple, SerializeTupleStruct, SerializeTupleVariant,
};
use serde::{Serialize, Serializer};

mod program;
mod to_postcard;

pub(crate) use program::Writer;
pub(crate) use to_postcard::extend as extend_postcard;

use crate::layout::FieldValue;
use crate::plan::{
    DirectWrite, DirectWrites, EnumPlan, FieldPlan, Flatten, KindPlan, Plan, SkipIf, StructPlan,
    VariantPlan,
};
use crate::ty::{Int, Ty};
use crate::value::Value;

/// A value with its type, ready to serialize.
#[derive(Clone, Copy)]
pub struct Typed<'a> {
    pub plan: &'a Plan,
    pub ty: &'a Ty,
    pub value: &'a Value,
}

impl Serialize for Typed<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Typed { plan, ty, value } = *self;
        // The type's kind first, then the value's: two jumps, where a match on
        // the pair tests one arm after another.
        match ty {
            Ty::Unit => return s.serialize_unit(),
            Ty::Option(inner) => {
                return match value {
                    Value::Unit => s.serialize_none(),
                    v => s.serialize_some(&Typed {
                        plan,
                        ty: inner,
                        value: v,
                    }),
                };
            }
            Ty::Bool => {
                return match value {
                    Value::Bool(b) => s.serialize_bool(*b),
                    _ => Err(mismatch()),
                };
            }
            Ty::Int(int) | Ty::NonZero(int) => {
                // `u8` and `i8` aside (see `write_int`), the one call.
                return match value {
                    Value::U64(n) if *int != Int::U8 => s.serialize_u64(*n),
                    Value::I64(n) if *int != Int::I8 => s.serialize_i64(*n),
                    value => write_int(*int, value, s),
                };
            }
            Ty::F32 | Ty::F64 => {
                return match value {
                    Value::F64(f) if matches!(ty, Ty::F32) => s.serialize_f32(*f as f32),
                    Value::F64(f) => s.serialize_f64(*f),
                    _ => Err(mismatch()),
                };
            }
            Ty::Char => {
                return match value {
                    Value::Char(c) => s.serialize_char(*c),
                    _ => Err(mismatch()),
                };
            }
            Ty::Str | Ty::Text(_) | Ty::Trimmed | Ty::Borrowed => {
                return match value {
                    Value::Str(text) => s.serialize_str(text),
                    _ => Err(mismatch()),
                };
            }
            _ => {}
        }
        match (ty, value) {
            (Ty::Json, Value::Json(json)) => json.serialize(s),
            (Ty::Seq(item), rows @ Value::Rows(..)) => {
                let (Some((t, sp)), Some(rows)) = (crate::layout::rows_of(plan, item), rows.rows())
                else {
                    return Err(mismatch());
                };
                let mut seq = s.serialize_seq(Some(rows.len()))?;
                for slots in rows {
                    seq.serialize_element(&StructSlots {
                        plan,
                        name: t.name,
                        sp,
                        slots,
                    })?;
                }
                seq.end()
            }
            (Ty::Seq(item) | Ty::Set { item, .. }, Value::Seq(items)) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for v in items {
                    seq.serialize_element(&at(plan, item, v))?;
                }
                seq.end()
            }
            (Ty::Array(_, item), Value::Seq(items)) => {
                let mut tuple = s.serialize_tuple(items.len())?;
                for v in items {
                    tuple.serialize_element(&at(plan, item, v))?;
                }
                tuple.end()
            }
            (Ty::Tuple(tys), Value::Seq(items)) => {
                let mut tuple = s.serialize_tuple(items.len())?;
                for (t, v) in tys.iter().zip(items) {
                    tuple.serialize_element(&at(plan, t, v))?;
                }
                tuple.end()
            }
            (Ty::Map { value: vt, .. }, Value::Map(entries)) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    map.serialize_entry(&**k, &at(plan, vt, v))?;
                }
                map.end()
            }
            (Ty::Named(id), value) => {
                let t = &plan.types[*id];
                match (&t.kind, value) {
                    (KindPlan::Struct(sp), Value::Struct(slots)) => {
                        serialize_struct(plan, t.name, sp, slots, s)
                    }
                    (KindPlan::Enum(e), value) if e.repr.is_some() => {
                        let index = value.as_variant().map_or(u32::MAX, |(index, _)| index);
                        let discriminant = e
                            .repr
                            .as_ref()
                            .and_then(|r| r.discriminants.get(index as usize))
                            .ok_or_else(|| S::Error::custom("variant out of range"))?;
                        // As serde_repr writes it: the repr's own integer type.
                        let n = *discriminant;
                        match e.repr.as_ref().map(|r| r.int) {
                            Some(Int::I8) => s.serialize_i8(n as i8),
                            Some(Int::I16) => s.serialize_i16(n as i16),
                            Some(Int::I32) => s.serialize_i32(n as i32),
                            Some(Int::I64 | Int::Isize) => s.serialize_i64(n as i64),
                            Some(Int::U8) => s.serialize_u8(n as u8),
                            Some(Int::U16) => s.serialize_u16(n as u16),
                            Some(Int::U32) => s.serialize_u32(n as u32),
                            Some(Int::U64 | Int::Usize) => s.serialize_u64(n as u64),
                            Some(Int::U128) => s.serialize_u128(n as u128),
                            Some(Int::I128) | None => s.serialize_i128(n),
                        }
                    }
                    (KindPlan::Enum(e), value) if e.tagging != Tagging::External => {
                        let Some((index, payload)) = value.as_variant() else {
                            return Err(S::Error::custom("not an enum's value"));
                        };
                        let Some(variant) = e.variants.get(index as usize) else {
                            return Err(S::Error::custom("variant out of range"));
                        };
                        tagged(plan, t.name, e, (index, variant), payload, s)
                    }
                    (KindPlan::Enum(e), value) => {
                        let Some((idx, payload)) = value.as_variant() else {
                            return Err(S::Error::custom("not an enum's value"));
                        };
                        let Some(variant) = e.variants.get(idx as usize) else {
                            return Err(S::Error::custom("variant out of range"));
                        };
                        let fields = &variant.fields.fields;
                        match (variant.style, payload) {
                            (Style::Unit, _) => s.serialize_unit_variant(t.name, idx, variant.name),
                            (Style::Newtype, v) => s.serialize_newtype_variant(
                                t.name,
                                idx,
                                variant.name,
                                &at(plan, &fields[0].ty, v),
                            ),
                            (Style::Tuple, Value::Seq(items)) => {
                                let mut tv = s.serialize_tuple_variant(
                                    t.name,
                                    idx,
                                    variant.name,
                                    items.len(),
                                )?;
                                for (f, v) in fields.iter().zip(items) {
                                    tv.serialize_field(&at(plan, &f.ty, v))?;
                                }
                                tv.end()
                            }
                            (Style::Named, Value::Struct(slots)) => {
                                let mut sv = s.serialize_struct_variant(
                                    t.name,
                                    idx,
                                    variant.name,
                                    written(&variant.fields, slots),
                                )?;
                                write_fields(plan, fields, slots, |key, value| match value {
                                    Some(value) => sv.serialize_field(key, &value),
                                    None => sv.skip_field(key),
                                })?;
                                sv.end()
                            }
                            _ => Err(S::Error::custom(
                                "a variant's value does not match its kind",
                            )),
                        }
                    }
                    _ => Err(mismatch()),
                }
            }
            _ => Err(mismatch()),
        }
    }
}

/// An integer written as its own type writes it where that differs:
/// postcard writes a `u8` or an `i8` as one byte, where a `u64` of the same
/// number takes two from 128 on. Wider integers are varints of the same
/// number (zigzagged alike when signed) at any width, and text formats write
/// the digits, so they keep the one call.
#[inline]
fn write_int<S: Serializer>(int: Int, value: &Value, s: S) -> Result<S::Ok, S::Error> {
    // A number out of its type's range (never one the decoder made) is
    // written whole, at the width it has.
    match value {
        Value::U64(n)
            if int == Int::U8
                && let Ok(n) = u8::try_from(*n) =>
        {
            s.serialize_u8(n)
        }
        Value::I64(n)
            if int == Int::I8
                && let Ok(n) = i8::try_from(*n) =>
        {
            s.serialize_i8(n)
        }
        Value::I64(n) => s.serialize_i64(*n),
        Value::U64(n) => s.serialize_u64(*n),
        Value::I128(n) => s.serialize_i128(*n),
        Value::U128(n) => s.serialize_u128(*n),
        _ => Err(mismatch()),
    }
}

/// An adjacently tagged enum's tag, as serde's derive writes it.
struct AdjacentTag {
    name: &'static str,
    index: u32,
    variant: &'static str,
}

impl Serialize for AdjacentTag {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit_variant(self.name, self.index, self.variant)
    }
}

/// A value that is not of its type (never one the decoder or the generator
/// made).
#[cold]
fn mismatch<E: serde::ser::Error>() -> E {
    E::custom("a value does not match its type")
}

/// Internally and adjacently tagged and untagged enums, written as serde writes
/// them: the tag first among the fields, or tag and content, or the content alone.
fn tagged<S: Serializer>(
    plan: &Plan,
    name: &'static str,
    e: &EnumPlan,
    (index, variant): (u32, &VariantPlan),
    payload: &Value,
    s: S,
) -> Result<S::Ok, S::Error> {
    let fields = &variant.fields.fields;
    // An adjacent tag is written as serde's derive writes it, as a unit
    // variant: its name in JSON, its index in postcard.
    let tag = AdjacentTag {
        name,
        index,
        variant: variant.name,
    };
    match (&e.tagging, variant.style, payload) {
        (Tagging::Internal { .. }, Style::Unit, _) => {
            let mut st = s.serialize_struct(name, 1)?;
            st.serialize_field(e.tag, variant.name)?;
            st.end()
        }
        (Tagging::Internal { .. }, Style::Named, Value::Struct(slots)) => {
            let mut st = s.serialize_struct(name, written(&variant.fields, slots) + 1)?;
            st.serialize_field(e.tag, variant.name)?;
            write_fields(plan, fields, slots, |key, value| match value {
                Some(value) => st.serialize_field(key, &value),
                None => st.skip_field(key),
            })?;
            st.end()
        }
        (Tagging::Internal { .. }, Style::Newtype, inner) => match (&fields[0].ty, inner) {
            (Ty::Named(id), Value::Struct(slots)) => match &plan.types[*id].kind {
                KindPlan::Struct(sp) if sp.style == Style::Named => {
                    let mut st =
                        s.serialize_struct(plan.types[*id].name, written(sp, slots) + 1)?;
                    st.serialize_field(e.tag, variant.name)?;
                    write_fields(plan, &sp.fields, slots, |key, value| match value {
                        Some(value) => st.serialize_field(key, &value),
                        None => st.skip_field(key),
                    })?;
                    st.end()
                }
                _ => Err(S::Error::custom(
                    "cannot serialize tagged newtype variant containing this type",
                )),
            },
            (Ty::Map { value: vt, .. }, Value::Map(entries)) => {
                let mut map = s.serialize_map(Some(entries.len() + 1))?;
                map.serialize_entry(e.tag, variant.name)?;
                for (k, v) in entries {
                    map.serialize_entry(&**k, &at(plan, vt, v))?;
                }
                map.end()
            }
            _ => Err(S::Error::custom(
                "cannot serialize tagged newtype variant containing this type",
            )),
        },
        (Tagging::Adjacent { .. }, Style::Unit, _) => {
            let mut st = s.serialize_struct(name, 1)?;
            st.serialize_field(e.tag, &tag)?;
            st.end()
        }
        (Tagging::Adjacent { .. }, _, payload) => {
            let mut st = s.serialize_struct(name, 2)?;
            st.serialize_field(e.tag, &tag)?;
            st.serialize_field(
                e.content,
                &VariantContent {
                    plan,
                    variant,
                    payload,
                },
            )?;
            st.end()
        }
        (Tagging::Untagged, _, payload) => VariantContent {
            plan,
            variant,
            payload,
        }
        .serialize(s),
        _ => Err(S::Error::custom(
            "a variant's value does not match its kind",
        )),
    }
}

/// A variant's content on its own: unit, the newtype's value, a tuple, or a struct.
struct VariantContent<'a> {
    plan: &'a Plan,
    variant: &'a VariantPlan,
    payload: &'a Value,
}

impl Serialize for VariantContent<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let VariantContent {
            plan,
            variant,
            payload,
        } = *self;
        let fields = &variant.fields.fields;
        match (variant.style, payload) {
            (Style::Unit, _) => s.serialize_unit(),
            (Style::Newtype, v) => at(plan, &fields[0].ty, v).serialize(s),
            (Style::Tuple, Value::Seq(items)) => {
                let mut tuple = s.serialize_tuple(items.len())?;
                for (f, v) in fields.iter().zip(items) {
                    tuple.serialize_element(&at(plan, &f.ty, v))?;
                }
                tuple.end()
            }
            (Style::Named, Value::Struct(slots)) => {
                let mut st = s.serialize_struct(variant.name, written(&variant.fields, slots))?;
                write_fields(plan, fields, slots, |key, value| match value {
                    Some(value) => st.serialize_field(key, &value),
                    None => st.skip_field(key),
                })?;
                st.end()
            }
            _ => Err(S::Error::custom(
                "a variant's value does not match its kind",
            )),
        }
    }
}

/// The child struct of a flattened field, and its slots: laid out inline,
/// or (a flattened `Option`'s) a value of its own.
fn flattened<'a>(
    plan: &'a Plan,
    ty: &Ty,
    value: FieldValue<'a>,
) -> Option<(&'a StructPlan, &'a [Value])> {
    match (ty, value) {
        (_, FieldValue::Inline(id, slots)) => plan.struct_plan(id).map(|s| (s, slots)),
        (Ty::Named(id), FieldValue::One(Value::Struct(slots))) => {
            plan.struct_plan(*id).map(|s| (s, &slots[..]))
        }
        _ => None,
    }
}

fn flat_count(plan: &Plan, sp: &StructPlan, slots: &[Value]) -> usize {
    sp.values(slots)
        .map(|(f, v)| match flattened(plan, &f.ty, v) {
            Some((child, child_slots)) if f.flatten => flat_count(plan, child, child_slots),
            _ => usize::from(!skipped_value(f, v)),
        })
        .sum()
}

/// serde's way: a flattened struct's fields, a flattened `Option`'s when it is
/// `Some`, a flattened map's or `Value`'s entries, all as entries of one map.
fn flat_into_map<S: Serializer>(
    plan: &Plan,
    sp: &StructPlan,
    slots: &[Value],
    map: &mut S::SerializeMap,
) -> Result<(), S::Error> {
    for (f, value) in sp.values(slots) {
        if skipped_value(f, value) {
            continue;
        }
        if !f.flatten {
            match value {
                FieldValue::One(v) => map.serialize_entry(f.ser_key, &at(plan, &f.ty, v))?,
                FieldValue::Inline(..) => map.serialize_entry(
                    f.ser_key,
                    &FieldTyped {
                        plan,
                        field: f,
                        value,
                    },
                )?,
            }
            continue;
        }
        let FieldValue::One(v) = value else {
            match flattened(plan, &f.ty, value) {
                Some((child, child_slots)) => flat_into_map::<S>(plan, child, child_slots, map)?,
                None => return Err(mismatch()),
            }
            continue;
        };
        let ty = match &f.ty {
            Ty::Option(_) if v.is_none() => continue,
            Ty::Option(inner) => inner,
            ty => ty,
        };
        match (ty, v) {
            (Ty::Map { value: vt, .. }, Value::Map(entries)) => {
                for (k, v) in entries {
                    map.serialize_entry(&**k, &at(plan, vt, v))?;
                }
            }
            (Ty::Json, Value::Json(json)) => match json.as_ref() {
                serde_json::Value::Object(entries) => {
                    for (k, v) in entries {
                        map.serialize_entry(k, v)?;
                    }
                }
                serde_json::Value::Null => {}
                _ => return Err(S::Error::custom("can only flatten structs and maps")),
            },
            _ => match flattened(plan, ty, value) {
                Some((child, child_slots)) => flat_into_map::<S>(plan, child, child_slots, map)?,
                None => return Err(mismatch()),
            },
        }
    }
    Ok(())
}

fn flat_into_struct<S: Serializer>(
    plan: &Plan,
    sp: &StructPlan,
    slots: &[Value],
    st: &mut S::SerializeStruct,
) -> Result<(), S::Error> {
    for (f, value) in sp.values(slots) {
        match (flattened(plan, &f.ty, value), value) {
            (Some((child, child_slots)), _) if f.flatten => {
                flat_into_struct::<S>(plan, child, child_slots, st)?
            }
            _ if skipped_value(f, value) => st.skip_field(f.ser_key)?,
            // A slot's value written as its type (a writer of its own for
            // `FieldTyped` cost seed 003's fast `ser` an eighth more).
            (_, FieldValue::One(v)) => st.serialize_field(f.ser_key, &at(plan, &f.ty, v))?,
            (_, FieldValue::Inline(..)) => st.serialize_field(
                f.ser_key,
                &FieldTyped {
                    plan,
                    field: f,
                    value,
                },
            )?,
        }
    }
    Ok(())
}

/// A fast-flatten tree by its direct writes: each field from its slot
/// among the root's, as its type, with no struct of the tree walked
/// (`flat_into_struct` spent a third of nested-flatten `ser/fast-flatten`
/// finding each child's slots and asking each field whether it flattens).
fn write_direct<S: Serializer>(
    plan: &Plan,
    name: &'static str,
    writes: &DirectWrites,
    slots: &[Value],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut st = s.serialize_struct(name, writes.len)?;
    for step in &writes.steps {
        match step {
            DirectWrite::Field { key, slot, ty } => {
                let value = slots.get(*slot).ok_or_else(mismatch)?;
                st.serialize_field(key, &at(plan, ty, value))?;
            }
            DirectWrite::Skip(key) => st.skip_field(key)?,
        }
    }
    st.end()
}

/// Writes a struct's fields in order through `write`: `Some(value)` for a field
/// to write, `None` for one its attributes skip (serde's `skip_field`).
fn write_fields<'a, E>(
    plan: &'a Plan,
    fields: &'a [FieldPlan],
    slots: &'a [Value],
    mut write: impl FnMut(&'static str, Option<FieldTyped<'a>>) -> Result<(), E>,
) -> Result<(), E> {
    for f in fields {
        let value = f.value_in(slots);
        if skipped_value(f, value) {
            write(f.ser_key, None)?;
        } else {
            write(
                f.ser_key,
                Some(FieldTyped {
                    plan,
                    field: f,
                    value,
                }),
            )?;
        }
    }
    Ok(())
}

/// A field's value with its type, ready to serialize: one slot's, or a
/// struct's laid out inline.
#[derive(Clone, Copy)]
struct FieldTyped<'a> {
    plan: &'a Plan,
    field: &'a FieldPlan,
    value: FieldValue<'a>,
}

impl Serialize for FieldTyped<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let plan = self.plan;
        match self.value {
            FieldValue::One(value) => at(plan, &self.field.ty, value).serialize(s),
            FieldValue::Inline(id, slots) => match &plan.types[id].kind {
                KindPlan::Struct(sp) => serialize_struct(plan, plan.types[id].name, sp, slots, s),
                KindPlan::Enum(_) => Err(mismatch()),
            },
        }
    }
}

/// A struct's slots (a row, or a struct laid out inline) with its plan.
struct StructSlots<'a> {
    plan: &'a Plan,
    name: &'static str,
    sp: &'a StructPlan,
    slots: &'a [Value],
}

impl Serialize for StructSlots<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_struct(self.plan, self.name, self.sp, self.slots, s)
    }
}

/// Whether a field is left out of what is written.
#[inline(always)]
fn skipped_value(field: &FieldPlan, value: FieldValue<'_>) -> bool {
    match value {
        FieldValue::One(value) => skipped(field, value),
        // `skip_serializing_if` functions the playground knows test options,
        // strings and collections, never a struct.
        FieldValue::Inline(..) => field.skip_serializing,
    }
}

fn at<'a>(plan: &'a Plan, ty: &'a Ty, value: &'a Value) -> Typed<'a> {
    Typed { plan, ty, value }
}

/// Whether a field's value is left out of what is written. Most fields have
/// no skip attribute: that answer is inlined where each field is written
/// (the out-of-line call cost a car's postcard encode a tenth of its
/// instructions); only a `skip_serializing_if` test is called.
#[inline(always)]
fn skipped(field: &FieldPlan, value: &Value) -> bool {
    field.skip_serializing || field.skip_if.is_some_and(|test| skip_if_holds(test, value))
}

/// Whether a `skip_serializing_if` function the playground knows holds.
fn skip_if_holds(test: SkipIf, value: &Value) -> bool {
    match test {
        SkipIf::IsNone => value.is_none(),
        SkipIf::IsEmpty => match value {
            Value::Str(s) => s.is_empty(),
            Value::Seq(items) | Value::Rows(_, items) => items.is_empty(),
            Value::Map(entries) => entries.is_empty(),
            _ => false,
        },
    }
}

fn written(s: &StructPlan, slots: &[Value]) -> usize {
    if let Some(len) = s.ser_len {
        return len;
    }
    s.values(slots)
        .filter(|&(f, v)| !skipped_value(f, v))
        .count()
}

fn serialize_struct<S: Serializer>(
    plan: &Plan,
    name: &'static str,
    sp: &StructPlan,
    slots: &[Value],
    s: S,
) -> Result<S::Ok, S::Error> {
    if let Some(slot) = sp.transparent {
        let (Some(f), Some(v)) = (sp.fields.get(slot), slots.get(slot)) else {
            return Err(mismatch());
        };
        return at(plan, &f.ty, v).serialize(s);
    }
    if sp.flattens {
        return match plan.flatten {
            // The fast codec writes one struct of every field in the tree (whose
            // keys it knows in advance when only structs flatten).
            Flatten::Fast if let Some(table) = &sp.flat => {
                if let Some(writes) = &table.writes {
                    return write_direct(plan, name, writes, slots, s);
                }
                let len = match table.ser_len {
                    Some(len) => len,
                    None => flat_count(plan, sp, slots),
                };
                let mut st = s.serialize_struct(name, len)?;
                flat_into_struct::<S>(plan, sp, slots, &mut st)?;
                st.end()
            }
            // serde writes a struct that flattens as a map of unknown length.
            _ => {
                let mut map = s.serialize_map(None)?;
                flat_into_map::<S>(plan, sp, slots, &mut map)?;
                map.end()
            }
        };
    }
    match sp.style {
        Style::Unit => s.serialize_unit_struct(name),
        Style::Newtype => {
            let (Some(f), Some(v)) = (sp.fields.first(), slots.first()) else {
                return Err(mismatch());
            };
            s.serialize_newtype_struct(name, &at(plan, &f.ty, v))
        }
        Style::Tuple => {
            let mut ts = s.serialize_tuple_struct(name, slots.len())?;
            for (f, v) in sp.fields.iter().zip(slots) {
                ts.serialize_field(&at(plan, &f.ty, v))?;
            }
            ts.end()
        }
        Style::Named => {
            let mut st = s.serialize_struct(name, written(sp, slots))?;
            write_fields(plan, &sp.fields, slots, |key, value| match value {
                Some(value) => st.serialize_field(key, &value),
                None => st.skip_field(key),
            })?;
            st.end()
        }
    }
}
