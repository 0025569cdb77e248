//! Values handed to the paste's own code and taken back from it. A decoded
//! [`Value`] is laid out by slot; the paste's functions read structs by
//! their Rust field names and enums by their variants' names ([`Val`]).
//! Going back, a function's result (a `From`/`TryFrom` conversion's struct)
//! is laid out by the plan of the type it builds.

use std::sync::Arc;

use crate::layout::{FieldValue, rows_of};
use crate::pasted::Val;
use crate::plan::{KindPlan, Plan, StructPlan};
use crate::ty::{Int, Ty};
use crate::value::Value;

/// `value`, of type `ty`, as the paste's code receives it. A part it cannot
/// be given (a `serde_json::Value`) is [`Val::Opaque`]: a function that reads
/// it stops.
pub fn to_val(plan: &Plan, ty: &Ty, value: &Value) -> Val {
    match (ty, value) {
        (Ty::Option(_), Value::Unit) => Val::Opt(None),
        (Ty::Option(inner), value) => Val::Opt(Some(Box::new(to_val(plan, inner, value)))),
        (Ty::Seq(item), Value::Rows(..)) => match (rows_of(plan, item), value.rows()) {
            (Some((_, s)), Some(rows)) => {
                Val::seq(rows.map(|row| struct_val(plan, s, row)).collect())
            }
            _ => Val::Opaque,
        },
        (Ty::Seq(item) | Ty::Set { item, .. } | Ty::Array(_, item), Value::Seq(items)) => {
            Val::seq(items.iter().map(|v| to_val(plan, item, v)).collect())
        }
        (Ty::Tuple(tys), Value::Seq(items)) => Val::seq(
            tys.iter()
                .zip(items)
                .map(|(t, v)| to_val(plan, t, v))
                .collect(),
        ),
        // A map iterates as its `(key, value)` pairs.
        (Ty::Map { value: ty, .. }, Value::Map(entries)) => Val::seq(
            entries
                .iter()
                .map(|(k, v)| Val::seq(vec![Val::str(k), to_val(plan, ty, v)]))
                .collect(),
        ),
        (Ty::Named(id), value) => match (&plan.types[*id].kind, value) {
            (KindPlan::Struct(s), Value::Struct(slots)) => struct_val(plan, s, slots),
            (KindPlan::Enum(e), value) => match value.as_variant() {
                Some((index, payload)) => match e.variants.get(index as usize) {
                    Some(v) => {
                        let payload = match v.style {
                            overhead_schema::Style::Unit => None,
                            overhead_schema::Style::Newtype => Some(Box::new(
                                v.fields
                                    .fields
                                    .first()
                                    .map_or(Val::Opaque, |f| to_val(plan, &f.ty, payload)),
                            )),
                            overhead_schema::Style::Tuple => {
                                Some(Box::new(to_val(plan, &v.tuple, payload)))
                            }
                            overhead_schema::Style::Named => Some(Box::new(match payload {
                                Value::Struct(slots) => struct_val(plan, &v.fields, slots),
                                _ => Val::Opaque,
                            })),
                        };
                        Val::Variant(Arc::from(v.ident), payload)
                    }
                    None => Val::Opaque,
                },
                None => Val::Opaque,
            },
            _ => Val::Opaque,
        },
        (_, value) => scalar_val(value),
    }
}

/// A struct's fields by their Rust names.
pub fn struct_val(plan: &Plan, s: &StructPlan, slots: &[Value]) -> Val {
    Val::Struct(
        s.values(slots)
            .map(|(field, value)| {
                let val = match value {
                    FieldValue::One(value) => to_val(plan, &field.ty, value),
                    FieldValue::Inline(id, slots) => match plan.struct_plan(id) {
                        Some(inner) => struct_val(plan, inner, slots),
                        None => Val::Opaque,
                    },
                };
                (Arc::from(field.rust), val)
            })
            .collect(),
    )
}

