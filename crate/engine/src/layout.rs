//! Where each field's value is in its struct's slots. A struct field of a
//! struct is laid out inline, as compiled code keeps a nested struct inside
//! its parent: its fields' slots follow one another in the parent's, so a
//! value whose structs nest takes one allocation, not one per struct.
//!
//! Only structs with named fields hold structs inline (not transparent), and
//! only a field whose one rule is `nested` is laid out inline (a struct takes
//! no other). A flattened struct is laid out inline too (a flattened
//! `Option`, map or `Value` keeps its slot): the flatten readers read its
//! keys into their slots in the parent's, so a tree of flattened structs is
//! one allocation, as serde's derive keeps it.
//! A `Vec` of such a struct holds its elements in rows (`Value::Rows`): their
//! slots one after another in one allocation, as a compiled `Vec<T>` does.
//! Flattening is as declared, whatever the plan's flatten mode, so that every
//! mode lays a value out alike (the flatten variants read a value in one mode
//! and write it in another).

use crate::plan::{FieldPlan, KindPlan, Plan, StructPlan, TypePlan};
use crate::rules::Check;
use crate::ty::{Ty, TypeId};
use crate::value::Value;
use overhead_schema::Style;

/// A field's value in its struct's slots.
#[derive(Clone, Copy)]
pub enum FieldValue<'a> {
    /// The field's one slot.
    One(&'a Value),
    /// A struct laid out inline: its type and its slots.
    Inline(TypeId, &'a [Value]),
}

impl StructPlan {
    /// Each field with its value, in declaration order.
    #[inline]
    pub fn values<'a>(
        &'a self,
        slots: &'a [Value],
    ) -> impl Iterator<Item = (&'a FieldPlan, FieldValue<'a>)> + 'a {
        self.fields.iter().map(move |f| (f, f.value_in(slots)))
    }
}

impl FieldPlan {
    /// The field's value in its struct's `slots`. Slots too few for the
    /// plan (a value another plan made) read as `Unit`s, never a panic.
    #[inline]
    pub fn value_in<'a>(&self, slots: &'a [Value]) -> FieldValue<'a> {
        match self.inline {
            None => FieldValue::One(slots.get(self.at).unwrap_or(Value::unit())),
            Some((id, width)) => {
                FieldValue::Inline(id, slots.get(self.at..self.at + width).unwrap_or(&[]))
            }
        }
    }
}

/// Lays out every plain struct's struct fields inline, setting each field's
/// slot and each struct's width.
pub fn lay_out(types: &mut [TypePlan]) {
    let mut widths: Vec<Width> = vec![Width::Unknown; types.len()];
    for id in 0..types.len() {
        width(types, &mut widths, id);
    }
    for (id, ty) in types.iter_mut().enumerate() {
        let (KindPlan::Struct(s), Width::Known(w, inline)) = (&mut ty.kind, &widths[id]) else {
            continue;
        };
        let mut at = 0;
        for (field, child) in s.fields.iter_mut().zip(inline) {
            field.at = at;
            field.inline = *child;
            at += child.map_or(1, |(_, w)| w);
        }
        s.width = *w;
        // Rows of no width would not count their elements; a converted
        // type is read whole by its conversion, never in rows.
        s.in_rows = holds_inline(s) && *w > 0 && ty.convert.is_none();
    }
    let plain: Vec<bool> = (0..types.len()).map(|id| slots_plain(types, id)).collect();
    for (ty, plain) in types.iter_mut().zip(plain) {
        if let KindPlan::Struct(s) = &mut ty.kind {
            s.plain = plain;
        }
    }
    place_flat_nodes(types);
}

/// Whether no slot of a value of struct `id` can own memory: each field's
/// type holds none ([`holds_no_memory`]), or is a struct laid out inline
/// whose slots are plain. A field the paste's code reads, and a struct that
/// flattens, are left to their readers (not plain).
fn slots_plain(types: &[TypePlan], id: TypeId) -> bool {
    let KindPlan::Struct(s) = &types[id].kind else {
        return false;
    };
    types[id].convert.is_none()
        && !s.flattens
        && s.flat.is_none()
        && s.fields.iter().all(|field| {
            field.read_with.is_none()
                && match field.inline {
                    Some((child, _)) => slots_plain(types, child),
                    None => holds_no_memory(types, &field.ty),
                }
        })
}

