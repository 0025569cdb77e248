//! Turns each `scenarios/<name>/schema.rs` into compiled code, and embeds every
//! scenario's files, so the compiled engine measures what a user's own derives
//! generate. Each scenario becomes two modules of the same types:
//! - `plain`: `#[derive(Deserialize, Validate)]` (the `de` baseline and the
//!   two-step `de+validate`);
//! - `integrated`: `#[derive(ValidateOnDeserialize)]`.
//!
//! Only `#[serde]`, `#[validate]`, `#[garde]` and doc attributes are kept; the
//! user's own derives, `use` lines, `impl` blocks and functions are dropped, since
//! only the data definitions are measured. The definitions are checked with
//! overhead-schema first, so a broken bundled scenario fails the build with its
//! diagnostics.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let scenarios_dir = manifest_dir.join("../../scenarios");
    println!("cargo::rerun-if-changed={}", scenarios_dir.display());
    println!("cargo::rustc-env=OVERHEAD_RUSTC={}", rustc_version());

    let mut modules = Vec::new();
    let mut entries = Vec::new();
    for dir in sorted_dirs(&scenarios_dir) {
        let (module, entry) = scenario(&dir);
        modules.push(module);
        entries.push(entry);
    }
    let code = quote! {
        #(#modules)*
        /// Every scenario under `scenarios/`, by folder name.
        pub static BUNDLED: &[Bundled] = &[#(#entries),*];
    };
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("bundled.rs");
    fs::write(&out, code.to_string()).expect("write bundled.rs");
}

fn scenario(dir: &Path) -> (TokenStream, TokenStream) {
    let name = dir
        .file_name()
        .expect("folder")
        .to_string_lossy()
        .into_owned();
    let module = format_ident!("{}", name.replace('-', "_"));
    let schema_path = dir.join("schema.rs");
    let manifest_path = dir.join("scenario.toml");
    let schema = read(&schema_path);
    read(&manifest_path);

    let file = syn::parse_file(&schema).unwrap_or_else(|e| {
        let at = e.span().start();
        panic!(
            "{}:{}:{}: {e}",
            schema_path.display(),
            at.line,
            at.column + 1
        )
    });
    let mut items = Vec::new();
    let mut types = Vec::new();
    for item in file.items {
        match item {
            syn::Item::Struct(mut s) => {
                s.vis = syn::parse_quote!(pub);
                keep_serde_attrs(&mut s.attrs);
                s.fields
                    .iter_mut()
                    .for_each(|f| keep_serde_attrs(&mut f.attrs));
                types.push(s.ident.clone());
                items.push(quote!(#s));
            }
            syn::Item::Enum(mut e) => {
                e.vis = syn::parse_quote!(pub);
                keep_serde_attrs(&mut e.attrs);
                for v in &mut e.variants {
                    keep_serde_attrs(&mut v.attrs);
                    v.fields
                        .iter_mut()
                        .for_each(|f| keep_serde_attrs(&mut f.attrs));
                }
                types.push(e.ident.clone());
                items.push(quote!(#e));
            }
            _ => {}
        }
    }
    assert!(
        !types.is_empty(),
        "{}: defines no struct or enum",
        schema_path.display()
    );

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
    let type_names = types.iter().map(|t| t.to_string());
    let schema_path = schema_path.display().to_string();
    let manifest_path = manifest_path.display().to_string();

    let module_code = quote! {
        #[allow(dead_code, clippy::all)]
        pub mod #module {
            pub mod plain {
                #(#[derive(::serde::Deserialize, ::overhead_validate::Validate)] #items)*
            }
            pub mod integrated {
                #(#[derive(::overhead_validate::ValidateOnDeserialize)] #items)*
            }
        }
    };
    let entry = quote! {
        Bundled {
            name: #name,
            manifest: include_str!(#manifest_path),
            schema: include_str!(#schema_path),
            inputs: &[#((#input_names, include_str!(#input_paths))),*],
            types: &[#((#type_names, &crate::compiled::Codec::<#module::plain::#types, #module::integrated::#types>::NEW)),*],
        }
    };
    (module_code, entry)
}

/// Keeps `#[serde]`, `#[validate]`, `#[garde]` and doc comments; the derives are
/// applied per module, and other crates' attributes mean nothing here.
fn keep_serde_attrs(attrs: &mut Vec<syn::Attribute>) {
    attrs.retain(|a| {
        ["serde", "validate", "garde", "doc"]
            .iter()
            .any(|name| a.path().is_ident(name))
    });
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
