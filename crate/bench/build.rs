//! Embeds every scenario under `scenarios/` (its manifest as JSON, its schema
//! and inputs) and its compiled code, which `overhead-codegen` generates from
//! the schema — the same generator as the on-demand path, so bundled and
//! on-demand compiled code cannot drift. A scenario whose schema does not
//! parse or defines no type fails the build at its file. Also writes the
//! compiled real-world corpus the differential test includes (`build/corpus.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

#[path = "build/corpus.rs"]
mod corpus;

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let scenarios_dir = manifest_dir.join("../../scenarios");
    println!("cargo::rerun-if-changed={}", scenarios_dir.display());
    println!("cargo::rustc-env=OVERHEAD_RUSTC={}", rustc_version());

    let mut modules = Vec::new();
    let mut entries = Vec::new();
    let mut compiled = Vec::new();
    for (index, dir) in sorted_dirs(&scenarios_dir).iter().enumerate() {
        let (module, entry, types) = scenario(dir, index);
        modules.push(module);
        entries.push(entry);
        compiled.push(types);
    }
    // The files and the compiled types are two tables, so that code which reads
    // only the files (the page's analyzer module) does not link the compiled code.
    let code = quote! {
        #(#modules)*
        /// Every scenario under `scenarios/`, by folder name.
        pub static BUNDLED: &[Bundled] = &[#(#entries),*];
        /// The compiled types of each entry of `BUNDLED`, in the same order.
        static COMPILED: &[&[(&str, &dyn crate::compiled::CompiledType)]] = &[#(#compiled),*];
    };
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("bundled.rs");
    fs::write(&out, code.to_string()).expect("write bundled.rs");
    corpus::write(&manifest_dir.join("../engine/tests/real_world"));
}

fn scenario(dir: &Path, index: usize) -> (TokenStream, TokenStream, TokenStream) {
    let name = dir
        .file_name()
        .expect("folder")
        .to_string_lossy()
        .into_owned();
    let module = format_ident!("{}", name.replace('-', "_"));
    let schema_path = dir.join("schema.rs");
    let manifest_path = dir.join("scenario.toml");
    let schema = read(&schema_path);
    // The manifest as JSON: readers of the bundled scenarios then need no TOML
    // parser (the page's analyzer module would carry one).
    let manifest: toml::Value = toml::from_str(&read(&manifest_path))
        .unwrap_or_else(|e| panic!("{}: {e}", manifest_path.display()));
    let manifest_json = serde_json::to_string(&manifest).expect("a TOML value writes as JSON");

    let file = syn::parse_file(&schema).unwrap_or_else(|e| {
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

    let inputs_dir = dir.join("inputs");
    println!("cargo::rerun-if-changed={}", inputs_dir.display());
    let mut inputs: Vec<(String, String)> = fs::read_dir(&inputs_dir)
        .unwrap_or_else(|e| panic!("{}: {e}", inputs_dir.display()))
        .map(|entry| entry.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            read(&p);
            let stem = p.file_stem().expect("file").to_string_lossy().into_owned();
            (stem, p.display().to_string())
        })
        .collect();
    inputs.sort();
    let input_names = inputs.iter().map(|(n, _)| n);
    let input_paths = inputs.iter().map(|(_, p)| p);
    let schema_path = schema_path.display().to_string();
    let type_names = generated.types.iter().map(|(name, _)| name);
    let codecs = generated.types.iter().map(|(_, codec)| codec);
    let module_code = generated.module;
    let entry = quote! {
        Bundled {
            name: #name,
            manifest: #manifest_json,
            schema: include_str!(#schema_path),
            inputs: &[#((#input_names, include_str!(#input_paths))),*],
            index: #index,
        }
    };
    let types = quote!(&[#((#type_names, &#codecs)),*]);
    (module_code, entry, types)
}

fn read(path: &Path) -> String {
    println!("cargo::rerun-if-changed={}", path.display());
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("dir entry").path())
        .filter(|p| p.join("scenario.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

fn rustc_version() -> String {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|v| v.trim().to_owned())
        .unwrap_or_else(|| "unknown".into())
}
