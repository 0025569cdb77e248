//! `#[validate(...)]`: the seed's (domainstack's) keywords and the `validator`
//! crate's, which mostly agree.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use super::values::{self, set};
use crate::rule::{LengthMode, LengthSpec, RangeSpec, RegexSource, RuleKind, RuleSpec};
use crate::suggest;

pub const KEYWORDS: &[&str] = &[
    "email",
    "url",
    "min_len",
    "max_len",
    "length",
    "range",
    "alphanumeric",
    "ascii",
    "non_empty",
    "non_blank",
    "contains",
    "does_not_contain",
    "starts_with",
    "ends_with",
    "matches_regex",
    "regex",
    "one_of",
    "min_items",
    "max_items",
    "unique",
    "each",
    "nested",
    "required",
    "must_match",
    "custom",
    "code",
    "message",
];

/// Keywords of the validator crate that Overhead does not implement.
const UNSUPPORTED: &[&str] = &[
    "credit_card",
    "phone",
    "ip",
    "non_control_character",
    "schema",
];

/// Parses the items of one `#[validate(...)]` into `rules`.
pub fn parse(attr: &syn::Attribute, rules: &mut Vec<RuleSpec>) -> syn::Result<()> {
    // A bare `#[validate]` is how validator before 0.17 asked for a field's own
    // rules to be checked: `nested` today.
    if let syn::Meta::Path(path) = &attr.meta {
        rules.push(RuleSpec {
            kind: RuleKind::Nested,
            code: None,
            message: None,
            span: path.span(),
        });
        return Ok(());
    }
    attr.parse_nested_meta(|meta| item(meta, rules))
}

