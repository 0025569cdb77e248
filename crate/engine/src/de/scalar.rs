//! Scalars read by their Rust type, chosen once when the plan is built: a
//! field or an element that holds a number, a `bool`, a `char` or a `String`
//! (or an `Option` of one) is read by serde's own `Deserialize` of that type,
//! the code compiled code runs, and not through [`Seed`](super::Seed)'s
//! dispatch on every type the interpreter knows. That dispatch is one large
//! function: entering and leaving it cost more than reading a small number.

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer};

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
            _ => return None,
        };
        Some(ScalarRead { scalar, optional })
    }
}

/// Reads one scalar value (see [`ScalarRead`]).
#[derive(Clone, Copy)]
pub(super) struct ScalarSeed(pub(super) ScalarRead);

/// Reads `$t` (or an `Option` of it, `None` as `Unit`) and makes it a value.
macro_rules! read {
    ($d:expr, $optional:expr, $t:ty, $to:expr) => {
        if $optional {
            Option::<$t>::deserialize($d).map(|v| v.map_or(Value::Unit, $to))
        } else {
            <$t>::deserialize($d).map($to)
        }
    };
}

impl<'de> DeserializeSeed<'de> for ScalarSeed {
    type Value = Value;

    // Inlined into `IntoSlot`, so that the value is made where it goes.
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        read(self.0, d)
    }
}

/// The value of a scalar read as `read` says.
#[inline]
fn read<'de, D: Deserializer<'de>>(read: ScalarRead, d: D) -> Result<Value, D::Error> {
    let ScalarRead { scalar, optional } = read;
    let int = |v: i64| Value::I64(v);
    let uint = |v: u64| Value::U64(v);
    match scalar {
        Scalar::Str => read!(d, optional, String, |s: String| Value::Str(
            s.into_boxed_str()
        )),
        Scalar::Int(Int::U8) => read!(d, optional, u8, |v| uint(v.into())),
        Scalar::Int(Int::U16) => read!(d, optional, u16, |v| uint(v.into())),
        Scalar::Int(Int::U32) => read!(d, optional, u32, |v| uint(v.into())),
        Scalar::Int(Int::U64) => read!(d, optional, u64, uint),
        Scalar::Int(Int::Usize) => read!(d, optional, usize, |v| uint(v as u64)),
        Scalar::Int(Int::U128) => read!(d, optional, u128, Value::U128),
        Scalar::Int(Int::I8) => read!(d, optional, i8, |v| int(v.into())),
        Scalar::Int(Int::I16) => read!(d, optional, i16, |v| int(v.into())),
        Scalar::Int(Int::I32) => read!(d, optional, i32, |v| int(v.into())),
        Scalar::Int(Int::I64) => read!(d, optional, i64, int),
        Scalar::Int(Int::Isize) => read!(d, optional, isize, |v| int(v as i64)),
        Scalar::Int(Int::I128) => read!(d, optional, i128, Value::I128),
        Scalar::Bool => read!(d, optional, bool, Value::Bool),
        Scalar::F32 => read!(d, optional, f32, |v: f32| Value::F64(v.into())),
        Scalar::F64 => read!(d, optional, f64, Value::F64),
        Scalar::Char => read!(d, optional, char, Value::Char),
    }
}
