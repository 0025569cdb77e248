//! The literal values rules take: counts, numbers, strings, paths.

use syn::parse::ParseStream;
use syn::spanned::Spanned;

use crate::rule::{Literal, Number};

pub fn count(input: ParseStream) -> syn::Result<usize> {
    let lit: syn::LitInt = input.parse()?;
    lit.base10_parse()
}

pub fn string(input: ParseStream) -> syn::Result<String> {
    let lit: syn::LitStr = input.parse()?;
    Ok(lit.value())
}

pub fn number(input: ParseStream) -> syn::Result<Number> {
    let expr: syn::Expr = input.parse()?;
    number_of(&expr)
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

/// `RE`, `*RE`, `"RE"` or `"crate::RE"`: how the crates name a static or a function.
pub fn path(input: ParseStream) -> syn::Result<syn::Path> {
    if input.peek(syn::LitStr) {
        let lit: syn::LitStr = input.parse()?;
        return lit.parse();
    }
    if input.peek(syn::Token![*]) {
        input.parse::<syn::Token![*]>()?;
    }
    input.parse()
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
