//! postcard, read by the plan's [`Program`]: each op reads its value with
//! postcard's own deserializer, by the value's concrete type, where postcard
//! writes it (a struct is its fields one after another, a sequence its
//! length then its items, an enum its variant's position, an `Option` a tag
//! byte). Nothing goes through a visitor but a struct that flattens and
//! a tagged enum (which postcard refuses, as serde's derive does).
//!
//! Each read is the one serde's `Deserialize` of that type makes on
//! postcard's deserializer, so values and errors are those of the general
//! reader ([`super::visited`]) on a `postcard::Deserializer`
//! (`tests/plan_programs.rs` holds the two to each other on truncated
//! and corrupted bytes).

use postcard::Deserializer;
use postcard::de_flavors::Flavor;
use serde::Deserialize;
use serde::de::{Error as _, Unexpected};

use super::containers::{insert_entry, map_value};
use super::converted::{convert_read, run_read_with};
use super::dedup;
use super::enums::{identifier, repr_variant};
use super::program::{Fields, Op, Program, all_plain};
use super::scalar::read_scalar_into;
use super::structs::{fill, unit_slots};
use crate::plan::{KindPlan, Plan};
use crate::ty::TypeId;
use crate::value::{Slots, Value};
use overhead_schema::Style;

type Result<T> = std::result::Result<T, postcard::Error>;

/// The most slots a sequence allocates before its items are read: its
/// length is the input's word (see `RowsVisitor`).
const MAX_PREALLOCATED: usize = (1 << 20) / std::mem::size_of::<Value>();

/// Reads a root value from postcard bytes (what follows it is left unread,
/// as `postcard::from_bytes` leaves it).
pub(crate) fn read(plan: &Plan, program: &Program, bytes: &[u8]) -> Result<Value> {
    let mut d = Deserializer::from_bytes(bytes);
    let mut value = Value::Unit;
    Run { plan, program }.into(&program.root, &mut d, &mut value)?;
    Ok(value)
}

#[derive(Clone, Copy)]
struct Run<'p> {
    plan: &'p Plan,
    program: &'p Program,
}

