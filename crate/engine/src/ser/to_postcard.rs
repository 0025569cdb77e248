//! Postcard bytes written by the plan's [`Writer`] straight into the
//! buffer: a varint, a length and bytes, a tag, as postcard's serializer
//! writes each, with no serde call between a field and its bytes. Through
//! serde, each field was a `serialize_field` into postcard's struct
//! serializer and on into its flavor, none of which inlines into a loop
//! over ops (a car's encode into a reused buffer spent twice compiled
//! code's instructions there).
//!
//! Postcard's format is what serde's data model calls make of it
//! (postcard's `ser/serializer.rs`): unsigned integers as LEB128 varints
//! (the same bytes at any width for the same number), signed ones
//! zig-zagged first, `u8`/`i8` and `bool` as one byte, floats as their
//! little-endian bits, strings and sequences as a varint length and then
//! their contents, `None`/`Some` as a 0/1 byte before the value, a unit
//! variant as its index's varint, structs, tuples and arrays as their
//! items in order. Whatever else a value holds (128-bit integers, chars,
//! enums with data, maps, a value its op does not expect) is written by
//! the serde path it always took, appended to the same buffer: the bytes
//! and the errors are that path's. `tests/plan_programs.rs` holds the two
//! to each other on every paste's values and on values changed in every
//! slot.

use serde::Serialize;

use super::mismatch;
use super::program::{Code, Field, Op, Step, Struct, Writer};
use crate::plan::{KindPlan, Plan};
use crate::ty::{Int, TypeId};
use crate::value::Value;

/// Appends `value`, of the writer's root type, to `out` as postcard.
pub(crate) fn extend(
    writer: &Writer,
    plan: &Plan,
    value: &Value,
    out: Vec<u8>,
) -> Result<Vec<u8>, postcard::Error> {
    let mut bytes = Bytes { writer, plan, out };
    bytes.op(writer.root_op(), value)?;
    Ok(bytes.out)
}

struct Bytes<'a> {
    writer: &'a Writer,
    plan: &'a Plan,
    out: Vec<u8>,
}

