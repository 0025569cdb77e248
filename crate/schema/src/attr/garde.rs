//! `#[garde(...)]`: garde's field rules (0.20–0.23, every form its derive's
//! parser takes), mapped onto the same rules. Arguments that garde takes as
//! expressions (`length(max = MAX)`, `contains(NEEDLE)`, `pattern(RE)`) are
//! read when the paste defines what they name, and listed as not run when it
//! does not.

use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use super::validate::{check_length, key, unknown};
use super::values;
use super::{Cx, FieldRules};
use crate::registry::{self, Dialect};
use crate::rule::{
    IpKind, LengthMode, LengthSpec, Number, RangeFrom, RangeSpec, RegexSource, RuleKind, RuleSpec,
};

/// Parses one `#[garde(...)]` into `out`.
pub fn parse(attr: &syn::Attribute, cx: &mut Cx, out: &mut FieldRules) -> syn::Result<()> {
    let mut rules = std::mem::take(&mut out.rules);
    let result = attr.parse_nested_meta(|meta| item(meta, cx, &mut rules, out));
    out.rules = rules;
    result
}

fn item(
    meta: ParseNestedMeta,
    cx: &mut Cx,
    rules: &mut Vec<RuleSpec>,
    field: &mut FieldRules,
) -> syn::Result<()> {
    let span = meta.path.span();
    // `if` is a keyword, which `ParseNestedMeta::path` still reads as an ident.
    let name = meta
        .path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
    if registry::keyword(Dialect::Garde, &name).is_none() {
        let words: Vec<&str> = registry::words(Dialect::Garde).collect();
        return Err(unknown(&name, span, &words, "garde rule"));
    }
    let mut push = |kind| {
        rules.push(RuleSpec {
            kind,
            code: None,
            message: None,
            span,
        })
    };
    // A text rule is known by its keyword alone (the registry's).
    if let Some(rule) =
        registry::keyword(Dialect::Garde, &name).and_then(registry::Keyword::text_rule)
    {
        push(RuleKind::Text(rule));
        return Ok(());
    }
    match name.as_str() {
        "phone_number" => push(RuleKind::Phone),
        "ip" => push(RuleKind::Ip(IpKind::Any)),
        "ipv4" => push(RuleKind::Ip(IpKind::V4)),
        "ipv6" => push(RuleKind::Ip(IpKind::V6)),
        "required" => push(RuleKind::Required),
        // `dive` or `dive(ctx_expr)`: the argument is the nested type's context.
        "dive" => {
            if meta.input.peek(syn::token::Paren) {
                let content;
                syn::parenthesized!(content in meta.input);
                let context: syn::Expr = content.parse()?;
                field.dive_context = context_fields(&context);
            }
            push(RuleKind::Nested);
        }
        "skip" => field.skip = true,
        "rename" => {
            let content;
            syn::parenthesized!(content in meta.input);
            field.path_name = Some(values::string(&content)?);
        }
        "code" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let code = values::string(&content)?;
            let last = rules.last_mut().ok_or_else(|| {
                syn::Error::new(span, "`code` must follow the rule it belongs to")
            })?;
            last.code = Some(code);
        }
        // `adapt(path)`: a module that turns a foreign type into one garde's
        // rules take; the rules still read the value as it is here.
        "adapt" => {
            skip_parens(&meta)?;
            cx.not_run(
                span,
                "garde's `adapt(…)` is not applied here: the field's rules read its value as it is",
            );
        }
        // `if(cond = expr, rules…)`: the rules, run when the condition (code
        // over the struct, which the interpreter runs) holds.
        "if" => {
            let mut cond = None;
            let mut inner = Vec::new();
            let mut inner_field = FieldRules::default();
            meta.parse_nested_meta(|arg| {
                if arg.path.is_ident("cond") {
                    cond = Some(arg.value()?.parse::<syn::Expr>()?);
                    Ok(())
                } else {
                    item(arg, cx, &mut inner, &mut inner_field)
                }
            })?;
            let cond =
                cond.ok_or_else(|| syn::Error::new(span, "garde's `if` needs `cond = …`"))?;
            field.conditional.push(super::Conditional {
                cond,
                rules: inner,
                span,
            });
        }
        // A needle rule (`contains("…")`, `prefix(…)`): the registry's word.
        _ if let Some(rule) =
            registry::keyword(Dialect::Garde, &name).and_then(registry::Keyword::needle_rule) =>
        {
            let content;
            syn::parenthesized!(content in meta.input);
            if let Some(text) = values::string_or_const(cx, &name, &content)? {
                push(RuleKind::Needle(rule, text));
            }
        }
        "pattern" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let source = if content.peek(syn::LitStr) {
                RegexSource::Literal(values::string(&content)?)
            } else {
                RegexSource::Path(values::regex_ref(&content)?)
            };
            push(RuleKind::Regex(source));
        }
        // `custom(path)`, `custom(path(&self.other))`, `custom(|v, ctx| …)`:
        // a function of the person's, named for the note.
        "custom" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let expr: syn::Expr = content.parse()?;
            push(RuleKind::Custom(
                custom_name(&expr),
                crate::rule::CustomCall::WithContext(Box::new(expr), None),
            ));
        }
        "matches" => {
            let content;
            syn::parenthesized!(content in meta.input);
            push(RuleKind::MustMatch(values::field_name(&content)?));
        }
        "length" | "range" => {
            let bounded = match name.as_str() {
                "length" => length(&meta, cx, span)?,
                _ => range(&meta, cx, span)?,
            };
            match bounded {
                Bounded::Rule(kind) => push(kind),
                Bounded::FromContext(kind) => field.context_rules.push(RuleSpec {
                    kind,
                    code: None,
                    message: None,
                    span,
                }),
                Bounded::Nothing => {}
            }
        }
        "inner" => {
            let mut inner = Vec::new();
            let mut inner_field = FieldRules::default();
            meta.parse_nested_meta(|arg| item(arg, cx, &mut inner, &mut inner_field))?;
            push(RuleKind::Each(inner));
            // `inner(if(cond = …, rules))`: the condition is over the struct,
            // not the element, so it is `if(cond = …, inner(rules))`.
            for c in inner_field.conditional {
                field.conditional.push(super::Conditional {
                    rules: vec![RuleSpec {
                        kind: RuleKind::Each(c.rules),
                        code: None,
                        message: None,
                        span: c.span,
                    }],
                    ..c
                });
            }
        }
        other => {
            // A registry word of garde's without a parser here: refused, named.
            let why = match registry::keyword(Dialect::Garde, other).map(|k| k.meaning) {
                Some(registry::Meaning::Unsupported(why)) => why.to_owned(),
                _ => format!("garde's `{other}` is not supported by Overhead"),
            };
            return Err(syn::Error::new(span, why));
        }
    }
    Ok(())
}

