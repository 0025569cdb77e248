//! Scalars read by their Rust type, chosen once when the plan is built: a
//! field or an element that holds a number, a `bool`, a `char` or a `String`
//! (or an `Option` of one) is read by serde's own `Deserialize` of that type,
//! the code compiled code runs, and not through [`Seed`](super::Seed)'s
//! dispatch on every type the interpreter knows. That dispatch is one large
//! function: entering and leaving it cost more than reading a small number.

use serde::Deserialize;
use serde::de::{self, Deserializer};

use crate::text_form::TextForm;
use crate::ty::{Int, Ty};
use crate::value::Value;

/// A scalar type, as its value is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    Bool,
    Int(Int),
    F32,
    F64,
    Char,
    Str,
    /// A `String` read trimmed (`serde_trim`).
    Trimmed,
    /// A `&str` field: the input's text as it is, where the format lends it.
    Borrowed,
    /// A string of a form (`Uuid`, `Url`, a date, an integer as text…).
    Text(TextForm),
    /// `NonZeroU32` and its kin.
    NonZero(Int),
    /// `serde_json::Value`.
    Json,
}

impl Scalar {
    /// Whether its values never own memory (a number, a `bool`, a `char`),
    /// as `layout::holds_no_memory` says of their types.
    #[inline]
    pub fn holds_no_memory(self) -> bool {
        matches!(
            self,
            Scalar::Bool
                | Scalar::Int(_)
                | Scalar::F32
                | Scalar::F64
                | Scalar::Char
                | Scalar::NonZero(_)
        )
    }
}

/// How a scalar value is read: the scalar, maybe inside an `Option`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScalarRead {
    pub scalar: Scalar,
    /// An `Option` of it: `None` is `Value::Unit`.
    pub optional: bool,
}

impl ScalarRead {
    /// The read of a value of type `ty`, when it is a scalar or an `Option` of one.
    pub fn of(ty: &Ty) -> Option<ScalarRead> {
        let (ty, optional) = match ty {
            Ty::Option(inner) => (&**inner, true),
            ty => (ty, false),
        };
        let scalar = match ty {
            Ty::Bool => Scalar::Bool,
            Ty::Int(int) => Scalar::Int(*int),
            Ty::F32 => Scalar::F32,
            Ty::F64 => Scalar::F64,
            Ty::Char => Scalar::Char,
            Ty::Str => Scalar::Str,
            Ty::Trimmed => Scalar::Trimmed,
            Ty::Borrowed => Scalar::Borrowed,
            Ty::Text(form) => Scalar::Text(*form),
            Ty::NonZero(int) => Scalar::NonZero(*int),
            Ty::Json => Scalar::Json,
            _ => return None,
        };
        Some(ScalarRead { scalar, optional })
    }
}

/// Reads a scalar of type `scalar` into `out`. One function for every
/// field of every struct, per format: the page's module carries it once.
/// Each arm writes its value where it goes: building a `Value` to move into
/// the slot after the match cost a copy of all four words per scalar.
#[inline(never)]
pub(super) fn read_into<'de, D: Deserializer<'de>>(
    scalar: Scalar,
    d: D,
    out: &mut Value,
) -> Result<(), D::Error> {
    read_scalar_into(scalar, d, out)
}

/// [`read_into`]'s body, inlined where a reader's loop keeps it (the
/// postcard program reads each scalar in its field loop).
#[inline(always)]
pub(super) fn read_scalar_into<'de, D: Deserializer<'de>>(
    scalar: Scalar,
    d: D,
    out: &mut Value,
) -> Result<(), D::Error> {
    use super::structs::fill;
    match scalar {
        Scalar::Str => fill(out, Value::Str(String::deserialize(d)?.into_boxed_str())),
        Scalar::Int(Int::U8) => fill(out, Value::U64(u8::deserialize(d)?.into())),
        Scalar::Int(Int::U16) => fill(out, Value::U64(u16::deserialize(d)?.into())),
        Scalar::Int(Int::U32) => fill(out, Value::U64(u32::deserialize(d)?.into())),
        Scalar::Int(Int::U64) => fill(out, Value::U64(u64::deserialize(d)?)),
        Scalar::Int(Int::Usize) => fill(out, Value::U64(usize::deserialize(d)? as u64)),
        Scalar::Int(Int::U128) => fill(out, Value::U128(u128::deserialize(d)?)),
        Scalar::Int(Int::I8) => fill(out, Value::I64(i8::deserialize(d)?.into())),
        Scalar::Int(Int::I16) => fill(out, Value::I64(i16::deserialize(d)?.into())),
        Scalar::Int(Int::I32) => fill(out, Value::I64(i32::deserialize(d)?.into())),
        Scalar::Int(Int::I64) => fill(out, Value::I64(i64::deserialize(d)?)),
        Scalar::Int(Int::Isize) => fill(out, Value::I64(isize::deserialize(d)? as i64)),
        Scalar::Int(Int::I128) => fill(out, Value::I128(i128::deserialize(d)?)),
        Scalar::Bool => fill(out, Value::Bool(bool::deserialize(d)?)),
        Scalar::F32 => fill(out, Value::F64(f32::deserialize(d)?.into())),
        Scalar::F64 => fill(out, Value::F64(f64::deserialize(d)?)),
        Scalar::Char => fill(out, Value::Char(char::deserialize(d)?)),
        other => fill(out, read_other(other, d)?),
    }
    Ok(())
}

/// The scalars read through a check or a conversion (text of a form, a
/// trimmed or borrowed string, a nonzero number, JSON). Kept out of
/// line: the field loops keep only the plain scalars inline.
#[inline(never)]
pub(super) fn read_other<'de, D: Deserializer<'de>>(
    scalar: Scalar,
    d: D,
) -> Result<Value, D::Error> {
    match scalar {
        Scalar::Trimmed => String::deserialize(d).map(|s| Value::Str(s.trim().into())),
        Scalar::Borrowed => <&'de str>::deserialize(d).map(|s| Value::Str(s.into())),
        // `url::Url` holds its text as the URL Standard writes it
        // (`http://host:4317` → `http://host:4317/`), and writes that.
        Scalar::Text(TextForm::Url) => {
            let text = String::deserialize(d)?;
            match url::Url::parse(&text) {
                Ok(url) if url.as_str() == text => Ok(Value::Str(text.into_boxed_str())),
                Ok(url) => Ok(Value::Str(String::from(url).into_boxed_str())),
                Err(_) => Err(not_of_form(&text, TextForm::Url)),
            }
        }
        Scalar::Text(form) => {
            let text = String::deserialize(d)?;
            if form.accepts(&text) {
                Ok(Value::Str(text.into_boxed_str()))
            } else {
                Err(not_of_form(&text, form))
            }
        }
        Scalar::NonZero(int) => match super::int_value(int, d)? {
            Value::I64(0) | Value::U64(0) | Value::I128(0) | Value::U128(0) => Err(
                de::Error::invalid_value(de::Unexpected::Unsigned(0), &"a nonzero integer"),
            ),
            value => Ok(value),
        },
        Scalar::Json => serde_json::Value::deserialize(d).map(|v| Value::Json(Box::new(v))),
        plain => {
            let mut out = Value::Unit;
            read_scalar_into(plain, d, &mut out)?;
            Ok(out)
        }
    }
}

/// The error of a text of the wrong shape; kept out of the decoding loop.
#[cold]
fn not_of_form<E: de::Error>(text: &str, form: TextForm) -> E {
    E::invalid_value(de::Unexpected::Str(text), &form.expecting())
}