fn item(meta: ParseNestedMeta, rules: &mut Vec<RuleSpec>) -> syn::Result<()> {
    let span = meta.path.span();
    let Some(name) = meta.path.get_ident().map(ToString::to_string) else {
        return Err(meta.error("expected a rule name, like `email` or `range(min = 1)`"));
    };
    // Rules without arguments of their own, written bare (`email`) or with
    // validator's `code`/`message` (`email(message = "…")`).
    let plain = match name.as_str() {
        "email" => Some(RuleKind::Email),
        "url" => Some(RuleKind::Url),
        "alphanumeric" => Some(RuleKind::Alphanumeric),
        "ascii" => Some(RuleKind::Ascii),
        "non_empty" => Some(RuleKind::NonEmpty),
        "non_blank" => Some(RuleKind::NonBlank),
        "unique" => Some(RuleKind::Unique),
        "nested" => Some(RuleKind::Nested),
        "required" => Some(RuleKind::Required),
        _ => None,
    };
    if let Some(kind) = plain {
        let mut extra = Extra::default();
        if meta.input.peek(syn::token::Paren) {
            meta.parse_nested_meta(|arg| extra.parse(&key(&arg)?, &arg, &[]))?;
        }
        extra.push(kind, span, rules);
        return Ok(());
    }
    let mut push = |kind| {
        rules.push(RuleSpec {
            kind,
            code: None,
            message: None,
            span,
        })
    };
    match name.as_str() {
        "min_len" => push(length(Some(values::count(meta.value()?)?), None, None)),
        "max_len" => push(length(None, Some(values::count(meta.value()?)?), None)),
        "min_items" | "max_items" => {
            let n = Some(values::count(meta.value()?)?);
            let (min, max) = if name == "min_items" {
                (n, None)
            } else {
                (None, n)
            };
            push(RuleKind::Length(LengthSpec {
                min,
                max,
                equal: None,
                mode: Some(LengthMode::Items),
            }))
        }
        "contains" | "does_not_contain" | "starts_with" | "ends_with" => {
            let mut pattern = None;
            let mut extra = Extra::default();
            if meta.input.peek(syn::Token![=]) {
                pattern = Some(values::string(meta.value()?)?);
            } else {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "pattern" => set(&mut pattern, values::string(arg.value()?)?),
                    other => extra.parse(other, &arg, &["pattern"]),
                })?;
            }
            let pattern = pattern.ok_or_else(|| {
                syn::Error::new(
                    span,
                    format!("`{name}` needs a string, like `{name} = \"…\"`"),
                )
            })?;
            let kind = match name.as_str() {
                "contains" => RuleKind::Contains(pattern),
                "does_not_contain" => RuleKind::DoesNotContain(pattern),
                "starts_with" => RuleKind::StartsWith(pattern),
                _ => RuleKind::EndsWith(pattern),
            };
            extra.push(kind, span, rules);
        }
        "matches_regex" => push(RuleKind::Regex(RegexSource::Literal(values::string(
            meta.value()?,
        )?))),
        "regex" => {
            let mut source = None;
            let mut extra = Extra::default();
            if meta.input.peek(syn::Token![=]) {
                let value = meta.value()?;
                // validator before 0.18 wrote the static's path as a string.
                if value.peek(syn::LitStr) {
                    let text: syn::LitStr = value.parse()?;
                    let path = text.parse::<syn::Path>().map_err(|_| {
                        syn::Error::new(
                            text.span(),
                            "`regex = \"…\"` names a static regex; for a pattern, write `matches_regex = \"…\"`",
                        )
                    })?;
                    source = Some(RegexSource::Path(path));
                } else {
                    source = Some(RegexSource::Path(values::path(value)?));
                }
            } else {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "path" => set(&mut source, RegexSource::Path(values::path(arg.value()?)?)),
                    "pattern" => set(
                        &mut source,
                        RegexSource::Literal(values::string(arg.value()?)?),
                    ),
                    other => extra.parse(other, &arg, &["path", "pattern"]),
                })?;
            }
            let source = source.ok_or_else(|| {
                syn::Error::new(span, "`regex` needs `path = STATIC` or `pattern = \"…\"`")
            })?;
            extra.push(RuleKind::Regex(source), span, rules);
        }
        "length" => {
            let mut spec = LengthSpec::default();
            let mut extra = Extra::default();
            meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                "min" => set(&mut spec.min, values::count(arg.value()?)?),
                "max" => set(&mut spec.max, values::count(arg.value()?)?),
                "equal" => set(&mut spec.equal, values::count(arg.value()?)?),
                other => extra.parse(other, &arg, &["min", "max", "equal"]),
            })?;
            check_length(&spec, span)?;
            extra.push(RuleKind::Length(spec), span, rules);
        }
        "range" => {
            let mut spec = RangeSpec::default();
            let mut extra = Extra::default();
            meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                "min" => set(&mut spec.min, values::number(arg.value()?)?),
                "max" => set(&mut spec.max, values::number(arg.value()?)?),
                "exclusive_min" => set(&mut spec.exclusive_min, values::number(arg.value()?)?),
                "exclusive_max" => set(&mut spec.exclusive_max, values::number(arg.value()?)?),
                other => extra.parse(
                    other,
                    &arg,
                    &["min", "max", "exclusive_min", "exclusive_max"],
                ),
            })?;
            if spec.min.is_none()
                && spec.max.is_none()
                && spec.exclusive_min.is_none()
                && spec.exclusive_max.is_none()
            {
                return Err(syn::Error::new(
                    span,
                    "`range` needs at least one of min, max, exclusive_min, exclusive_max",
                ));
            }
            extra.push(RuleKind::Range(spec), span, rules);
        }
        "one_of" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let items = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated(
                &content,
            )?;
            let values = items
                .iter()
                .map(values::literal)
                .collect::<syn::Result<Vec<_>>>()?;
            if values.is_empty() {
                return Err(syn::Error::new(span, "`one_of` needs at least one value"));
            }
            push(RuleKind::OneOf(values));
        }
        "each" => {
            let mut inner = Vec::new();
            meta.parse_nested_meta(|arg| item(arg, &mut inner))?;
            push(RuleKind::Each(inner));
        }
        "must_match" => {
            let mut other = None;
            let mut extra = Extra::default();
            if meta.input.peek(syn::Token![=]) {
                other = Some(values::field_name(meta.value()?)?);
            } else {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "other" => set(&mut other, values::field_name(arg.value()?)?),
                    name => extra.parse(name, &arg, &["other"]),
                })?;
            }
            let other = other
                .ok_or_else(|| syn::Error::new(span, "`must_match` needs `other = \"field\"`"))?;
            extra.push(RuleKind::MustMatch(other), span, rules);
        }
        "custom" => {
            let mut function = None;
            let mut extra = Extra::default();
            if meta.input.peek(syn::Token![=]) {
                function = Some(values::path(meta.value()?)?);
            } else {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "function" => set(&mut function, values::path(arg.value()?)?),
                    name => extra.parse(name, &arg, &["function"]),
                })?;
            }
            let function = function
                .ok_or_else(|| syn::Error::new(span, "`custom` needs `function = path`"))?;
            extra.push(RuleKind::Custom(function), span, rules);
        }
        "code" | "message" => {
            let value = values::string(meta.value()?)?;
            let last = rules.last_mut().ok_or_else(|| {
                syn::Error::new(span, format!("`{name}` must follow the rule it belongs to"))
            })?;
            if name == "code" {
                last.code = Some(value);
            } else {
                last.message = Some(value);
            }
        }
        other if UNSUPPORTED.contains(&other) => {
            return Err(syn::Error::new(
                span,
                format!("`{other}` is not supported by Overhead"),
            ));
        }
        other => return Err(unknown(other, span, KEYWORDS, "validation rule")),
    }
    Ok(())
}

