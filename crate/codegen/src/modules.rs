//! The modules generated for one set of definitions: ours (`plain`,
//! `integrated`) and, for definitions that flatten, the three flatten forms.

use overhead_schema::registry::Dialect;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::items::{derived, private, unflatten, without_derives_item};

/// The `plain` module (`#[derive(Deserialize, Validate)]`, the `de` baseline
/// and `de+validate`) and the `integrated` one (`ValidateOnDeserialize`) of
/// the same definitions.
pub fn derived_modules(
    items: &[syn::Item],
    preamble: &[syn::Item],
    dialect: Dialect,
) -> TokenStream {
    let items: Vec<syn::Item> = items.iter().map(|i| with_dialect(i, dialect)).collect();
    let plain = items.iter().map(|i| {
        derived(
            quote!(#[derive(::serde::Serialize, ::serde::Deserialize, ::overhead_validate::Validate)]),
            i,
        )
    });
    let integrated = items.iter().map(|i| {
        derived(
            quote!(#[derive(::overhead_validate::ValidateOnDeserialize)]),
            &without_derives_item(i, &["serde", "validate", "garde", "overhead"]),
        )
    });
    quote! {
        pub mod plain {
            #(#preamble)*
            #(#plain)*
        }
        pub mod integrated {
            #(#preamble)*
            #(#integrated)*
        }
    }
}

/// The item, saying its dialect when only the file's `use` lines (which the
/// compiled modules drop) said it: a derive sees one item.
fn with_dialect(item: &syn::Item, dialect: Dialect) -> syn::Item {
    let mut item = item.clone();
    let derive_input = match &item {
        syn::Item::Struct(s) => syn::DeriveInput::from(s.clone()),
        syn::Item::Enum(e) => syn::DeriveInput::from(e.clone()),
        _ => return item,
    };
    if dialect == Dialect::Seed || Dialect::of_item(&derive_input).is_some() {
        return item;
    }
    let name = dialect.name();
    let attr: syn::Attribute = syn::parse_quote!(#[overhead(dialect = #name)]);
    match &mut item {
        syn::Item::Struct(s) => s.attrs.push(attr),
        syn::Item::Enum(e) => e.attrs.push(attr),
        _ => {}
    }
    item
}

/// For definitions that flatten: `fast` (`FastFlatten`), `unflattened` (the
/// same types nested, serde's way) and `sff` (serde_fast_flatten's derives,
/// seed 003's peer), whose types stay private to it (its derive names a
/// private type in a public impl), with a codec per type (`CODEC_<Type>`).
pub fn flatten_modules(
    items: &[syn::Item],
    types: &[syn::Ident],
    preamble: &[syn::Item],
    bench: &TokenStream,
) -> TokenStream {
    let fast = items
        .iter()
        .map(|i| derived(quote!(#[derive(::overhead_flatten::FastFlatten)]), i));
    let unflattened = items.iter().map(unflatten).map(|i| {
        derived(
            quote!(#[derive(::serde::Serialize, ::serde::Deserialize)]),
            &without_derives_item(&i, &["serde"]),
        )
    });
    let sff = items.iter().map(|i| {
        derived(
            quote!(#[derive(::serde_fast_flatten::SerializeFields, ::serde_fast_flatten::DeserializeFields)]),
            &private(without_derives_item(i, &["serde"])),
        )
    });
    let sff_codecs = types.iter().map(|t| {
        let name = format_ident!("CODEC_{}", t);
        quote! {
            pub const #name: &dyn #bench::compiled::CompiledType =
                &#bench::compiled::FlattenCodec::<super::plain::#t, super::fast::#t, super::unflattened::#t, #t>::NEW;
        }
    });
    quote! {
        pub mod fast {
            #(#preamble)*
            #(#fast)*
        }
        pub mod unflattened {
            #(#preamble)*
            #(#unflattened)*
        }
        pub mod sff {
            #(#preamble)*
            #(#sff)*
            #(#sff_codecs)*
        }
    }
}
