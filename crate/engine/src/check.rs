//! Rules compiled for the interpreter, and checking decoded values with them.
//! The rules themselves are `overhead_validate`'s, the ones derived code calls,
//! applied in the derive's order: a field's `required` first, then its other
//! rules on the value inside any `Option`, `nested` at its place among them;
//! `must_match` after every field.

use std::collections::HashMap;

use overhead_schema::{
    Diagnostic, LengthMode as SchemaLengthMode, Literal, Number, RangeSpec, RegexSource, RuleKind,
    RuleSpec, Severity,
};
use overhead_validate::rules::registry::RuleId;
use overhead_validate::rules::{
    Alphanumeric, Ascii, Contains, CreditCard, DoesNotContain, Email, EndsWith, Ip, IpKind, Length,
    LengthMode, MustMatch, NonBlank, NonControlCharacter, NonEmpty, OneOf, Pattern, Range,
    Required, StartsWith, Unique, Url,
};
use overhead_validate::{Rule, Segment, Violation, Violations};

use crate::intern::intern;
use crate::plan::{FieldSegment, KindPlan, Plan, StructPlan};
use crate::ty::Ty;
use crate::value::Value;
use overhead_schema::Style;

/// How the planner turns a rule's pattern into a matcher. A run builds each
/// regex; the editor's diagnosis only checks its syntax, so the page's analyzer
/// module links no regex engine (a third of its weight).
#[derive(Clone, Copy)]
pub struct Patterns(fn(&str) -> Result<Option<regex::Regex>, String>);

impl Patterns {
    /// Builds the regex (what a run needs).
    pub const BUILD: Patterns = Patterns(|pattern| {
        regex::Regex::new(pattern)
            .map(Some)
            .map_err(|e| e.to_string())
    });
    /// Checks the syntax only, with the parser `regex` itself uses; the plan gets
    /// no check for the pattern, so it must not run.
    pub const CHECK_SYNTAX: Patterns = Patterns(|pattern| {
        regex_syntax::Parser::new()
            .parse(pattern)
            .map(|_| None)
            .map_err(|e| e.to_string())
    });
}

/// One rule of a field, ready to run.
#[derive(Debug, Clone)]
pub struct Check {
    pub kind: CheckKind,
    pub code: Option<String>,
    pub message: Option<String>,
}