/// Whether a value of `ty` never owns memory: a number, a `bool`, a `char`,
/// `()`, an enum of unit variants only (a `Value::Tag`), or an `Option` of
/// one. `types` are the plan's, for enums; a scalar's type needs none.
pub fn holds_no_memory(types: &[TypePlan], ty: &Ty) -> bool {
    match ty {
        Ty::Unit | Ty::Bool | Ty::Int(_) | Ty::NonZero(_) | Ty::F32 | Ty::F64 | Ty::Char => true,
        Ty::Option(inner) => holds_no_memory(types, inner),
        Ty::Named(id) => types.get(*id).is_some_and(|t| {
            // `Value::variant` keeps a unit payload as a tag, whatever the
            // tagging; a conversion's value is its own type's.
            t.convert.is_none()
                && matches!(&t.kind, KindPlan::Enum(e) if e.variants.iter().all(|v| v.style == Style::Unit))
        }),
        _ => false,
    }
}

/// Whether a value of `ty` can be written in no bytes by a format that
/// writes no names (postcard): `()`, a struct whose read fields all can
/// (a unit struct, one of skipped fields), an empty array, a tuple of such.
/// A sequence of them is as long as its length says for free, so it is
/// read by the program's `Op::Byteless`, which refuses more than
/// [`MAX_BYTELESS_ITEMS`] of them rather than fill memory with slots for a
/// few bytes of input (the other sequence loops then count nothing). `types` are the plan's.
pub fn takes_no_bytes(types: &[TypePlan], ty: &Ty) -> bool {
    // A struct that holds itself (through a `Box`) takes no bytes only if
    // it never ends: the depth stops the walk.
    fn walk(types: &[TypePlan], ty: &Ty, depth: usize) -> bool {
        let Some(depth) = depth.checked_sub(1) else {
            return false;
        };
        match ty {
            Ty::Unit => true,
            Ty::Array(len, item) => *len == 0 || walk(types, item, depth),
            Ty::Tuple(items) => items.iter().all(|item| walk(types, item, depth)),
            Ty::Named(id) => types.get(*id).is_some_and(|t| match (&t.convert, &t.kind) {
                (Some(convert), _) => walk(types, &convert.source, depth),
                (None, KindPlan::Struct(s)) => s
                    .fields
                    .iter()
                    .all(|f| f.skip || (f.read_with.is_none() && walk(types, &f.ty, depth))),
                (None, KindPlan::Enum(_)) => false,
            }),
            _ => false,
        }
    }
    walk(types, ty, 32)
}

/// The most items a sequence of values that take no bytes
/// ([`takes_no_bytes`]) may say it holds: 32 MiB of slots.
pub const MAX_BYTELESS_ITEMS: usize = 1 << 20;

/// Where each node of each fast-flatten key table keeps its slots: in its
/// parent's, from its field's slot, when it is laid out inline there (so the
/// reader writes every key of the tree into one allocation); in its own
/// otherwise.
fn place_flat_nodes(types: &mut [TypePlan]) {
    let mut places: Vec<(TypeId, Vec<(usize, usize)>)> = Vec::new();
    for (id, ty) in types.iter().enumerate() {
        let KindPlan::Struct(StructPlan {
            flat: Some(table), ..
        }) = &ty.kind
        else {
            continue;
        };
        // Nodes are in pre-order: a parent is placed before its children.
        let mut place: Vec<(usize, usize)> = Vec::with_capacity(table.nodes.len());
        for (i, node) in table.nodes.iter().enumerate() {
            let inline_in = node.parent.and_then(|(parent, field)| {
                let KindPlan::Struct(p) = &types[table.nodes[parent].type_id].kind else {
                    return None;
                };
                let field = p.fields.get(field)?;
                let (owner, base) = *place.get(parent)?;
                field.inline.map(|_| (owner, base + field.at))
            });
            place.push(inline_in.unwrap_or((i, 0)));
        }
        places.push((id, place));
    }
    for (id, place) in places {
        if let KindPlan::Struct(StructPlan {
            flat: Some(table), ..
        }) = &mut types[id].kind
        {
            for (node, (owner, base)) in table.nodes.iter_mut().zip(place) {
                node.owner = owner;
                node.base = base;
            }
        }
    }
    // Once every node is placed: which trees read and write their fields
    // directly.
    let mut serde_way: Vec<TypeId> = Vec::new();
    for id in 0..types.len() {
        let (direct, writes) = match &types[id].kind {
            KindPlan::Struct(StructPlan {
                flat: Some(table), ..
            }) => (
                crate::plan::direct_reads(types, table).map(Box::new),
                crate::plan::direct_writes(types, table).map(Box::new),
            ),
            _ => continue,
        };
        if let KindPlan::Struct(s @ StructPlan { flat: Some(_), .. }) = &mut types[id].kind {
            match (direct, &mut s.flat) {
                (Some(direct), Some(table)) => {
                    table.direct = Some(direct);
                    table.writes = writes;
                }
                // A tree the plan's field dispatch cannot read (one of its
                // structs keeps slots of its own, which the plan's rules
                // leave to none but a struct it reads serde's way already):
                // read serde's way, as a tree that flattens a map is.
                _ => {
                    if let Some(table) = s.flat.take() {
                        serde_way.extend(table.nodes.iter().map(|node| node.type_id));
                    }
                }
            }
        }
    }
    // And the structs flattened into one read serde's way, as the plan
    // reads them (a map's keys, none taken by a table).
    for id in serde_way {
        if let KindPlan::Struct(s) = &mut types[id].kind {
            s.flat = None;
        }
    }
}