impl<'p> Run<'p> {
    /// Reads a value by `op` into `out`, which holds `Unit`.
    #[inline(never)]
    fn into<'de, F: Flavor<'de>>(
        self,
        op: &Op,
        d: &mut Deserializer<'de, F>,
        out: &mut Value,
    ) -> Result<()> {
        match op {
            Op::Scalar(scalar) => read_scalar_into(*scalar, &mut *d, out),
            Op::Option(inner) => match u8::deserialize(&mut *d)? {
                0 => Ok(()),
                1 => self.into(inner, d, out),
                _ => Err(postcard::Error::DeserializeBadOption),
            },
            Op::Struct(id) => {
                let fields = self.fields(*id)?;
                let mut slots = unit_slots(fields.width);
                self.fields_into(*id, fields, d, &mut slots)?;
                fill(out, Value::Struct(Slots::plain_if(fields.plain, slots)));
                Ok(())
            }
            // postcard writes a newtype struct as its field, as serde's
            // `deserialize_newtype_struct` reads it; a transparent struct is
            // its field.
            Op::Newtype(id) | Op::Transparent(id) => {
                let fields = self.fields(*id)?;
                let op = fields.one().ok_or(postcard::Error::SerdeDeCustom)?;
                let mut inner = Value::Unit;
                self.one_into(op, d, &mut inner)?;
                fill(out, fields.one_value(inner));
                Ok(())
            }
            Op::Rows(id) => {
                let fields = self.fields(*id)?;
                let len = len(d)?;
                let width = fields.width;
                let all = len.saturating_mul(width);
                let slots = if all <= MAX_PREALLOCATED {
                    // Every row's slots at once, then each row read into its own.
                    let mut slots = unit_slots(all);
                    for row in slots.chunks_exact_mut(width.max(1)) {
                        self.fields_into(*id, fields, d, row)?;
                    }
                    slots
                } else {
                    // The input's length is its word: room for what is read.
                    let mut slots = Vec::with_capacity(MAX_PREALLOCATED);
                    for _ in 0..len {
                        let start = slots.len();
                        slots.extend(std::iter::repeat_with(|| Value::Unit).take(width));
                        self.fields_into(*id, fields, d, &mut slots[start..])?;
                    }
                    slots
                };
                // Widths are field counts, at most MAX_FIELDS deep in structs.
                fill(
                    out,
                    Value::Rows(width as u32, Slots::plain_if(fields.plain, slots)),
                );
                Ok(())
            }
            Op::Seq(item) => {
                let len = len(d)?;
                let items = self.items(item, len, d)?;
                fill(
                    out,
                    Value::Seq(Slots::plain_if(item.holds_no_memory(), items)),
                );
                Ok(())
            }
            Op::Set { item, sorted } => {
                let len = len(d)?;
                let mut items = self.items(item, len, d)?;
                dedup(&mut items, *sorted);
                fill(
                    out,
                    Value::Seq(Slots::plain_if(item.holds_no_memory(), items)),
                );
                Ok(())
            }
            Op::Array(len, item) => {
                let items = self.items(item, *len, d)?;
                fill(
                    out,
                    Value::Seq(Slots::plain_if(item.holds_no_memory(), items)),
                );
                Ok(())
            }
            Op::Tuple(ops) => {
                let mut items = unit_slots(ops.len());
                for (op, slot) in ops.iter().zip(items.iter_mut()) {
                    self.into(op, d, slot)?;
                }
                fill(out, Value::Seq(Slots::plain_if(all_plain(ops), items)));
                Ok(())
            }
            Op::Map { value, sorted } => {
                // serde's map of postcard: its length, then key, value, key, …
                let len = len(d)?;
                let mut entries = Vec::with_capacity(len.min(4096));
                for _ in 0..len {
                    let key = String::deserialize(&mut *d)?;
                    let mut slot = Value::Unit;
                    self.one_into(value, d, &mut slot)?;
                    insert_entry(&mut entries, key, slot);
                }
                fill(out, map_value(entries, *sorted));
                Ok(())
            }
            Op::Tag(id) => {
                let position = u32::deserialize(&mut *d)?;
                fill(out, Value::Tag(self.variant(*id, position)?));
                Ok(())
            }
            Op::Repr(id) => match &self.plan.types[*id].kind {
                KindPlan::Enum(e) => {
                    fill(out, repr_variant(e, &mut *d)?);
                    Ok(())
                }
                KindPlan::Struct(_) => Err(postcard::Error::SerdeDeCustom),
            },
            Op::Identifier(id) => match &self.plan.types[*id].kind {
                KindPlan::Enum(e) => {
                    fill(out, identifier(e, &mut *d)?);
                    Ok(())
                }
                KindPlan::Struct(_) => Err(postcard::Error::SerdeDeCustom),
            },
            // postcard writes nothing for a unit.
            Op::Unit => Ok(()),
            // serde's enum of postcard: the variant's position, then its
            // payload where the variant is.
            Op::Variants(id) => {
                let position = u32::deserialize(&mut *d)?;
                let index = self.variant(*id, position)?;
                let value = match self.program.newtype(*id, index as usize) {
                    Some(op) => {
                        let mut inner = Value::Unit;
                        self.one_into(op, d, &mut inner)?;
                        Value::variant(index, inner)
                    }
                    None if let Some(ops) = self.program.struct_variant(*id, index as usize) => {
                        self.struct_variant(*id, index, ops, d)?
                    }
                    // A unit variant: nothing follows its position.
                    None => match &self.plan.types[*id].kind {
                        KindPlan::Enum(e)
                            if e.variants
                                .get(index as usize)
                                .is_some_and(|v| v.style == Style::Unit) =>
                        {
                            Value::variant(index, Value::Unit)
                        }
                        _ => return Err(postcard::Error::SerdeDeCustom),
                    },
                };
                fill(out, value);
                Ok(())
            }
            // postcard writes nothing for it.
            Op::Skipped(value) => {
                fill(out, Value::clone(value));
                Ok(())
            }
            Op::Byteless(seq) => self.byteless(seq, d, out),
            op @ (Op::Convert(..) | Op::Tagged(_) | Op::With(_) | Op::Missing(_)) => {
                fill(out, self.rare(op, d)?);
                Ok(())
            }
        }
    }

