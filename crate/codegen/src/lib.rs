//! overhead-codegen: the one generator of compiled code. A schema's text
//! becomes modules of the same types under each derive a variant measures
//! (ours, and the flatten forms), and a codec per type that the benchmark
//! runs. `overhead-bench`'s build script calls it for the bundled scenarios,
//! and the on-demand path for a person's own definitions, so the two kinds of
//! compiled code cannot drift.

mod concrete;
pub mod ecosystem;
mod elsewhere;
pub mod items;
mod modules;
pub mod shipped;

pub use items::{Measured, has_flatten, measured};

/// Whether the definitions carry code of their own that compiled code would
/// run (functions, constants or statics their attributes name): the items.
pub fn pasted_code(file: &syn::File) -> Vec<syn::Item> {
    measured(file.items.clone()).code
}
pub use modules::{derived_modules, flatten_modules};

/// What our derives read otherwise than the paste is written (borrowed
/// fields owned, generic types per instance), as notes for the Report.
pub fn ours_notes(definitions: &str) -> Vec<String> {
    syn::parse_file(definitions)
        .map(|file| concrete::notes(&file.items))
        .unwrap_or_default()
}

use overhead_schema::DialectOf;
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
}

/// A peer crate of the definitions: the same text derived by another crate,
/// compiled by [`with_peers`] only with its cargo feature on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Peer {
    /// The cargo feature that compiles it in.
    pub feature: &'static str,
    /// The crate whose derives it is, as the Report names it.
    pub name: &'static str,
}

/// The feature of the dialect's own crate (`validator`, `garde`).
pub const DIALECT_PEER: &str = "peers";
/// The feature of serde_fast_flatten, for definitions that flatten.
pub const FLATTEN_PEER: &str = "flatten-peer";

/// The peers [`with_peers`] compiles for `file`, each behind its feature.
pub fn peers(file: &syn::File) -> Vec<Peer> {
    let mut peers = Vec::new();
    let items = concrete::concrete(file.items.clone(), None).items;
    match Dialect::of_file(&items).unwrap_or_default() {
        Dialect::Validator => peers.push(Peer {
            feature: DIALECT_PEER,
            name: "validator",
        }),
        Dialect::Garde => peers.push(Peer {
            feature: DIALECT_PEER,
            name: "garde",
        }),
        Dialect::Seed | Dialect::Domainstack => {}
    }
    let measured = measured(items);
    if flattens(&measured) {
        peers.push(Peer {
            feature: FLATTEN_PEER,
            name: "serde_fast_flatten",
        });
    }
    peers
}

/// Whether the definitions get the flatten forms: FastFlatten flattens
/// structs it derives; a flattened map or `Option` leaves the flatten
/// variants to the interpreter (serde's way).
fn flattens(measured: &Measured) -> bool {
    measured.items.iter().any(has_flatten)
        && items::fast_flattenable(&measured.items, &measured.types)
}

/// [`generate`], with each peer in a module compiled only with its feature
/// on ([`peers`]): the definitions derived by their dialect's own crate
/// (`validator`, `garde`), and serde_fast_flatten's flatten form. A peer
/// whose derive refuses the text must not take our code down with it.
/// `root` (as the document names it, `Page<Item>` included) gets an instance
/// when it is generic.
pub fn with_peers(
    file: syn::File,
    module: &syn::Ident,
    bench: &TokenStream,
    root: Option<&str>,
) -> Option<Generated> {
    let feature = DIALECT_PEER;
    let concrete = concrete::concrete(file.items, root);
    let stated = Dialect::of_file(&concrete.items);
    let dialect = stated.unwrap_or_default();
    let measured = measured(concrete.items);
    let mut generated = generate_measured(
        &measured,
        stated,
        module,
        bench,
        Some(FLATTEN_PEER),
        &concrete.names,
    )?;
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
        Dialect::Seed | Dialect::Domainstack => return Some(generated),
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
            // An instance runs under its key (`Page<Item>`); its type is `Page_Item__`.
            let ident = concrete
                .names
                .iter()
                .find(|(_, key)| *key == name)
                .map_or(name.as_str(), |(ident, _)| ident.as_str());
            let ty = format_ident!("{}", ident);
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
    let concrete = concrete::concrete(file.items, None);
    let stated = Dialect::of_file(&concrete.items);
    generate_measured(
        &measured(concrete.items),
        stated,
        module,
        bench,
        None,
        &concrete.names,
    )
}

