//! Fail-fast decoding (`validate-on-de/fail-fast`): each field's rules checked
//! as soon as it is read, and decoding stopped at the first violation, which
//! waits in a [`Stop`] while the error unwinds to the caller.

use std::cell::RefCell;

use overhead_validate::{Segment, Violations};
use serde::de;

use super::structs::Finisher;
use crate::check::Checker;
use crate::value::Value;

/// Where fail-fast decoding leaves the violation that stopped it.
#[derive(Default)]
pub struct Stop {
    violation: RefCell<Option<Violations>>,
}

/// The message of the error that stops fail-fast decoding (never shown: the
/// violation is the answer).
const STOPPED: &str = "validation failed";

impl Stop {
    pub fn take(&self) -> Option<Violations> {
        self.violation.borrow_mut().take()
    }

    pub(super) fn has(&self) -> bool {
        self.violation.borrow().is_some()
    }

    /// Records the first violation (and only it).
    fn set(&self, mut violations: Violations) {
        violations.truncate(1);
        self.violation.borrow_mut().get_or_insert(violations);
    }

    /// Puts the recorded violation under `segment`, as the error unwinds.
    fn nest(&self, segment: &Segment) {
        if let Some(v) = self.violation.borrow_mut().as_mut() {
            v.nest_since(0, segment);
        }
    }
}

/// On an error from inside a value, puts a recorded violation under the value's
/// place, then passes the error on. Inlined where each value is read, so that
/// a value that reads costs one test; the rest is out of line.
#[inline(always)]
pub(super) fn nested<T, E>(
    stop: Option<&Stop>,
    segment: impl FnOnce() -> Option<Segment>,
    r: Result<T, E>,
) -> Result<T, E> {
    if r.is_err()
        && let Some(stop) = stop
    {
        nest_violation(stop, segment);
    }
    r
}

#[cold]
fn nest_violation(stop: &Stop, segment: impl FnOnce() -> Option<Segment>) {
    if stop.has()
        && let Some(segment) = segment()
    {
        stop.nest(&segment);
    }
}

/// Fail-fast, on a value read whole (a conversion's result): its rules, the
/// first violation stopping decoding (the root's is kept, not raised).
pub(super) fn check_whole<E: de::Error>(
    stop: &Stop,
    plan: &crate::plan::Plan,
    id: crate::ty::TypeId,
    value: &Value,
    root: bool,
) -> Result<(), E> {
    let mut out = Violations::new();
    Checker { plan }.type_into(id, value, &mut out);
    if out.is_empty() {
        return Ok(());
    }
    stop.set(out);
    match root {
        true => Ok(()),
        false => Err(E::custom(STOPPED)),
    }
}

impl Finisher<'_> {
    /// Fail-fast: the field's own rules, as soon as its value is read. The
    /// compiled yes or no is asked where the field is read (a call of its
    /// own cost user-signup's valid fail-fast decode 20 instructions a
    /// field); the violations are built out of line.
    #[inline(always)]
    pub(super) fn check_read<E: de::Error>(
        &self,
        field: &crate::plan::FieldPlan,
        value: &Value,
    ) -> Result<(), E> {
        if self.stop.is_none() || field.checks.is_empty() {
            return Ok(());
        }
        // The compiled yes or no first, where the field's rules read its
        // value alone: a valid one builds nothing.
        if let Some(quick) = &field.quick {
            let checker = Checker { plan: self.plan };
            if quick.passes(std::slice::from_ref(value), &|checks, ty, value| {
                checker.field_passes(checks, ty, value)
            }) {
                return Ok(());
            }
        }
        self.field_broken(field, value)
    }

    /// The violations of a field whose rules the compiled test did not pass
    /// (or that has none compiled), left in the stop.
    #[cold]
    #[inline(never)]
    fn field_broken<E: de::Error>(
        &self,
        field: &crate::plan::FieldPlan,
        value: &Value,
    ) -> Result<(), E> {
        let Some(stop) = self.stop else {
            return Ok(());
        };
        let checker = Checker { plan: self.plan };
        let mut out = Violations::new();
        checker.field_into(&field.checks, &field.ty, value, false, &mut out);
        if out.is_empty() {
            return Ok(());
        }
        if let Some(segment) = field.segment() {
            out.nest_since(0, &segment);
        }
        stop.set(out);
        Err(E::custom(STOPPED))
    }

    /// Fail-fast, once a struct is read: the rules of the fields it filled in
    /// (defaults), then `must_match`. The root's violation does not stop
    /// decoding (its caller still reads what follows).
    pub(super) fn check_late<E: de::Error>(&self, slots: &[Value], seen: u128) -> Result<(), E> {
        let Some(stop) = self.stop else {
            return Ok(());
        };
        let plan = self.plan;
        let mut out = Violations::new();
        let checker = Checker { plan };
        for (i, field) in self.s.fields.iter().enumerate() {
            if seen & (1 << i) == 0 && !field.checks.is_empty() {
                checker.field_value_into(field, field.value_in(slots), true, &mut out);
                if !out.is_empty() {
                    if let Some(segment) = field.segment() {
                        out.nest_since(0, &segment);
                    }
                    break;
                }
            }
        }
        if out.is_empty() && !self.s.must_match.is_empty() {
            checker.must_match_into(self.s, slots, &mut out);
        }
        if out.is_empty() && !self.s.range_from.is_empty() {
            checker.ranges_from_into(self.s, slots, &mut out);
            out.truncate(1);
        }
        // Reached with no field broken (the first broken stops decoding).
        if out.is_empty() {
            checker.conditionals_into(self.s, slots, &mut out);
            out.truncate(1);
        }
        if out.is_empty() {
            checker.struct_checks_into(self.s, slots, false, &mut out);
        }
        if !out.is_empty() {
            stop.set(out);
            // The root was read to its end: its caller still checks what follows.
            if !self.root {
                return Err(E::custom(STOPPED));
            }
        }
        Ok(())
    }
}