    /// The ops few values have (conversions, tagged enums, the paste's
    /// `deserialize_with`), out of line: in `into`, which reads
    /// every struct and sequence, they cost its every call.
    #[inline(never)]
    fn rare<'de, F: Flavor<'de>>(self, op: &Op, d: &mut Deserializer<'de, F>) -> Result<Value> {
        match op {
            Op::Convert(conversion) => {
                let mut read = Value::Unit;
                self.into(&conversion.source, d, &mut read)?;
                convert_read(self.plan, conversion.id, &conversion.convert, read)
            }
            // postcard cannot buffer a value (it does not describe itself):
            // the reading refuses it, as serde's does.
            Op::Tagged(id) => {
                let ty = &self.plan.types[*id];
                let (KindPlan::Enum(e), Some(ops)) =
                    (&ty.kind, self.program.payloads(self.plan, *id, None))
                else {
                    return Err(postcard::Error::SerdeDeCustom);
                };
                super::tagged::deserialize(ty, e, ops, &mut *d)
            }
            Op::With(with) => {
                let mut read = Value::Unit;
                self.into(&with.source, d, &mut read)?;
                run_read_with(self.plan, &with.read_with, &with.ty, read)
            }
            _ => Err(postcard::Error::SerdeDeCustom),
        }
    }

    /// A `Seq`, `Set`, `Array` or `Rows` (`op`) of values that take no
    /// bytes, into `out`: its items read up to the one past
    /// `MAX_BYTELESS_ITEMS`, as a counting reader reads them, then refused
    /// if the length says more (an item's own error comes first).
    #[inline(never)]
    fn byteless<'de, F: Flavor<'de>>(
        self,
        op: &Op,
        d: &mut Deserializer<'de, F>,
        out: &mut Value,
    ) -> Result<()> {
        let most = crate::layout::MAX_BYTELESS_ITEMS;
        let len = match op {
            Op::Array(len, _) => *len,
            _ => len(d)?,
        };
        let read = len.min(most + 1);
        let value = match op {
            Op::Rows(id) => {
                let fields = self.fields(*id)?;
                let width = fields.width;
                let mut slots =
                    Vec::with_capacity(read.saturating_mul(width).min(MAX_PREALLOCATED));
                for _ in 0..read {
                    let start = slots.len();
                    slots.extend(std::iter::repeat_with(|| Value::Unit).take(width));
                    self.fields_into(*id, fields, d, &mut slots[start..])?;
                }
                // Widths are field counts, at most MAX_FIELDS deep in structs.
                Value::Rows(width as u32, Slots::plain_if(fields.plain, slots))
            }
            Op::Seq(item) | Op::Array(_, item) | Op::Set { item, .. } => {
                let mut items = self.items(item, read, d)?;
                if let Op::Set { sorted, .. } = op {
                    dedup(&mut items, *sorted);
                }
                Value::Seq(Slots::plain_if(item.holds_no_memory(), items))
            }
            _ => return Err(postcard::Error::SerdeDeCustom),
        };
        if len > most {
            return Err(super::errors::too_many_byteless());
        }
        fill(out, value);
        Ok(())
    }

    /// [`into`](Self::into), with a scalar read here: most values are
    /// scalars, and entering `into` (which holds every other op) cost more
    /// than reading one.
    #[inline(always)]
    fn one_into<'de, F: Flavor<'de>>(
        self,
        op: &Op,
        d: &mut Deserializer<'de, F>,
        out: &mut Value,
    ) -> Result<()> {
        match op {
            Op::Scalar(scalar) => read_scalar_into(*scalar, &mut *d, out),
            op => self.into(op, d, out),
        }
    }

    /// Reads a struct's fields into its slots, in order (the program lays
    /// them out so: the op at `i` reads slot `i`).
    #[inline(always)]
    fn fields_into<'de, F: Flavor<'de>>(
        self,
        id: TypeId,
        fields: &Fields,
        d: &mut Deserializer<'de, F>,
        slots: &mut [Value],
    ) -> Result<()> {
        if fields.flattens {
            return self.flattened(id, fields, d, slots);
        }
        self.in_order(&fields.ops, d, slots)
    }

