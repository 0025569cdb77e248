//! Checking decoded values against the plan, as derived code's
//! `Validate::validate_into` does: a field's `required` first, then its other
//! rules on the value inside any `Option`, `nested` at its place among them;
//! `must_match` after every field. The rules themselves are compiled in
//! [`rules`](crate::rules); this walks the plan and the value to apply them.

use overhead_schema::{Number, RangeSpec, Style};
use overhead_validate::rules::MustMatch;
use overhead_validate::{Segment, Violation, Violations};

use crate::layout::FieldValue;
use crate::plan::{FieldPlan, FieldSegment, KindPlan, Plan, RangeFromPlan, StructPlan};
use crate::rules::{Check, CheckKind, Custom, failed_rule, missing, overrides, rule_passes};
use crate::ty::Ty;
use crate::value::Value;

/// Checks decoded values against a plan, as `Validate::validate_into` does.
pub struct Checker<'p> {
    pub plan: &'p Plan,
}

impl Checker<'_> {
    /// Every violation of `value`, a value of the root or any named type `id`.
    /// A quick pass that only says yes or no runs first, as derived code's
    /// `passes` functions do: a valid value never walks the violation-building
    /// path.
    pub fn validate_into(&self, id: usize, value: &Value, out: &mut Violations) {
        if !self.type_passes(id, value) {
            self.type_into(id, value, out);
        }
    }

    fn type_passes(&self, id: usize, value: &Value) -> bool {
        match (&self.plan.types[id].kind, value) {
            (KindPlan::Struct(s), Value::Struct(slots)) => self.struct_passes(s, slots),
            (KindPlan::Enum(e), value) => {
                let Some((index, payload)) = value.as_variant() else {
                    return true;
                };
                let Some(variant) = e.variants.get(index as usize) else {
                    return true;
                };
                if !variant.fields.has_checks {
                    return true;
                }
                match (variant.style, payload) {
                    (Style::Named, Value::Struct(slots)) => {
                        self.struct_passes(&variant.fields, slots)
                    }
                    (Style::Tuple, Value::Seq(items)) => self.struct_passes(&variant.fields, items),
                    (Style::Newtype, inner) => {
                        self.struct_passes(&variant.fields, std::slice::from_ref(inner))
                    }
                    _ => true,
                }
            }
            _ => true,
        }
    }

    fn struct_passes(&self, plan: &StructPlan, slots: &[Value]) -> bool {
        if !plan.has_checks {
            return true;
        }
        if plan.cross_field {
            return false;
        }
        plan.quick.passes(slots, &|checks, ty, value| {
            self.field_passes(checks, ty, value)
        })
    }

    #[inline]
    pub(crate) fn field_passes(&self, checks: &[Check], ty: &Ty, value: &Value) -> bool {
        for c in checks {
            if let CheckKind::Required = c.kind {
                if value.is_none() {
                    return false;
                }
                continue;
            }
            let Some((ty, value)) = unwrap_options(ty, value) else {
                return true;
            };
            let ok = match &c.kind {
                CheckKind::Nested => self.nested_passes(ty, value),
                CheckKind::Each(inner) => match value {
                    Value::Rows(..) => {
                        self.rows_pass(inner.iter().any(Check::is_nested), element_ty(ty), value)
                    }
                    Value::Seq(items) => {
                        let element = element_ty(ty);
                        items
                            .iter()
                            .all(|item| self.field_passes(inner, element, item))
                    }
                    Value::Map(entries) => {
                        let element = element_ty(ty);
                        entries
                            .iter()
                            .all(|(_, item)| self.field_passes(inner, element, item))
                    }
                    _ => true,
                },
                CheckKind::Custom(custom) => self.custom_failed(custom, ty, value).is_none(),
                kind => rule_passes(kind, value),
            };
            if !ok {
                return false;
            }
        }
        true
    }

    /// Each row's rules when `nested` (the one rule a struct takes).
    fn rows_pass(&self, nested: bool, item: &Ty, value: &Value) -> bool {
        match (
            nested,
            crate::layout::rows_of(self.plan, item),
            value.rows(),
        ) {
            (true, Some((_, s)), Some(mut rows)) => rows.all(|slots| self.struct_passes(s, slots)),
            _ => true,
        }
    }

    /// Each row's violations when `nested`, under its index.
    fn rows_into(&self, nested: bool, item: &Ty, value: &Value, out: &mut Violations) {
        let (true, Some((_, s)), Some(rows)) = (
            nested,
            crate::layout::rows_of(self.plan, item),
            value.rows(),
        ) else {
            return;
        };
        for (i, slots) in rows.enumerate() {
            let start = out.len();
            self.struct_into(s, slots, out);
            if out.len() > start {
                out.nest_since(start, &Segment::Index(i));
            }
        }
    }

    fn nested_passes(&self, ty: &Ty, value: &Value) -> bool {
        match (ty, value) {
            (Ty::Seq(e), Value::Rows(..)) => self.rows_pass(true, e, value),
            (Ty::Named(id), value) => self.type_passes(*id, value),
            (Ty::Option(inner), value) => value.is_none() || self.nested_passes(inner, value),
            (Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. }, Value::Seq(items)) => {
                items.iter().all(|item| self.nested_passes(e, item))
            }
            (Ty::Map { value: e, .. }, Value::Map(entries)) => {
                entries.iter().all(|(_, item)| self.nested_passes(e, item))
            }
            _ => true,
        }
    }

    /// Every violation of a value of the named type `id` (its own rules and,
    /// through `nested`, its fields' values').
    pub fn type_into(&self, id: usize, value: &Value, out: &mut Violations) {
        match (&self.plan.types[id].kind, value) {
            (KindPlan::Struct(s), Value::Struct(slots)) => self.struct_into(s, slots, out),
            (KindPlan::Enum(e), value) => {
                let Some((index, payload)) = value.as_variant() else {
                    return;
                };
                let Some(variant) = e.variants.get(index as usize) else {
                    return;
                };
                let start = out.len();
                match (variant.style, payload) {
                    (Style::Named, Value::Struct(slots)) => {
                        self.struct_into(&variant.fields, slots, out)
                    }
                    (Style::Tuple, Value::Seq(items)) => {
                        self.struct_into(&variant.fields, items, out)
                    }
                    (Style::Newtype, inner) => {
                        self.struct_into(&variant.fields, std::slice::from_ref(inner), out)
                    }
                    _ => {}
                }
                if let Some(key) = variant.violation_key {
                    if out.len() > start {
                        out.nest_since(start, &Segment::Field(key.into()));
                    }
                }
            }
            _ => {}
        }
    }

    /// A struct's (or variant's) fields, in declaration order, then `must_match`.
    pub fn struct_into(&self, plan: &StructPlan, slots: &[Value], out: &mut Violations) {
        if !plan.has_checks {
            return;
        }
        // No rule across the fields: the compiled steps say every violation.
        if !plan.cross_field && plan.quick.says_why() {
            plan.quick.violations_into(self, slots, out);
            return;
        }
        let start = out.len();
        let mut this = None;
        for (field, value) in plan.values(slots) {
            if field.checks.is_empty() && field.conditional.is_empty() {
                continue;
            }
            let start = out.len();
            self.field_value_into(field, value, true, out);
            if !field.conditional.is_empty() {
                self.conditional_into(plan, slots, field, value, &mut this, out);
            }
            if out.len() > start {
                if let Some(segment) = field.segment() {
                    out.nest_since(start, &segment);
                }
            }
        }
        self.must_match_into(plan, slots, out);
        self.ranges_from_into(plan, slots, out);
        self.struct_checks_into(plan, slots, out.len() > start, out);
    }

    /// A field's conditional rules (garde's `if(cond = …)`): each set runs
    /// when its condition, run on the whole struct (`this`, built once per
    /// struct when first needed), is `true`. A condition that stops gives no
    /// verdict, and its rules do not run.
    pub fn conditional_into(
        &self,
        plan: &StructPlan,
        slots: &[Value],
        field: &FieldPlan,
        value: FieldValue<'_>,
        this: &mut Option<crate::pasted::Val>,
        out: &mut Violations,
    ) {
        let FieldValue::One(value) = value else {
            return;
        };
        let this = this.get_or_insert_with(|| crate::handed::struct_val(self.plan, plan, slots));
        for c in &field.conditional {
            let holds = matches!(
                crate::pasted::run(&c.cond, std::slice::from_ref(this)),
                crate::pasted::Outcome::Returned(crate::pasted::Val::Bool(true))
            );
            if holds {
                self.field_into(&c.checks, &field.ty, value, true, out);
            }
        }
    }

    /// Every field's conditional rules, each under its field's segment
    /// (fail-fast, once the struct is read).
    pub fn conditionals_into(&self, plan: &StructPlan, slots: &[Value], out: &mut Violations) {
        let mut this = None;
        for (field, value) in plan.values(slots) {
            if field.conditional.is_empty() {
                continue;
            }
            let start = out.len();
            self.conditional_into(plan, slots, field, value, &mut this, out);
            if out.len() > start {
                if let Some(segment) = field.segment() {
                    out.nest_since(start, &segment);
                }
            }
        }
    }

    /// The struct-level functions on the whole struct, after its fields'
    /// rules (`field_failed`: whether any broke one). validator reports a
    /// `schema` function's error under `__all__`; garde its `custom`'s at
    /// the struct itself.
    pub fn struct_checks_into(
        &self,
        plan: &StructPlan,
        slots: &[Value],
        field_failed: bool,
        out: &mut Violations,
    ) {
        if plan.struct_checks.is_empty() {
            return;
        }
        let value = crate::handed::struct_val(self.plan, plan, slots);
        for check in &plan.struct_checks {
            if check.skip_on_field_errors && field_failed {
                continue;
            }
            if let Some(violation) = crate::rules::custom_verdict(&check.custom, value.clone()) {
                out.push(match check.custom.garde {
                    true => violation,
                    false => violation.under(Segment::Field("__all__".into())),
                });
            }
        }
    }

    /// `must_match`: each pair of fields that must be equal.
    pub fn must_match_into(&self, plan: &StructPlan, slots: &[Value], out: &mut Violations) {
        for m in &plan.must_match {
            let (Some(a), Some(b)) = (
                slots.get(plan.fields[m.slot].at),
                slots.get(plan.fields[m.other].at),
            ) else {
                continue;
            };
            let rule = MustMatch {
                other: m.other_name,
            };
            let field = || match plan.fields[m.slot].path {
                FieldSegment::Name(name) => Segment::Field(name.into()),
                FieldSegment::Index(i) => Segment::Index(i),
                FieldSegment::Inline => Segment::Field(plan.fields[m.slot].key.into()),
            };
            let violation = || overrides(rule.violation(), m.code.as_deref(), m.message.as_deref());
            match (m.each, a) {
                (true, Value::Seq(items)) => {
                    for (i, item) in items.iter().enumerate() {
                        if !rule.check_pair(item, b) {
                            out.push(violation().under(Segment::Index(i)).under(field()));
                        }
                    }
                }
                // Not a sequence (an `Option` that is `None`): no elements.
                (true, _) => {}
                (false, a) => {
                    if !rule.check_pair(a, b) {
                        out.push(violation().under(field()));
                    }
                }
            }
        }
    }

    /// garde's `range` with bounds read from other fields: the range built
    /// from their values, checked on the field's. A bound field that holds
    /// no number (it did not decode as one) leaves its side unbounded.
    pub fn ranges_from_into(&self, plan: &StructPlan, slots: &[Value], out: &mut Violations) {
        for r in &plan.range_from {
            let Some(found) = range_from(self.plan, plan, r, slots) else {
                continue;
            };
            if let Some(mut v) = failed_rule(&found.check, found.value) {
                if let Some(segment) = found.within {
                    v = v.under(segment);
                }
                let v = overrides(v, r.code.as_deref(), r.message.as_deref());
                out.push(match plan.fields[r.slot].segment() {
                    Some(segment) => v.under(segment),
                    None => v,
                });
            }
        }
    }

    /// A field's rules on its value where it is in its struct's slots.
    pub fn field_value_into(
        &self,
        field: &FieldPlan,
        value: FieldValue<'_>,
        nested: bool,
        out: &mut Violations,
    ) {
        match value {
            FieldValue::One(value) => self.field_into(&field.checks, &field.ty, value, nested, out),
            // A struct laid out inline has `nested` as its one rule.
            FieldValue::Inline(id, slots) => {
                if let (true, Some(s)) = (nested, self.plan.struct_plan(id)) {
                    self.struct_into(s, slots, out);
                }
            }
        }
    }

    /// One field's rules on its value: `required` on the option, the rest on the
    /// value inside; `nested` only when `nested` (decoding checked those already
    /// when it checks as it goes).
    pub fn field_into(
        &self,
        checks: &[Check],
        ty: &Ty,
        value: &Value,
        nested: bool,
        out: &mut Violations,
    ) {
        for c in checks {
            if let CheckKind::Required = c.kind {
                if value.is_none() {
                    out.push(missing(c));
                }
                continue;
            }
            if !nested && matches!(c.kind, CheckKind::Nested) {
                continue;
            }
            let (ty, value) = match unwrap_options(ty, value) {
                Some(inner) => inner,
                None => return,
            };
            self.rule_into(c, ty, value, out);
        }
    }

    /// The paste's function on `value`, handed to it as the paste's code
    /// reads a value of `ty` (a struct of the paste's by its fields), which
    /// takes the plan.
    fn custom_failed(&self, custom: &Custom, ty: &Ty, value: &Value) -> Option<Violation> {
        crate::rules::custom_verdict(custom, crate::handed::to_val(self.plan, ty, value))
    }

    fn rule_into(&self, c: &Check, ty: &Ty, value: &Value, out: &mut Violations) {
        let failed = match &c.kind {
            CheckKind::Nested => {
                self.nested_into(ty, value, out);
                return;
            }
            CheckKind::Each(inner) => {
                let element_ty = match ty {
                    Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. } => e.as_ref(),
                    Ty::Map { value, .. } => value.as_ref(),
                    other => other,
                };
                match value {
                    Value::Rows(..) => {
                        self.rows_into(inner.iter().any(Check::is_nested), element_ty, value, out)
                    }
                    Value::Seq(items) => {
                        for (i, item) in items.iter().enumerate() {
                            let start = out.len();
                            self.field_into(inner, element_ty, item, true, out);
                            if out.len() > start {
                                out.nest_since(start, &Segment::Index(i));
                            }
                        }
                    }
                    Value::Map(entries) => {
                        for (key, item) in entries {
                            let start = out.len();
                            self.field_into(inner, element_ty, item, true, out);
                            if out.len() > start {
                                out.nest_since(start, &Segment::Key(key.clone()));
                            }
                        }
                    }
                    _ => {}
                }
                return;
            }
            CheckKind::Custom(custom) => self.custom_failed(custom, ty, value),
            kind => failed_rule(kind, value),
        };
        if let Some(violation) = failed {
            out.push(overrides(
                violation,
                c.code.as_deref(),
                c.message.as_deref(),
            ));
        }
    }

    /// `nested`: the value's own rules, under indexes and keys for collections.
    fn nested_into(&self, ty: &Ty, value: &Value, out: &mut Violations) {
        match (ty, value) {
            (Ty::Seq(e), Value::Rows(..)) => self.rows_into(true, e, value, out),
            (Ty::Named(id), value) => self.type_into(*id, value, out),
            (Ty::Option(inner), value) if !value.is_none() => self.nested_into(inner, value, out),
            (Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. }, Value::Seq(items)) => {
                for (i, item) in items.iter().enumerate() {
                    let start = out.len();
                    self.nested_into(e, item, out);
                    if out.len() > start {
                        out.nest_since(start, &Segment::Index(i));
                    }
                }
            }
            (Ty::Map { value: e, .. }, Value::Map(entries)) => {
                for (key, item) in entries {
                    let start = out.len();
                    self.nested_into(e, item, out);
                    if out.len() > start {
                        out.nest_since(start, &Segment::Key(key.clone()));
                    }
                }
            }
            _ => {}
        }
    }
}

