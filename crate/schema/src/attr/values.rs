//! The literal values rules take: counts, numbers, strings, paths.

use syn::parse::ParseStream;
use syn::spanned::Spanned;

use super::Cx;
use crate::rule::{Literal, Number};

pub fn count(input: ParseStream) -> syn::Result<usize> {
    let lit: syn::LitInt = input.parse()?;
    lit.base10_parse()
}

pub fn string(input: ParseStream) -> syn::Result<String> {
    let lit: syn::LitStr = input.parse()?;
    Ok(lit.value())
}

fn number_of(expr: &syn::Expr) -> syn::Result<Number> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => Ok(Number::Int(i.base10_parse()?)),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Float(f),
            ..
        }) => Ok(Number::Float(f.base10_parse()?)),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => Ok(match number_of(expr)? {
            Number::Int(i) => Number::Int(-i),
            Number::Float(f) => Number::Float(-f),
        }),
        syn::Expr::Group(g) => number_of(&g.expr),
        other => Err(syn::Error::new(
            other.span(),
            "expected a number literal, like 18 or -0.5",
        )),
    }
}

pub fn literal(expr: &syn::Expr) -> syn::Result<Literal> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Ok(Literal::Str(s.value())),
        other => Ok(match number_of(other)? {
            Number::Int(i) => Literal::Int(i),
            Number::Float(f) => Literal::Float(f),
        }),
    }
}

/// `RE`, `*RE`, `"RE"`, `"*RE"` or `"crate::RE"`: how the crates name a static
/// or a function.
pub fn path(input: ParseStream) -> syn::Result<syn::Path> {
    if input.peek(syn::LitStr) {
        let lit: syn::LitStr = input.parse()?;
        return lit.parse_with(|inner: ParseStream| path(inner));
    }
    if input.peek(syn::Token![*]) {
        input.parse::<syn::Token![*]>()?;
    }
    input.parse()
}

/// The static a regex argument names, in every form validator and garde take:
/// `RE`, `*RE`, `&RE`, `crate::re::RE`, `"RE"`, `"*RE"`, a call of a function
/// that returns it (`re()`), or of one that forces it (`Lazy::force(&RE)`,
/// `RE.deref()`). What the file defines by that last name is the pattern.
pub fn regex_ref(input: ParseStream) -> syn::Result<syn::Path> {
    let expr: syn::Expr = input.parse()?;
    named_by(&expr).ok_or_else(|| {
        syn::Error::new(
            expr.span(),
            "expected the name of a static regex (`RE`, `*RE`, `crate::RE`) or a call that returns one",
        )
    })
}

fn named_by(expr: &syn::Expr) -> Option<syn::Path> {
    match expr {
        syn::Expr::Path(p) => Some(p.path.clone()),
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => named_by(&s.parse::<syn::Expr>().ok()?),
        syn::Expr::Unary(u) => named_by(&u.expr),
        syn::Expr::Reference(r) => named_by(&r.expr),
        syn::Expr::Paren(p) => named_by(&p.expr),
        syn::Expr::Group(g) => named_by(&g.expr),
        // `Lazy::force(&RE)`: the static; `re()`: the function.
        syn::Expr::Call(call) => match call.args.first() {
            Some(arg) if call.args.len() == 1 => named_by(arg),
            Some(_) => None,
            None => named_by(&call.func),
        },
        // `RE.deref()`, `RE.get().unwrap()`: the receiver.
        syn::Expr::MethodCall(m) => named_by(&m.receiver),
        _ => None,
    }
}

/// A count bound (`length(max = …)`): a literal, or a constant the paste
/// defines (`MAX_LEN`, `"crate::MAX_LEN"`, `u8::MAX as usize`). `None` when
/// it names something the paste does not define: that bound is not run.
pub fn count_bound(cx: &mut Cx, name: &str, input: ParseStream) -> syn::Result<Option<usize>> {
    count_bound_of(cx, name, input.parse()?)
}

/// The member of the context a bound reads (`ctx.0` gives `0`, `ctx.max`
/// gives `max`) where the paste builds no value of the context to read it
/// from: a bound a struct that dives with a context gives
/// ([`crate::rule::RangeFrom`]).
pub fn unbuilt_context_member(cx: &Cx, expr: &syn::Expr) -> Option<String> {
    let member = context_member(expr)?;
    let built = cx
        .context
        .and_then(|ty| cx.scope.context_field(ty, &member))
        .is_some();
    (!built).then_some(member)
}

/// [`count_bound`] of an expression already parsed.
pub fn count_bound_of(cx: &mut Cx, name: &str, expr: syn::Expr) -> syn::Result<Option<usize>> {
    let Some((value, span)) = bound_of(cx, name, expr)? else {
        return Ok(None);
    };
    match value {
        Literal::Int(i) => usize::try_from(i)
            .map(Some)
            .map_err(|_| syn::Error::new(span, format!("`{name}` must be a count, not {i}"))),
        _ => Err(syn::Error::new(
            span,
            format!("`{name}` must be a whole number"),
        )),
    }
}

/// A number bound (`range(min = …)`), as [`count_bound`] reads it.
pub fn number_bound(cx: &mut Cx, name: &str, input: ParseStream) -> syn::Result<Option<Number>> {
    number_bound_of(cx, name, input.parse()?)
}