fn scalar_val(value: &Value) -> Val {
    match value {
        Value::Unit => Val::Unit,
        Value::Bool(b) => Val::Bool(*b),
        Value::I64(n) => Val::Int((*n).into()),
        Value::U64(n) => Val::Int((*n).into()),
        Value::I128(n) => Val::Int(*n),
        Value::U128(n) => i128::try_from(*n).map_or(Val::Opaque, Val::Int),
        Value::F64(x) => Val::Float(*x),
        Value::Char(c) => Val::Char(*c),
        Value::Str(s) => Val::str(s),
        _ => Val::Opaque,
    }
}

/// `val`, which the paste's code returned, as a value of `ty`; why not, when
/// it is not one (the conversion built something the plan does not read).
pub fn from_val(plan: &Plan, ty: &Ty, val: &Val) -> Result<Value, String> {
    Ok(match (ty, val) {
        (Ty::Unit, _) => Value::Unit,
        (Ty::Bool, Val::Bool(b)) => Value::Bool(*b),
        (Ty::Int(int) | Ty::NonZero(int), Val::Int(n)) => int_value(*int, *n)?,
        (Ty::F32 | Ty::F64, Val::Float(x)) => Value::F64(*x),
        (Ty::F32 | Ty::F64, Val::Int(n)) => Value::F64(*n as f64),
        (Ty::Char, Val::Char(c)) => Value::Char(*c),
        (Ty::Str | Ty::Trimmed | Ty::Borrowed | Ty::Text(_), Val::Str(s)) => {
            Value::Str(Box::from(&**s))
        }
        (Ty::Option(_), Val::Opt(None)) => Value::Unit,
        (Ty::Option(inner), Val::Opt(Some(v))) => from_val(plan, inner, v)?,
        (Ty::Seq(item), Val::Seq(items)) => match rows_of(plan, item) {
            Some((_, s)) => {
                let mut slots = Vec::with_capacity(items.len() * s.width);
                for item in items.iter() {
                    let mut row = vec![Value::Unit; s.width];
                    fill_struct(plan, s, item, &mut row)?;
                    slots.extend(row);
                }
                Value::Rows(s.width as u32, slots.into())
            }
            None => Value::Seq(seq(plan, item, items)?.into()),
        },
        (Ty::Set { item, .. } | Ty::Array(_, item), Val::Seq(items)) => {
            Value::Seq(seq(plan, item, items)?.into())
        }
        (Ty::Tuple(tys), Val::Seq(items)) if tys.len() == items.len() => Value::Seq(
            tys.iter()
                .zip(items.iter())
                .map(|(t, v)| from_val(plan, t, v))
                .collect::<Result<_, _>>()?,
        ),
        (Ty::Map { value, .. }, Val::Seq(pairs)) => Value::Map(
            pairs
                .iter()
                .map(|pair| match pair {
                    Val::Seq(kv) => match &kv[..] {
                        [Val::Str(k), v] => Ok((Box::from(&**k), from_val(plan, value, v)?)),
                        _ => Err("a map entry whose key is not text".to_owned()),
                    },
                    _ => Err("a map entry that is not a pair".to_owned()),
                })
                .collect::<Result<_, _>>()?,
        ),
        (Ty::Named(id), val) => match &plan.types[*id].kind {
            KindPlan::Struct(s) => {
                let mut slots = vec![Value::Unit; s.width];
                fill_struct(plan, s, val, &mut slots)?;
                Value::Struct(slots.into())
            }
            KindPlan::Enum(e) => {
                let Val::Variant(name, payload) = val else {
                    return Err(format!("not a variant of `{}`", plan.types[*id].ident));
                };
                let Some(index) = e.variants.iter().position(|v| *v.ident == **name) else {
                    return Err(format!(
                        "`{name}` is not a variant of `{}`",
                        plan.types[*id].ident
                    ));
                };
                let v = &e.variants[index];
                let payload = match (v.style, payload) {
                    (overhead_schema::Style::Unit, _) => Value::Unit,
                    (overhead_schema::Style::Newtype, Some(p)) => match v.fields.fields.first() {
                        Some(f) => from_val(plan, &f.ty, p)?,
                        None => Value::Unit,
                    },
                    (overhead_schema::Style::Tuple, Some(p)) => from_val(plan, &v.tuple, p)?,
                    (overhead_schema::Style::Named, Some(p)) => {
                        let mut slots = vec![Value::Unit; v.fields.width];
                        fill_struct(plan, &v.fields, p, &mut slots)?;
                        Value::Struct(slots.into())
                    }
                    (_, None) => return Err(format!("`{name}` built without its fields")),
                };
                Value::variant(index as u32, payload)
            }
        },
        (ty, _) => return Err(format!("a value that is not a `{}`", ty_word(ty))),
    })
}

