//! A plan compiled to a writer: for each struct, once, its fields' keys,
//! slots and ops, each op fixed to its field's type, so writing a value is
//! a walk of its slots with the type already known, not the match on
//! (type, value) [`Typed`] makes for every value. It writes what `Typed`
//! writes, call for call (`tests/plan_programs.rs` holds the bytes and
//! the JSON of the two to each other); a struct it has no fields for (one
//! that flattens, is transparent, or skips a field) is written by `Typed`.

use overhead_schema::Style;
use serde::ser::{Error as _, SerializeSeq, SerializeStruct, SerializeTuple, SerializeTupleStruct};
use serde::{Serialize, Serializer};

use super::{Typed, mismatch, serialize_struct, write_int};
use crate::plan::{KindPlan, Plan, StructPlan};
use crate::ty::{Int, Ty, TypeId};
use crate::value::Value;

/// The writer of a plan's root type and of each struct that has fields here.
pub(crate) struct Writer {
    root: Op,
    /// By type: a struct's fields, `None` for every other type and for a
    /// struct `Typed` writes.
    structs: Vec<Option<Struct>>,
}

/// How one value is written.
pub(super) enum Op {
    Int(Int),
    F32,
    F64,
    Bool,
    Char,
    Str,
    Option(Box<Op>),
    /// A struct, as `Value::Struct`.
    Struct(TypeId),
    /// A `Vec` of a struct laid out in rows.
    Rows(TypeId),
    /// A `Vec` or a set: a sequence of known length.
    Seq(Box<Op>),
    /// `[T; N]`: a tuple.
    Array(Box<Op>),
    Tuple(Box<[Op]>),
    /// An externally tagged enum of unit variants.
    Tag(TypeId),
    /// Written by `Typed`.
    Typed(Ty),
}

pub(super) struct Struct {
    /// The name serde gives the type.
    name: &'static str,
    /// Named fields (`serialize_struct`) or positional ones (`serialize_tuple_struct`).
    pub(super) named: bool,
    /// Whether every step writes a scalar, from the slot at its own
    /// position: such a struct is written by [`write_scalars`], one loop
    /// over steps and slots side by side (no bound checked per field, no
    /// call back into the writer), and rows of it or a struct of it laid
    /// out inline go there without `write_struct`'s lookup.
    pub(super) scalars: bool,
    /// Its fields, in the plan's order (a step's position is its field's).
    pub(super) steps: Box<[Step]>,
    /// What the `Code::Op` steps write.
    pub(super) ops: Box<[Op]>,
}

/// One field's write: its key, its slot and its code, all fixed when the
/// writer is built, so writing it is one jump on `code` and a check of the
/// value's variant (an explicit tag each: no niche to decode, no box to
/// follow for a scalar).
#[derive(Clone, Copy)]
pub(super) struct Step {
    key: &'static str,
    pub(super) at: u32,
    pub(super) code: Code,
}

#[derive(Clone, Copy)]
pub(super) enum Code {
    /// An integer from a `Value::U64`, other than a `u8`: written as a
    /// `u64` (postcard's varint and the text formats' digits are the same
    /// number at any width; see `write_int`).
    Unsigned,
    /// The same from a `Value::I64`, other than an `i8`.
    Signed,
    U8,
    I8,
    F32,
    F64,
    Bool,
    Str,
    /// Anything else: `ops[i]`.
    Op(u32),
    /// A struct laid out inline: its type and width.
    Inline(u32, u32),
}

impl Writer {
    /// The writer of `plan`, for values of type `root`.
    pub(crate) fn new(plan: &Plan, root: &Ty) -> Writer {
        Writer {
            root: op_of(plan, root),
            structs: (0..plan.types.len())
                .map(|id| struct_of(plan, id))
                .collect(),
        }
    }

