//! Running one compiled rule on a value: the quick yes/no the success path
//! takes, and the violation (with the rule's code and message) only when it
//! fails.

use overhead_validate::rules::{
    Ip, Needle, NonEmpty, Numeric, OneOf, Pattern, Required, Text, Unique, needle_rule_passes,
    text_rule_passes,
};
use overhead_validate::{Rule, Violation};

use super::{Check, CheckKind};
use crate::value::Value;

#[inline]
pub fn overrides(v: Violation, code: Option<&str>, message: Option<&str>) -> Violation {
    // Most rules override nothing: inline, the violation is not moved
    // (a copy in and one out, user-signup's invalid input has three).
    if code.is_none() && message.is_none() {
        return v;
    }
    overridden(v, code, message)
}

/// The violation of `required` (the check `c`) on a value left out, with
/// the check's code and message.
#[cold]
pub fn missing(c: &Check) -> Violation {
    let v = <Required as Rule<Option<()>>>::violation(&Required, &None);
    overrides(v, c.code.as_deref(), c.message.as_deref())
}

#[cold]
fn overridden(v: Violation, code: Option<&str>, message: Option<&str>) -> Violation {
    let v = match code {
        Some(code) => v.with_code(code.to_owned()),
        None => v,
    };
    match message {
        Some(message) => v.with_message(message.to_owned()),
        None => v,
    }
}

