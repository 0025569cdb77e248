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
enum Op {
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

struct Struct {
    /// The name serde gives the type.
    name: &'static str,
    /// Named fields (`serialize_struct`) or positional ones (`serialize_tuple_struct`).
    named: bool,
    fields: Box<[Field]>,
}

struct Field {
    key: &'static str,
    at: usize,
    write: FieldWrite,
}

enum FieldWrite {
    One(Op),
    /// A struct laid out inline: its type and width.
    Inline(TypeId, usize),
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
    let fields = s
        .fields
        .iter()
        .map(|f| Field {
            key: f.ser_key,
            at: f.at,
            write: match f.inline {
                Some((child, width)) => FieldWrite::Inline(child, width),
                None => FieldWrite::One(op_of(plan, &f.ty)),
            },
        })
        .collect();
    Some(Struct {
        name: plan.types[id].name,
        named,
        fields,
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
struct Write<'a> {
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
                for slots in rows {
                    seq.serialize_element(&Slots {
                        writer,
                        plan,
                        id: *id,
                        slots,
                    })?;
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
            for (field, v) in st.fields.iter().zip(slots) {
                match &field.write {
                    FieldWrite::One(op) => ts.serialize_field(&self.at(plan, op, v))?,
                    FieldWrite::Inline(..) => return Err(mismatch()),
                }
            }
            return ts.end();
        }
        let mut out = s.serialize_struct(st.name, st.fields.len())?;
        for field in st.fields.iter() {
            match &field.write {
                FieldWrite::One(op) => {
                    let v = slots.get(field.at).unwrap_or(Value::unit());
                    let key = field.key;
                    // A scalar written here, by its own type's `Serialize`:
                    // entering `Write` (which holds every op) cost more than
                    // writing one.
                    match (op, v) {
                        (Op::Int(int), Value::U64(n)) if *int != Int::U8 => {
                            out.serialize_field(key, n)?
                        }
                        (Op::Int(int), Value::I64(n)) if *int != Int::I8 => {
                            out.serialize_field(key, n)?
                        }
                        (Op::F32, Value::F64(f)) => out.serialize_field(key, &(*f as f32))?,
                        (Op::F64, Value::F64(f)) => out.serialize_field(key, f)?,
                        (Op::Bool, Value::Bool(b)) => out.serialize_field(key, b)?,
                        (Op::Str, Value::Str(text)) => out.serialize_field(key, &**text)?,
                        (op, v) => out.serialize_field(key, &self.at(plan, op, v))?,
                    }
                }
                FieldWrite::Inline(child, width) => {
                    let inline = slots.get(field.at..field.at + width).unwrap_or(&[]);
                    out.serialize_field(
                        field.key,
                        &Slots {
                            writer: self,
                            plan,
                            id: *child,
                            slots: inline,
                        },
                    )?;
                }
            }
        }
        out.end()
    }

    fn at<'a>(&'a self, plan: &'a Plan, op: &'a Op, value: &'a Value) -> Write<'a> {
        Write {
            writer: self,
            plan,
            op,
            value,
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