    /// A root value, ready for any serde serializer.
    pub(crate) fn root<'a>(&'a self, plan: &'a Plan, value: &'a Value) -> impl Serialize + 'a {
        self.at(plan, &self.root, value)
    }

    /// The op of the root type.
    pub(super) fn root_op(&self) -> &Op {
        &self.root
    }

    /// Struct `id`'s fields, when it has named ones here.
    #[inline]
    pub(super) fn named_struct(&self, id: TypeId) -> Option<&Struct> {
        match self.structs.get(id) {
            Some(Some(st)) if st.named => Some(st),
            _ => None,
        }
    }

    /// A struct's slots with its type, ready for any serde serializer.
    pub(super) fn slots<'a>(
        &'a self,
        plan: &'a Plan,
        id: TypeId,
        slots: &'a [Value],
    ) -> impl Serialize + 'a {
        Slots {
            writer: self,
            plan,
            id,
            slots,
        }
    }
}

fn op_of(plan: &Plan, ty: &Ty) -> Op {
    let boxed = |ty: &Ty| Box::new(op_of(plan, ty));
    match ty {
        Ty::Int(int) | Ty::NonZero(int) => Op::Int(*int),
        Ty::F32 => Op::F32,
        Ty::F64 => Op::F64,
        Ty::Bool => Op::Bool,
        Ty::Char => Op::Char,
        Ty::Str | Ty::Text(_) | Ty::Trimmed | Ty::Borrowed => Op::Str,
        Ty::Option(inner) => Op::Option(boxed(inner)),
        Ty::Seq(item) => match (crate::layout::rows_of(plan, item), &**item) {
            (Some(_), Ty::Named(id)) => Op::Rows(*id),
            _ => Op::Seq(boxed(item)),
        },
        Ty::Set { item, .. } => Op::Seq(boxed(item)),
        Ty::Array(_, item) => Op::Array(boxed(item)),
        Ty::Tuple(items) => Op::Tuple(items.iter().map(|ty| op_of(plan, ty)).collect()),
        Ty::Named(id) => match &plan.types[*id].kind {
            KindPlan::Struct(_) => Op::Struct(*id),
            KindPlan::Enum(e)
                if e.repr.is_none()
                    && e.tagging == overhead_schema::Tagging::External
                    && e.variants.iter().all(|v| v.style == Style::Unit) =>
            {
                Op::Tag(*id)
            }
            KindPlan::Enum(_) => Op::Typed(ty.clone()),
        },
        Ty::Unit | Ty::Map { .. } | Ty::Json => Op::Typed(ty.clone()),
    }
}

/// The fields of struct `id`, when it writes every field, as itself.
fn struct_of(plan: &Plan, id: TypeId) -> Option<Struct> {
    let s: &StructPlan = plan.struct_plan(id)?;
    let named = match s.style {
        Style::Named => true,
        Style::Tuple => false,
        Style::Unit | Style::Newtype => return None,
    };
    if s.transparent.is_some() || s.flattens || s.ser_len != Some(s.fields.len()) {
        return None;
    }
    let mut ops = Vec::new();
    let mut steps = Vec::with_capacity(s.fields.len());
    for f in &s.fields {
        let code = match f.inline {
            Some((child, width)) => {
                Code::Inline(u32::try_from(child).ok()?, u32::try_from(width).ok()?)
            }
            // A tuple struct's fields are written by `Write` (its loop
            // has no per-scalar arms of its own).
            None if !named => {
                ops.push(op_of(plan, &f.ty));
                Code::Op(u32::try_from(ops.len() - 1).ok()?)
            }
            None => match op_of(plan, &f.ty) {
                Op::Int(Int::U8) => Code::U8,
                Op::Int(Int::I8) => Code::I8,
                Op::Int(int) if int.is_signed() => Code::Signed,
                Op::Int(_) => Code::Unsigned,
                Op::F32 => Code::F32,
                Op::F64 => Code::F64,
                Op::Bool => Code::Bool,
                Op::Str => Code::Str,
                op => {
                    ops.push(op);
                    Code::Op(u32::try_from(ops.len() - 1).ok()?)
                }
            },
        };
        steps.push(Step {
            key: f.ser_key,
            at: u32::try_from(f.at).ok()?,
            code,
        });
    }
    Some(Struct {
        name: plan.types[id].name,
        named,
        scalars: ops.is_empty()
            && steps
                .iter()
                .enumerate()
                .all(|(k, s)| s.at as usize == k && !matches!(s.code, Code::Inline(..))),
        steps: steps.into(),
        ops: ops.into(),
    })
}

