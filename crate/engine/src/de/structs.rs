//! What finishes a struct (and a struct variant) once the program's
//! readers have read its keys or elements into its slots: the fields the
//! input left out filled in with their defaults, or serde's error; in
//! fail-fast, the checks that need the whole struct. And the names serde's
//! messages give it.

use std::fmt;

use overhead_schema::Style;
use serde::de;

use super::errors;
use super::fail_fast::Stop;
use super::flatten::LAID_OUT;
use crate::plan::{DirectReads, FieldDefault, FieldPlan, FlatTable, KindPlan, Plan, StructPlan};
use crate::ty::Ty;
use crate::value::{Value, default_value, fill_default};

/// Puts a field's value in its slot, which holds `Unit` until then (each
/// slot is read once: a second key is an error before it is read): the
/// slot's old value owns nothing, and dropping it would cost a call per field.
#[inline(always)]
pub(super) fn fill(slot: &mut Value, value: Value) {
    let empty = std::mem::replace(slot, value);
    debug_assert!(matches!(empty, Value::Unit));
    std::mem::forget(empty);
}

/// `n` empty slots, allocated once at their final size (or a buffer of
/// that size a value dropped before left).
pub(super) use crate::value::unit_slots;

/// Marks `field` read: a second time is serde's error.
#[inline(always)]
pub(super) fn mark_read<E: de::Error>(seen: &mut u128, field: &FieldPlan) -> Result<(), E> {
    // The bit made by the plan: a `u128` shifted by a variable costs
    // several instructions on x86-64, and is a call in wasm.
    let bit = field.seen_bit;
    if *seen & bit != 0 {
        return Err(errors::duplicate_field(field.key));
    }
    *seen |= bit;
    Ok(())
}

/// What finishes struct `s` (see the module's word), built where a reader
/// needs it: off the path of a struct whose every field was read and that
/// has nothing late to check.
#[derive(Clone, Copy)]
pub(super) struct Finisher<'p> {
    pub(super) plan: &'p Plan,
    /// Fail-fast: where a violation is left.
    pub(super) stop: Option<&'p Stop>,
    /// The value the caller gets: its own late checks do not stop decoding,
    /// so what follows it is still read (trailing text is an error).
    pub(super) root: bool,
    pub(super) s: &'p StructPlan,
    /// The Rust names serde's messages use: the type's, and a struct variant's.
    pub(super) name: &'static str,
    pub(super) variant: Option<&'static str>,
}

impl<'p> Finisher<'p> {
    /// The slots of the fields the input left out, where they are (its own
    /// value's, or its parent's for a struct laid out inline): defaults, or an
    /// error. In fail-fast mode, the filled-in fields and `must_match` are
    /// checked here.
    #[inline(always)]
    pub(super) fn finish_into<E: de::Error>(
        &self,
        slots: &mut [Value],
        seen: u128,
    ) -> Result<(), E> {
        // Every field present (the common case): nothing to fill in or check late.
        if seen == self.s.all_seen && self.s.read_whole {
            return Ok(());
        }
        self.fill_in(slots, seen)
    }

    /// The fields the input left out, filled in; `must_match` and late
    /// checks in fail-fast mode.
    fn fill_in<E: de::Error>(&self, slots: &mut [Value], seen: u128) -> Result<(), E> {
        let plan = self.plan;
        // Only the fields left out, in declaration order (so that the first
        // required one is serde's error), not a test of every field.
        // Every field's bit: a struct has at most `MAX_FIELDS` (128).
        let every = u128::MAX
            .checked_shr(u128::BITS.saturating_sub(self.s.fields.len() as u32))
            .unwrap_or(0);
        let mut missing = every & !seen;
        while missing != 0 {
            let i = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            let Some(field) = self.s.fields.get(i) else {
                break;
            };
            if let Some((id, width)) = field.inline {
                let inline = &mut slots[field.at..field.at + width];
                match (&field.default, plan.struct_plan(id)) {
                    (FieldDefault::Value(Value::Struct(value), _), _)
                        if value.len() == inline.len() =>
                    {
                        inline.clone_from_slice(value)
                    }
                    (FieldDefault::Required, _) => return Err(errors::missing_field(field.key)),
                    (_, Some(child)) => fill_default(plan, child, inline),
                    (_, None) => {}
                }
                continue;
            }
            fill(
                &mut slots[field.at],
                match field.default {
                    FieldDefault::Value(ref value, _) => value.clone(),
                    // An `Option`'s default is `None`, which its slot holds
                    // already (`default_value`'s call cost api-payload's
                    // from-value 56 instructions).
                    FieldDefault::Default | FieldDefault::None
                        if matches!(field.ty, Ty::Option(_)) =>
                    {
                        continue;
                    }
                    _ if field.skip => default_value(plan, &field.ty),
                    FieldDefault::Required => return Err(errors::missing_field(field.key)),
                    // An `Option` left out: its slot holds `Unit` already.
                    FieldDefault::None => continue,
                    FieldDefault::Default => default_value(plan, &field.ty),
                },
            );
        }
        if self.stop.is_some() {
            self.check_late(slots, seen)?;
        }
        Ok(())
    }

