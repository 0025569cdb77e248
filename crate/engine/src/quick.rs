//! The success path of validation, compiled once per struct when the plan is
//! laid out: every rule of the struct (and of the structs laid out inline in
//! it) as one flat list of [`Step`]s, each the slot it reads and a test with
//! its bounds resolved — a `range(min = 18, max = 120)` on a `u8` is two
//! integer compares, a `length(min = 3, max = 20)` on a string is its byte
//! length against two numbers (counting only when bytes leave it open), a
//! text rule is its own function. A valid value is checked by one loop over
//! the list, as derived code's `passes` functions run their checks one after
//! another; nothing on it matches on a rule's kind, unwraps an `Option` or
//! recurses into an inline struct. A value the list refuses is walked along
//! the same list again to say why ([`Quick::violations_into`]): each step
//! keeps its rule and its path, so a broken rule's violation is built where
//! it is found, in the field order the checker's walk gives, without that
//! walk's match on every rule's kind.

use overhead_validate::rules::{Length, LengthMode, text_rule_check};
use overhead_validate::{Segment, Violations};

use crate::check::Checker;
use crate::plan::{FieldPlan, KindPlan, StructPlan, TypePlan};
use crate::rules::{Check, CheckKind, broken_rule, missing, overrides, rule_passes};
use crate::ty::{Int, Ty};
use crate::value::Value;

/// One rule of a struct's success path: the slot it reads and its test.
#[derive(Debug)]
pub struct Step {
    at: usize,
    test: Test,
    /// What a value that fails `test` breaks, for its violation (out of
    /// line: the success path reads `at` and `test` alone).
    broken: Box<Broken>,
}

/// A step's rule and where its violations go.
#[derive(Debug)]
struct Broken {
    /// The rule (`required` for [`Test::Present`]; none for
    /// [`Test::Field`], which walks its field's rules, nor [`Test::Never`]).
    check: Option<Check>,
    /// The field's path in its struct, outermost first: the segments of the
    /// structs laid out inline around it, then its own (none when flattened
    /// or a newtype's).
    path: Box<[Segment]>,
}

/// A rule's test, its parameters resolved when the plan was laid out. Each
/// passes a slot that holds no value (an `Option`'s `None`), but `Present`.
#[derive(Debug)]
enum Test {
    /// `required`: the `Option` holds a value.
    Present,
    /// A text rule without parameters, by its own function.
    Text(fn(&str) -> bool),
    /// A string's length in UTF-8 bytes within `lo..=hi`.
    Bytes(usize, usize),
    /// A string's length in chars within `lo..=hi`.
    Chars(usize, usize),
    /// A string's length in UTF-16 units within `lo..=hi`.
    Utf16(usize, usize),
    /// An integer (of a type up to 64 bits) within `lo..=hi`.
    Int(i128, i128),
    /// Any other rule that reads the value alone, through its kind.
    Rule(Box<CheckKind>),
    /// A field whose rules read more than a value (`nested` into a
    /// collection or an `Option`, `each`, a custom function, nested
    /// `Option`s): the checker's full walk of that field.
    Field(Box<(Vec<Check>, Ty)>),
    /// A struct laid out inline whose rules read across its fields: the
    /// full path decides.
    Never,
}

/// A struct's compiled success path; empty until the plan is laid out.
#[derive(Debug, Default)]
pub struct Quick {
    steps: Box<[Step]>,
    /// The steps list every rule of the struct and say each one's violation:
    /// it was compiled (by [`list`]), and no struct laid out inline in it
    /// reads across its fields ([`Test::Never`]).
    says_why: bool,
}

impl Quick {
    /// Whether the struct whose slots are `slots` keeps every rule listed.
    /// `check` runs a [`Test::Field`] step's full walk. Out of line: its
    /// callers include fail-fast's field check, one copy per format.
    #[inline(never)]
    pub fn passes(&self, slots: &[Value], check: &dyn Fn(&[Check], &Ty, &Value) -> bool) -> bool {
        for step in &self.steps {
            // Slots too few for the plan (a value another plan made) read as `Unit`s.
            let value = slots.get(step.at).unwrap_or(Value::unit());
            if !step.test.passes(value, check) {
                return false;
            }
        }
        true
    }