/// [`number_bound`] of an expression already parsed.
pub fn number_bound_of(cx: &mut Cx, name: &str, expr: syn::Expr) -> syn::Result<Option<Number>> {
    let Some((value, span)) = bound_of(cx, name, expr)? else {
        return Ok(None);
    };
    match value {
        Literal::Int(i) => Ok(Some(Number::Int(i))),
        Literal::Float(f) => Ok(Some(Number::Float(f))),
        Literal::Str(_) => Err(syn::Error::new(span, format!("`{name}` must be a number"))),
    }
}

/// The field a bound reads, when it is one of the struct's own: `self.limit`
/// (`limit`), `self.0` (`0`).
pub fn self_field(expr: &syn::Expr) -> Option<String> {
    member_of(expr, "self")
}

/// The member a bound reads of the context: `ctx.limit` gives `limit`,
/// `ctx.0` gives `0`.
fn context_member(expr: &syn::Expr) -> Option<String> {
    member_of(expr, "ctx")
}

/// `base.member` as the member's name or position.
fn member_of(expr: &syn::Expr, base: &str) -> Option<String> {
    let syn::Expr::Field(access) = expr else {
        return None;
    };
    let syn::Expr::Path(path) = &*access.base else {
        return None;
    };
    path.path.is_ident(base).then(|| match &access.member {
        syn::Member::Named(ident) => ident.to_string(),
        syn::Member::Unnamed(index) => index.index.to_string(),
    })
}

fn bound_of(
    cx: &mut Cx,
    name: &str,
    expr: syn::Expr,
) -> syn::Result<Option<(Literal, proc_macro2::Span)>> {
    let span = expr.span();
    // validator 0.16 wrote a constant's path as a string: `min = "MIN"`.
    let expr = match &expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => {
            let path = s.parse::<syn::Path>().map_err(|_| {
                syn::Error::new(
                    span,
                    format!("`{name}` must be a number or a constant's name"),
                )
            })?;
            syn::Expr::Path(syn::ExprPath {
                attrs: Vec::new(),
                qself: None,
                path,
            })
        }
        _ => expr,
    };
    if let Some(value) = context_bound(cx, &expr) {
        return Ok(Some((value, span)));
    }
    match cx.scope.eval(&expr) {
        Some(value) => Ok(Some((value, span))),
        None => {
            let text = quote::ToTokens::to_token_stream(&expr)
                .to_string()
                .replace(' ', "");
            let last = text.rsplit("::").next().unwrap_or(&text).to_owned();
            // Code over the struct or its context is no constant to define.
            let computed = ["self", "ctx"].iter().any(|base| {
                text.strip_prefix(base)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
            });
            cx.not_run(
                span,
                match computed {
                    true => format!(
                        "`{name} = {text}` is computed from the struct or its context when the library runs: this bound is not run here (a bound that is another field, `self.field`, is run in garde's `range`)"
                    ),
                    false => format!(
                        "`{name} = {text}` is not defined in the paste: this bound is not run \
                         (define `const {last}` with its value to run it)"
                    ),
                },
            );
            Ok(None)
        }
    }
}

/// `ctx.field` (garde's binding, validator's `use_context` context): the
/// field's value in the context as the paste builds it (its constant of the
/// context's type, else its `impl Default`), as the build as shipped
/// validates with; said in a note, since the person's own code may pass
/// another.
fn context_bound(cx: &mut Cx, expr: &syn::Expr) -> Option<Literal> {
    let field = context_member(expr)?;
    let (value, from) = cx.scope.context_field(cx.context?, &field)?;
    let shown = match &value {
        Literal::Int(i) => i.to_string(),
        Literal::Float(f) => f.to_string(),
        Literal::Str(s) => format!("{s:?}"),
    };
    cx.assume(
        expr.span(),
        format!(
            "`ctx.{field}` is {shown} here, from {from}: the context the build as shipped validates with; your own code may pass another"
        ),
    );
    Some(value)
}

/// A string argument: a literal, or a constant the paste defines. `None` when
/// it names something the paste does not define.
pub fn string_or_const(cx: &mut Cx, rule: &str, input: ParseStream) -> syn::Result<Option<String>> {
    let expr: syn::Expr = input.parse()?;
    match cx.scope.eval(&expr) {
        Some(Literal::Str(s)) => Ok(Some(s)),
        Some(_) => Err(syn::Error::new(
            expr.span(),
            format!("`{rule}` takes a string"),
        )),
        None => {
            let text = quote::ToTokens::to_token_stream(&expr)
                .to_string()
                .replace(' ', "");
            cx.not_run(
                expr.span(),
                format!("`{rule}({text})`: `{text}` is not defined in the paste, so this rule is not run"),
            );
            Ok(None)
        }
    }
}

/// A field name given as `other = "password"` or `other = password`.
pub fn field_name(input: ParseStream) -> syn::Result<String> {
    if input.peek(syn::LitStr) {
        return string(input);
    }
    let ident: syn::Ident = input.parse()?;
    Ok(ident.to_string())
}

/// Fills an argument's slot; for `match` arms that parse one argument each.
pub fn set<T>(slot: &mut Option<T>, value: T) -> syn::Result<()> {
    *slot = Some(value);
    Ok(())
}
