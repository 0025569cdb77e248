//! A plan compiled to a program: for each struct, once, the reads of its
//! fields in the order a sequence format writes them, each op fixed to its
//! field's type and slot. A format's reader ([`super::postcard`]) runs the
//! program with the format's own deserializer, so a field costs a read of
//! its concrete type and a store, not a walk through the plan and serde's
//! visitor layers on every value (which is where the interpreter spent 3–4×
//! compiled code's instructions on a postcard decode).
//!
//! Whatever has no op here (maps, tagged enums, conversions, flatten, a
//! struct with skipped fields) is read by the plan's [`Seed`](super::Seed)
//! with the same deserializer: the program decides only how, never what,
//! is read, and reads to the same `Value` and the same errors.

use overhead_schema::{Style, Tagging};

use super::ScalarRead;
use super::scalar::Scalar;
use crate::plan::{KindPlan, Plan, StructPlan};
use crate::ty::{Ty, TypeId};

/// The ops of a plan's root type and of each struct that has them.
pub(crate) struct Program {
    pub(super) root: Op,
    /// A sequence of root values (seed 003's workload).
    pub(super) many: Op,
    /// By type: a struct's fields as ops, `None` for every other type and
    /// for a struct read by the seed.
    pub(super) structs: Vec<Option<Fields>>,
}

/// How one value is read into its slot.
pub(super) enum Op {
    /// A number, a `bool`, a `char` or a `String`.
    Scalar(Scalar),
    /// An `Option`: a tag, then the value.
    Option(Box<Op>),
    /// A struct whose fields have ops, as `Value::Struct`.
    Struct(TypeId),
    /// A `Vec` of a struct laid out in rows, each read by the struct's ops.
    Rows(TypeId),
    /// `Vec` and its kin.
    Seq(Box<Op>),
    /// A set: read as a sequence, then deduplicated (and sorted) as serde's are.
    Set { item: Box<Op>, sorted: bool },
    /// `[T; N]`.
    Array(usize, Box<Op>),
    /// A tuple's items, in order.
    Tuple(Box<[Op]>),
    /// An externally tagged enum of unit variants: its variant, by position.
    Tag(TypeId),
    /// Read by the plan's seed.
    Seed(Ty),
}

impl Op {
    /// Whether the values this op reads never own memory (numbers, `bool`,
    /// `char`, a unit variant's tag): slots of nothing else are
    /// [plain](crate::value::Slots::plain), freed without a look at each.
    pub(super) fn holds_no_memory(&self) -> bool {
        match self {
            // Of the scalars only a string owns memory (as
            // `layout::holds_no_memory` says of their types); a match here
            // stays inline where a sequence is read.
            Op::Scalar(scalar) => *scalar != Scalar::Str,
            Op::Tag(_) => true,
            _ => false,
        }
    }
}

/// Whether a tuple's slots read by `ops` are plain (see [`Op::holds_no_memory`]).
pub(super) fn all_plain(ops: &[Op]) -> bool {
    ops.iter().all(Op::holds_no_memory)
}

/// A struct's fields, in the order they are read, which is their slots'
/// order (a struct laid out inline lends its own fields, at their slots in
/// its parent's): the op at `i` reads slot `i`. And how many slots a value
/// takes, and whether its slots are plain.
pub(super) struct Fields {
    pub(super) width: usize,
    pub(super) ops: Box<[Op]>,
    pub(super) plain: bool,
}

impl Program {
    /// The program of `plan`, for values of type `root`.
    pub(crate) fn new(plan: &Plan, root: &Ty, many: &Ty) -> Program {
        let structs: Vec<Option<Fields>> = (0..plan.types.len())
            .map(|id| struct_fields(plan, id))
            .collect();
        // Ops were built before it was known which structs have ops of
        // their own: each `Struct` or `Rows` of one that has none is read
        // by the seed.
        let has_ops: Vec<bool> = structs.iter().map(Option::is_some).collect();
        let mut program = Program {
            root: op_of(plan, root),
            many: op_of(plan, many),
            structs,
        };
        for fields in program.structs.iter_mut().flatten() {
            for op in fields.ops.iter_mut() {
                demote(op, &has_ops);
            }
        }
        demote(&mut program.root, &has_ops);
        demote(&mut program.many, &has_ops);
        program
    }

    /// The ops of struct `id`. Its readers build `Struct` and `Rows` only
    /// for a struct that has them, so `None` is a fault of the program,
    /// which each reader reports in its format's error.
    #[inline]
    pub(super) fn fields(&self, id: TypeId) -> Option<&Fields> {
        self.structs.get(id)?.as_ref()
    }
}

