//! `#[validate(...)]` as domainstack 1.1's derive reads it (domainstack-derive
//! 1.1.1's `parse_field_attributes`), for a paste that is domainstack's: each
//! rule with the code domainstack reports (`invalid_email`, `min_length`,
//! `out_of_range`, …) and its message, and its quirks followed:
//!
//! - `email` and `url` are domainstack's own patterns, not the WHATWG forms;
//! - `min_len`, `max_len` and `length` count bytes (`str::len`), though their
//!   messages say "characters" (a warning says so);
//! - `range` with one bound checks nothing, and the `code` and `message` in
//!   `length(…)` and `range(…)` are read and used nowhere (warnings);
//! - a word the derive does not know is passed over (a warning here; none
//!   from domainstack).

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use super::values;
use super::{Cx, FieldRules};
use crate::registry::{LibraryReading, NeedleRule, NumberRule, TextRule};
use crate::rule::{
    CustomCall, LengthMode, LengthSpec, Literal, Number, RangeSpec, RegexSource, RuleKind, RuleSpec,
};

/// domainstack's `rules::email()`: its pattern, whole value.
const EMAIL: &str = r"^[^@\s]+@[^@\s]+\.[^@\s]+$";
/// domainstack's `rules::url()`: http or https, a host of labels, any path.
const URL: &str = r"^https?://[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*(/.*)?$";

/// Parses one `#[validate(...)]` of a domainstack type into `out`.
pub fn parse(attr: &syn::Attribute, cx: &mut Cx, out: &mut FieldRules) -> syn::Result<()> {
    attr.parse_nested_meta(|meta| {
        let rules = item(&meta, cx, false)?;
        out.rules.extend(rules);
        Ok(())
    })
}