    /// Whether [`violations_into`](Self::violations_into) says every
    /// violation of the struct's own fields (it has no rule across them).
    #[inline]
    pub fn says_why(&self) -> bool {
        self.says_why
    }

    /// Every violation of the struct whose slots are `slots`, as the
    /// checker's walk of its fields gives them, when [`says_why`](Self::says_why):
    /// each step's test again, and for one that fails its rule's violation
    /// under its path. A [`Test::Field`] step is its field's full walk.
    #[cold]
    #[inline(never)]
    pub fn violations_into(&self, checker: &Checker<'_>, slots: &[Value], out: &mut Violations) {
        for step in &self.steps {
            let value = slots.get(step.at).unwrap_or(Value::unit());
            let start = out.len();
            match &step.test {
                Test::Field(field) => checker.field_into(&field.0, &field.1, value, true, out),
                test => {
                    if test.passes(value, &|_, _, _| true) {
                        continue;
                    }
                    let Some(c) = &step.broken.check else {
                        continue;
                    };
                    if let CheckKind::Required = c.kind {
                        out.push(missing(c));
                    } else if let Some(v) = broken_rule(&c.kind, value) {
                        out.push(overrides(v, c.code.as_deref(), c.message.as_deref()));
                    }
                }
            }
            if out.len() > start {
                for segment in step.broken.path.iter().rev() {
                    out.nest_since(start, segment);
                }
            }
        }
    }
}

impl Test {
    /// Inlined into the one loop above: one copy of every test. (The common
    /// tests written again in the loop, with this out of line, ran 10 fewer
    /// instructions per user-signup and added 4.9 KB to the page's module.)
    #[inline(always)]
    fn passes(&self, value: &Value, check: &dyn Fn(&[Check], &Ty, &Value) -> bool) -> bool {
        match (self, value) {
            (Test::Present, value) => !value.is_none(),
            (Test::Text(test), Value::Str(s)) => test(s),
            (Test::Bytes(lo, hi), Value::Str(s)) => (*lo..=*hi).contains(&s.len()),
            (Test::Chars(lo, hi), Value::Str(s)) => {
                Length::within(&**s, LengthMode::Chars, *lo, *hi)
            }
            (Test::Utf16(lo, hi), Value::Str(s)) => {
                Length::within(&**s, LengthMode::Utf16, *lo, *hi)
            }
            (Test::Int(lo, hi), Value::I64(n)) => (*lo..=*hi).contains(&i128::from(*n)),
            (Test::Int(lo, hi), Value::U64(n)) => (*lo..=*hi).contains(&i128::from(*n)),
            (Test::Rule(kind), value) => rule_passes(kind, value),
            (Test::Field(field), value) => check(&field.0, &field.1, value),
            (Test::Never, _) => false,
            // No value in the slot (`None`), or not of the form the test reads
            // (the analysis has refused such a pairing already).
            (Test::Text(_) | Test::Bytes(..) | Test::Chars(..) | Test::Utf16(..), _) => true,
            (Test::Int(..), _) => true,
        }
    }
}

/// Compiles the success path of every struct and struct variant.
pub fn list(types: &mut [TypePlan]) {
    let compiled: Vec<Vec<Quick>> = types
        .iter()
        .map(|ty| match &ty.kind {
            KindPlan::Struct(s) => vec![compile(types, s)],
            KindPlan::Enum(e) => e
                .variants
                .iter()
                .map(|v| compile(types, &v.fields))
                .collect(),
        })
        .collect();
    for (ty, quick) in types.iter_mut().zip(compiled) {
        let mut quick = quick.into_iter();
        match &mut ty.kind {
            KindPlan::Struct(s) => {
                s.quick = quick.next().unwrap_or_default();
                list_fields(s);
            }
            KindPlan::Enum(e) => {
                for (variant, quick) in e.variants.iter_mut().zip(quick) {
                    variant.fields.quick = quick;
                    list_fields(&mut variant.fields);
                }
            }
        }
    }
}