/// Writes `items`, each by `item`, through `$out.$write(…)`: a sequence of
/// scalars with the scalar's own `Serialize` (the op is the same for every
/// item, so it is looked at once), anything else by [`Write`].
macro_rules! write_items {
    ($out:ident, $write:ident, $item:expr, $items:expr, $at:expr) => {
        match $item {
            Op::Int(int) if !matches!(int, Int::U8 | Int::I8) => {
                for v in $items.iter() {
                    match v {
                        Value::U64(n) => $out.$write(n)?,
                        Value::I64(n) => $out.$write(n)?,
                        v => $out.$write(&$at($item, v))?,
                    }
                }
            }
            Op::F64 => {
                for v in $items.iter() {
                    match v {
                        Value::F64(f) => $out.$write(f)?,
                        v => $out.$write(&$at($item, v))?,
                    }
                }
            }
            Op::Str => {
                for v in $items.iter() {
                    match v {
                        Value::Str(text) => $out.$write(&**text)?,
                        v => $out.$write(&$at($item, v))?,
                    }
                }
            }
            item => {
                for v in $items.iter() {
                    $out.$write(&$at(item, v))?;
                }
            }
        }
    };
}

/// A value with its op.
pub(super) struct Write<'a> {
    writer: &'a Writer,
    plan: &'a Plan,
    op: &'a Op,
    value: &'a Value,
}

impl Serialize for Write<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Write {
            writer,
            plan,
            op,
            value,
        } = *self;
        let at = |op, value| Write {
            writer,
            plan,
            op,
            value,
        };
        match (op, value) {
            (Op::Int(int), Value::U64(n)) if *int != Int::U8 => s.serialize_u64(*n),
            (Op::Int(int), Value::I64(n)) if *int != Int::I8 => s.serialize_i64(*n),
            (Op::Int(int), value) => write_int(*int, value, s),
            (Op::F32, Value::F64(f)) => s.serialize_f32(*f as f32),
            (Op::F64, Value::F64(f)) => s.serialize_f64(*f),
            (Op::Bool, Value::Bool(b)) => s.serialize_bool(*b),
            (Op::Char, Value::Char(c)) => s.serialize_char(*c),
            (Op::Str, Value::Str(text)) => s.serialize_str(text),
            (Op::Option(_), Value::Unit) => s.serialize_none(),
            (Op::Option(inner), value) => s.serialize_some(&at(inner, value)),
            (Op::Struct(id), Value::Struct(slots)) => writer.write_struct(plan, *id, slots, s),
            (Op::Rows(id), Value::Rows(..)) => {
                let Some(rows) = value.rows() else {
                    return Err(mismatch());
                };
                let mut seq = s.serialize_seq(Some(rows.len()))?;
                if let Some(st) = writer.scalars(*id) {
                    for slots in rows {
                        seq.serialize_element(&Scalars {
                            plan,
                            id: *id,
                            st,
                            slots,
                        })?;
                    }
                } else {
                    for slots in rows {
                        seq.serialize_element(&Slots {
                            writer,
                            plan,
                            id: *id,
                            slots,
                        })?;
                    }
                }
                seq.end()
            }
            // A `Vec` of a struct in rows made some other way (one value each).
            (Op::Rows(id), Value::Seq(items)) => {
                let item = Op::Struct(*id);
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for v in items {
                    seq.serialize_element(&at(&item, v))?;
                }
                seq.end()
            }
            (Op::Seq(item), Value::Seq(items)) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                write_items!(seq, serialize_element, &**item, items, at);
                seq.end()
            }
            (Op::Array(item), Value::Seq(items)) => {
                let mut tuple = s.serialize_tuple(items.len())?;
                write_items!(tuple, serialize_element, &**item, items, at);
                tuple.end()
            }
            (Op::Tuple(ops), Value::Seq(items)) => {
                let mut tuple = s.serialize_tuple(items.len())?;
                for (op, v) in ops.iter().zip(items) {
                    tuple.serialize_element(&at(op, v))?;
                }
                tuple.end()
            }
            (Op::Tag(id), value) => {
                let t = &plan.types[*id];
                let (KindPlan::Enum(e), Some((index, _))) = (&t.kind, value.as_variant()) else {
                    return Err(S::Error::custom("not an enum's value"));
                };
                let Some(variant) = e.variants.get(index as usize) else {
                    return Err(S::Error::custom("variant out of range"));
                };
                s.serialize_unit_variant(t.name, index, variant.name)
            }
            (Op::Typed(ty), value) => Typed { plan, ty, value }.serialize(s),
            _ => Err(mismatch()),
        }
    }
}