/// [`generate`] for items already [`measured`], in the dialect the file's
/// `use` lines state (each item's own otherwise); serde_fast_flatten's peer
/// behind `flatten_peer`, when given; an instance of a generic type is
/// named as the document names it (`names`: `Page__Item` → `Page<Item>`).
fn generate_measured(
    measured: &Measured,
    dialect: Option<Dialect>,
    module: &syn::Ident,
    bench: &TokenStream,
    flatten_peer: Option<&str>,
    names: &std::collections::HashMap<String, String>,
) -> Option<Generated> {
    let Measured {
        items,
        types,
        preamble,
        ..
    } = measured;
    if types.is_empty() {
        return None;
    }
    let flattens = flattens(measured);
    let ours = derived_modules(items, preamble, dialect);
    let flatten = if flattens {
        flatten_modules(items, types, preamble, bench, flatten_peer)
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
            let name = t.to_string();
            (names.get(&name).cloned().unwrap_or(name), codec)
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer_names(text: &str) -> Vec<&'static str> {
        let file = syn::parse_file(text).expect("parses");
        peers(&file).iter().map(|p| p.name).collect()
    }

    #[test]
    fn the_peers_are_the_dialects_crate_and_serde_fast_flatten_where_it_flattens() {
        let flat = "pub struct A { pub a: u8, #[serde(flatten)] pub b: B, pub c: C }
                    pub struct B { pub x: u8 }
                    pub enum C { One, Two }";
        assert_eq!(
            peer_names(&format!("use validator::Validate;\n{flat}")),
            ["validator", "serde_fast_flatten"]
        );
        assert_eq!(
            peer_names(&format!("use garde::Validate;\n{flat}")),
            ["garde", "serde_fast_flatten"]
        );
        assert_eq!(peer_names(flat), ["serde_fast_flatten"]);
        assert!(peer_names("pub struct A { pub a: u8 }").is_empty());
        // A flattened enum or map is serde's alone: no flatten forms, no peer.
        assert!(
            peer_names("pub struct A { #[serde(flatten)] pub c: C }\npub enum C { One(u8) }")
                .is_empty()
        );
    }

    #[test]
    fn the_flatten_forms_derive_serdes_for_a_type_they_cannot_flatten() {
        let file = syn::parse_file(
            "pub struct A { #[serde(flatten)] pub b: B, pub c: C }
             pub struct B { pub x: u8 }
             pub enum C { One, Two }",
        )
        .expect("parses");
        let bench = quote!(::overhead_bench);
        let generated = with_peers(file, &format_ident!("defs"), &bench, None).expect("types");
        let code = generated.module.to_string();
        let derives_before = |marker: &str| -> Vec<String> {
            code.split(marker)
                .skip(1)
                .map(|after| after.split("enum C").next().unwrap_or_default().to_owned())
                .collect()
        };
        for module in ["pub mod fast {", "pub mod sff {"] {
            let body = &derives_before(module)[0];
            let c = body.rsplit("# [derive").next().unwrap_or_default();
            assert!(c.contains(":: serde :: Deserialize"), "{module}: {c}");
        }
        // serde_fast_flatten only with its feature; ours either way.
        assert!(code.contains("# [cfg (feature = \"flatten-peer\")] pub mod sff"));
        assert!(code.contains("# [cfg (not (feature = \"flatten-peer\"))] pub mod sff"));
    }
}
