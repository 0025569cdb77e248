//! A total order on values of one type, for `BTreeSet`s (which serde's decode
//! leaves sorted by the element's `Ord`): numbers by value, strings by bytes,
//! enums by variant then payload, sequences and structs element by element —
//! what `#[derive(Ord)]` gives.

use std::cmp::Ordering;

use crate::value::Value;

pub fn compare(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Bool(a), Value::Bool(b)) => a.cmp(b),
        (Value::I64(a), Value::I64(b)) => a.cmp(b),
        (Value::U64(a), Value::U64(b)) => a.cmp(b),
        (Value::I128(a), Value::I128(b)) => a.cmp(b),
        (Value::U128(a), Value::U128(b)) => a.cmp(b),
        (Value::F64(a), Value::F64(b)) => a.total_cmp(b),
        (Value::Char(a), Value::Char(b)) => a.cmp(b),
        (Value::Str(a), Value::Str(b)) => a.cmp(b),
        (Value::Seq(a), Value::Seq(b)) | (Value::Rows(_, a), Value::Rows(_, b)) => all(a, b),
        (Value::Struct(a), Value::Struct(b)) => all(a, b),
        (Value::Variant(..) | Value::Tag(_), Value::Variant(..) | Value::Tag(_)) => {
            match (a.as_variant(), b.as_variant()) {
                (Some((i, a)), Some((j, b))) => i.cmp(&j).then_with(|| compare(a, b)),
                _ => Ordering::Equal,
            }
        }
        (Value::Map(a), Value::Map(b)) => a
            .iter()
            .zip(b.iter())
            .map(|((ka, va), (kb, vb))| ka.cmp(kb).then_with(|| compare(va, vb)))
            .find(|o| o.is_ne())
            .unwrap_or_else(|| a.len().cmp(&b.len())),
        (Value::Unit, Value::Unit) => Ordering::Equal,
        // `None` sorts before `Some`.
        (Value::Unit, _) => Ordering::Less,
        (_, Value::Unit) => Ordering::Greater,
        _ => Ordering::Equal,
    }
}

fn all(a: &[Value], b: &[Value]) -> Ordering {
    a.iter()
        .zip(b)
        .map(|(a, b)| compare(a, b))
        .find(|o| o.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}
