//! `#[derive(Validate)]`: `validate_into` runs every field's checks, nested
//! values included, and puts each field's violations under its name.

use overhead_schema::model::FieldPath;
use overhead_schema::{FieldDef, TypeDef, TypeKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::checks;

pub fn expand(input: &syn::DeriveInput, def: &TypeDef) -> syn::Result<TokenStream> {
    reject_generics(input, "Validate")?;
    let ident = &def.ident;
    let (fns, body) = parts(def);
    let context_rules = checks::context_rules_impl(def);
    Ok(quote! {
        #[allow(non_snake_case, clippy::all)]
        const _: () = {
            #fns
            #context_rules
            impl ::overhead_validate::Validate for #ident {
                fn validate_into(&self, out: &mut ::overhead_validate::Violations) {
                    #body
                }
            }
        };
    })
}

pub fn reject_generics(input: &syn::DeriveInput, derive: &str) -> syn::Result<()> {
    if input.generics.params.is_empty() {
        Ok(())
    } else {
        Err(syn::Error::new_spanned(
            &input.generics,
            format!("#[derive({derive})] does not support generic types or lifetimes yet"),
        ))
    }
}

/// The check functions and the body of `validate_into`.
pub fn parts(def: &TypeDef) -> (TokenStream, TokenStream) {
    let mut body = body(def, true, |_| true, &quote!(self));
    if let TypeKind::Struct { fields, .. } = &def.kind {
        body.extend(checks::must_match_checks(def, fields, &quote!(self)));
    }
    (check_fns(def), body)
}

/// One check function per field that has rules.
pub fn check_fns(def: &TypeDef) -> TokenStream {
    let mut fns = TokenStream::new();
    match &def.kind {
        TypeKind::Struct { fields, .. } => {
            for field in fields.iter().filter(|f| checks::has_checks(f)) {
                fns.extend(checks::field_fn(&checks::check_fn_name("", field), field));
            }
        }
        TypeKind::Enum { variants } => {
            for variant in variants {
                for field in variant.fields.iter().filter(|f| checks::has_checks(f)) {
                    let name = checks::check_fn_name(&variant.ident.to_string(), field);
                    fns.extend(checks::field_fn(&name, field));
                }
            }
        }
    }
    fns
}

/// Checks the fields `only` selects of the value `this` into `out`; with
/// `nested == false` the `nested` rule is left out (decoding checked those).
/// `must_match`, which compares two fields, is the caller's to add.
pub fn body(
    def: &TypeDef,
    nested: bool,
    only: fn(&FieldDef) -> bool,
    this: &TokenStream,
) -> TokenStream {
    match &def.kind {
        TypeKind::Struct { fields, .. } => {
            let mut body = TokenStream::new();
            for (index, field) in fields.iter().enumerate() {
                if !only(field) || !checks::has_checks(field) {
                    continue;
                }
                let name = checks::check_fn_name("", field);
                let member = &field.member;
                let path = def.field_path(None, index, field);
                body.extend(call(&name, &quote!(&#this.#member), &path, nested));
            }
            body
        }
        TypeKind::Enum { variants } => {
            let mut arms = TokenStream::new();
            for variant in variants {
                let mut calls = TokenStream::new();
                let mut bindings = Vec::new();
                for (i, field) in variant.fields.iter().enumerate() {
                    if !checks::has_checks(field) || !only(field) {
                        continue;
                    }
                    let name = checks::check_fn_name(&variant.ident.to_string(), field);
                    let binding = format_ident!("__f{}", i);
                    let member = &field.member;
                    bindings.push(quote!(#member: #binding));
                    let path = def.field_path(Some(variant), i, field);
                    calls.extend(call(&name, &quote!(#binding), &path, nested));
                }
                if bindings.is_empty() {
                    continue;
                }
                let v = &variant.ident;
                let under = variant_segment(def.variant_key(variant));
                arms.extend(quote! {
                    Self::#v { #(#bindings,)* .. } => {
                        let __variant_start = out.len();
                        #calls
                        #under
                    }
                });
            }
            if arms.is_empty() {
                TokenStream::new()
            } else {
                quote! {
                    #[allow(unreachable_patterns)]
                    match &#this { #arms _ => {} }
                }
            }
        }
    }
}

/// Calls a field's check function and puts its violations under the field.
pub fn call(name: &syn::Ident, value: &TokenStream, path: &FieldPath, nested: bool) -> TokenStream {
    match checks::segment(path) {
        Some(segment) => quote! {
            let __start = out.len();
            #name::<#nested>(#value, out);
            if out.len() > __start {
                out.nest_since(__start, &#segment);
            }
        },
        None => quote!(#name::<#nested>(#value, out);),
    }
}

/// The key an enum variant's violations go under (`TypeDef::variant_key`).
pub fn variant_segment(key: Option<&str>) -> TokenStream {
    let Some(key) = key else {
        return TokenStream::new();
    };
    quote! {
        if out.len() > __variant_start {
            out.nest_since(__variant_start, &::overhead_validate::Segment::Field(::std::borrow::Cow::Borrowed(#key)));
        }
    }
}