    /// Values one after another, as postcard writes a struct's fields or
    /// a struct variant's: the op at `i` into slot `i`.
    #[inline(always)]
    fn in_order<'de, F: Flavor<'de>>(
        self,
        ops: &[Op],
        d: &mut Deserializer<'de, F>,
        slots: &mut [Value],
    ) -> Result<()> {
        for (op, slot) in ops.iter().zip(slots.iter_mut()) {
            self.one_into(op, d, slot)?;
        }
        Ok(())
    }

    /// Struct variant `index` of enum `id`: its fields, in order, by `ops`.
    #[inline(never)]
    fn struct_variant<'de, F: Flavor<'de>>(
        self,
        id: TypeId,
        index: u32,
        ops: &[Op],
        d: &mut Deserializer<'de, F>,
    ) -> Result<Value> {
        let KindPlan::Enum(e) = &self.plan.types[id].kind else {
            return Err(postcard::Error::SerdeDeCustom);
        };
        let Some(variant) = e.variants.get(index as usize) else {
            return Err(postcard::Error::SerdeDeCustom);
        };
        let s = &variant.fields;
        if s.flattens {
            let value = super::visited::struct_variant_of(self.plan, self.program, id, s, ops, d)?;
            return Ok(Value::variant(index, value));
        }
        let mut slots = unit_slots(ops.len());
        self.in_order(ops, d, &mut slots)?;
        Ok(Value::variant(
            index,
            Value::Struct(Slots::plain_if(s.plain, slots)),
        ))
    }

    /// A struct that flattens (or holds one inline): a map, as serde
    /// writes one, read as [`super::visited`] reads a map's keys and
    /// values (its keys are buffered, as only a visitor's reading can).
    #[cold]
    #[inline(never)]
    fn flattened<'de, F: Flavor<'de>>(
        self,
        id: TypeId,
        fields: &Fields,
        d: &mut Deserializer<'de, F>,
        slots: &mut [Value],
    ) -> Result<()> {
        super::visited::struct_into(self.plan, self.program, id, &fields.ops, slots, &mut *d)
    }

    /// `len` items by `op`.
    fn items<'de, F: Flavor<'de>>(
        self,
        op: &Op,
        len: usize,
        d: &mut Deserializer<'de, F>,
    ) -> Result<Vec<Value>> {
        let mut items = Vec::with_capacity(len.min(4096));
        for _ in 0..len {
            items.push(Value::Unit);
            if let Some(slot) = items.last_mut() {
                self.one_into(op, d, slot)?;
            }
        }
        Ok(items)
    }

    /// The ops of struct `id` (see [`Program::fields`]).
    #[inline]
    fn fields(self, id: TypeId) -> Result<&'p Fields> {
        self.program
            .fields(id)
            .ok_or(postcard::Error::SerdeDeCustom)
    }

    /// The index of the variant of enum `id` at `position` among those that
    /// decode (or its `#[serde(other)]` variant), as serde's derive finds it.
    fn variant(self, id: TypeId, position: u32) -> Result<u32> {
        let KindPlan::Enum(e) = &self.plan.types[id].kind else {
            return Err(postcard::Error::SerdeDeCustom);
        };
        match e.by_position.get(position as usize).copied().or(e.other) {
            Some(index) => Ok(index as u32),
            None => Err(unknown_position(position)),
        }
    }
}

/// serde's error for a variant index out of range (postcard keeps its kind
/// only).
#[cold]
fn unknown_position(position: u32) -> postcard::Error {
    postcard::Error::invalid_value(Unexpected::Unsigned(position.into()), &"variant identifier")
}

/// A sequence's length, as postcard writes a `usize`.
#[inline(always)]
fn len<'de, F: Flavor<'de>>(d: &mut Deserializer<'de, F>) -> Result<usize> {
    // postcard reads a length as a varint of the target's `usize` width.
    #[cfg(target_pointer_width = "64")]
    let len = u64::deserialize(&mut *d)? as usize;
    #[cfg(target_pointer_width = "32")]
    let len = u32::deserialize(&mut *d)? as usize;
    #[cfg(target_pointer_width = "16")]
    let len = u16::deserialize(&mut *d)? as usize;
    Ok(len)
}
