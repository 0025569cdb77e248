//! serde_with's attribute macros, applied the way they expand before serde's
//! derive reads the item: `#[serde_as]` turns a field's
//! `#[serde_as(as = "T")]` into `#[serde(with = "::serde_with::As::<T>")]`
//! (and adds `#[serde(default)]` where both the field and `T` are `Option`s),
//! and `#[skip_serializing_none]` puts
//! `#[serde(skip_serializing_if = "Option::is_none")]` on every `Option` field.
//! serde's own attribute reading then sees what the compiler would.

use proc_macro2::TokenTree;
use quote::{ToTokens, quote};

/// The item with serde_with's attributes expanded; `None` when it has none.
pub fn expand(input: &syn::DeriveInput) -> Option<syn::DeriveInput> {
    let skip_none = input.attrs.iter().any(|a| is(a, "skip_serializing_none"));
    let has_field_attr = fields(input).any(|f| f.attrs.iter().any(|a| is(a, "serde_as")));
    if !skip_none && !has_field_attr {
        return None;
    }
    let mut out = input.clone();
    for field in fields_mut(&mut out) {
        if skip_none {
            skip_serializing_none(field);
        }
        serde_as(field);
    }
    Some(out)
}

/// An attribute named `name`, written bare or by its path (`serde_with::name`).
fn is(attr: &syn::Attribute, name: &str) -> bool {
    attr.path().segments.last().is_some_and(|s| s.ident == name)
}

fn fields(input: &syn::DeriveInput) -> Box<dyn Iterator<Item = &syn::Field> + '_> {
    match &input.data {
        syn::Data::Struct(s) => Box::new(s.fields.iter()),
        syn::Data::Enum(e) => Box::new(e.variants.iter().flat_map(|v| v.fields.iter())),
        syn::Data::Union(_) => Box::new(std::iter::empty()),
    }
}

/// Every field of a struct, enum or union, to rewrite.
pub(crate) fn fields_mut(input: &mut syn::DeriveInput) -> Vec<&mut syn::Field> {
    match &mut input.data {
        syn::Data::Struct(s) => s.fields.iter_mut().collect(),
        syn::Data::Enum(e) => e
            .variants
            .iter_mut()
            .flat_map(|v| v.fields.iter_mut())
            .collect(),
        syn::Data::Union(u) => u.fields.named.iter_mut().collect(),
    }
}

/// serde_with's own test: the type is written `Option`, `std::option::Option`
/// or `core::option::Option` (an alias is not seen, as there).
pub fn is_std_option(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Group(g) => is_std_option(&g.elem),
        syn::Type::Paren(p) => is_std_option(&p.elem),
        syn::Type::Path(p) if p.qself.is_none() => {
            let names: Vec<String> = p
                .path
                .segments
                .iter()
                .map(|s| s.ident.to_string())
                .collect();
            match names.as_slice() {
                [one] => one == "Option" && p.path.leading_colon.is_none(),
                [root, module, last] => {
                    (root == "std" || root == "core") && module == "option" && last == "Option"
                }
                _ => false,
            }
        }
        _ => false,
    }
}

fn has_serde(field: &syn::Field, key: &str) -> bool {
    field
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .any(|a| {
            let mut found = false;
            let _ = a.parse_nested_meta(|meta| {
                found |= meta.path.is_ident(key);
                // Skip the value, whatever it is.
                if meta.input.peek(syn::Token![=]) {
                    let _: syn::Expr = meta.value()?.parse()?;
                } else if meta.input.peek(syn::token::Paren) {
                    let _: TokenTree = meta.input.parse()?;
                }
                Ok(())
            });
            found
        })
}

fn skip_serializing_none(field: &mut syn::Field) {
    let always = field.attrs.iter().any(|a| is(a, "serialize_always"));
    field.attrs.retain(|a| !is(a, "serialize_always"));
    if is_std_option(&field.ty) && !always && !has_serde(field, "skip_serializing_if") {
        field
            .attrs
            .push(syn::parse_quote!(#[serde(skip_serializing_if = "Option::is_none")]));
    }
}

/// The `as`, `deserialize_as` and `no_default` of `#[serde_as(...)]`, read by
/// tokens: `as` is a keyword, which syn's attribute parser does not take.
#[derive(Default)]
struct SerdeAs {
    as_type: Option<syn::Type>,
    deserialize_as: Option<syn::Type>,
    no_default: bool,
}

fn read_serde_as(attr: &syn::Attribute) -> SerdeAs {
    let mut out = SerdeAs::default();
    let syn::Meta::List(list) = &attr.meta else {
        return out;
    };
    let trees: Vec<TokenTree> = list.tokens.clone().into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        let TokenTree::Ident(key) = tree else {
            continue;
        };
        if key == "no_default" {
            out.no_default = true;
            continue;
        }
        let value = match (trees.get(i + 1), trees.get(i + 2)) {
            (Some(TokenTree::Punct(p)), Some(TokenTree::Literal(lit))) if p.as_char() == '=' => {
                syn::parse2::<syn::LitStr>(lit.to_token_stream())
                    .ok()
                    .and_then(|s| s.parse::<syn::Type>().ok())
            }
            _ => None,
        };
        match key.to_string().as_str() {
            "as" | "r#as" => out.as_type = value,
            "deserialize_as" => out.deserialize_as = value,
            _ => {}
        }
    }
    out
}

fn serde_as(field: &mut syn::Field) {
    let Some(attr) = field.attrs.iter().find(|a| is(a, "serde_as")) else {
        return;
    };
    let options = read_serde_as(attr);
    // serde_with refuses `serde_as` beside serde's `with`: the first wins here.
    if has_serde(field, "with") || has_serde(field, "deserialize_with") {
        return;
    }
    let Some(ty) = options.as_type.or(options.deserialize_as) else {
        return;
    };
    if !options.no_default
        && is_std_option(&ty)
        && is_std_option(&field.ty)
        && !has_serde(field, "default")
    {
        field.attrs.push(syn::parse_quote!(#[serde(default)]));
    }
    let with = quote!(::serde_with::As::<#ty>).to_string();
    field.attrs.push(syn::parse_quote!(#[serde(with = #with)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(text: &str) -> String {
        let input: syn::DeriveInput = syn::parse_str(text).expect("an item");
        expand(&input)
            .map(|i| i.to_token_stream().to_string())
            .unwrap_or_default()
    }

    #[test]
    fn serde_as_becomes_serde_with_and_options_default() {
        let text = expanded(
            r#"#[serde_as] struct S { #[serde_as(as = "Option<DisplayFromStr>")] a: Option<u32>, #[serde_as(as = "DisplayFromStr")] b: u32 }"#,
        );
        assert!(text.contains("default"), "{text}");
        assert!(
            text.contains("As :: < Option < DisplayFromStr > >"),
            "{text}"
        );
        assert_eq!(text.matches("default").count(), 1, "{text}");
    }

    #[test]
    fn skip_serializing_none_skips_options_only() {
        let text = expanded(
            r#"#[skip_serializing_none] struct S { a: Option<u32>, b: u32, #[serialize_always] c: Option<u8>, d: std::option::Option<u8> }"#,
        );
        assert_eq!(text.matches("Option::is_none").count(), 2, "{text}");
        assert!(!text.contains("serialize_always"), "{text}");
    }
}
