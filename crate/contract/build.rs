//! Embeds every scenario under `scenarios/`: its manifest (as JSON, so that
//! readers of the bundled scenarios need no TOML parser — the page's analyzer
//! module would carry one), its schema and its inputs. Also records the rustc
//! that builds this, for the Report's `env`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{env, fs};

use quote::quote;

#[path = "build/scan.rs"]
mod scan;
use scan::{read, sorted_dirs};

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let scenarios_dir = manifest_dir.join("../../scenarios");
    println!("cargo::rerun-if-changed={}", scenarios_dir.display());
    println!("cargo::rustc-env=OVERHEAD_RUSTC={}", rustc_version());
    let entries = sorted_dirs(&scenarios_dir)
        .iter()
        .enumerate()
        .map(|(index, dir)| entry(dir, index))
        .collect::<Vec<_>>();
    let code = quote! {
        /// Every scenario under `scenarios/`, by folder name.
        pub static BUNDLED: &[Bundled] = &[#(#entries),*];
    };
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("bundled.rs");
    fs::write(&out, code.to_string()).expect("write bundled.rs");
}

fn entry(dir: &Path, index: usize) -> proc_macro2::TokenStream {
    let name = dir
        .file_name()
        .expect("folder")
        .to_string_lossy()
        .into_owned();
    let schema_path = dir.join("schema.rs");
    read(&schema_path);
    let manifest_path = dir.join("scenario.toml");
    let manifest: toml::Value = toml::from_str(&read(&manifest_path))
        .unwrap_or_else(|e| panic!("{}: {e}", manifest_path.display()));
    let manifest_json = serde_json::to_string(&manifest).expect("a TOML value writes as JSON");
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
    quote! {
        Bundled {
            name: #name,
            manifest: #manifest_json,
            schema: include_str!(#schema_path),
            inputs: &[#((#input_names, include_str!(#input_paths))),*],
            index: #index,
        }
    }
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