fn length(min: Option<usize>, max: Option<usize>, equal: Option<usize>) -> RuleKind {
    RuleKind::Length(LengthSpec {
        min,
        max,
        equal,
        mode: None,
    })
}

pub(super) fn check_length(spec: &LengthSpec, span: Span) -> syn::Result<()> {
    if spec.min.is_none() && spec.max.is_none() && spec.equal.is_none() {
        return Err(syn::Error::new(
            span,
            "`length` needs at least one of min, max, equal",
        ));
    }
    if spec.equal.is_some() && (spec.min.is_some() || spec.max.is_some()) {
        return Err(syn::Error::new(
            span,
            "`length` takes `equal` or `min`/`max`, not both",
        ));
    }
    if let (Some(min), Some(max)) = (spec.min, spec.max)
        && min > max
    {
        return Err(syn::Error::new(
            span,
            format!("`length` has min {min} above max {max}: nothing can pass"),
        ));
    }
    Ok(())
}

/// `code` and `message` inside a rule's parentheses (validator's style).
#[derive(Default)]
struct Extra {
    code: Option<String>,
    message: Option<String>,
}

impl Extra {
    fn parse(&mut self, name: &str, arg: &ParseNestedMeta, expected: &[&str]) -> syn::Result<()> {
        match name {
            "code" => self.code = Some(values::string(arg.value()?)?),
            "message" => self.message = Some(values::string(arg.value()?)?),
            other => {
                let mut all = expected.to_vec();
                all.extend(["code", "message"]);
                return Err(unknown(other, arg.path.span(), &all, "argument"));
            }
        }
        Ok(())
    }

    fn push(self, kind: RuleKind, span: Span, rules: &mut Vec<RuleSpec>) {
        rules.push(RuleSpec {
            kind,
            code: self.code,
            message: self.message,
            span,
        });
    }
}

pub(super) fn key(arg: &ParseNestedMeta) -> syn::Result<String> {
    arg.path
        .get_ident()
        .map(ToString::to_string)
        .ok_or_else(|| arg.error("expected a name"))
}

pub(super) fn unknown(word: &str, span: Span, candidates: &[&str], what: &str) -> syn::Error {
    let hint = match suggest::closest(word, candidates) {
        Some(close) => format!("; did you mean `{close}`?"),
        None => format!("; expected one of: {}", candidates.join(", ")),
    };
    syn::Error::new(span, format!("unknown {what} `{word}`{hint}"))
}