/// The op of a value of type `ty`, assuming every struct has ops (see
/// [`demote`]).
fn op_of(plan: &Plan, ty: &Ty) -> Op {
    let boxed = |ty: &Ty| Box::new(op_of(plan, ty));
    match ty {
        Ty::Option(inner) => Op::Option(boxed(inner)),
        Ty::Seq(item) => match crate::layout::rows_of(plan, item) {
            Some(_) => match **item {
                Ty::Named(id) => Op::Rows(id),
                _ => Op::Seed(ty.clone()),
            },
            None => Op::Seq(boxed(item)),
        },
        Ty::Set { item, sorted } => Op::Set {
            item: boxed(item),
            sorted: *sorted,
        },
        Ty::Array(len, item) => Op::Array(*len, boxed(item)),
        Ty::Tuple(items) => Op::Tuple(items.iter().map(|ty| op_of(plan, ty)).collect()),
        Ty::Named(id) => match &plan.types[*id] {
            ty if ty.convert.is_some() => Op::Seed(Ty::Named(*id)),
            ty => match &ty.kind {
                KindPlan::Struct(_) => Op::Struct(*id),
                KindPlan::Enum(e)
                    if e.repr.is_none()
                        && e.identifier.is_none()
                        && e.tagging == Tagging::External
                        && e.variants.iter().all(|v| v.skip || v.style == Style::Unit) =>
                {
                    Op::Tag(*id)
                }
                KindPlan::Enum(_) => Op::Seed(Ty::Named(*id)),
            },
        },
        ty => match ScalarRead::of(ty) {
            Some(ScalarRead {
                scalar,
                optional: false,
            }) => Op::Scalar(scalar),
            _ => Op::Seed(ty.clone()),
        },
    }
}

/// Hands each struct without ops (and a `Vec` of one) back to the seed.
fn demote(op: &mut Op, has_ops: &[bool]) {
    match op {
        Op::Struct(id) | Op::Rows(id) if !has_ops[*id] => {
            let named = Ty::Named(*id);
            *op = Op::Seed(match op {
                Op::Rows(_) => Ty::Seq(Box::new(named)),
                _ => named,
            });
        }
        Op::Option(inner) | Op::Seq(inner) | Op::Array(_, inner) => demote(inner, has_ops),
        Op::Set { item, .. } => demote(item, has_ops),
        Op::Tuple(items) => items.iter_mut().for_each(|op| demote(op, has_ops)),
        _ => {}
    }
}

/// The ops of struct `id`, when the program reads it: a struct of named or
/// positional fields that reads every field from the input, none with the
/// paste's own code, none flattened.
fn struct_fields(plan: &Plan, id: TypeId) -> Option<Fields> {
    let s = plan.struct_plan(id)?;
    if !programmable(plan, id, s) {
        return None;
    }
    let mut ops = Vec::with_capacity(s.width);
    push_fields(plan, s, 0, &mut ops)?;
    if ops.len() != s.width {
        return None;
    }
    Some(Fields {
        width: s.width,
        // The plan's own word (`layout.rs`), so that the seed and the
        // program mark a struct's slots alike.
        plain: s.plain,
        ops: ops.into(),
    })
}

fn programmable(plan: &Plan, id: TypeId, s: &StructPlan) -> bool {
    plan.types[id].convert.is_none()
        && matches!(s.style, Style::Named | Style::Tuple)
        && s.transparent.is_none()
        && !s.flattens
        && s.flat.is_none()
        // Every field read, none skipped and no check to finish with: the
        // seed's `finish_into` would have nothing to do.
        && s.read_whole
        && s.fields.iter().all(|f| !f.skip && f.read_with.is_none())
}

/// `s`'s fields' ops, its slots from `base`, onto `ops`; `None` when a
/// struct laid out inline has none, or a slot is not the next (the struct
/// is then read by the seed).
fn push_fields(plan: &Plan, s: &StructPlan, base: usize, ops: &mut Vec<Op>) -> Option<()> {
    for field in &s.fields {
        let at = base + field.at;
        match field.inline {
            Some((child, _)) => {
                let child_plan = plan.struct_plan(child)?;
                if !programmable(plan, child, child_plan) {
                    return None;
                }
                push_fields(plan, child_plan, at, ops)?;
            }
            None if at == ops.len() => ops.push(op_of(plan, &field.ty)),
            None => return None,
        }
    }
    Some(())
}