fn seq(plan: &Plan, item: &Ty, items: &[Val]) -> Result<Vec<Value>, String> {
    items.iter().map(|v| from_val(plan, item, v)).collect()
}

/// Lays a struct the paste built (its fields by Rust name) out in `slots`.
fn fill_struct(plan: &Plan, s: &StructPlan, val: &Val, slots: &mut [Value]) -> Result<(), String> {
    let Val::Struct(fields) = val else {
        return Err("a value that is not a struct".to_owned());
    };
    for field in &s.fields {
        let Some((_, v)) = fields.iter().find(|(name, _)| **name == *field.rust) else {
            return Err(format!("a struct without its field `{}`", field.rust));
        };
        match field.inline {
            Some((id, width)) => {
                let (Some(inner), Some(place)) = (
                    plan.struct_plan(id),
                    slots.get_mut(field.at..field.at + width),
                ) else {
                    return Err("a struct laid out otherwise than its plan".to_owned());
                };
                fill_struct(plan, inner, v, place)?;
            }
            None => match slots.get_mut(field.at) {
                Some(place) => *place = from_val(plan, &field.ty, v)?,
                None => return Err("a struct laid out otherwise than its plan".to_owned()),
            },
        }
    }
    Ok(())
}

/// An integer as a `Value` of its type, when it fits (a conversion that
/// overflows panics in the person's build).
fn int_value(int: Int, n: i128) -> Result<Value, String> {
    let fits = match int {
        Int::I8 => i8::try_from(n).is_ok(),
        Int::I16 => i16::try_from(n).is_ok(),
        Int::I32 => i32::try_from(n).is_ok(),
        Int::I64 | Int::Isize => i64::try_from(n).is_ok(),
        Int::I128 => true,
        Int::U8 => u8::try_from(n).is_ok(),
        Int::U16 => u16::try_from(n).is_ok(),
        Int::U32 => u32::try_from(n).is_ok(),
        Int::U64 | Int::Usize => u64::try_from(n).is_ok(),
        Int::U128 => u128::try_from(n).is_ok(),
    };
    if !fits {
        return Err(format!(
            "{n} does not fit its integer type (a panic or a wrapped value)"
        ));
    }
    Ok(match int {
        Int::I8 | Int::I16 | Int::I32 | Int::I64 | Int::Isize => Value::I64(n as i64),
        Int::I128 => Value::I128(n),
        Int::U8 | Int::U16 | Int::U32 | Int::U64 | Int::Usize => Value::U64(n as u64),
        Int::U128 => Value::U128(n as u128),
    })
}

fn ty_word(ty: &Ty) -> &'static str {
    match ty {
        Ty::Bool => "bool",
        Ty::Int(_) | Ty::NonZero(_) => "integer",
        Ty::F32 | Ty::F64 => "float",
        Ty::Char => "char",
        Ty::Str | Ty::Trimmed | Ty::Borrowed | Ty::Text(_) => "string",
        Ty::Option(_) => "Option",
        Ty::Seq(_) | Ty::Set { .. } | Ty::Array(..) => "sequence",
        Ty::Tuple(_) => "tuple",
        Ty::Map { .. } => "map",
        Ty::Json => "serde_json::Value",
        Ty::Unit | Ty::Named(_) => "value of its type",
    }
}