/// The rules one word adds (none for a word domainstack passes over). Inside
/// `each(…)` (`inner`) domainstack reads fewer words.
fn item(meta: &ParseNestedMeta, cx: &mut Cx, inner: bool) -> syn::Result<Vec<RuleSpec>> {
    let span = meta.path.span();
    let word = meta
        .path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default();
    let rule = |kind, code: &str, message: String| RuleSpec {
        kind,
        code: Some(code.to_owned()),
        message: Some(message),
        span,
    };
    let text = |rule: TextRule, code: &str, message: &str| {
        vec![RuleSpec {
            kind: RuleKind::Text(rule),
            code: Some(code.to_owned()),
            message: Some(message.to_owned()),
            span,
        }]
    };
    let regex = |pattern: &str| RuleKind::Regex(RegexSource::Literal(pattern.to_owned()));
    Ok(match word.as_str() {
        "email" => vec![rule(
            regex(EMAIL),
            "invalid_email",
            "Invalid email format".into(),
        )],
        "url" => vec![rule(regex(URL), "invalid_url", "Invalid URL format".into())],
        // A text rule domainstack reads under its own keyword: its code and
        // message are the registry's.
        _ if let Some((rule, reading)) = domainstack_text_rule(&word)
            && (reading.in_each || !inner) =>
        {
            text(rule, reading.code, reading.message)
        }
        "non_empty" => vec![rule(
            RuleKind::NonEmpty,
            "non_empty",
            "Must not be empty".into(),
        )],
        "min_len" | "max_len" => {
            let count = values::count(meta.value()?)?;
            bytes_warning(cx, span);
            match word.as_str() {
                "min_len" => byte_length(span, Some(count), None),
                _ => byte_length(span, None, Some(count)),
            }
        }
        "length" => {
            let (mut min, mut max) = (None, None);
            meta.parse_nested_meta(|arg| {
                match arg.path.get_ident().map(ToString::to_string).as_deref() {
                    Some("min") => min = Some(values::count(arg.value()?)?),
                    Some("max") => max = Some(values::count(arg.value()?)?),
                    Some(ignored @ ("code" | "message")) => {
                        ignored_override(cx, &arg, ignored, "length")?;
                    }
                    _ => skip(&arg)?,
                }
                Ok(())
            })?;
            bytes_warning(cx, span);
            byte_length(span, min, max)
        }
        "range" => {
            let mut spec = RangeSpec::default();
            meta.parse_nested_meta(|arg| {
                match arg.path.get_ident().map(ToString::to_string).as_deref() {
                    Some("min") => spec.min = values::number_bound(cx, "min", arg.value()?)?,
                    Some("max") => spec.max = values::number_bound(cx, "max", arg.value()?)?,
                    Some(ignored @ ("code" | "message")) => {
                        ignored_override(cx, &arg, ignored, "range")?
                    }
                    _ => skip(&arg)?,
                }
                Ok(())
            })?;
            let (Some(min), Some(max)) = (spec.min, spec.max) else {
                cx.not_run(
                    span,
                    "domainstack 1.1's `range` checks nothing unless it has both `min` and `max`; neither does the playground",
                );
                return Ok(Vec::new());
            };
            let text = format!("Must be between {} and {}", show(min), show(max));
            vec![rule(RuleKind::Range(spec), "out_of_range", text)]
        }
        // A needle rule domainstack reads under its own keyword: its code
        // and message are the registry's.
        _ if let Some((needle, reading)) = domainstack_needle_rule(&word)
            && (reading.in_each || !inner) =>
        {
            let value = values::string(meta.value()?)?;
            let message = reading.message.replace("{value}", &value);
            vec![rule(RuleKind::Needle(needle, value), reading.code, message)]
        }
        "matches_regex" => {
            let pattern = values::string(meta.value()?)?;
            vec![rule(
                regex(&pattern),
                "pattern_mismatch",
                "Does not match required pattern".into(),
            )]
        }
        "nested" => vec![RuleSpec {
            kind: RuleKind::Nested,
            code: None,
            message: None,
            span,
        }],
        "each" if !inner => {
            let mut each = Vec::new();
            meta.parse_nested_meta(|arg| {
                each.extend(item(&arg, cx, true)?);
                Ok(())
            })?;
            // One `each(…)` per rule, as domainstack writes a loop per rule.
            each.into_iter()
                .map(|inner| RuleSpec {
                    span: inner.span,
                    kind: RuleKind::Each(vec![inner]),
                    code: None,
                    message: None,
                })
                .collect()
        }
        "custom" if !inner => {
            let function = values::path(meta.value()?)?;
            vec![RuleSpec {
                kind: RuleKind::Custom(function, CustomCall::Value),
                code: None,
                message: None,
                span,
            }]
        }
        "min" | "max" if !inner => {
            let Some(bound) = values::number_bound(cx, &word, meta.value()?)? else {
                return Ok(Vec::new());
            };
            let mut spec = RangeSpec::default();
            let (code, message) = if word == "min" {
                spec.min = Some(bound);
                ("below_minimum", format!("Must be at least {}", show(bound)))
            } else {
                spec.max = Some(bound);
                ("above_maximum", format!("Must be at most {}", show(bound)))
            };
            vec![rule(RuleKind::Range(spec), code, message)]
        }
        "positive" if !inner => {
            let spec = RangeSpec {
                exclusive_min: Some(Number::Int(0)),
                ..RangeSpec::default()
            };
            vec![rule(
                RuleKind::Range(spec),
                "not_positive",
                "Must be positive".into(),
            )]
        }
        "negative" if !inner => {
            let spec = RangeSpec {
                exclusive_max: Some(Number::Int(0)),
                ..RangeSpec::default()
            };
            vec![rule(
                RuleKind::Range(spec),
                "not_negative",
                "Must be negative".into(),
            )]
        }
        "finite" if !inner => {
            // Every bound fails NaN, and ±∞ lie beyond these.
            let spec = RangeSpec {
                min: Some(Number::Float(f64::MIN)),
                max: Some(Number::Float(f64::MAX)),
                ..RangeSpec::default()
            };
            vec![rule(
                RuleKind::Range(spec),
                "not_finite",
                "Must be a finite number".into(),
            )]
        }
        "equals" if !inner => {
            let expr: syn::Expr = meta.value()?.parse()?;
            match cx.scope.eval(&expr) {
                Some(value @ (Literal::Int(_) | Literal::Float(_))) => {
                    let message = format!("Must equal '{}'", show_literal(&value));
                    vec![rule(RuleKind::OneOf(vec![value]), "not_equal", message)]
                }
                _ => {
                    cx.not_run(
                        expr.span(),
                        "domainstack's `equals` is run here on a number the paste states; this one is not run",
                    );
                    Vec::new()
                }
            }
        }
        // `non_zero` is `not_equals = 0` with a code of its own (`T::default()`,
        // so `-0.0` is zero too).
        "non_zero" if !inner => vec![rule(
            RuleKind::Number(NumberRule::NotEquals, Number::Int(0)),
            "zero_value",
            "Must be non-zero".into(),
        )],
        // A number rule domainstack reads under its own keyword, with its
        // code and message from the registry.
        _ if let Some((number_rule, reading)) = domainstack_number_rule(&word)
            && !inner =>
        {
            let Some(n) = values::number_bound(cx, &word, meta.value()?)? else {
                return Ok(Vec::new());
            };
            if number_rule == NumberRule::MultipleOf
                && matches!(n, Number::Int(0) | Number::Float(0.0))
            {
                return Err(syn::Error::new(
                    span,
                    "`multiple_of = 0` panics in domainstack (\"multiple_of: divisor cannot be zero\"); name a number other than zero",
                ));
            }
            let message = reading.message.replace("{value}", &show(n));
            vec![rule(
                RuleKind::Number(number_rule, n),
                reading.code,
                message,
            )]
        }
        "min_items" | "max_items" if !inner => {
            let count = values::count(meta.value()?)?;
            let (spec, code, message) = if word == "min_items" {
                (
                    LengthSpec {
                        min: Some(count),
                        mode: Some(LengthMode::Items),
                        ..LengthSpec::default()
                    },
                    "too_few_items",
                    format!("Must have at least {count} items"),
                )
            } else {
                (
                    LengthSpec {
                        max: Some(count),
                        mode: Some(LengthMode::Items),
                        ..LengthSpec::default()
                    },
                    "too_many_items",
                    format!("Must have at most {count} items"),
                )
            };
            vec![rule(RuleKind::Length(spec), code, message)]
        }
        "unique" if !inner => vec![rule(
            RuleKind::Unique,
            "duplicate_items",
            "All items must be unique".into(),
        )],
        _ => {
            skip(meta)?;
            let place = if inner {
                "inside `each(…)`"
            } else {
                "on a field"
            };
            cx.not_run(
                span,
                format!(
                    "domainstack 1.1's derive passes over `{word}` {place} without a word, so it checks nothing; neither does the playground"
                ),
            );
            Vec::new()
        }
    })
}