/// garde's `length(mode, min = …, max = …, equal = …)`. `None` when nothing is
/// left to run (every bound names what the paste does not define, or the mode
/// cannot be honoured).
fn length(meta: &ParseNestedMeta, cx: &mut Cx, span: proc_macro2::Span) -> syn::Result<Bounded> {
    // garde's default ("simple") length of a string is its byte count.
    let mut spec = LengthSpec {
        mode: Some(LengthMode::Bytes),
        ..LengthSpec::default()
    };
    let mut bounds = 0;
    let mut graphemes = None;
    let mut from = RangeFrom::default();
    meta.parse_nested_meta(|arg| {
        let arg_span = arg.path.span();
        let name = key(&arg)?;
        let slot = match name.as_str() {
            "min" => &mut spec.min,
            "max" => &mut spec.max,
            "equal" => &mut spec.equal,
            "simple" | "bytes" => {
                spec.mode = Some(LengthMode::Bytes);
                return Ok(());
            }
            "chars" => {
                spec.mode = Some(LengthMode::Chars);
                return Ok(());
            }
            "utf16" => {
                spec.mode = Some(LengthMode::Utf16);
                return Ok(());
            }
            "graphemes" => {
                graphemes = Some(arg_span);
                return Ok(());
            }
            other => {
                let expected = [
                    "min",
                    "max",
                    "equal",
                    "simple",
                    "bytes",
                    "chars",
                    "graphemes",
                    "utf16",
                ];
                return Err(unknown(other, arg_span, &expected, "length argument"));
            }
        };
        bounds += 1;
        let expr: syn::Expr = arg.value()?.parse()?;
        if let Some(member) = values::unbuilt_context_member(cx, &expr) {
            context_side(&mut from, &name, member);
            return Ok(());
        }
        *slot = values::count_bound_of(cx, &name, expr)?;
        Ok(())
    })?;
    if let Some(at) = graphemes {
        cx.not_run(
            at,
            "garde's `length(graphemes, …)` counts grapheme clusters, which the playground does not: this rule is not run",
        );
        return Ok(Bounded::Nothing);
    }
    if from.min.is_some() || from.max.is_some() {
        let count = |n: Option<usize>| n.map(|n| Number::Int(n as i128));
        from.spec = RangeSpec {
            min: count(spec.min.or(spec.equal)).filter(|_| from.min.is_none()),
            max: count(spec.max.or(spec.equal)).filter(|_| from.max.is_none()),
            ..RangeSpec::default()
        };
        from.length = spec.mode;
        cx.runs_where_given(span, CONTEXT_NOT_BUILT);
        return Ok(Bounded::FromContext(RuleKind::RangeFrom(from)));
    }
    if bounds > 0 && spec.min.is_none() && spec.max.is_none() && spec.equal.is_none() {
        return Ok(Bounded::Nothing);
    }
    check_length(&spec, span)?;
    Ok(Bounded::Rule(RuleKind::Length(spec)))
}

/// What a `length` or `range` reads as.
enum Bounded {
    Rule(RuleKind),
    /// Bounds from a context the paste does not build: run where a struct
    /// dives with one ([`FieldRules::context_rules`]).
    FromContext(RuleKind),
    /// Nothing left to run (said where it is written).
    Nothing,
}

