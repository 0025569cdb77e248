//! A `serde_json::Value` (the `from-value` variant's input), read by the
//! plan's [`Program`]: each op reads its node of the tree directly, a struct
//! by walking its object's entries and finding each key in the struct's key
//! table, a scalar by serde's `Deserialize` of its concrete type on the
//! node (the code compiled code runs). No visitor is entered but the
//! scalars' own and a struct that flattens (whose keys only a visitor's
//! reading buffers).
//!
//! The entries are read in the order `&Value`'s deserializer hands them
//! out. At a node the program does not take as it expects (an array where
//! a struct's object should be, an array of the wrong length) it stops,
//! and the program reads the tree again from its root through `&Value`'s
//! deserializer ([`super::visited`], see [`read`]): values and errors are
//! that reading's (`tests/plan_programs.rs` holds the two to each other on
//! every paste, on generated values and on values with nodes replaced and
//! keys left out or added).

use std::cell::Cell;

use overhead_schema::Style;
use serde_json::{Map, Value as Json};

use super::containers::distinct_map_value;
use super::converted::{convert_read, run_read_with};
use super::enums::{identifier, repr_variant};
use super::program::{Fields, Op, Program, all_plain};
use super::scalar::{Scalar, read_into};
use super::structs::{Finisher, fill, mark_read, unit_slots};
use super::{dedup, errors};
use crate::key_table::Found;
use crate::plan::{KindPlan, Plan, StructPlan};
use crate::ty::{Int, TypeId};
use crate::value::{Slots, Value};

type Result<T = ()> = std::result::Result<T, serde_json::Error>;

/// Reads a root value from a `serde_json::Value`. When the program meets
/// a node it does not read, it reads the tree again from its root as a
/// visitor reads `&Value`'s deserializer. The nodes before that one read
/// as they would there, without an error, so the second reading gives that
/// reading's value or error; such trees are rare (an array where a
/// struct's object should be, a wrong length), and this reader carries no
/// second reading of them.
pub(crate) fn read(plan: &Plan, program: &Program, json: &Json) -> Result<Value> {
    read_op(plan, program, &program.root, json)
}

/// [`read`], of a value read by `op` (a tagged enum's variant's, from its
/// buffer).
pub(super) fn read_op(plan: &Plan, program: &Program, op: &Op, json: &Json) -> Result<Value> {
    let mut value = Value::Unit;
    let missed = Cell::new(false);
    let run = Run {
        plan,
        program,
        missed: &missed,
    };
    match run.into(op, json, &mut value) {
        Ok(()) => Ok(value),
        Err(_) if missed.get() => super::visited::read_op(plan, program, op, json),
        Err(error) => Err(error),
    }
}

#[derive(Clone, Copy)]
struct Run<'p> {
    plan: &'p Plan,
    program: &'p Program,
    /// Set when the program stops at a node it does not read: its error
    /// is then not the reading's, and a visitor reads the tree.
    missed: &'p Cell<bool>,
}

