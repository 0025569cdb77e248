//! `#[validate(...)]`: the seed's (domainstack's) keywords and the `validator`
//! crate's (0.16–0.20, every form its derive takes), which mostly agree.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use super::values::{self, set};
use super::{Cx, FieldRules};
use crate::registry::{self, Dialect};
use crate::rule::{IpKind, LengthMode, LengthSpec, RangeSpec, RegexSource, RuleKind, RuleSpec};
use crate::suggest;

/// Parses the items of one `#[validate(...)]` into `out`.
pub fn parse(attr: &syn::Attribute, cx: &mut Cx, out: &mut FieldRules) -> syn::Result<()> {
    // A bare `#[validate]` is how validator before 0.17 asked for a field's own
    // rules to be checked: `nested` today.
    if let syn::Meta::Path(path) = &attr.meta {
        out.rules.push(RuleSpec {
            kind: RuleKind::Nested,
            code: None,
            message: None,
            span: path.span(),
        });
        return Ok(());
    }
    attr.parse_nested_meta(|meta| item(meta, cx, &mut out.rules, &mut out.skip))
}

fn item(
    meta: ParseNestedMeta,
    cx: &mut Cx,
    rules: &mut Vec<RuleSpec>,
    skip: &mut bool,
) -> syn::Result<()> {
    let span = meta.path.span();
    let Some(name) = meta.path.get_ident().map(ToString::to_string) else {
        return Err(meta.error("expected a rule name, like `email` or `range(min = 1)`"));
    };
    // One parser reads the seed's and validator's `#[validate]`: a word of
    // either is known.
    let known = |d| registry::keyword(d, &name).is_some();
    if !known(Dialect::Seed) && !known(Dialect::Validator) {
        let mut words: Vec<&str> = registry::words(Dialect::Seed)
            .chain(registry::words(Dialect::Validator))
            .collect();
        words.sort_unstable();
        words.dedup();
        return Err(unknown(&name, span, &words, "validation rule"));
    }
    // Rules without arguments of their own, written bare (`email`) or with
    // validator's `code`/`message` (`email(message = "…")`).
    // A text rule is known by its keyword alone (the registry's).
    // The type's own dialect first: `email` is the seed's or validator's.
    let (first, then) = match cx.dialect {
        Dialect::Seed => (Dialect::Seed, Dialect::Validator),
        _ => (Dialect::Validator, Dialect::Seed),
    };
    let keyword = registry::keyword(first, &name).or_else(|| registry::keyword(then, &name));
    let text = keyword.and_then(registry::Keyword::text_rule);
    let needle = keyword.and_then(registry::Keyword::needle_rule);
    let plain = match name.as_str() {
        _ if text.is_some() => text.map(RuleKind::Text),
        "non_empty" => Some(RuleKind::NonEmpty),
        "unique" => Some(RuleKind::Unique),
        "nested" => Some(RuleKind::Nested),
        "required" => Some(RuleKind::Required),
        "phone" => Some(RuleKind::Phone),
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
        "skip" => *skip = true,
        // `ip`, `ip(v4)`, `ip(v6)`, with `code`/`message` beside.
        "ip" => {
            let mut kind = IpKind::Any;
            let mut extra = Extra::default();
            if meta.input.peek(syn::token::Paren) {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "v4" => {
                        kind = IpKind::V4;
                        Ok(())
                    }
                    "v6" => {
                        kind = IpKind::V6;
                        Ok(())
                    }
                    other => extra.parse(other, &arg, &["v4", "v6"]),
                })?;
            }
            extra.push(RuleKind::Ip(kind), span, rules);
        }
        // `required` when absent, `nested` when present (validator's meaning).
        "required_nested" => {
            let mut extra = Extra::default();
            if meta.input.peek(syn::token::Paren) {
                meta.parse_nested_meta(|arg| extra.parse(&key(&arg)?, &arg, &[]))?;
            }
            rules.push(RuleSpec {
                kind: RuleKind::Required,
                code: extra.code.clone(),
                message: extra.message.clone(),
                span,
            });
            extra.push(RuleKind::Nested, span, rules);
        }
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
        // A needle rule (`contains = "…"`, `ends_with(pattern = "…")`): the
        // registry's word.
        _ if let Some(rule) = needle => {
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
            extra.push(RuleKind::Needle(rule, pattern), span, rules);
        }
        "matches_regex" => push(RuleKind::Regex(RegexSource::Literal(values::string(
            meta.value()?,
        )?))),
        "regex" => {
            let mut source = None;
            let mut extra = Extra::default();
            if meta.input.peek(syn::Token![=]) {
                // validator before 0.17: `regex = "RE"`, the static's path as a string.
                let value = meta.value()?;
                let text_span = value.span();
                let path = values::regex_ref(value).map_err(|_| {
                    syn::Error::new(
                        text_span,
                        "`regex = \"…\"` names a static regex; for a pattern, write `matches_regex = \"…\"`",
                    )
                })?;
                source = Some(RegexSource::Path(path));
            } else {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "path" => set(
                        &mut source,
                        RegexSource::Path(values::regex_ref(arg.value()?)?),
                    ),
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
            let mut bounds = 0;
            meta.parse_nested_meta(|arg| {
                let name = key(&arg)?;
                let slot = match name.as_str() {
                    "min" => &mut spec.min,
                    "max" => &mut spec.max,
                    "equal" => &mut spec.equal,
                    other => return extra.parse(other, &arg, &["min", "max", "equal"]),
                };
                bounds += 1;
                *slot = values::count_bound(cx, &name, arg.value()?)?;
                Ok(())
            })?;
            // Every bound named something not in the paste: nothing to run.
            if bounds > 0 && spec.min.is_none() && spec.max.is_none() && spec.equal.is_none() {
                return Ok(());
            }
            check_length(&spec, span)?;
            extra.push(RuleKind::Length(spec), span, rules);
        }
        "range" => {
            let mut spec = RangeSpec::default();
            let mut extra = Extra::default();
            let mut bounds = 0;
            meta.parse_nested_meta(|arg| {
                let name = key(&arg)?;
                let slot = match name.as_str() {
                    "min" => &mut spec.min,
                    "max" => &mut spec.max,
                    "exclusive_min" => &mut spec.exclusive_min,
                    "exclusive_max" => &mut spec.exclusive_max,
                    other => {
                        let expected = ["min", "max", "exclusive_min", "exclusive_max"];
                        return extra.parse(other, &arg, &expected);
                    }
                };
                bounds += 1;
                *slot = values::number_bound(cx, &name, arg.value()?)?;
                Ok(())
            })?;
            let none = spec.min.is_none()
                && spec.max.is_none()
                && spec.exclusive_min.is_none()
                && spec.exclusive_max.is_none();
            if bounds > 0 && none {
                return Ok(());
            }
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
            let mut inner_skip = false;
            meta.parse_nested_meta(|arg| item(arg, cx, &mut inner, &mut inner_skip))?;
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
            let mut with_context = false;
            let mut extra = Extra::default();
            if meta.input.peek(syn::Token![=]) {
                function = Some(values::path(meta.value()?)?);
            } else {
                meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                    "function" => set(&mut function, values::path(arg.value()?)?),
                    // The function's extra argument (0.16's `arg = "Type"`, later
                    // `use_context`): the type's context.
                    "arg" | "use_context" => {
                        with_context = true;
                        super::container::skip_value(&arg)
                    }
                    name if function.is_none()
                        && !arg.input.peek(syn::Token![=])
                        && !Extra::KEYS.contains(&name) =>
                    {
                        // `custom(path::to::function)`
                        function = Some(arg.path.clone());
                        Ok(())
                    }
                    name => extra.parse(name, &arg, &["function", "arg", "use_context"]),
                })?;
            }
            let function = function
                .ok_or_else(|| syn::Error::new(span, "`custom` needs `function = path`"))?;
            let call = if with_context {
                crate::rule::CustomCall::ValueAndContext(None)
            } else {
                crate::rule::CustomCall::Value
            };
            extra.push(RuleKind::Custom(function, call), span, rules);
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
        other => {
            // A registry word without a parser here: what the registry says of it.
            let why = [Dialect::Validator, Dialect::Seed]
                .into_iter()
                .find_map(|d| match registry::keyword(d, other)?.meaning {
                    registry::Meaning::Unsupported(why) => Some(why.to_owned()),
                    _ => None,
                })
                .unwrap_or_else(|| format!("`{other}` does not belong on a field"));
            return Err(syn::Error::new(span, why));
        }
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
    const KEYS: [&str; 2] = ["code", "message"];

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
