//! overhead-derive: `#[derive(Validate)]`, `#[derive(ValidateOnDeserialize)]` and
//! `#[derive(FastFlatten)]`.
//!
//! Both read the type through `overhead-schema`, so an attribute means the same
//! here as in the playground's interpreter, and both emit the same per-field
//! check functions: validation after decoding and during it run one code.
//! Use them through `overhead-validate`, which re-exports them.
//!
//! A type's attributes are read in the dialect of the library they are written
//! for (where violations are reported). The item usually says which; when only
//! the file's `use` lines would (a derive sees one item), the container
//! attribute `#[overhead(dialect = "validator" | "garde" | "seed")]` says it.

mod checks;
mod flatten;
mod on_deserialize;
mod validate;

use overhead_schema::{Errors, TypeDef};
use proc_macro::TokenStream;

/// Implements `overhead_validate::Validate` from `#[validate(...)]` / `#[garde(...)]`.
#[proc_macro_derive(Validate, attributes(validate, garde, overhead))]
pub fn derive_validate(input: TokenStream) -> TokenStream {
    expand(input, validate::expand)
}

/// Implements `serde::Deserialize` (validating while decoding, with every field's
/// serde attributes honoured) and `overhead_validate::Validate`.
#[proc_macro_derive(ValidateOnDeserialize, attributes(validate, garde, serde, overhead))]
pub fn derive_validate_on_deserialize(input: TokenStream) -> TokenStream {
    expand(input, on_deserialize::expand)
}

/// Implements `serde::Serialize` and `serde::Deserialize` through
/// `overhead_flatten`'s field tables: `#[serde(flatten)]` children (which derive
/// `FastFlatten` too) are read without buffering. `#[fast_flatten(validate)]`
/// validates the decoded value (the type must implement `Validate`).
#[proc_macro_derive(
    FastFlatten,
    attributes(serde, fast_flatten, validate, garde, overhead)
)]
pub fn derive_fast_flatten(input: TokenStream) -> TokenStream {
    expand(input, flatten::expand)
}

fn expand(
    input: TokenStream,
    generate: fn(&syn::DeriveInput, &TypeDef) -> syn::Result<proc_macro2::TokenStream>,
) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    // Compiled code must not skip a rule its author wrote, except for a
    // paste's (`#[overhead(as_pasted)]`, from `overhead-ondemand-macro`):
    // what it names from elsewhere is skipped as the interpreter skips it.
    let mut errors = if overhead_schema::as_pasted(&input.attrs) {
        Errors::default()
    } else {
        Errors::for_derive()
    };
    let def = TypeDef::from_derive_input(&input, &mut errors);
    let result = errors
        .into_syn()
        .and_then(|()| {
            def.ok_or_else(|| syn::Error::new_spanned(&input.ident, "cannot read this type"))
        })
        .and_then(|def| generate(&input, &def));
    match result {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}