/// Each field's own compiled rules, for fail-fast: those of a field whose
/// rules read its value alone (a value with rules of its own, `nested`, is
/// checked as it is read, and not again here), its value in slot 0.
fn list_fields(s: &mut StructPlan) {
    for field in &mut s.fields {
        if field.checks.is_empty() || field.inline.is_some() || reads_alone(field).is_none() {
            continue;
        }
        let mut steps = Vec::new();
        field_steps(field, 0, &[], &mut steps);
        field.quick = Some(Quick {
            steps: steps.into_boxed_slice(),
            says_why: false,
        });
    }
}

fn compile(types: &[TypePlan], s: &StructPlan) -> Quick {
    let mut steps = Vec::new();
    steps_into(types, s, 0, &[], &mut steps);
    let says_why = !steps.iter().any(|step| matches!(step.test, Test::Never));
    Quick {
        steps: steps.into_boxed_slice(),
        says_why,
    }
}

/// The steps of `s`'s fields, its slots starting at `base`, its fields'
/// paths under `path`.
fn steps_into(
    types: &[TypePlan],
    s: &StructPlan,
    base: usize,
    path: &[Segment],
    out: &mut Vec<Step>,
) {
    for field in &s.fields {
        if field.checks.is_empty() {
            continue;
        }
        let at = base + field.at;
        let path: Vec<Segment> = path.iter().cloned().chain(field.segment()).collect();
        // A struct laid out inline takes `nested` alone: its own rules,
        // listed here at its slots.
        if let Some((id, _)) = field.inline {
            match &types[id].kind {
                KindPlan::Struct(inner) if inner.cross_field => out.push(Step {
                    at,
                    test: Test::Never,
                    broken: Box::new(Broken {
                        check: None,
                        path: path.into_boxed_slice(),
                    }),
                }),
                KindPlan::Struct(inner) if inner.has_checks => {
                    steps_into(types, inner, at, &path, out)
                }
                _ => {}
            }
            continue;
        }
        field_steps(field, at, &path, out);
    }
}

/// A field's steps, its value in slot `at`, its violations under `path`.
fn field_steps(field: &FieldPlan, at: usize, path: &[Segment], out: &mut Vec<Step>) {
    let broken = |check: Option<&Check>| {
        Box::new(Broken {
            check: check.cloned(),
            path: path.into(),
        })
    };
    let Some(ty) = reads_alone(field) else {
        out.push(Step {
            at,
            test: Test::Field(Box::new((field.checks.clone(), field.ty.clone()))),
            broken: broken(None),
        });
        return;
    };
    // `required` first, as derived code runs it.
    if let Some(required) = field
        .checks
        .iter()
        .find(|c| matches!(c.kind, CheckKind::Required))
    {
        out.push(Step {
            at,
            test: Test::Present,
            broken: broken(Some(required)),
        });
    }
    for check in &field.checks {
        if matches!(check.kind, CheckKind::Required) {
            continue;
        }
        out.push(Step {
            at,
            test: test(&check.kind, ty),
            broken: broken(Some(check)),
        });
    }
}

/// The rule `kind` on a value of type `ty` (inside any `Option`), compiled.
fn test(kind: &CheckKind, ty: &Ty) -> Test {
    let text = matches!(ty, Ty::Str | Ty::Trimmed | Ty::Borrowed | Ty::Text(_));
    let small_int =
        matches!(ty, Ty::Int(int) | Ty::NonZero(int) if !matches!(int, Int::I128 | Int::U128));
    match kind {
        CheckKind::Text(rule) if text => Test::Text(text_rule_check(*rule)),
        CheckKind::Length(rule) if text => {
            let (lo, hi) = rule.interval();
            match rule.mode {
                LengthMode::Bytes => Test::Bytes(lo, hi),
                LengthMode::Chars | LengthMode::Items => Test::Chars(lo, hi),
                LengthMode::Utf16 => Test::Utf16(lo, hi),
            }
        }
        CheckKind::RangeInt(range) if small_int => match inclusive(range) {
            Some((lo, hi)) => Test::Int(lo, hi),
            None => Test::Rule(Box::new(kind.clone())),
        },
        kind => Test::Rule(Box::new(kind.clone())),
    }
}

