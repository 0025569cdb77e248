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

use overhead_schema::registry::Dialect;
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
    let dialect = Dialect::of_file(&file.items).unwrap_or_default();
    let Measured { items, types, uses } = measured(file.items);
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

    let flattens = items.iter().any(has_flatten);
    let mut flatten_modules = TokenStream::new();
    let codecs: Vec<TokenStream> = types
        .iter()
        .map(|t| {
            let codec =
                quote!(crate::compiled::Codec::<#module::plain::#t, #module::integrated::#t>::NEW);
            if flattens {
                let flatten = format_ident!("CODEC_{}", t);
                quote!((#codec, #module::sff::#flatten))
            } else {
                codec
            }
        })
        .collect();
    if flattens {
        let fast = items.iter().map(|i| quote!(#i));
        let unflattened = items
            .iter()
            .map(unflatten)
            .map(|i| without_derives(&i, &["serde"]));
        // serde_fast_flatten's derive names a private type in a public impl, so its
        // types stay private to their module, which hands out the codecs.
        let sff = items
            .iter()
            .map(|i| private(without_derives_item(i, &["serde"])));
        let sff_codecs = types.iter().map(|t| {
            let name = format_ident!("CODEC_{}", t);
            quote! {
                pub const #name: &dyn crate::compiled::CompiledType =
                    &crate::compiled::FlattenCodec::<super::plain::#t, super::fast::#t, super::unflattened::#t, #t>::NEW;
            }
        });
        flatten_modules = quote! {
            pub mod fast {
                #(#uses)*
                #(#[derive(::overhead_flatten::FastFlatten)] #fast)*
            }
            pub mod unflattened {
                #(#uses)*
                #(#[derive(::serde::Serialize, ::serde::Deserialize)] #unflattened)*
            }
            pub mod sff {
                #(#uses)*
                #(#[derive(::serde_fast_flatten::SerializeFields, ::serde_fast_flatten::DeserializeFields)] #sff)*
                #(#sff_codecs)*
            }
        };
    }

    let ours = derived_modules(&items, &uses, dialect);
    let module_code = quote! {
        #[allow(dead_code, unused_imports, clippy::all)]
        pub mod #module {
            #ours
            #flatten_modules
        }
    };
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

/// The `plain` module (`#[derive(Deserialize, Validate)]`, the `de` baseline
/// and `de+validate`) and the `integrated` one (`ValidateOnDeserialize`) of
/// the same definitions.
fn derived_modules(items: &[syn::Item], uses: &[syn::ItemUse], dialect: Dialect) -> TokenStream {
    let items: Vec<syn::Item> = items.iter().map(|i| with_dialect(i, dialect)).collect();
    let plain = items.iter().map(|i| quote!(#i));
    let integrated = items
        .iter()
        .map(|i| without_derives(i, &["serde", "validate", "garde", "overhead"]));
    quote! {
        pub mod plain {
            #(#uses)*
            #(#[derive(::serde::Serialize, ::serde::Deserialize, ::overhead_validate::Validate)] #plain)*
        }
        pub mod integrated {
            #(#uses)*
            #(#[derive(::overhead_validate::ValidateOnDeserialize)] #integrated)*
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

/// The definitions a schema measures, as the compiled modules hold them.
struct Measured {
    items: Vec<syn::Item>,
    types: Vec<syn::Ident>,
    uses: Vec<syn::ItemUse>,
}

/// Structs and enums made public with only the attributes that mean something
/// here, and the `use` lines of the standard library; everything else dropped.
fn measured(mut file_items: Vec<syn::Item>) -> Measured {
    file_items.iter_mut().for_each(overhead_schema::as_derived);
    let mut items: Vec<syn::Item> = Vec::new();
    let mut types = Vec::new();
    let mut uses = Vec::new();
    for item in file_items {
        match item {
            syn::Item::Struct(mut s) => {
                s.vis = syn::parse_quote!(pub);
                keep_attrs(&mut s.attrs);
                s.fields.iter_mut().for_each(|f| keep_attrs(&mut f.attrs));
                types.push(s.ident.clone());
                items.push(syn::Item::Struct(s));
            }
            syn::Item::Enum(mut e) => {
                e.vis = syn::parse_quote!(pub);
                keep_attrs(&mut e.attrs);
                for v in &mut e.variants {
                    keep_attrs(&mut v.attrs);
                    v.fields.iter_mut().for_each(|f| keep_attrs(&mut f.attrs));
                }
                types.push(e.ident.clone());
                items.push(syn::Item::Enum(e));
            }
            // The standard library's names the definitions use (`BTreeSet`, …).
            syn::Item::Use(u) if uses_std(&u.tree) => uses.push(u),
            _ => {}
        }
    }
    Measured { items, types, uses }
}

/// The derives of the standard library, which the measured code may need
/// (`Hash` + `Eq` for a set's elements); every other derive is the module's.
const STD_DERIVES: &[&str] = &[
    "Debug",
    "Clone",
    "Copy",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Default",
];

/// Keeps `#[serde]`, `#[validate]`, `#[garde]`, doc comments and the standard
/// derives; other crates' attributes mean nothing here.
fn keep_attrs(attrs: &mut Vec<syn::Attribute>) {
    attrs.retain_mut(|a| {
        if a.path().is_ident("derive") {
            let Ok(paths) = a.parse_args_with(
                syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
            ) else {
                return false;
            };
            let std: Vec<&syn::Path> = paths
                .iter()
                .filter(|p| STD_DERIVES.iter().any(|d| p.is_ident(d)))
                .collect();
            if std.is_empty() {
                return false;
            }
            *a = syn::parse_quote!(#[derive(#(#std),*)]);
            return true;
        }
        ["serde", "validate", "garde", "doc"]
            .iter()
            .any(|name| a.path().is_ident(name))
    });
}

/// The item with only the attributes named in `keep` (and derives, docs) left on
/// it and its fields: for derives that do not declare `validate` or `garde`.
fn without_derives(item: &syn::Item, keep: &[&str]) -> TokenStream {
    let item = without_derives_item(item, keep);
    quote!(#item)
}

fn without_derives_item(item: &syn::Item, keep: &[&str]) -> syn::Item {
    let mut item = item.clone();
    let retain = |attrs: &mut Vec<syn::Attribute>| {
        attrs.retain(|a| {
            a.path().is_ident("derive")
                || a.path().is_ident("doc")
                || keep.iter().any(|k| a.path().is_ident(k))
        })
    };
    match &mut item {
        syn::Item::Struct(s) => {
            retain(&mut s.attrs);
            s.fields.iter_mut().for_each(|f| retain(&mut f.attrs));
        }
        syn::Item::Enum(e) => {
            retain(&mut e.attrs);
            for v in &mut e.variants {
                retain(&mut v.attrs);
                v.fields.iter_mut().for_each(|f| retain(&mut f.attrs));
            }
        }
        _ => {}
    }
    item
}

/// The item, private to its module (its fields too).
fn private(mut item: syn::Item) -> syn::Item {
    match &mut item {
        syn::Item::Struct(s) => {
            s.vis = syn::Visibility::Inherited;
            s.fields
                .iter_mut()
                .for_each(|f| f.vis = syn::Visibility::Inherited);
        }
        syn::Item::Enum(e) => e.vis = syn::Visibility::Inherited,
        _ => {}
    }
    item
}

fn uses_std(tree: &syn::UseTree) -> bool {
    match tree {
        syn::UseTree::Path(p) => ["std", "core", "alloc", "serde_json"]
            .iter()
            .any(|r| p.ident == r),
        _ => false,
    }
}

fn has_flatten(item: &syn::Item) -> bool {
    let syn::Item::Struct(s) = item else {
        return false;
    };
    s.fields.iter().any(|f| {
        f.attrs
            .iter()
            .any(|a| serde_args(a).iter().any(|m| m.path().is_ident("flatten")))
    })
}

fn serde_args(attr: &syn::Attribute) -> Vec<syn::Meta> {
    if !attr.path().is_ident("serde") {
        return Vec::new();
    }
    attr.parse_args_with(syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
        .map(|p| p.into_iter().collect())
        .unwrap_or_default()
}

/// The item with `flatten` taken out of every field's `#[serde(...)]`.
fn unflatten(item: &syn::Item) -> syn::Item {
    let mut item = item.clone();
    if let syn::Item::Struct(s) = &mut item {
        for field in s.fields.iter_mut() {
            let mut attrs = Vec::new();
            for attr in field.attrs.drain(..) {
                if !attr.path().is_ident("serde") {
                    attrs.push(attr);
                    continue;
                }
                let rest: Vec<syn::Meta> = serde_args(&attr)
                    .into_iter()
                    .filter(|m| !m.path().is_ident("flatten"))
                    .collect();
                if !rest.is_empty() {
                    attrs.push(syn::parse_quote!(#[serde(#(#rest),*)]));
                }
            }
            field.attrs = attrs;
        }
    }
    item
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
