//! serde_repr's `Serialize_repr`/`Deserialize_repr`: a fieldless enum read and
//! written as the integer of its `#[repr(..)]`, each variant as its
//! discriminant (explicit, or one more than the previous; the first is 0).

use quote::ToTokens;
use syn::spanned::Spanned;

use crate::diagnostic::Errors;

/// An enum serde_repr reads and writes as an integer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntRepr {
    /// The integer type: `u8`, `i32`, …
    pub int: String,
    /// Each variant's discriminant, in declaration order.
    pub discriminants: Vec<i128>,
    /// The `#[serde(other)]` variant, which any other integer reads as.
    pub other: Option<usize>,
}

const INTS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// Whether the item derives one of serde_repr's traits.
fn derives_repr(input: &syn::DeriveInput) -> bool {
    input
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .any(|a| {
            let text = a.meta.to_token_stream().to_string();
            text.contains("Deserialize_repr") || text.contains("Serialize_repr")
        })
}

/// The integer form of an enum that derives serde_repr's traits; errors are
/// serde_repr's own refusals.
pub fn read(input: &syn::DeriveInput, errors: &mut Errors) -> Option<IntRepr> {
    if !derives_repr(input) {
        return None;
    }
    let syn::Data::Enum(data) = &input.data else {
        errors.error(input.ident.span(), "serde_repr: input must be an enum");
        return None;
    };
    let int = input
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("repr"))
        .find_map(|a| {
            let mut found = None;
            let _ = a.parse_nested_meta(|meta| {
                if let Some(ident) = meta.path.get_ident() {
                    let name = ident.to_string();
                    if INTS.contains(&name.as_str()) {
                        found = Some(name);
                    }
                }
                if meta.input.peek(syn::token::Paren) {
                    let _: proc_macro2::TokenTree = meta.input.parse()?;
                }
                Ok(())
            });
            found
        });
    let Some(int) = int else {
        errors.error(
            input.ident.span(),
            "serde_repr: missing #[repr(...)] attribute (an integer type such as `#[repr(u8)]`)",
        );
        return None;
    };
    let mut discriminants = Vec::with_capacity(data.variants.len());
    let mut other = None;
    let mut next: i128 = 0;
    for (i, variant) in data.variants.iter().enumerate() {
        if !matches!(variant.fields, syn::Fields::Unit) {
            errors.error(
                variant.ident.span(),
                "must be a unit variant to use serde_repr derive",
            );
            return None;
        }
        let value = match &variant.discriminant {
            None => next,
            Some((_, expr)) => match literal(expr) {
                Some(value) => value,
                None => {
                    errors.error(
                        expr.span(),
                        format!(
                            "the discriminant of `{}` must be an integer literal here (constants are not evaluated); write the number",
                            variant.ident
                        ),
                    );
                    return None;
                }
            },
        };
        discriminants.push(value);
        next = value.wrapping_add(1);
        if variant.attrs.iter().any(is_serde_other) {
            other = Some(i);
        }
    }
    if discriminants.is_empty() {
        errors.error(
            input.ident.span(),
            "serde_repr: there must be at least one variant",
        );
        return None;
    }
    Some(IntRepr {
        int,
        discriminants,
        other,
    })
}

/// `5`, `-5`, `0x1F`, `(5)`: an integer literal, maybe negated.
fn literal(expr: &syn::Expr) -> Option<i128> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(n),
            ..
        }) => n.base10_parse::<i128>().ok(),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            expr,
            ..
        }) => literal(expr).map(|n| -n),
        syn::Expr::Paren(p) => literal(&p.expr),
        syn::Expr::Group(g) => literal(&g.expr),
        _ => None,
    }
}

fn is_serde_other(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("serde")
        && attr
            .meta
            .to_token_stream()
            .into_iter()
            .any(|t| t.to_string().contains("other"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repr(text: &str) -> (Option<IntRepr>, bool) {
        let mut errors = Errors::default();
        let input: syn::DeriveInput = syn::parse_str(text).expect("an item");
        let out = read(&input, &mut errors);
        (out, errors.has_errors())
    }

    #[test]
    fn discriminants_explicit_implicit_and_negative() {
        let (r, _) = repr(
            "#[derive(Deserialize_repr)] #[repr(i8)] enum E { A = -2, B, C = 7, D, #[serde(other)] E }",
        );
        let r = r.expect("a repr");
        assert_eq!(r.int, "i8");
        assert_eq!(r.discriminants, vec![-2, -1, 7, 8, 9]);
        assert_eq!(r.other, Some(4));
    }

    #[test]
    fn refuses_what_serde_repr_refuses() {
        assert!(repr("#[derive(Serialize_repr)] enum E { A }").1);
        assert!(repr("#[derive(Serialize_repr)] #[repr(u8)] enum E { A(u8) }").1);
        assert!(repr("#[derive(Serialize_repr)] #[repr(u8)] enum E { A = K }").1);
        assert_eq!(
            repr("#[derive(Serialize)] #[repr(u8)] enum E { A = 1 }"),
            (None, false)
        );
    }
}