const CONTEXT_NOT_BUILT: &str = "this bound reads the context (`ctx.…`), which the paste does not build: the rule runs where a struct dives into this type with a context of its fields (`dive((self.min, self.max))`), and not when this type is validated with a context of its own";

/// A bound `name` (`min`, `max`, `equal`) read from the context's `member`.
fn context_side(from: &mut RangeFrom, name: &str, member: String) {
    if name != "max" {
        from.min = Some(member.clone());
    }
    if name != "min" {
        from.max = Some(member);
    }
}

/// garde's `dive((self.min, self.max))`: the fields the context is made of,
/// by position. `None` for any other context (a value, a field's reference).
fn context_fields(expr: &syn::Expr) -> Option<Vec<String>> {
    let syn::Expr::Tuple(tuple) = expr else {
        return None;
    };
    tuple
        .elems
        .iter()
        .map(|e| match e {
            syn::Expr::Reference(r) => values::self_field(&r.expr),
            e => values::self_field(e),
        })
        .collect()
}

/// garde's `range(min = …, max = …, equal = …)`, as [`length`] reads it.
/// garde's `range(min = …, max = …, equal = …)`. A bound that is another
/// field of the struct (`self.limit`) makes it a [`RuleKind::RangeFrom`],
/// checked once the struct is read, as garde's derive checks it.
fn range(meta: &ParseNestedMeta, cx: &mut Cx, span: proc_macro2::Span) -> syn::Result<Bounded> {
    let mut spec = RangeSpec::default();
    let mut from = RangeFrom::default();
    let mut context = RangeFrom::default();
    let mut bounds = 0;
    meta.parse_nested_meta(|arg| {
        let name = key(&arg)?;
        let value = match name.as_str() {
            "min" | "max" | "equal" => {
                let expr: syn::Expr = arg.value()?.parse()?;
                if let Some(member) = values::unbuilt_context_member(cx, &expr) {
                    bounds += 1;
                    context_side(&mut context, &name, member);
                    return Ok(());
                }
                if let Some(field) = values::self_field(&expr) {
                    bounds += 1;
                    if name != "max" {
                        from.min = Some(field.clone());
                    }
                    if name != "min" {
                        from.max = Some(field);
                    }
                    return Ok(());
                }
                values::number_bound_of(cx, &name, expr)?
            }
            other => {
                return Err(unknown(
                    other,
                    arg.path.span(),
                    &["min", "max", "equal"],
                    "range argument",
                ));
            }
        };
        bounds += 1;
        match name.as_str() {
            "min" => spec.min = value.or(spec.min),
            "max" => spec.max = value.or(spec.max),
            _ => {
                spec.min = value.or(spec.min);
                spec.max = value.or(spec.max);
            }
        }
        Ok(())
    })?;
    if context.min.is_some() || context.max.is_some() {
        if from.min.is_some() || from.max.is_some() {
            cx.not_run(
                span,
                "a `range` with bounds from both the context and the struct's own fields is not run",
            );
            return Ok(Bounded::Nothing);
        }
        cx.runs_where_given(span, CONTEXT_NOT_BUILT);
        return Ok(Bounded::FromContext(RuleKind::RangeFrom(RangeFrom {
            spec: unbound_sides(spec, &context),
            ..context
        })));
    }
    if from.min.is_some() || from.max.is_some() {
        return Ok(Bounded::Rule(RuleKind::RangeFrom(RangeFrom {
            spec: unbound_sides(spec, &from),
            ..from
        })));
    }
    if spec.min.is_none() && spec.max.is_none() {
        if bounds > 0 {
            return Ok(Bounded::Nothing);
        }
        return Err(syn::Error::new(span, "`range` needs min, max or equal"));
    }
    Ok(Bounded::Rule(RuleKind::Range(spec)))
}

/// A side read from elsewhere takes the place of its number, which is unused.
fn unbound_sides(mut spec: RangeSpec, from: &RangeFrom) -> RangeSpec {
    if from.min.is_some() {
        spec.min = None;
    }
    if from.max.is_some() {
        spec.max = None;
    }
    spec
}

/// The function a `custom(…)` names: its path, the callee of a call, or
/// `closure` for a closure.
fn custom_name(expr: &syn::Expr) -> syn::Path {
    match expr {
        syn::Expr::Path(p) => p.path.clone(),
        syn::Expr::Call(call) => custom_name(&call.func),
        syn::Expr::Paren(p) => custom_name(&p.expr),
        syn::Expr::Group(g) => custom_name(&g.expr),
        syn::Expr::Reference(r) => custom_name(&r.expr),
        _ => {
            let text = expr.to_token_stream().to_string();
            let word = if text.starts_with('|') || text.starts_with("move") {
                "closure"
            } else {
                "expression"
            };
            syn::Path::from(syn::Ident::new(word, expr.span()))
        }
    }
}

/// Passes over `(…)` after a keyword, if there is one.
fn skip_parens(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::token::Paren) {
        let _: proc_macro2::Group = meta.input.parse()?;
    }
    Ok(())
}
