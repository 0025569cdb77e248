//! `#[garde(...)]`: garde's keywords, mapped onto the same rules.

use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use super::validate::{check_length, key, unknown};
use super::values::{self, set};
use crate::rule::{LengthMode, LengthSpec, RangeSpec, RegexSource, RuleKind, RuleSpec};

const KEYWORDS: &[&str] = &[
    "length",
    "range",
    "email",
    "url",
    "ascii",
    "alphanumeric",
    "contains",
    "prefix",
    "suffix",
    "pattern",
    "required",
    "dive",
    "inner",
    "skip",
    "custom",
    "matches",
];

const UNSUPPORTED: &[&str] = &[
    "credit_card",
    "phone_number",
    "ip",
    "ipv4",
    "ipv6",
    "byte_length",
    "char_length",
];

/// What one `#[garde(...)]` says about a field.
pub struct Parsed {
    pub skip: bool,
}

pub fn parse(attr: &syn::Attribute, rules: &mut Vec<RuleSpec>) -> syn::Result<Parsed> {
    let mut parsed = Parsed { skip: false };
    attr.parse_nested_meta(|meta| item(meta, rules, &mut parsed))?;
    Ok(parsed)
}

fn item(meta: ParseNestedMeta, rules: &mut Vec<RuleSpec>, parsed: &mut Parsed) -> syn::Result<()> {
    let span = meta.path.span();
    let name = key(&meta)?;
    let mut push = |kind| {
        rules.push(RuleSpec {
            kind,
            code: None,
            message: None,
            span,
        })
    };
    match name.as_str() {
        "email" => push(RuleKind::Email),
        "url" => push(RuleKind::Url),
        "ascii" => push(RuleKind::Ascii),
        "alphanumeric" => push(RuleKind::Alphanumeric),
        "required" => push(RuleKind::Required),
        "dive" => push(RuleKind::Nested),
        "skip" => parsed.skip = true,
        "contains" => push(RuleKind::Contains(parenthesized_string(&meta)?)),
        "prefix" => push(RuleKind::StartsWith(parenthesized_string(&meta)?)),
        "suffix" => push(RuleKind::EndsWith(parenthesized_string(&meta)?)),
        "pattern" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let source = if content.peek(syn::LitStr) {
                RegexSource::Literal(values::string(&content)?)
            } else {
                RegexSource::Path(values::path(&content)?)
            };
            push(RuleKind::Regex(source));
        }
        "custom" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let function: syn::Path = content.parse().map_err(|e| {
                syn::Error::new(e.span(), "Overhead accepts `custom(path_to_function)` here")
            })?;
            push(RuleKind::Custom(function));
        }
        "matches" => {
            let content;
            syn::parenthesized!(content in meta.input);
            push(RuleKind::MustMatch(values::field_name(&content)?));
        }
        "length" => {
            // garde's default ("simple") length of a string is its byte count.
            let mut spec = LengthSpec {
                mode: Some(LengthMode::Bytes),
                ..LengthSpec::default()
            };
            meta.parse_nested_meta(|arg| {
                let arg_span = arg.path.span();
                match key(&arg)?.as_str() {
                    "min" => spec.min = Some(values::count(arg.value()?)?),
                    "max" => spec.max = Some(values::count(arg.value()?)?),
                    "equal" => spec.equal = Some(values::count(arg.value()?)?),
                    "simple" | "bytes" => spec.mode = Some(LengthMode::Bytes),
                    "chars" => spec.mode = Some(LengthMode::Chars),
                    "utf16" => spec.mode = Some(LengthMode::Utf16),
                    "graphemes" => {
                        return Err(syn::Error::new(
                            arg_span,
                            "`length(graphemes, …)` is not supported by Overhead",
                        ));
                    }
                    other => {
                        let expected = ["min", "max", "equal", "simple", "bytes", "chars", "utf16"];
                        return Err(unknown(other, arg_span, &expected, "length argument"));
                    }
                }
                Ok(())
            })?;
            check_length(&spec, span)?;
            push(RuleKind::Length(spec));
        }
        "range" => {
            let mut spec = RangeSpec::default();
            meta.parse_nested_meta(|arg| match key(&arg)?.as_str() {
                "min" => set(&mut spec.min, values::number(arg.value()?)?),
                "max" => set(&mut spec.max, values::number(arg.value()?)?),
                "equal" => {
                    let n = values::number(arg.value()?)?;
                    spec.min = Some(n);
                    spec.max = Some(n);
                    Ok(())
                }
                other => Err(unknown(
                    other,
                    arg.path.span(),
                    &["min", "max", "equal"],
                    "range argument",
                )),
            })?;
            if spec.min.is_none() && spec.max.is_none() {
                return Err(syn::Error::new(span, "`range` needs min, max or equal"));
            }
            push(RuleKind::Range(spec));
        }
        "inner" => {
            let mut inner = Vec::new();
            let mut inner_parsed = Parsed { skip: false };
            meta.parse_nested_meta(|arg| item(arg, &mut inner, &mut inner_parsed))?;
            push(RuleKind::Each(inner));
        }
        other if UNSUPPORTED.contains(&other) => {
            return Err(syn::Error::new(
                span,
                format!("garde's `{other}` is not supported by Overhead"),
            ));
        }
        other => return Err(unknown(other, span, KEYWORDS, "garde rule")),
    }
    Ok(())
}

fn parenthesized_string(meta: &ParseNestedMeta) -> syn::Result<String> {
    let content;
    syn::parenthesized!(content in meta.input);
    values::string(&content)
}
