//! An item as the compiler's derives see it, for code generated from a paste:
//! `cfg_attr`s read as if their condition held and serde_with's attribute
//! macros applied, as [`analyze`](crate::analyze) reads it — so the compiled
//! code means what the interpreter runs.

use proc_macro2::{Literal as Token, TokenStream, TokenTree};

use crate::diagnostic::Errors;
use crate::rule::Literal;
use crate::scope::Scope;

/// Rewrites a struct or enum item in place; other items are left as they are.
/// `scope` is the paste's: a bound that reads the type's context
/// (`max = ctx.limit`) is written as the value the interpreter reads for it
/// ([`Scope::context_field`]), since a derive sees one item and not the
/// paste's constant or `impl Default` that builds the context.
pub fn as_derived(item: &mut syn::Item, scope: &Scope) {
    let mut input = match item {
        syn::Item::Struct(s) => syn::DeriveInput::from(s.clone()),
        syn::Item::Enum(e) => syn::DeriveInput::from(e.clone()),
        _ => return,
    };
    // A malformed `cfg_attr` is the analysis's to report; here it stays out.
    crate::cfg_attr::expand(&mut input, &mut Errors::default());
    let mut input = crate::serde_with::expand(&input).unwrap_or(input);
    let context = crate::attr::container_rules(&input.attrs, &mut Errors::default()).context;
    if let Some(ty) = &context {
        context_bounds_in(&mut input, ty, scope);
    }
    match (item, input.data) {
        (syn::Item::Struct(s), syn::Data::Struct(data)) => {
            s.attrs = input.attrs;
            s.fields = data.fields;
        }
        (syn::Item::Enum(e), syn::Data::Enum(data)) => {
            e.attrs = input.attrs;
            e.variants = data.variants;
        }
        _ => {}
    }
}

/// Every `#[garde(…)]` and `#[validate(…)]` of the item's fields with
/// `ctx.field` written as its value, where the paste builds the context.
fn context_bounds_in(input: &mut syn::DeriveInput, ty: &syn::Type, scope: &Scope) {
    let fields: Vec<&mut syn::Field> = match &mut input.data {
        syn::Data::Struct(data) => data.fields.iter_mut().collect(),
        syn::Data::Enum(data) => data
            .variants
            .iter_mut()
            .flat_map(|v| v.fields.iter_mut())
            .collect(),
        syn::Data::Union(_) => Vec::new(),
    };
    for field in fields {
        for attr in &mut field.attrs {
            if !(attr.path().is_ident("garde") || attr.path().is_ident("validate")) {
                continue;
            }
            if let syn::Meta::List(list) = &mut attr.meta {
                list.tokens = with_context_values(list.tokens.clone(), ty, scope);
            }
        }
    }
}

fn with_context_values(tokens: TokenStream, ty: &syn::Type, scope: &Scope) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let TokenTree::Group(group) = &trees[i] {
            let mut inner = proc_macro2::Group::new(
                group.delimiter(),
                with_context_values(group.stream(), ty, scope),
            );
            inner.set_span(group.span());
            out.push(TokenTree::Group(inner));
            i += 1;
            continue;
        }
        if let Some(value) = context_value(&trees[i..], ty, scope) {
            out.push(value);
            i += 3;
            continue;
        }
        out.push(trees[i].clone());
        i += 1;
    }
    out.into_iter().collect()
}

/// `ctx . member` (and nothing more after it) at the start of `trees`, as
/// the value the paste builds it with.
fn context_value(trees: &[TokenTree], ty: &syn::Type, scope: &Scope) -> Option<TokenTree> {
    let [
        TokenTree::Ident(base),
        TokenTree::Punct(dot),
        member,
        rest @ ..,
    ] = trees
    else {
        return None;
    };
    if base != "ctx" || dot.as_char() != '.' {
        return None;
    }
    if matches!(rest.first(), Some(TokenTree::Punct(p)) if p.as_char() == '.')
        || matches!(rest.first(), Some(TokenTree::Group(_)))
    {
        return None;
    }
    let field = match member {
        TokenTree::Ident(ident) => ident.to_string(),
        TokenTree::Literal(index) => index.to_string(),
        _ => return None,
    };
    let (value, _) = scope.context_field(ty, &field)?;
    let mut token = match value {
        Literal::Int(i) => Token::i128_unsuffixed(i),
        Literal::Float(f) => Token::f64_unsuffixed(f),
        Literal::Str(s) => Token::string(&s),
    };
    token.set_span(member.span());
    Some(TokenTree::Literal(token))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::ToTokens;

    /// A bound that reads the context is written as the value the paste
    /// builds the context with, where the interpreter reads that value too.
    #[test]
    fn bounds_from_the_context_become_its_values() {
        let file: syn::File = syn::parse_str(
            r#"
            pub struct Limits { pub max_title: usize, pub pair: (u8, u8) }
            impl Default for Limits {
                fn default() -> Self { Self { max_title: 40, pair: (1, 2) } }
            }
            #[derive(Deserialize, Validate)]
            #[garde(context(Limits as ctx))]
            pub struct Post {
                #[garde(length(min = 1, max = ctx.max_title))]
                pub title: String,
                #[garde(length(max = ctx.unknown), custom(check(ctx.max_title.pow(2))))]
                pub body: String,
            }
            "#,
        )
        .expect("parses");
        let mut scope = Scope::default();
        file.items.iter().for_each(|item| scope.add(item));
        let mut post = file.items[2].clone();
        as_derived(&mut post, &scope);
        let text = post.to_token_stream().to_string();
        assert!(text.contains("length (min = 1 , max = 40)"), "{text}");
        // What the paste does not build, and code over the context, stay.
        assert!(text.contains("max = ctx . unknown"), "{text}");
        assert!(text.contains("ctx . max_title . pow (2)"), "{text}");
    }
}