impl<'p> Run<'p> {
    /// Reads `json` by `op` into `out`, which holds `Unit`.
    #[inline(never)]
    fn into(self, op: &Op, json: &Json, out: &mut Value) -> Result {
        match (op, json) {
            (Op::Scalar(scalar), json) => scalar_into(*scalar, json, out),
            // `&Value` reads `null` as `None` and anything else as `Some`.
            (Op::Option(_), Json::Null) => Ok(()),
            (Op::Option(inner), json) => self.one_into(inner, json, out),
            (Op::Struct(id), Json::Object(map)) => {
                let (fields, s) = self.fields(*id)?;
                let mut slots = unit_slots(s.width);
                self.object_into(*id, s, &fields.ops, json, map, &mut slots)?;
                fill(out, Value::Struct(Slots::plain_if(fields.plain, slots)));
                Ok(())
            }
            // `&Value` hands a newtype struct its node, as it is.
            (Op::Newtype(id) | Op::Transparent(id), json) => {
                let (fields, _) = self.fields(*id)?;
                let op = fields.one().ok_or_else(|| self.miss())?;
                let mut inner = Value::Unit;
                self.one_into(op, json, &mut inner)?;
                fill(out, fields.one_value(inner));
                Ok(())
            }
            (Op::Rows(id), Json::Array(items)) => {
                let (fields, s) = self.fields(*id)?;
                let width = s.width;
                let mut slots = unit_slots(items.len().saturating_mul(width));
                for (index, item) in items.iter().enumerate() {
                    let Json::Object(map) = item else {
                        return Err(self.miss());
                    };
                    let row = &mut slots[index * width..(index + 1) * width];
                    self.object_into(*id, s, &fields.ops, item, map, row)?;
                }
                // Widths are field counts, at most MAX_FIELDS deep in structs.
                fill(
                    out,
                    Value::Rows(width as u32, Slots::plain_if(fields.plain, slots)),
                );
                Ok(())
            }
            // Too many values that take no bytes: the error is a counting reader's.
            (Op::Byteless(seq), Json::Array(items))
                if items.len() <= crate::layout::MAX_BYTELESS_ITEMS =>
            {
                self.into(seq, json, out)
            }
            (Op::Array(len, _), Json::Array(items)) if items.len() != *len => Err(self.miss()),
            (Op::Seq(item) | Op::Array(_, item), Json::Array(items)) => {
                let items = self.items(item, items)?;
                fill(
                    out,
                    Value::Seq(Slots::plain_if(item.holds_no_memory(), items)),
                );
                Ok(())
            }
            (Op::Set { item, sorted }, Json::Array(items)) => {
                let mut items = self.items(item, items)?;
                dedup(&mut items, *sorted);
                fill(
                    out,
                    Value::Seq(Slots::plain_if(item.holds_no_memory(), items)),
                );
                Ok(())
            }
            (Op::Tuple(ops), Json::Array(items)) if items.len() == ops.len() => {
                let mut slots = unit_slots(ops.len());
                for ((op, item), slot) in ops.iter().zip(items).zip(slots.iter_mut()) {
                    self.one_into(op, item, slot)?;
                }
                fill(out, Value::Seq(Slots::plain_if(all_plain(ops), slots)));
                Ok(())
            }
            (Op::Map { value, sorted }, Json::Object(map)) => {
                let mut entries = Vec::with_capacity(map.len().min(4096));
                for (key, json) in map {
                    let mut slot = Value::Unit;
                    self.one_into(value, json, &mut slot)?;
                    entries.push((key.as_str().into(), slot));
                }
                // A `Map`'s keys are distinct: no entry replaces another.
                fill(out, distinct_map_value(entries, *sorted));
                Ok(())
            }
            // An enum's variant is found by name, as serde's derive finds it.
            (Op::Repr(id), json) => match &self.plan.types[*id].kind {
                KindPlan::Enum(e) => {
                    fill(out, repr_variant(e, json)?);
                    Ok(())
                }
                KindPlan::Struct(_) => Err(self.miss()),
            },
            (Op::Identifier(id), json) => match &self.plan.types[*id].kind {
                KindPlan::Enum(e) => {
                    fill(out, identifier(e, json)?);
                    Ok(())
                }
                KindPlan::Struct(_) => Err(self.miss()),
            },
            (Op::Unit, Json::Null) => Ok(()),
            // An enum's variant by its name, as a visitor is handed it.
            (op @ (Op::Tag(_) | Op::Variants(_)), json) => {
                fill(
                    out,
                    super::visited::read_op(self.plan, self.program, op, json)?,
                );
                Ok(())
            }
            // A conversion's error is the visitor reading's to give.
            (Op::Convert(conversion), json) => {
                let mut read = Value::Unit;
                self.one_into(&conversion.source, json, &mut read)?;
                let value = convert_read(self.plan, conversion.id, &conversion.convert, read)
                    .map_err(|_: serde_json::Error| self.miss())?;
                fill(out, value);
                Ok(())
            }
            (Op::Tagged(id), json) => {
                let ty = &self.plan.types[*id];
                let (KindPlan::Enum(e), Some(ops)) =
                    (&ty.kind, self.program.payloads(self.plan, *id, None))
                else {
                    return Err(self.miss());
                };
                fill(out, super::tagged::deserialize(ty, e, ops, json)?);
                Ok(())
            }
            (Op::With(with), json) => {
                let mut read = Value::Unit;
                self.one_into(&with.source, json, &mut read)?;
                let value = run_read_with(self.plan, &with.read_with, &with.ty, read)
                    .map_err(|_: serde_json::Error| self.miss())?;
                fill(out, value);
                Ok(())
            }
            _ => Err(self.miss()),
        }
    }

    /// [`into`](Self::into), with a scalar read here (most values are).
    #[inline(always)]
    fn one_into(self, op: &Op, json: &Json, out: &mut Value) -> Result {
        match op {
            Op::Scalar(scalar) => scalar_into(*scalar, json, out),
            op => self.into(op, json, out),
        }
    }