/// An integer range's accepted values as `lo..=hi` (every bound applied);
/// `None` where an exclusive bound sits at the end of `i128`.
fn inclusive(range: &overhead_validate::rules::Range<i128>) -> Option<(i128, i128)> {
    let mut lo = range.min.unwrap_or(i128::MIN);
    let mut hi = range.max.unwrap_or(i128::MAX);
    if let Some(bound) = range.exclusive_min {
        lo = lo.max(bound.checked_add(1)?);
    }
    if let Some(bound) = range.exclusive_max {
        hi = hi.min(bound.checked_sub(1)?);
    }
    Some((lo, hi))
}

/// The type each of a field's rules reads alone (inside at most one
/// `Option`), or `None` when some rule reads more than the value.
fn reads_alone(field: &FieldPlan) -> Option<&Ty> {
    let ty = match &field.ty {
        Ty::Option(inner) if matches!(**inner, Ty::Option(_)) => return None,
        Ty::Option(inner) => &**inner,
        ty => ty,
    };
    let alone = |c: &Check| {
        !matches!(
            c.kind,
            CheckKind::Nested | CheckKind::Each(_) | CheckKind::Custom(_)
        )
    };
    field.checks.iter().all(alone).then_some(ty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use overhead_validate::Rule;
    use overhead_validate::rules::Range;

    fn passes(test: &Test, value: &Value) -> bool {
        test.passes(value, &|_: &[Check], _: &Ty, _: &Value| unreachable!())
    }

    #[test]
    fn a_compiled_length_agrees_with_the_rule_on_every_string() {
        let texts = [
            "",
            "ab",
            "abc",
            "héllo",
            "😀😀😀",
            "abcdefghij",
            "ééééééééééé",
        ];
        for mode in [LengthMode::Chars, LengthMode::Bytes, LengthMode::Utf16] {
            for rule in [
                Length::new(mode).min(3),
                Length::new(mode).max(5),
                Length::new(mode).min(3).max(10),
                Length::new(mode).equal(3),
            ] {
                let compiled = test(&CheckKind::Length(rule), &Ty::Str);
                for text in texts {
                    assert_eq!(
                        passes(&compiled, &Value::Str(text.into())),
                        rule.check(text),
                        "{rule:?} on {text:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_compiled_range_agrees_with_the_rule_on_every_integer() {
        let rules = [
            Range::integer().min(18).max(120),
            Range::integer().exclusive_min(0).exclusive_max(10),
            Range::integer().min(-5),
            Range::integer().exclusive_max(i128::MIN),
        ];
        for rule in rules {
            let compiled = test(&CheckKind::RangeInt(rule), &Ty::Int(Int::I64));
            for n in [i64::MIN, -6, -5, 0, 1, 9, 10, 17, 18, 120, 121, i64::MAX] {
                assert_eq!(
                    passes(&compiled, &Value::I64(n)),
                    rule.check(&n),
                    "{rule:?} on {n}"
                );
            }
        }
    }

    #[test]
    fn a_slot_without_a_value_keeps_every_rule_but_required() {
        let none = Value::Unit;
        assert!(!passes(&Test::Present, &none));
        for kind in [
            CheckKind::Length(Length::chars().min(3)),
            CheckKind::RangeInt(Range::integer().min(1)),
            CheckKind::NonEmpty,
        ] {
            assert!(passes(&test(&kind, &Ty::Str), &none), "{kind:?}");
            assert!(passes(&test(&kind, &Ty::Int(Int::U8)), &none), "{kind:?}");
        }
    }
}
