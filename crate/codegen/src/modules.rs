//! The modules generated for one set of definitions: ours (`plain`,
//! `integrated`) and, for definitions that flatten, the three flatten forms.

use overhead_schema::DialectOf;
use overhead_schema::registry::Dialect;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::items::{derived, private, unflatten, without_derives_item};

/// The `plain` module (`#[derive(Deserialize, Validate)]`, the `de` baseline
/// and `de+validate`) and the `integrated` one (`ValidateOnDeserialize`) of
/// the same definitions; `dialect` is what the file's `use` lines state.
pub fn derived_modules(
    items: &[syn::Item],
    preamble: &[syn::Item],
    dialect: Option<Dialect>,
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

/// The item, saying its dialect where the item itself does not: as the
/// file's `use` lines (which the compiled modules drop) say it, else as the
/// interpreter reads an item whose file does not say (`Dialect::unstated`).
/// A derive sees one item.
fn with_dialect(item: &syn::Item, dialect: Option<Dialect>) -> syn::Item {
    let mut item = item.clone();
    let derive_input = match &item {
        syn::Item::Struct(s) => syn::DeriveInput::from(s.clone()),
        syn::Item::Enum(e) => syn::DeriveInput::from(e.clone()),
        _ => return item,
    };
    // Read as the interpreter reads it; stated only where the item's own
    // words would be read otherwise by the derive.
    let read = Dialect::read_in(&derive_input, dialect, Dialect::unstated);
    if read == Dialect::Seed || Dialect::of_item(&derive_input) == Some(read) {
        return item;
    }
    let dialect = read;
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
/// private type in a public impl), with a codec per type (`CODEC_<Type>`):
/// ours, and the peer's beside them. With `peer_feature`, the peer is compiled
/// only with that cargo feature on (without it, `sff` holds ours alone), so
/// that definitions its derive refuses keep our code.
///
/// `FastFlatten` and serde_fast_flatten derive structs with named fields (the
/// ones a struct can flatten); the definitions' other types (an enum, a tuple
/// struct a field has) derive serde's in those modules.
pub fn flatten_modules(
    items: &[syn::Item],
    types: &[syn::Ident],
    preamble: &[syn::Item],
    bench: &TokenStream,
    peer_feature: Option<&str>,
) -> TokenStream {
    let serde = quote!(#[derive(::serde::Serialize, ::serde::Deserialize)]);
    let named = |item: &syn::Item| match item {
        syn::Item::Struct(s) => matches!(s.fields, syn::Fields::Named(_)),
        _ => false,
    };
    let fast = items.iter().map(|i| match named(i) {
        true => derived(quote!(#[derive(::overhead_flatten::FastFlatten)]), i),
        false => derived(serde.clone(), &without_derives_item(i, &["serde"])),
    });
    let unflattened = items
        .iter()
        .map(unflatten)
        .map(|i| derived(serde.clone(), &without_derives_item(&i, &["serde"])));
    let sff = items.iter().map(|i| {
        let derive = match named(i) {
            true => quote!(#[derive(
                ::serde_fast_flatten::SerializeFields,
                ::serde_fast_flatten::DeserializeFields
            )]),
            false => serde.clone(),
        };
        derived(derive, &private(without_derives_item(i, &["serde"])))
    });
    let ours = |t: &syn::Ident| {
        let forms = quote!(super::plain::#t, super::fast::#t, super::unflattened::#t);
        quote!(#bench::compiled::FlattenCodec::<#forms>::NEW)
    };
    let codec = |t: &syn::Ident, codec: TokenStream| {
        let name = format_ident!("CODEC_{}", t);
        quote! {
            #[allow(non_upper_case_globals)]
            pub const #name: &dyn #bench::compiled::CompiledType = &#codec;
        }
    };
    let with_peer = types.iter().map(|t| {
        let ours = ours(t);
        codec(
            t,
            quote!((#ours, #bench::compiled::FlattenPeer::<super::fast::#t, #t>::NEW)),
        )
    });
    let sff = quote! {
        pub mod sff {
            #(#preamble)*
            #(#sff)*
            #(#with_peer)*
        }
    };
    let sff = match peer_feature {
        None => sff,
        Some(feature) => {
            let alone = types.iter().map(|t| codec(t, ours(t)));
            quote! {
                #[cfg(feature = #feature)]
                #sff
                #[cfg(not(feature = #feature))]
                pub mod sff {
                    #(#alone)*
                }
            }
        }
    };
    quote! {
        pub mod fast {
            #(#preamble)*
            #(#fast)*
        }
        pub mod unflattened {
            #(#preamble)*
            #(#unflattened)*
        }
        #sff
    }
}