#[derive(Debug, Clone)]
pub enum CheckKind {
    Email,
    Url,
    Length(Length),
    RangeInt(Range<i128>),
    RangeFloat(Range<f64>),
    Alphanumeric,
    Ascii,
    NonEmpty,
    NonBlank,
    NonControlCharacter,
    CreditCard,
    Ip(IpKind),
    Contains(&'static str),
    DoesNotContain(&'static str),
    StartsWith(&'static str),
    EndsWith(&'static str),
    Pattern(regex::Regex),
    OneOfStr(Vec<&'static str>),
    OneOfInt(Vec<i128>),
    OneOfFloat(Vec<f64>),
    Unique,
    Required,
    /// The value's own rules (`nested` / `dive`).
    Nested,
    /// Rules for each element of a sequence or each value of a map.
    Each(Vec<Check>),
}

impl CheckKind {
    /// The rule's registry entry. Exhaustive on purpose: a new check names
    /// its rule here first.
    pub fn id(&self) -> RuleId {
        match self {
            CheckKind::Email => RuleId::Email,
            CheckKind::Url => RuleId::Url,
            CheckKind::Length(_) => RuleId::Length,
            CheckKind::RangeInt(_) | CheckKind::RangeFloat(_) => RuleId::Range,
            CheckKind::Alphanumeric => RuleId::Alphanumeric,
            CheckKind::Ascii => RuleId::Ascii,
            CheckKind::NonEmpty => RuleId::NonEmpty,
            CheckKind::NonBlank => RuleId::NonBlank,
            CheckKind::NonControlCharacter => RuleId::NonControlCharacter,
            CheckKind::CreditCard => RuleId::CreditCard,
            CheckKind::Ip(_) => RuleId::Ip,
            CheckKind::Contains(_) => RuleId::Contains,
            CheckKind::DoesNotContain(_) => RuleId::DoesNotContain,
            CheckKind::StartsWith(_) => RuleId::StartsWith,
            CheckKind::EndsWith(_) => RuleId::EndsWith,
            CheckKind::Pattern(_) => RuleId::Regex,
            CheckKind::OneOfStr(_) | CheckKind::OneOfInt(_) | CheckKind::OneOfFloat(_) => {
                RuleId::OneOf
            }
            CheckKind::Unique => RuleId::Unique,
            CheckKind::Required => RuleId::Required,
            CheckKind::Nested => RuleId::Nested,
            CheckKind::Each(_) => RuleId::Each,
        }
    }
}

/// Compiles a field's rules for a value of type `ty`; `must_match` and `custom`
/// are left out (the struct checks the first; the second cannot run here).
pub fn compile_rules(
    rules: &[RuleSpec],
    ty: &Ty,
    regexes: &HashMap<String, String>,
    patterns: Patterns,
    errors: &mut Vec<Diagnostic>,
    notes: &mut Vec<Diagnostic>,
) -> Vec<Check> {
    let inner = innermost(ty);
    let mut out = Vec::new();
    // `required` first, as derived code runs it.
    for rule in rules
        .iter()
        .filter(|r| matches!(r.kind, RuleKind::Required))
    {
        out.push(check(rule, CheckKind::Required));
    }
    for rule in rules {
        let kind = match &rule.kind {
            RuleKind::Required | RuleKind::MustMatch(_) => continue,
            RuleKind::Custom(path, _) => {
                let name = path
                    .segments
                    .iter()
                    .map(|s| s.ident.to_string())
                    .collect::<Vec<_>>()
                    .join("::");
                notes.push(Diagnostic::at(
                    Severity::Warning,
                    rule.span,
                    format!("custom validator `{name}` is not run in the playground: its body is not available here"),
                ));
                continue;
            }
            RuleKind::Email => CheckKind::Email,
            RuleKind::Url => CheckKind::Url,
            RuleKind::Alphanumeric => CheckKind::Alphanumeric,
            RuleKind::Ascii => CheckKind::Ascii,
            RuleKind::NonEmpty => CheckKind::NonEmpty,
            RuleKind::NonBlank => CheckKind::NonBlank,
            RuleKind::NonControlCharacter => CheckKind::NonControlCharacter,
            RuleKind::CreditCard => CheckKind::CreditCard,
            RuleKind::Ip(kind) => CheckKind::Ip(match kind {
                overhead_schema::IpKind::Any => IpKind::Any,
                overhead_schema::IpKind::V4 => IpKind::V4,
                overhead_schema::IpKind::V6 => IpKind::V6,
            }),
            // Listed as not run by the analysis (the registry says why).
            RuleKind::Phone => continue,
            RuleKind::Unique => CheckKind::Unique,
            RuleKind::Nested => CheckKind::Nested,
            RuleKind::Contains(s) => CheckKind::Contains(intern(s)),
            RuleKind::DoesNotContain(s) => CheckKind::DoesNotContain(intern(s)),
            RuleKind::StartsWith(s) => CheckKind::StartsWith(intern(s)),
            RuleKind::EndsWith(s) => CheckKind::EndsWith(intern(s)),
            RuleKind::Length(spec) => {
                let mode = match spec.mode.unwrap_or(SchemaLengthMode::Chars) {
                    SchemaLengthMode::Chars => LengthMode::Chars,
                    SchemaLengthMode::Bytes => LengthMode::Bytes,
                    SchemaLengthMode::Utf16 => LengthMode::Utf16,
                    SchemaLengthMode::Items => LengthMode::Items,
                };
                CheckKind::Length(Length {
                    min: spec.min,
                    max: spec.max,
                    equal: spec.equal,
                    mode,
                })
            }
            RuleKind::Range(spec) => range(spec),
            RuleKind::Regex(RegexSource::Literal(pattern)) => match (patterns.0)(pattern) {
                Ok(Some(re)) => CheckKind::Pattern(re),
                Ok(None) => continue,
                Err(e) => {
                    // The analysis's words, so that the diagnosis says it once.
                    errors.push(Diagnostic::at(
                        Severity::Error,
                        rule.span,
                        format!("invalid regular expression: {e}"),
                    ));
                    continue;
                }
            },
            RuleKind::Regex(RegexSource::Path(path)) => {
                let name = path
                    .segments
                    .last()
                    .map(|s| s.ident.to_string())
                    .unwrap_or_default();
                match regexes.get(&name).map(|p| (patterns.0)(p)) {
                    Some(Ok(Some(re))) => CheckKind::Pattern(re),
                    Some(Ok(None)) => continue,
                    Some(Err(e)) => {
                        errors.push(Diagnostic::at(
                            Severity::Error,
                            rule.span,
                            format!("the static regex `{name}` does not compile: {e}"),
                        ));
                        continue;
                    }
                    None => {
                        // Defined elsewhere in the person's codebase: this rule
                        // is listed as not run, the rest runs.
                        notes.push(Diagnostic::at(
                            Severity::Warning,
                            rule.span,
                            format!(
                                "the regex `{name}` is not defined in the paste, so this rule is not run; \
                                 to run it, add `static {name}: LazyLock<Regex> = LazyLock::new(|| Regex::new(\"…\").unwrap());` \
                                 or write the pattern inline"
                            ),
                        ));
                        continue;
                    }
                }
            }
            RuleKind::OneOf(values) => match inner {
                Ty::Str | Ty::Text(_) | Ty::Trimmed => CheckKind::OneOfStr(
                    values
                        .iter()
                        .map(|v| match v {
                            Literal::Str(s) => intern(s),
                            _ => "",
                        })
                        .collect(),
                ),
                Ty::F32 | Ty::F64 => CheckKind::OneOfFloat(
                    values
                        .iter()
                        .map(|v| match v {
                            Literal::Int(i) => *i as f64,
                            Literal::Float(f) => *f,
                            Literal::Str(_) => f64::NAN,
                        })
                        .collect(),
                ),
                _ => CheckKind::OneOfInt(
                    values
                        .iter()
                        .map(|v| match v {
                            Literal::Int(i) => *i,
                            _ => i128::MIN,
                        })
                        .collect(),
                ),
            },
            RuleKind::Each(inner_rules) => {
                let element = match inner {
                    Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. } => e.as_ref(),
                    Ty::Map { value, .. } => value.as_ref(),
                    other => other,
                };
                CheckKind::Each(compile_rules(
                    inner_rules,
                    element,
                    regexes,
                    patterns,
                    errors,
                    notes,
                ))
            }
        };
        out.push(check(rule, kind));
    }
    out
}

fn check(rule: &RuleSpec, kind: CheckKind) -> Check {
    Check {
        kind,
        code: rule.code.clone(),
        message: rule.message.clone(),
    }
}

fn range(spec: &RangeSpec) -> CheckKind {
    if spec.has_float() {
        let f = |b: Option<Number>| {
            b.map(|n| match n {
                Number::Int(i) => i as f64,
                Number::Float(f) => f,
            })
        };
        CheckKind::RangeFloat(Range {
            min: f(spec.min),
            max: f(spec.max),
            exclusive_min: f(spec.exclusive_min),
            exclusive_max: f(spec.exclusive_max),
        })
    } else {
        let i = |b: Option<Number>| {
            b.and_then(|n| match n {
                Number::Int(i) => Some(i),
                Number::Float(_) => None,
            })
        };
        CheckKind::RangeInt(Range {
            min: i(spec.min),
            max: i(spec.max),
            exclusive_min: i(spec.exclusive_min),
            exclusive_max: i(spec.exclusive_max),
        })
    }
}

fn innermost(ty: &Ty) -> &Ty {
    match ty {
        Ty::Option(inner) => innermost(inner),
        other => other,
    }
}

/// Where a field's violations go: the segment the plan decided for it (its
/// name, its position, or none).
#[inline]
pub fn field_segment(field: &crate::plan::FieldPlan) -> Option<Segment> {
    match field.path {
        FieldSegment::Name(name) => Some(Segment::Field(name.into())),
        FieldSegment::Index(i) => Some(Segment::Index(i)),
        FieldSegment::Inline => None,
    }
}

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
            (KindPlan::Enum(e), Value::Variant(index, payload)) => {
                let Some(variant) = e.variants.get(*index as usize) else {
                    return true;
                };
                if !variant.fields.has_checks {
                    return true;
                }
                match (variant.style, payload.as_ref()) {
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
        // A must_match is rare: let the full path decide.
        if !plan.must_match.is_empty() {
            return false;
        }
        plan.fields.iter().zip(slots).all(|(field, value)| {
            field.checks.is_empty() || self.field_passes(&field.checks, &field.ty, value)
        })
    }

    #[inline]
    fn field_passes(&self, checks: &[Check], ty: &Ty, value: &Value) -> bool {
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
                kind => rule_passes(kind, value),
            };
            if !ok {
                return false;
            }
        }
        true
    }

    fn nested_passes(&self, ty: &Ty, value: &Value) -> bool {
        match (ty, value) {
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
            (KindPlan::Enum(e), Value::Variant(index, payload)) => {
                let Some(variant) = e.variants.get(*index as usize) else {
                    return;
                };
                let start = out.len();
                match (variant.style, payload.as_ref()) {
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
        for (field, value) in plan.fields.iter().zip(slots) {
            if field.checks.is_empty() {
                continue;
            }
            let start = out.len();
            self.field_into(&field.checks, &field.ty, value, true, out);
            if out.len() > start {
                if let Some(segment) = field_segment(field) {
                    out.nest_since(start, &segment);
                }
            }
        }
        self.must_match_into(plan, slots, out);
    }

    /// `must_match`: each pair of fields that must be equal.
    pub fn must_match_into(&self, plan: &StructPlan, slots: &[Value], out: &mut Violations) {
        for m in &plan.must_match {
            let (Some(a), Some(b)) = (slots.get(m.slot), slots.get(m.other)) else {
                continue;
            };
            let rule = MustMatch {
                other: m.other_name,
            };
            if !rule.check_pair(a, b) {
                out.push(
                    overrides(rule.violation(), m.code.as_deref(), m.message.as_deref()).under(
                        match plan.fields[m.slot].path {
                            FieldSegment::Name(name) => Segment::Field(name.into()),
                            FieldSegment::Index(i) => Segment::Index(i),
                            FieldSegment::Inline => Segment::Field(plan.fields[m.slot].key.into()),
                        },
                    ),
                );
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
                    let rule = Required;
                    let v = <Required as Rule<Option<()>>>::violation(&rule, &None);
                    out.push(overrides(v, c.code.as_deref(), c.message.as_deref()));
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

pub(crate) fn unwrap_options<'a>(ty: &'a Ty, value: &'a Value) -> Option<(&'a Ty, &'a Value)> {
    match ty {
        Ty::Option(inner) if value.is_none() => {
            let _ = inner;
            None
        }
        Ty::Option(inner) => unwrap_options(inner, value),
        other => Some((other, value)),
    }
}

pub(crate) fn overrides(v: Violation, code: Option<&str>, message: Option<&str>) -> Violation {
    let v = match code {
        Some(code) => v.with_code(code.to_owned()),
        None => v,
    };
    match message {
        Some(message) => v.with_message(message.to_owned()),
        None => v,
    }
}

pub(crate) fn element_ty(ty: &Ty) -> &Ty {
    match ty {
        Ty::Seq(e) | Ty::Array(_, e) | Ty::Set { item: e, .. } => e,
        Ty::Map { value, .. } => value,
        other => other,
    }
}

/// Whether `value` keeps a simple rule; builds nothing.
#[inline]
pub(crate) fn rule_passes(kind: &CheckKind, value: &Value) -> bool {
    match (kind, value) {
        (CheckKind::Email, Value::Str(s)) => Email.check(&**s),
        (CheckKind::Url, Value::Str(s)) => Url.check(&**s),
        (CheckKind::Alphanumeric, Value::Str(s)) => Alphanumeric.check(&**s),
        (CheckKind::Ascii, Value::Str(s)) => Ascii.check(&**s),
        (CheckKind::NonBlank, Value::Str(s)) => NonBlank.check(&**s),
        (CheckKind::Contains(p), Value::Str(s)) => Contains(p).check(&**s),
        (CheckKind::DoesNotContain(p), Value::Str(s)) => DoesNotContain(p).check(&**s),
        (CheckKind::StartsWith(p), Value::Str(s)) => StartsWith(p).check(&**s),
        (CheckKind::EndsWith(p), Value::Str(s)) => EndsWith(p).check(&**s),
        (CheckKind::Pattern(re), Value::Str(s)) => Pattern(re).check(&**s),
        (CheckKind::Length(rule), Value::Str(s)) => rule.check(&**s),
        (CheckKind::Length(rule), Value::Seq(items)) => rule.check(items.as_slice()),
        (CheckKind::Length(rule), Value::Map(entries)) => rule.check(entries.as_slice()),
        (CheckKind::RangeInt(rule), Value::I64(n)) => rule.check(n),
        (CheckKind::RangeInt(rule), Value::U64(n)) => rule.check(n),
        (CheckKind::RangeFloat(rule), Value::F64(n)) => rule.check(n),
        // The rest, rarer, through the full path.
        (kind, value) => failed_rule(kind, value).is_none(),
    }
}

/// The violation of a simple rule, when `value` breaks it. Exhaustive over
/// the rules: a new one is handled here or the engine does not compile. A
/// value of another form than the rule reads passes (the analysis has refused
/// such a pairing already).
pub(crate) fn failed_rule(kind: &CheckKind, value: &Value) -> Option<Violation> {
    fn on<T: ?Sized, R: Rule<T>>(rule: R, value: &T) -> Option<Violation> {
        (!rule.check(value)).then(|| rule.violation(value))
    }
    fn text<R: Rule<str>>(rule: R, value: &Value) -> Option<Violation> {
        match value {
            Value::Str(s) => on(rule, &**s),
            _ => None,
        }
    }
    fn sized<R: Rule<str> + Rule<[Value]> + Rule<[(Box<str>, Value)]>>(
        rule: R,
        value: &Value,
    ) -> Option<Violation> {
        match value {
            Value::Str(s) => on(rule, &**s),
            Value::Seq(items) => on(rule, items.as_slice()),
            Value::Map(entries) => on(rule, entries.as_slice()),
            _ => None,
        }
    }
    match kind {
        CheckKind::Email => text(Email, value),
        CheckKind::Url => text(Url, value),
        CheckKind::Alphanumeric => text(Alphanumeric, value),
        CheckKind::Ascii => text(Ascii, value),
        CheckKind::NonBlank => text(NonBlank, value),
        CheckKind::NonControlCharacter => text(NonControlCharacter, value),
        CheckKind::CreditCard => text(CreditCard, value),
        CheckKind::Ip(kind) => text(Ip(*kind), value),
        CheckKind::Contains(p) => text(Contains(p), value),
        CheckKind::DoesNotContain(p) => text(DoesNotContain(p), value),
        CheckKind::StartsWith(p) => text(StartsWith(p), value),
        CheckKind::EndsWith(p) => text(EndsWith(p), value),
        CheckKind::Pattern(re) => text(Pattern(re), value),
        CheckKind::OneOfStr(options) => text(OneOf::<&str>(options), value),
        CheckKind::Length(rule) => sized(*rule, value),
        CheckKind::NonEmpty => sized(NonEmpty, value),
        CheckKind::Unique => match value {
            Value::Seq(items) => {
                let distinct = items
                    .iter()
                    .enumerate()
                    .all(|(i, item)| !items[..i].contains(item));
                (!distinct).then(|| <Unique as Rule<[u8]>>::violation(&Unique, &[]))
            }
            _ => None,
        },
        CheckKind::RangeInt(rule) => number(value, |n| on(*rule, &n), |n| on(*rule, &n)),
        CheckKind::RangeFloat(rule) => number(value, |n| on(*rule, &n), |n| on(*rule, &n)),
        CheckKind::OneOfInt(options) => number(
            value,
            |n| on(OneOf::<i128>(options), &n),
            |n| on(OneOf::<i128>(options), &n),
        ),
        CheckKind::OneOfFloat(options) => number(
            value,
            |n| on(OneOf::<f64>(options), &n),
            |n| on(OneOf::<f64>(options), &n),
        ),
        // The checker's walk handles these itself; they are never simple.
        CheckKind::Required | CheckKind::Nested | CheckKind::Each(_) => None,
    }
}

/// Runs a number rule on an integer (as `i128`, or `u128` past its range) or a float.
fn number(
    value: &Value,
    int: impl Fn(i128) -> Option<Violation>,
    float: impl Fn(f64) -> Option<Violation>,
) -> Option<Violation> {
    match *value {
        Value::I64(n) => int(n.into()),
        Value::U64(n) => int(n.into()),
        Value::I128(n) => int(n),
        Value::U128(n) => match i128::try_from(n) {
            Ok(n) => int(n),
            Err(_) => float(n as f64),
        },
        Value::F64(n) => float(n),
        _ => None,
    }
}