/// The text rule named `word` and how domainstack reads it.
fn domainstack_text_rule(word: &str) -> Option<(TextRule, LibraryReading)> {
    TextRule::ALL
        .iter()
        .find(|rule| rule.name() == word)
        .and_then(|&rule| Some((rule, rule.domainstack()?)))
}

/// The needle rule named `word` and how domainstack reads it.
/// The number rule domainstack reads under `word`, and how it reports it.
fn domainstack_number_rule(word: &str) -> Option<(NumberRule, LibraryReading)> {
    NumberRule::ALL.iter().find_map(|&rule| {
        let (keyword, reading) = rule.domainstack();
        (keyword == word).then_some((rule, reading))
    })
}

fn domainstack_needle_rule(word: &str) -> Option<(NeedleRule, LibraryReading)> {
    NeedleRule::ALL
        .iter()
        .find(|rule| rule.name() == word)
        .and_then(|&rule| Some((rule, rule.domainstack()?)))
}

/// `min_len`/`max_len` (and `length`, which is both): bytes, each bound its
/// own rule and code, as domainstack's `min_len(…).and(max_len(…))`.
fn byte_length(span: Span, min: Option<usize>, max: Option<usize>) -> Vec<RuleSpec> {
    let bound = |min, max, code: &str, message: String| RuleSpec {
        kind: RuleKind::Length(LengthSpec {
            min,
            max,
            equal: None,
            mode: Some(LengthMode::Bytes),
        }),
        code: Some(code.to_owned()),
        message: Some(message),
        span,
    };
    let mut out = Vec::new();
    if let Some(n) = min {
        out.push(bound(
            Some(n),
            None,
            "min_length",
            format!("Must be at least {n} characters"),
        ));
    }
    if let Some(n) = max {
        out.push(bound(
            None,
            Some(n),
            "max_length",
            format!("Must be at most {n} characters"),
        ));
    }
    out
}

/// domainstack reads `code` and `message` inside `length(…)` and `range(…)`
/// and uses them nowhere (`ValidationRule::Length { min, max, .. }`).
fn ignored_override(cx: &mut Cx, arg: &ParseNestedMeta, word: &str, rule: &str) -> syn::Result<()> {
    let _: syn::Expr = arg.value()?.parse()?;
    cx.not_run(
        arg.path.span(),
        format!(
            "domainstack 1.1 reads `{word}` in `{rule}(…)` and uses it nowhere: its violation keeps domainstack's own {word}, here too"
        ),
    );
    Ok(())
}

/// Said where a length is written: what domainstack counts surprises.
fn bytes_warning(cx: &mut Cx, span: Span) {
    const BYTES: &str = "domainstack counts a string's length in bytes (`str::len`), though its message says characters: \"é\" is 2, \"😀\" is 4; so does the playground for a domainstack type";
    // Once per field, where its first length is.
    if !cx.warnings.iter().any(|(_, said)| said == BYTES) {
        cx.not_run(span, BYTES);
    }
}

/// Passes over a word's value or arguments, whatever their form.
fn skip(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _: proc_macro2::Group = meta.input.parse()?;
    }
    Ok(())
}

fn show(n: Number) -> String {
    match n {
        Number::Int(i) => i.to_string(),
        Number::Float(f) => f.to_string(),
    }
}

fn show_literal(value: &Literal) -> String {
    match value {
        Literal::Int(i) => i.to_string(),
        Literal::Float(f) => f.to_string(),
        Literal::Str(s) => s.clone(),
    }
}
