//! `definitions! { … }`: a person's definitions, pasted verbatim inside the
//! macro by the crate built on demand, become `overhead-codegen`'s compiled
//! code (module `defs`) and the table `TYPES` of their codecs; with the
//! crate's `peers` feature, also the definitions derived by their dialect's own
//! crate (`validator` or `garde`), each type's codec carrying that peer, and
//! with `flatten-peer`, serde_fast_flatten's (`overhead_codegen::peers`). Because the
//! text goes in as tokens, not as a string, every span stays where the person
//! wrote it: rustc's errors on the definitions (a derive refusing an
//! attribute, an unknown type) point at their own line and column, which the
//! CLI maps back to the definitions' text.

use proc_macro::TokenStream;
use quote::{format_ident, quote};

#[proc_macro]
pub fn definitions(input: TokenStream) -> TokenStream {
    let Definitions { root, mut file } = syn::parse_macro_input!(input as Definitions);
    // A paste names what lives elsewhere in its codebase (a bound's constant,
    // a regex): our derives skip such a rule as the interpreter does, rather
    // than refuse the type, so both engines run the same rules.
    mark_as_pasted(&mut file.items);
    let module = format_ident!("defs");
    let bench = quote!(::overhead_bench);
    let Some(generated) = overhead_codegen::with_peers(file, &module, &bench, root.as_deref())
    else {
        return quote! {
            ::std::compile_error!("the definitions define no struct or enum");
        }
        .into();
    };
    let module_code = generated.module;
    let table = |types: &[(String, proc_macro2::TokenStream)]| {
        let names = types.iter().map(|(name, _)| name);
        let codecs = types.iter().map(|(_, codec)| codec);
        quote!(&[#((#names, &#codecs)),*])
    };
    let ours = table(&generated.types);
    let dialect_peer = overhead_codegen::DIALECT_PEER;
    // With the `peers` feature, each type also carries its dialect's peer
    // (validator's or garde's derive of the same text), when it has one.
    let with_peers = if generated.peer_types.is_empty() {
        ours.clone()
    } else {
        table(&generated.peer_types)
    };
    quote! {
        #module_code
        /// The compiled types, by name, in source order.
        #[cfg(not(feature = #dialect_peer))]
        pub static TYPES: &[(&str, &dyn #bench::compiled::CompiledType)] = #ours;
        /// The compiled types with their peers, by name, in source order.
        #[cfg(feature = #dialect_peer)]
        pub static TYPES: &[(&str, &dyn #bench::compiled::CompiledType)] = #with_peers;
    }
    .into()
}

/// `#[overhead(as_pasted)]` on every struct and enum, inside `mod` blocks too
/// (whose types our derives take beside the others).
fn mark_as_pasted(items: &mut [syn::Item]) {
    for item in items {
        match item {
            syn::Item::Struct(s) => s.attrs.push(syn::parse_quote!(#[overhead(as_pasted)])),
            syn::Item::Enum(e) => e.attrs.push(syn::parse_quote!(#[overhead(as_pasted)])),
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    mark_as_pasted(inner);
                }
            }
            _ => {}
        }
    }
}

/// `@root "Page<Item>";` (on the macro's own line, so that the definitions'
/// lines stay theirs), then the definitions.
struct Definitions {
    root: Option<String>,
    file: syn::File,
}

impl syn::parse::Parse for Definitions {
    fn parse(input: syn::parse::ParseStream<'_>) -> syn::Result<Self> {
        let mut root = None;
        if input.peek(syn::Token![@]) {
            input.parse::<syn::Token![@]>()?;
            let keyword: syn::Ident = input.parse()?;
            if keyword != "root" {
                return Err(syn::Error::new(keyword.span(), "expected `@root \"…\";`"));
            }
            root = Some(input.parse::<syn::LitStr>()?.value());
            input.parse::<syn::Token![;]>()?;
        }
        Ok(Definitions {
            root,
            file: input.parse()?,
        })
    }
}