impl Writer {
    /// A struct's slots (its value's, a row, or laid out inline), written
    /// by its fields here, or by `Typed`'s code when it has none.
    fn write_struct<S: Serializer>(
        &self,
        plan: &Plan,
        id: TypeId,
        slots: &[Value],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let Some(Some(st)) = self.structs.get(id) else {
            let (Some(sp), ty) = (plan.struct_plan(id), &plan.types[id]) else {
                return Err(mismatch());
            };
            return serialize_struct(plan, ty.name, sp, slots, s);
        };
        if !st.named {
            let mut ts = s.serialize_tuple_struct(st.name, slots.len())?;
            for (step, v) in st.steps.iter().zip(slots) {
                match step.code {
                    Code::Op(i) => ts.serialize_field(&self.at(plan, &st.ops[i as usize], v))?,
                    _ => return Err(mismatch()),
                }
            }
            return ts.end();
        }
        let mut out = s.serialize_struct(st.name, st.steps.len())?;
        if st.scalars {
            write_scalars(plan, id, &st.steps, slots, &mut out)?;
            return out.end();
        }
        for (k, step) in st.steps.iter().enumerate() {
            let at = step.at as usize;
            match step.code {
                Code::Op(i) => {
                    let v = slots.get(at).unwrap_or(Value::unit());
                    out.serialize_field(step.key, &self.at(plan, &st.ops[i as usize], v))?
                }
                Code::Inline(child, width) => {
                    let (id, slots) = (
                        child as TypeId,
                        slots.get(at..at + width as usize).unwrap_or(&[]),
                    );
                    match self.scalars(id) {
                        Some(st) => out.serialize_field(
                            step.key,
                            &Scalars {
                                plan,
                                id,
                                st,
                                slots,
                            },
                        )?,
                        None => out.serialize_field(
                            step.key,
                            &Slots {
                                writer: self,
                                plan,
                                id,
                                slots,
                            },
                        )?,
                    }
                }
                _ => write_scalar(
                    plan,
                    id,
                    k,
                    step,
                    slots.get(at).unwrap_or(Value::unit()),
                    &mut out,
                )?,
            }
        }
        out.end()
    }

    /// Struct `id`'s fields, when it has named fields here, all scalars.
    #[inline]
    fn scalars(&self, id: TypeId) -> Option<&Struct> {
        match self.structs.get(id) {
            Some(Some(st)) if st.scalars && st.named => Some(st),
            _ => None,
        }
    }

    pub(super) fn at<'a>(&'a self, plan: &'a Plan, op: &'a Op, value: &'a Value) -> Write<'a> {
        Write {
            writer: self,
            plan,
            op,
            value,
        }
    }
}

/// The fields of a struct of scalars (`Struct::scalars`) into `out`.
#[inline]
fn write_scalars<O: SerializeStruct>(
    plan: &Plan,
    id: TypeId,
    steps: &[Step],
    slots: &[Value],
    out: &mut O,
) -> Result<(), O::Error> {
    // Each field's slot is its position (`Struct::scalars`): read side by
    // side, with no bound to check per field.
    let Some(slots) = slots.get(..steps.len()) else {
        return write_short(plan, id, steps, slots, out);
    };
    for (k, (step, v)) in steps.iter().zip(slots).enumerate() {
        write_scalar(plan, id, k, step, v, out)?;
    }
    Ok(())
}

