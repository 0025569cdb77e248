//! Generates the bundled scenarios' compiled code: each `scenarios/<name>/
//! schema.rs` through `overhead-codegen` (the same generator as the on-demand
//! path, so bundled and on-demand compiled code cannot drift), as a module
//! of its own and one row of `COMPILED`, in `overhead-contract`'s `BUNDLED`
//! order. A schema that does not parse or defines no type fails the build at
//! its file. Also writes the compiled real-world corpus the differential test
//! includes (`build/corpus.rs`).

use std::path::PathBuf;
use std::{env, fs};

use quote::{format_ident, quote};

#[path = "build/corpus.rs"]
mod corpus;

#[path = "../contract/build/scan.rs"]
mod scan;
use scan::{read, sorted_dirs};

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let scenarios_dir = manifest_dir.join("../../scenarios");
    println!("cargo::rerun-if-changed={}", scenarios_dir.display());
    let mut modules = Vec::new();
    let mut compiled = Vec::new();
    // The same order as `overhead-contract`'s build script gives `BUNDLED`.
    for dir in sorted_dirs(&scenarios_dir) {
        let name = dir
            .file_name()
            .expect("folder")
            .to_string_lossy()
            .into_owned();
        let module = format_ident!("{}", name.replace('-', "_"));
        let schema_path = dir.join("schema.rs");
        let file = syn::parse_file(&read(&schema_path)).unwrap_or_else(|e| {
            let at = e.span().start();
            panic!(
                "{}:{}:{}: {e}",
                schema_path.display(),
                at.line,
                at.column + 1
            )
        });
        let generated = overhead_codegen::generate(file, &module, &quote!(crate))
            .unwrap_or_else(|| panic!("{}: defines no struct or enum", schema_path.display()));
        let names = generated.types.iter().map(|(name, _)| name);
        let codecs = generated.types.iter().map(|(_, codec)| codec);
        compiled.push(quote!(&[#((#names, &#codecs)),*]));
        modules.push(generated.module);
    }
    let code = quote! {
        #(#modules)*
        /// The compiled types of each entry of `BUNDLED`, in the same order.
        static COMPILED: &[&[(&str, &dyn crate::compiled::CompiledType)]] = &[#(#compiled),*];
    };
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("compiled.rs");
    fs::write(&out, code.to_string()).expect("write compiled.rs");
    corpus::write(&manifest_dir.join("../engine/tests/real_world"));
}
