//! `#[cfg_attr(condition, attr, …)]`, read as if its condition held. Pasted API
//! code often puts its validation behind a feature (`#[cfg_attr(feature =
//! "server", derive(Validate))]`, `#[cfg_attr(feature = "server",
//! validate(email))]`); the playground shows what it costs when it is on.

use syn::parse::ParseStream;
use syn::punctuated::Punctuated;

use crate::diagnostic::Errors;

/// Replaces every `cfg_attr` of the type, its fields and variants by the
/// attributes it holds.
pub fn expand(input: &mut syn::DeriveInput, errors: &mut Errors) {
    expand_attrs(&mut input.attrs, errors);
    match &mut input.data {
        syn::Data::Struct(s) => {
            for field in s.fields.iter_mut() {
                expand_attrs(&mut field.attrs, errors);
            }
        }
        syn::Data::Enum(e) => {
            for variant in e.variants.iter_mut() {
                expand_attrs(&mut variant.attrs, errors);
                for field in variant.fields.iter_mut() {
                    expand_attrs(&mut field.attrs, errors);
                }
            }
        }
        syn::Data::Union(_) => {}
    }
}

fn expand_attrs(attrs: &mut Vec<syn::Attribute>, errors: &mut Errors) {
    // `cfg_attr` may hold `cfg_attr`: expand until none is left.
    while attrs.iter().any(is_cfg_attr) {
        let mut out = Vec::with_capacity(attrs.len());
        for attr in attrs.drain(..) {
            if !is_cfg_attr(&attr) {
                out.push(attr);
                continue;
            }
            match attr.parse_args_with(|input: ParseStream| {
                let _condition: syn::Meta = input.parse()?;
                input.parse::<syn::Token![,]>()?;
                Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated(input)
            }) {
                Ok(held) => out.extend(held.into_iter().map(|meta| syn::Attribute {
                    meta,
                    ..attr.clone()
                })),
                Err(e) => errors.syn(e),
            }
        }
        *attrs = out;
    }
}

fn is_cfg_attr(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("cfg_attr")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_held_attributes_take_the_place_of_cfg_attr() {
        let mut input: syn::DeriveInput = syn::parse_quote! {
            #[cfg_attr(feature = "server", derive(Validate), serde(rename_all = "camelCase"))]
            struct S {
                #[cfg_attr(feature = "server", cfg_attr(test, validate(email)))]
                a: String,
            }
        };
        let mut errors = Errors::default();
        expand(&mut input, &mut errors);
        assert!(!errors.has_errors());
        let names = |attrs: &[syn::Attribute]| -> Vec<String> {
            attrs
                .iter()
                .map(|a| {
                    a.path()
                        .get_ident()
                        .map(ToString::to_string)
                        .unwrap_or_default()
                })
                .collect()
        };
        assert_eq!(names(&input.attrs), ["derive", "serde"]);
        let syn::Data::Struct(s) = &input.data else {
            panic!("a struct")
        };
        assert_eq!(
            names(&s.fields.iter().next().expect("a field").attrs),
            ["validate"]
        );
    }
}
