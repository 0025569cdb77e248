//! Decoding: the plan compiled to a program of ops (`program.rs`), read by
//! a serde visitor walk that any format drives (`visited.rs`: serde_json
//! text, a JS object) and by readers specialised to postcard bytes
//! (`postcard.rs`) and to a `serde_json::Value` (`from_value.rs`), into a
//! [`Value`] laid out by slot. Errors are serde's own, with serde's messages.

mod containers;
mod converted;
mod defaults;
mod enums;
mod errors;
mod fail_fast;
mod flat_buffer;
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
use serde::de::Deserializer;

use crate::ty::Int;
use crate::value::Value;

use containers::dedup;
pub use defaults::read_paste_defaults;
pub use fail_fast::Stop;
pub(crate) use from_value::read as read_json_value;
pub(crate) use postcard::read as read_postcard;
pub(crate) use program::Program;
pub use scalar::ScalarRead;
pub(crate) use visited::read as read_by_program;

pub(super) fn int_value<'de, D: Deserializer<'de>>(int: Int, d: D) -> Result<Value, D::Error> {
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