impl Bytes<'_> {
    fn op(&mut self, op: &Op, value: &Value) -> Result<(), postcard::Error> {
        match (op, value) {
            (Op::Int(int), Value::U64(n)) if *int != Int::U8 => self.varint(*n),
            (Op::Int(int), Value::I64(n)) if *int != Int::I8 => self.varint(zigzag(*n)),
            (Op::Int(Int::U8), Value::U64(n)) if *n <= u64::from(u8::MAX) => {
                self.out.push(*n as u8)
            }
            (Op::F32, Value::F64(f)) => self.out.extend_from_slice(&(*f as f32).to_le_bytes()),
            (Op::F64, Value::F64(f)) => self.out.extend_from_slice(&f.to_le_bytes()),
            (Op::Bool, Value::Bool(b)) => self.out.push(u8::from(*b)),
            (Op::Str, Value::Str(text)) => self.str(text),
            (Op::Option(_), Value::Unit) => self.out.push(0),
            (Op::Option(inner), value) => {
                self.out.push(1);
                return self.op(inner, value);
            }
            (Op::Struct(id), Value::Struct(slots)) => return self.fields(*id, slots),
            (Op::Rows(id), Value::Rows(..)) => {
                let Some(rows) = value.rows() else {
                    return self.serde(op, value);
                };
                self.varint(rows.len() as u64);
                match self.writer.named_struct(*id) {
                    // Rows of numbers, strings and flags: each row by one
                    // loop over its steps, the struct looked up once (rows
                    // by `fields`, each looking it up: car's reused-buffer
                    // encode 2,904 instructions, not 2,833).
                    Some(st) if st.scalars => self.scalar_rows(*id, st, rows)?,
                    _ => {
                        for row in rows {
                            self.fields(*id, row)?;
                        }
                    }
                }
            }
            (Op::Seq(item), Value::Seq(items)) => {
                self.varint(items.len() as u64);
                return self.items(item, items);
            }
            (Op::Array(item), Value::Seq(items)) => return self.items(item, items),
            (Op::Tuple(ops), Value::Seq(items)) if ops.len() == items.len() => {
                for (op, item) in ops.iter().zip(items) {
                    self.op(op, item)?;
                }
            }
            (Op::Tag(id), Value::Tag(index)) if self.has_variant(*id, *index) => {
                self.varint(u64::from(*index))
            }
            _ => return self.serde(op, value),
        }
        Ok(())
    }

    /// A sequence's items: the op looked at once for a sequence of
    /// integers, as compiled code's loop over a `Vec<i32>` is.
    fn items(&mut self, item: &Op, items: &[Value]) -> Result<(), postcard::Error> {
        match item {
            Op::Int(int) if !matches!(int, Int::U8 | Int::I8) => {
                for v in items {
                    match v {
                        Value::U64(n) => self.varint(*n),
                        Value::I64(n) => self.varint(zigzag(*n)),
                        v => self.op(item, v)?,
                    }
                }
                Ok(())
            }
            _ => items.iter().try_for_each(|v| self.op(item, v)),
        }
    }

    /// Rows of a struct of scalars, one call for all of them (a call a
    /// row, its register saves and its set-up, cost car's reused-buffer
    /// encode 25 instructions a row).
    fn scalar_rows(
        &mut self,
        id: TypeId,
        st: &Struct,
        rows: std::slice::ChunksExact<'_, Value>,
    ) -> Result<(), postcard::Error> {
        for row in rows {
            self.scalars(id, st, row)?;
        }
        Ok(())
    }

    /// A struct of scalars' slots, each by its step's code.
    #[inline(always)]
    fn scalars(&mut self, id: TypeId, st: &Struct, slots: &[Value]) -> Result<(), postcard::Error> {
        // Each field's slot is its position (`Struct::scalars`); a row
        // short of slots is written by serde, which fails on it.
        let Some(slots) = slots.get(..st.steps.len()) else {
            return self.serde_struct(id, slots);
        };
        for (k, (step, v)) in st.steps.iter().zip(slots).enumerate() {
            self.scalar(id, k, step, v)?;
        }
        Ok(())
    }

    /// Struct `id`'s slots (its value's, a row, or laid out inline in its
    /// parent's), field by field; by serde when the writer has no fields
    /// for it or it has positional ones.
    fn fields(&mut self, id: TypeId, slots: &[Value]) -> Result<(), postcard::Error> {
        let writer = self.writer;
        let Some(st) = writer.named_struct(id) else {
            return self.serde_struct(id, slots);
        };
        if st.scalars {
            return self.scalars(id, st, slots);
        }
        // A slot short is written as `Unit`, as `write_struct` writes it.
        for (k, step) in st.steps.iter().enumerate() {
            let at = step.at as usize;
            match step.code {
                Code::Op(i) => {
                    let op = st.ops.get(i as usize).ok_or_else(mismatch)?;
                    self.op(op, slots.get(at).unwrap_or(Value::unit()))?
                }
                Code::Inline(child, width) => {
                    let inline = slots.get(at..at + width as usize).unwrap_or(&[]);
                    self.fields(child as TypeId, inline)?
                }
                _ => self.scalar(id, k, step, slots.get(at).unwrap_or(Value::unit()))?,
            }
        }
        Ok(())
    }

    /// A scalar field by its step's code, as `write_scalar` writes it;
    /// inline in the loops over steps (as a call, its register saves cost
    /// more than its work).
    #[inline(always)]
    fn scalar(
        &mut self,
        id: TypeId,
        k: usize,
        step: &Step,
        v: &Value,
    ) -> Result<(), postcard::Error> {
        match (step.code, v) {
            (Code::Unsigned, Value::U64(n)) => self.varint(*n),
            (Code::Signed, Value::I64(n)) => self.varint(zigzag(*n)),
            (Code::U8, Value::U64(n)) if *n <= u64::from(u8::MAX) => self.out.push(*n as u8),
            (Code::I8, Value::I64(n)) if i8::try_from(*n).is_ok() => self.out.push(*n as i8 as u8),
            (Code::F32, Value::F64(f)) => self.out.extend_from_slice(&(*f as f32).to_le_bytes()),
            (Code::F64, Value::F64(f)) => self.out.extend_from_slice(&f.to_le_bytes()),
            (Code::Bool, Value::Bool(b)) => self.out.push(u8::from(*b)),
            (Code::Str, Value::Str(text)) => self.str(text),
            _ => return self.append(&Field::new(self.plan, id, k, v)),
        }
        Ok(())
    }

    fn has_variant(&self, id: TypeId, index: u32) -> bool {
        matches!(&self.plan.types[id].kind, KindPlan::Enum(e) if (index as usize) < e.variants.len())
    }

    #[inline]
    fn str(&mut self, text: &str) {
        self.varint(text.len() as u64);
        self.out.extend_from_slice(text.as_bytes());
    }

    /// LEB128, as postcard's `varint_u64`: seven bits a byte, low first,
    /// the top bit set on every byte but the last.
    #[inline]
    fn varint(&mut self, mut n: u64) {
        // Most lengths, tags and small numbers: one byte.
        if n < 0x80 {
            self.out.push(n as u8);
            return;
        }
        while n >= 0x80 {
            self.out.push(n as u8 | 0x80);
            n >>= 7;
        }
        self.out.push(n as u8);
    }

    /// `value` by `op` through serde, as before this writer: its bytes and
    /// its errors.
    #[cold]
    #[inline(never)]
    fn serde(&mut self, op: &Op, value: &Value) -> Result<(), postcard::Error> {
        let (writer, plan) = (self.writer, self.plan);
        self.append(&writer.at(plan, op, value))
    }

    #[cold]
    #[inline(never)]
    fn serde_struct(&mut self, id: TypeId, slots: &[Value]) -> Result<(), postcard::Error> {
        let (writer, plan) = (self.writer, self.plan);
        self.append(&writer.slots(plan, id, slots))
    }

    /// Appends what serde writes of `value` (postcard writes no framing:
    /// a value's bytes follow the ones before it as they would in one
    /// serialization).
    #[cold]
    #[inline(never)]
    fn append(&mut self, value: &impl Serialize) -> Result<(), postcard::Error> {
        self.out = postcard::to_extend(value, std::mem::take(&mut self.out))?;
        Ok(())
    }
}

/// Postcard's zig-zag: small magnitudes of either sign stay small.
#[inline]
fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}