    /// A struct's object into its slots (`ops` read them, the op at `i`
    /// slot `i`), its entries in the map's order as a visitor reads them,
    /// then the fields left out filled in by the finisher.
    fn object_into(
        self,
        id: TypeId,
        s: &'p StructPlan,
        ops: &[Op],
        json: &Json,
        map: &Map<String, Json>,
        slots: &mut [Value],
    ) -> Result {
        // A struct that flattens buffers the keys it does not know, as
        // only a reading of what the tree hands a visitor can.
        if s.flattens {
            return super::visited::struct_into(self.plan, self.program, id, ops, slots, json);
        }
        // A unit or tuple struct is not read from an object (serde's
        // derive asks for a unit or a sequence): the visitor's reading
        // gives its error.
        if s.style != Style::Named {
            return Err(self.miss());
        }
        let mut seen: u128 = 0;
        // A `Map` hands out its keys sorted: each is most likely the key
        // that sorts after the last one found.
        let mut expected = s.lookup.first_sorted();
        for (key, json) in map {
            let Some(Found { slot: index, entry }) = s.lookup.find_expecting(key, expected) else {
                if s.deny_unknown {
                    return Err(errors::unknown_field(key, s.keys));
                }
                continue;
            };
            expected = s.lookup.sorted_after(entry);
            let field = &s.fields[index];
            mark_read::<serde_json::Error>(&mut seen, field)?;
            let at = field.at;
            match (field.inline, json) {
                (None, json) => self.one_into(&ops[at], json, &mut slots[at])?,
                (Some((child, width)), Json::Object(map)) => {
                    let (ops, slots) = (&ops[at..at + width], &mut slots[at..at + width]);
                    let child_plan = self.plan.struct_plan(child).ok_or_else(|| self.miss())?;
                    self.object_into(child, child_plan, ops, json, map, slots)?
                }
                // An inline struct's fields as an array: a visitor's reading.
                (Some(_), _) => return Err(self.miss()),
            }
        }
        self.finisher(id, s).finish_into(slots, seen)
    }

    /// A node the program does not read as it expects (see [`read`]).
    #[cold]
    #[inline(never)]
    fn miss(self) -> serde_json::Error {
        self.missed.set(true);
        serde::de::Error::custom("a node the plan's program does not read")
    }

    /// What finishes struct `id` once its entries are read.
    fn finisher(self, id: TypeId, s: &'p StructPlan) -> Finisher<'p> {
        Finisher {
            plan: self.plan,
            stop: None,
            root: false,
            s,
            name: self.plan.types[id].ident,
            variant: None,
        }
    }

    /// `items` by `op`, one slot each.
    fn items(self, op: &Op, items: &[Json]) -> Result<Vec<Value>> {
        let mut slots = unit_slots(items.len());
        for (item, slot) in items.iter().zip(slots.iter_mut()) {
            self.one_into(op, item, slot)?;
        }
        Ok(slots)
    }

    /// The ops and the plan of struct `id` (see [`Program::fields`]). The
    /// program's ops name only structs it has ops for: anything else is a
    /// fault of the program, and a visitor reads the tree.
    #[inline]
    fn fields(self, id: TypeId) -> Result<(&'p Fields, &'p StructPlan)> {
        match (self.program.fields(id), self.plan.struct_plan(id)) {
            (Some(fields), Some(s)) => Ok((fields, s)),
            _ => Err(self.miss()),
        }
    }
}

/// A scalar from its node, the common kinds taken from the node as they
/// are (a string, a flag, an integer in its type's range): what serde's
/// `Deserialize` of the type on `&Value` gives them, without its visitor.
/// Every other node, and every error, is that `Deserialize`'s. (Through it,
/// each scalar cost api-payload's `from-value` ~45 instructions.)
#[inline(always)]
fn scalar_into(scalar: Scalar, json: &Json, out: &mut Value) -> Result {
    let value = match (scalar, json) {
        (Scalar::Str, Json::String(text)) => Value::Str(text.as_str().into()),
        (Scalar::Bool, Json::Bool(b)) => Value::Bool(*b),
        (Scalar::Int(int), Json::Number(n)) => match int_in_range(int, n) {
            Some(value) => value,
            None => return read_into(scalar, json, out),
        },
        _ => return read_into(scalar, json, out),
    };
    fill(out, value);
    Ok(())
}

/// `n` as a value of `int`, when it is in `int`'s range (128-bit integers
/// are left to serde's reading).
#[inline(always)]
fn int_in_range(int: Int, n: &serde_json::Number) -> Option<Value> {
    let unsigned = |max: u64| n.as_u64().filter(|&v| v <= max).map(Value::U64);
    let signed = |min: i64, max: i64| {
        n.as_i64()
            .filter(|&v| (min..=max).contains(&v))
            .map(Value::I64)
    };
    match int {
        Int::U8 => unsigned(u8::MAX.into()),
        Int::U16 => unsigned(u16::MAX.into()),
        Int::U32 => unsigned(u32::MAX.into()),
        Int::U64 => unsigned(u64::MAX),
        Int::Usize => unsigned(usize::MAX as u64),
        Int::I8 => signed(i8::MIN.into(), i8::MAX.into()),
        Int::I16 => signed(i16::MIN.into(), i16::MAX.into()),
        Int::I32 => signed(i32::MIN.into(), i32::MAX.into()),
        Int::I64 => signed(i64::MIN, i64::MAX),
        Int::Isize => signed(isize::MIN as i64, isize::MAX as i64),
        Int::U128 | Int::I128 => None,
    }
}
