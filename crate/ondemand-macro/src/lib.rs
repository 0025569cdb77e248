//! `definitions! { … }`: a person's definitions, pasted verbatim inside the
//! macro by the crate built on demand, become `overhead-codegen`'s compiled
//! code (module `defs`) and the table `TYPES` of their codecs. Because the
//! text goes in as tokens, not as a string, every span stays where the person
//! wrote it: rustc's errors on the definitions (a derive refusing an
//! attribute, an unknown type) point at their own line and column, which the
//! CLI maps back to the definitions' text.

use proc_macro::TokenStream;
use quote::{format_ident, quote};

#[proc_macro]
pub fn definitions(input: TokenStream) -> TokenStream {
    let file = syn::parse_macro_input!(input as syn::File);
    let module = format_ident!("defs");
    let bench = quote!(::overhead_bench);
    let Some(generated) = overhead_codegen::generate(file, &module, &bench) else {
        return quote! {
            ::std::compile_error!("the definitions define no struct or enum");
        }
        .into();
    };
    let module_code = generated.module;
    let names = generated.types.iter().map(|(name, _)| name);
    let codecs = generated.types.iter().map(|(_, codec)| codec);
    quote! {
        #module_code
        /// The compiled types, by name, in source order.
        pub static TYPES: &[(&str, &dyn #bench::compiled::CompiledType)] = &[#((#names, &#codecs)),*];
    }
    .into()
}