    /// The error of a sequence that ends at the field in slot `at`.
    #[cold]
    pub(super) fn too_short<E: de::Error>(&self, at: usize) -> E {
        let read = self.s.fields[..at].iter().filter(|f| !f.skip).count();
        let decoded = self.s.fields.iter().filter(|f| !f.skip).count();
        let expected = match (self.variant, self.s.style) {
            (None, _) if let Some(expecting) = self.s.expecting => expecting.to_owned(),
            (Some(v), _) => format!("struct variant {}::{v} with {decoded} elements", self.name),
            (None, Style::Tuple) => format!("tuple struct {} with {decoded} elements", self.name),
            (None, _) => format!("struct {} with {decoded} elements", self.name),
        };
        E::invalid_length(read, &expected.as_str())
    }

    /// What serde's messages say was expected: the struct, by its kind and name.
    pub(super) fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.s.style {
            _ if let Some(expecting) = self.s.expecting => f.write_str(expecting),
            _ if self.variant.is_some() => write!(
                f,
                "struct variant {}::{}",
                self.name,
                self.variant.unwrap_or_default()
            ),
            Style::Tuple => write!(f, "tuple struct {}", self.name),
            Style::Unit => write!(f, "unit struct {}", self.name),
            _ => write!(f, "struct {}", self.name),
        }
    }

    /// The finisher of a flattened child of type `id`, with this one's run.
    pub(super) fn child(&self, id: usize) -> Option<Finisher<'p>> {
        let ty = &self.plan.types[id];
        match &ty.kind {
            KindPlan::Struct(s) => Some(Finisher {
                root: false,
                s,
                name: ty.ident,
                variant: None,
                ..*self
            }),
            KindPlan::Enum(_) => None,
        }
    }

    /// Each struct of the tree finished, children first, with the fields of
    /// `seen` read: what was left out filled in, or serde's error.
    #[cold]
    #[inline(never)]
    pub(super) fn finish_direct<E: de::Error>(
        &self,
        table: &FlatTable,
        direct: &DirectReads,
        seen: u128,
        out: &mut [Value],
    ) -> Result<(), E> {
        for (i, node) in table.nodes.iter().enumerate().rev() {
            let mut v = match i {
                0 => *self,
                _ => self
                    .child(node.type_id)
                    .ok_or_else(|| E::custom("a flattened field is not a struct"))?,
            };
            // Late checks of a struct `validate()` does not look into
            // (flattened without `nested`) do not run in fail-fast.
            if v.stop.is_some() && !table.checks_node(&v.plan.types, i) {
                v.stop = None;
            }
            let first = direct.first_bit.get(i).copied().unwrap_or(0);
            // This struct's fields' bits, moved to its own field indices.
            let fields = u32::try_from(v.s.fields.len()).unwrap_or(u32::MAX);
            let own = seen.checked_shr(first).unwrap_or(0)
                & u128::MAX
                    .checked_shr(u128::BITS.saturating_sub(fields))
                    .unwrap_or(0);
            let slots = out
                .get_mut(node.base..node.base + v.s.width)
                .ok_or_else(|| E::custom(LAID_OUT))?;
            v.finish_into(slots, v.s.flattened | own)?;
        }
        Ok(())
    }
}