/// The struct a `Vec` of `item` holds in rows, if any.
#[inline]
pub fn rows_of<'p>(plan: &'p Plan, item: &Ty) -> Option<(&'p TypePlan, &'p StructPlan)> {
    let Ty::Named(id) = item else {
        return None;
    };
    let ty = &plan.types[*id];
    match &ty.kind {
        KindPlan::Struct(s) if s.in_rows => Some((ty, s)),
        _ => None,
    }
}

#[derive(Clone)]
enum Width {
    Unknown,
    /// Being measured: a struct that holds itself is not laid out inline.
    Measuring,
    /// The slots, and the inline child of each field with its width.
    Known(usize, Vec<Option<(TypeId, usize)>>),
    /// Not a struct.
    None,
}

fn width(types: &[TypePlan], widths: &mut Vec<Width>, id: TypeId) -> Option<usize> {
    match &widths[id] {
        Width::Known(w, _) => return Some(*w),
        Width::Measuring | Width::None => return None,
        Width::Unknown => {}
    }
    let KindPlan::Struct(s) = &types[id].kind else {
        widths[id] = Width::None;
        return None;
    };
    if !holds_inline(s) {
        widths[id] = Width::Known(s.fields.len(), vec![None; s.fields.len()]);
        return Some(s.fields.len());
    }
    widths[id] = Width::Measuring;
    let mut total = 0;
    let mut inline = Vec::with_capacity(s.fields.len());
    for (index, field) in s.fields.iter().enumerate() {
        let child = inline_child(types, s, index, field)
            .and_then(|c| width(types, widths, c).map(|w| (c, w)));
        total += child.map_or(1, |(_, w)| w);
        inline.push(child);
    }
    widths[id] = Width::Known(total, inline);
    Some(total)
}

/// Whether a struct can hold structs inline.
fn holds_inline(s: &StructPlan) -> bool {
    s.style == Style::Named && s.transparent.is_none()
}

/// Whether struct field `field` (at `index` of `parent`) is laid out
/// inline, as far as the field says (its struct's own shape aside).
pub(crate) fn lays_out_inline(
    types: &[TypePlan],
    parent: &StructPlan,
    index: usize,
    field: &FieldPlan,
) -> bool {
    inline_child(types, parent, index, field).is_some()
}

/// The struct field `field` (at `index`) lays out inline, if any.
fn inline_child(
    types: &[TypePlan],
    parent: &StructPlan,
    index: usize,
    field: &FieldPlan,
) -> Option<TypeId> {
    let Ty::Named(id) = field.ty else {
        return None;
    };
    let KindPlan::Struct(child) = &types[id].kind else {
        return None;
    };
    // The paste's code reads or checks it (a conversion, `deserialize_with`,
    // a condition): it keeps a slot of its own, read by its own op.
    // A flattened struct is laid out inline whatever the flatten mode (the
    // flatten variants read a value in one mode and write it in another);
    // a flattened `Option` is not (its type is not `Named`).
    let plain_field = !field.skip
        && types[id].convert.is_none()
        && field.read_with.is_none()
        && field.conditional.is_empty()
        && field.checks.iter().all(Check::is_nested)
        && !parent
            .must_match
            .iter()
            .any(|m| m.slot == index || m.other == index)
        && !parent
            .range_from
            .iter()
            .any(|r| r.slot == index || r.min == Some(index) || r.max == Some(index));
    (plain_field && holds_inline(child)).then_some(id)
}