/// Whether `value` keeps a simple rule; builds nothing.
#[inline]
pub fn rule_passes(kind: &CheckKind, value: &Value) -> bool {
    match (kind, value) {
        (CheckKind::Text(rule), Value::Str(s)) => text_rule_passes(*rule, s),
        (CheckKind::Needle(rule, p), Value::Str(s)) => needle_rule_passes(*rule, s, p),
        (CheckKind::Pattern(re), Value::Str(s)) => Pattern(re).check(&**s),
        (CheckKind::Length(rule), Value::Str(s)) => rule.check(&**s),
        (CheckKind::Length(rule), Value::Seq(items)) => rule.check(&**items),
        (CheckKind::Length(rule), Value::Rows(..)) => rule.check(&RowCount::of(value)),
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
pub fn failed_rule(kind: &CheckKind, value: &Value) -> Option<Violation> {
    rule_violation::<true>(kind, value)
}

/// The violation of a simple rule that `value` is known to break (its
/// compiled test said so): built without running the rule again, as
/// derived code builds it in the branch its check took. `None` for a value
/// of another form than the rule reads.
#[cold]
pub fn broken_rule(kind: &CheckKind, value: &Value) -> Option<Violation> {
    rule_violation::<false>(kind, value)
}

/// [`failed_rule`] when `CHECK`, [`broken_rule`] otherwise.
#[inline(always)]
fn rule_violation<const CHECK: bool>(kind: &CheckKind, value: &Value) -> Option<Violation> {
    fn on<const CHECK: bool, T: ?Sized, R: Rule<T>>(rule: R, value: &T) -> Option<Violation> {
        (!CHECK || !rule.check(value)).then(|| rule.violation(value))
    }
    fn text<const CHECK: bool, R: Rule<str>>(rule: R, value: &Value) -> Option<Violation> {
        match value {
            Value::Str(s) => on::<CHECK, _, _>(rule, &**s),
            _ => None,
        }
    }
    fn sized<
        const CHECK: bool,
        R: Rule<str> + Rule<[Value]> + Rule<[(Box<str>, Value)]> + Rule<RowCount>,
    >(
        rule: R,
        value: &Value,
    ) -> Option<Violation> {
        match value {
            Value::Str(s) => on::<CHECK, _, _>(rule, &**s),
            Value::Seq(items) => on::<CHECK, _, _>(rule, &**items),
            Value::Rows(..) => on::<CHECK, _, _>(rule, &RowCount::of(value)),
            Value::Map(entries) => on::<CHECK, _, _>(rule, entries.as_slice()),
            _ => None,
        }
    }
    match kind {
        // Run where the plan is (the checker, the rule sites): the paste's
        // function reads a value as a value of its type, which takes it.
        CheckKind::Custom(_) => None,
        CheckKind::Text(rule) => text::<CHECK, _>(Text(*rule), value),
        CheckKind::Ip(kind) => text::<CHECK, _>(Ip(*kind), value),
        CheckKind::Needle(rule, p) => text::<CHECK, _>(Needle(*rule, p), value),
        CheckKind::Pattern(re) => text::<CHECK, _>(Pattern(re), value),
        CheckKind::OneOfStr(options) => text::<CHECK, _>(OneOf::<&str>(options), value),
        CheckKind::Length(rule) => sized::<CHECK, _>(*rule, value),
        CheckKind::NonEmpty => sized::<CHECK, _>(NonEmpty, value),
        CheckKind::Unique => match value {
            Value::Rows(..) => {
                let rows: Vec<&[Value]> = value.rows().into_iter().flatten().collect();
                let distinct = rows
                    .iter()
                    .enumerate()
                    .all(|(i, row)| !rows[..i].contains(row));
                (!distinct).then(|| <Unique as Rule<[u8]>>::violation(&Unique, &[]))
            }
            Value::Seq(items) => {
                let distinct = items
                    .iter()
                    .enumerate()
                    .all(|(i, item)| !items[..i].contains(item));
                (!distinct).then(|| <Unique as Rule<[u8]>>::violation(&Unique, &[]))
            }
            _ => None,
        },
        CheckKind::RangeInt(rule) => number(
            value,
            |n| on::<CHECK, _, _>(*rule, &n),
            |n| on::<CHECK, _, _>(*rule, &n),
        ),
        CheckKind::RangeFloat(rule) => number(
            value,
            |n| on::<CHECK, _, _>(*rule, &n),
            |n| on::<CHECK, _, _>(*rule, &n),
        ),
        CheckKind::NumberInt(rule, n) => number(
            value,
            |v| on::<CHECK, _, _>(Numeric(*rule, *n), &v),
            |v| on::<CHECK, _, _>(Numeric(*rule, *n), &v),
        ),
        CheckKind::NumberFloat(rule, n) => number(
            value,
            |v| on::<CHECK, _, _>(Numeric(*rule, *n), &v),
            |v| on::<CHECK, _, _>(Numeric(*rule, *n), &v),
        ),
        CheckKind::OneOfInt(options) => number(
            value,
            |n| on::<CHECK, _, _>(OneOf::<i128>(options), &n),
            |n| on::<CHECK, _, _>(OneOf::<i128>(options), &n),
        ),
        CheckKind::OneOfFloat(options) => number(
            value,
            |n| on::<CHECK, _, _>(OneOf::<f64>(options), &n),
            |n| on::<CHECK, _, _>(OneOf::<f64>(options), &n),
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
        // A number read from its text (serde_with's `DisplayFromStr`, a
        // decimal as a string) keeps its text; its rules read the number.
        Value::Str(ref text) => match (text.parse::<i128>(), text.parse::<f64>()) {
            (Ok(n), _) => int(n),
            (_, Ok(x)) => float(x),
            _ => None,
        },
        _ => None,
    }
}

/// How many elements a `Vec` laid out in rows holds, for the length rules.
pub struct RowCount(usize);

impl RowCount {
    fn of(value: &Value) -> RowCount {
        RowCount(value.rows().map_or(0, |rows| rows.len()))
    }
}

impl overhead_validate::rules::HasLength for RowCount {
    fn length(&self, _: overhead_validate::rules::LengthMode) -> usize {
        self.0
    }
}

/// The paste's function on a value as its code receives it (a field's, or a
/// whole struct's for a struct-level function).
pub fn custom_verdict(custom: &super::Custom, value: crate::pasted::Val) -> Option<Violation> {
    use crate::pasted::{Outcome, Val, run};
    let with_context;
    let args: &[Val] = match &custom.context {
        Some(context) => {
            with_context = [value, context.value()?];
            &with_context
        }
        None => std::slice::from_ref(&value),
    };
    match run(&custom.function, args) {
        Outcome::Returned(Val::Res(Err(error))) => {
            let text = match *error {
                Val::Error(text) | Val::Str(text) => text.to_string(),
                _ => String::new(),
            };
            let violation = Violation::new("custom", "the custom rule failed");
            Some(match custom.garde {
                true => violation.with_message(text),
                false => violation.with_code(text),
            })
        }
        _ => None,
    }
}
