//! overhead-codegen: the one generator of compiled code. A schema's text
//! becomes modules of the same types under each derive a variant measures
//! (ours, and the flatten forms), and a codec per type that the benchmark
//! runs. `overhead-bench`'s build script calls it for the bundled scenarios,
//! and the on-demand path for a person's own definitions, so the two kinds of
//! compiled code cannot drift.

pub mod ecosystem;
mod elsewhere;
pub mod items;
mod modules;

pub use items::{Measured, has_flatten, measured};

/// Whether the definitions carry code of their own that compiled code would
/// run (functions, constants or statics their attributes name): the items.
pub fn pasted_code(file: &syn::File) -> Vec<syn::Item> {
    measured(file.items.clone()).code
}
pub use modules::{derived_modules, flatten_modules};

use overhead_schema::registry::Dialect;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The compiled code of one set of definitions.
pub struct Generated {
    /// `pub mod <module> { … }`: every module of the types.
    pub module: TokenStream,
    /// Each struct and enum that is not generic, in source order: its name
    /// and an expression of its codec (a `&'static dyn CompiledType`).
    pub types: Vec<(String, TokenStream)>,
    /// With [`with_peers`]: the same, each codec with its dialect's peer
    /// (`validator` or `garde` deriving the same text), for a build whose
    /// peer feature is on; empty when the dialect has no peer.
    pub peer_types: Vec<(String, TokenStream)>,
    /// What the definitions use that compiled code would not reproduce, at
    /// its place (`Measured::unsupported`): a crate built for a person's
    /// definitions refuses them there.
    pub unsupported: Vec<(proc_macro2::Span, String)>,
}

/// [`generate`], and the definitions derived by their dialect's own crate
/// (`validator`, `garde`) in a module compiled only with `feature` on: a peer
/// whose derive refuses the text must not take our code down with it.
pub fn with_peers(
    file: syn::File,
    module: &syn::Ident,
    bench: &TokenStream,
    feature: &str,
) -> Option<Generated> {
    let dialect = Dialect::of_file(&file.items).unwrap_or_default();
    let measured = measured(file.items);
    let mut generated = generate_measured(&measured, dialect, module, bench)?;
    let Measured {
        items, preamble, ..
    } = &measured;
    let (peer_module, derive, codec) = match dialect {
        Dialect::Validator => (
            format_ident!("validator_peer"),
            quote!(::validator::Validate),
            quote!(#bench::peers::ValidatorPeer),
        ),
        Dialect::Garde => (
            format_ident!("garde_peer"),
            quote!(::garde::Validate),
            quote!(#bench::peers::GardePeer),
        ),
        Dialect::Seed => return Some(generated),
    };
    // validator derives `Validate` on structs only; an enum is data to it.
    let peer_items = items.iter().map(|i| {
        let item = items::without_derives_item(i, &["serde", "validate", "garde"]);
        match (dialect, i) {
            (Dialect::Validator, syn::Item::Enum(_)) => items::derived(
                quote!(#[derive(::serde::Serialize, ::serde::Deserialize)]),
                &item,
            ),
            // validator bounds nested collections by `Serialize` (its errors carry the value).
            _ => items::derived(
                quote!(#[derive(::serde::Serialize, ::serde::Deserialize, #derive)]),
                &item,
            ),
        }
    });
    let module_code = generated.module;
    generated.module = quote! {
        #module_code
        #[cfg(feature = #feature)]
        #[allow(dead_code, unused_imports, non_snake_case, clippy::all)]
        pub mod #peer_module {
            // The dialect's derives call its trait's methods on nested values
            // (`self.billing.validate()`): the trait is in scope, as in the
            // person's file.
            use #derive as _;
            #(#preamble)*
            #(#peer_items)*
        }
    };
    let enums: Vec<String> = items
        .iter()
        .filter_map(|i| match i {
            syn::Item::Enum(e) => Some(e.ident.to_string()),
            _ => None,
        })
        .collect();
    generated.peer_types = generated
        .types
        .iter()
        .map(|(name, ours)| {
            let ty = format_ident!("{}", name);
            let codec = if dialect == Dialect::Validator && enums.contains(name) {
                ours.clone()
            } else {
                quote!((#ours, #codec::<#peer_module::#ty>::NEW))
            };
            (name.clone(), codec)
        })
        .collect();
    Some(generated)
}

/// The code for the definitions in `file`, as module `module`. `bench` is the
/// path of `overhead-bench` where the code is compiled (`crate` inside it,
/// `::overhead_bench` elsewhere). `None` when the file defines no type.
pub fn generate(file: syn::File, module: &syn::Ident, bench: &TokenStream) -> Option<Generated> {
    let dialect = Dialect::of_file(&file.items).unwrap_or_default();
    generate_measured(&measured(file.items), dialect, module, bench)
}

/// [`generate`] for items already [`measured`].
fn generate_measured(
    measured: &Measured,
    dialect: Dialect,
    module: &syn::Ident,
    bench: &TokenStream,
) -> Option<Generated> {
    let Measured {
        items,
        types,
        preamble,
        unsupported,
        ..
    } = measured;
    if types.is_empty() {
        return None;
    }
    // FastFlatten flattens structs it derives; a flattened map or `Option`
    // leaves the flatten variants to the interpreter (serde's way).
    let flattens = items.iter().any(has_flatten) && items::fast_flattenable(items, types);
    let ours = derived_modules(items, preamble, dialect);
    let flatten = if flattens {
        flatten_modules(items, types, preamble, bench)
    } else {
        TokenStream::new()
    };
    // A generic type has no codec of its own (its instances would); it stays
    // in the modules for the types that use it.
    let generic: Vec<&syn::Ident> = items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(s) if !s.generics.params.is_empty() => Some(&s.ident),
            syn::Item::Enum(e) if !e.generics.params.is_empty() => Some(&e.ident),
            _ => None,
        })
        .collect();
    let codecs = types
        .iter()
        .filter(|t| !generic.contains(t))
        .map(|t| {
            let codec =
                quote!(#bench::compiled::Codec::<#module::plain::#t, #module::integrated::#t>::NEW);
            let codec = if flattens {
                let flatten = format_ident!("CODEC_{}", t);
                quote!((#codec, #module::sff::#flatten))
            } else {
                codec
            };
            (t.to_string(), codec)
        })
        .collect();
    Some(Generated {
        module: quote! {
            #[allow(dead_code, unused_imports, non_snake_case, clippy::all)]
            pub mod #module {
                #ours
                #flatten
            }
        },
        types: codecs,
        peer_types: Vec::new(),
        unsupported: unsupported.clone(),
    })
}