pub fn unwrap_options<'t, 'v>(ty: &'t Ty, value: &'v Value) -> Option<(&'t Ty, &'v Value)> {
    match ty {
        Ty::Option(inner) if value.is_none() => {
            let _ = inner;
            None
        }
        Ty::Option(inner) => unwrap_options(inner, value),
        other => Some((other, value)),
    }
}

pub fn element_ty(ty: &Ty) -> &Ty {
    match ty {
        Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. } => e,
        Ty::Map { value, .. } => value,
        other => other,
    }
}

/// A rule with bounds read from other fields, made for one value.
pub(crate) struct BoundsFrom<'v> {
    /// The rule with the fields' values as its bounds.
    pub check: CheckKind,
    /// The value it checks.
    pub value: &'v Value,
    /// Where a `dive`'s context took it: the nested field's segment.
    pub within: Option<Segment>,
}

/// garde's `range` (or, given by a `dive`'s context, `length`) with bounds
/// read from other fields: the rule built from the values in `slots`, and
/// the value it checks. `None` when there is no value to check (a `None`,
/// a nested value another plan made).
pub(crate) fn range_from<'v>(
    types: &Plan,
    plan: &StructPlan,
    r: &RangeFromPlan,
    slots: &'v [Value],
) -> Option<BoundsFrom<'v>> {
    let bound = |other: Option<usize>, written: Option<Number>| match other {
        Some(other) => slots.get(plan.fields[other].at).and_then(number_of),
        None => written,
    };
    let spec = RangeSpec {
        min: bound(r.min, r.spec.min),
        max: bound(r.max, r.spec.max),
        ..r.spec
    };
    let field = &plan.fields[r.slot];
    let mut value = slots.get(field.at)?;
    let mut within = None;
    if let Some(name) = r.within {
        let (Ty::Named(id), Value::Struct(inner)) = unwrap_options(&field.ty, value)? else {
            return None;
        };
        let nested = types.struct_plan(*id)?;
        let inner_field = nested.fields.iter().find(|f| f.rust == name)?;
        let FieldValue::One(inner_value) = inner_field.value_in(inner) else {
            return None;
        };
        value = unwrap_options(&inner_field.ty, inner_value)?.1;
        within = inner_field.segment();
    }
    let check = match r.length {
        // A count below zero bounds nothing from below and everything from above.
        Some(mode) => CheckKind::Length(overhead_validate::rules::Length {
            min: spec.min.map(count),
            max: spec.max.map(count),
            equal: None,
            mode,
        }),
        None => crate::rules::range(&spec),
    };
    Some(BoundsFrom {
        check,
        value,
        within,
    })
}

/// A bound on a length as a count.
fn count(n: Number) -> usize {
    match n {
        Number::Int(i) => usize::try_from(i.max(0)).unwrap_or(usize::MAX),
        Number::Float(f) => f.max(0.0) as usize,
    }
}

/// A decoded number as a bound.
fn number_of(value: &Value) -> Option<Number> {
    match *value {
        Value::I64(n) => Some(Number::Int(n.into())),
        Value::U64(n) => Some(Number::Int(n.into())),
        Value::I128(n) => Some(Number::Int(n)),
        Value::U128(n) => i128::try_from(n).ok().map(Number::Int),
        Value::F64(f) => Some(Number::Float(f)),
        _ => None,
    }
}