/// Field `k` of struct `id`, a scalar's step, into `out`: the value by its
/// own type's `Serialize`, or, for a value its code does not expect (one
/// the decoder never makes), by `Typed`, out of line.
#[inline(always)]
fn write_scalar<O: SerializeStruct>(
    plan: &Plan,
    id: TypeId,
    k: usize,
    step: &Step,
    v: &Value,
    out: &mut O,
) -> Result<(), O::Error> {
    let key = step.key;
    match (step.code, v) {
        (Code::Unsigned, Value::U64(n)) => out.serialize_field(key, n),
        (Code::Signed, Value::I64(n)) => out.serialize_field(key, n),
        (Code::U8, Value::U64(n)) if *n <= u8::MAX as u64 => out.serialize_field(key, &(*n as u8)),
        (Code::I8, Value::I64(n)) if i8::try_from(*n).is_ok() => {
            out.serialize_field(key, &(*n as i8))
        }
        (Code::F32, Value::F64(f)) => out.serialize_field(key, &(*f as f32)),
        (Code::F64, Value::F64(f)) => out.serialize_field(key, f),
        (Code::Bool, Value::Bool(b)) => out.serialize_field(key, b),
        (Code::Str, Value::Str(text)) => out.serialize_field(key, &**text),
        _ => write_odd(plan, id, k, step, v, out),
    }
}

/// What [`write_scalar`] does not write inline: a value its code does not
/// expect (never one the decoder made), by `Typed`.
#[cold]
#[inline(never)]
fn write_odd<O: SerializeStruct>(
    plan: &Plan,
    id: TypeId,
    k: usize,
    step: &Step,
    value: &Value,
    out: &mut O,
) -> Result<(), O::Error> {
    out.serialize_field(step.key, &Field { plan, id, k, value })
}

/// A struct of scalars short of a slot (never one the decoder made): its
/// fields up to the first missing one, which fails, as `Typed` fails on a
/// scalar that is `Unit`.
#[cold]
#[inline(never)]
fn write_short<O: SerializeStruct>(
    plan: &Plan,
    id: TypeId,
    steps: &[Step],
    slots: &[Value],
    out: &mut O,
) -> Result<(), O::Error> {
    for (k, (step, value)) in steps.iter().zip(slots).enumerate() {
        out.serialize_field(step.key, &Field { plan, id, k, value })?;
    }
    Err(mismatch())
}

/// Field `k` of struct `id` with its value, written by `Typed`.
pub(super) struct Field<'a> {
    plan: &'a Plan,
    id: TypeId,
    k: usize,
    value: &'a Value,
}

impl<'a> Field<'a> {
    pub(super) fn new(plan: &'a Plan, id: TypeId, k: usize, value: &'a Value) -> Field<'a> {
        Field { plan, id, k, value }
    }
}

impl Serialize for Field<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Field {
            plan, id, k, value, ..
        } = *self;
        match plan.struct_plan(id).and_then(|sp| sp.fields.get(k)) {
            Some(f) => Typed {
                plan,
                ty: &f.ty,
                value,
            }
            .serialize(s),
            None => Err(mismatch()),
        }
    }
}

/// A struct's slots with its type.
struct Slots<'a> {
    writer: &'a Writer,
    plan: &'a Plan,
    id: TypeId,
    slots: &'a [Value],
}

impl Serialize for Slots<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.writer.write_struct(self.plan, self.id, self.slots, s)
    }
}

/// A struct of scalars' slots with its fields ([`Writer::scalars`]): written
/// by a loop that calls nothing of the writer, so it is inlined where it is
/// written.
struct Scalars<'a> {
    plan: &'a Plan,
    id: TypeId,
    st: &'a Struct,
    slots: &'a [Value],
}

impl Serialize for Scalars<'_> {
    #[inline]
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Scalars {
            plan,
            id,
            st,
            slots,
        } = *self;
        let mut out = s.serialize_struct(st.name, st.steps.len())?;
        write_scalars(plan, id, &st.steps, slots, &mut out)?;
        out.end()
    }
}
