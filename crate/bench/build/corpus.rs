//! The real-world corpus (`crate/engine/tests/real_world/`) as compiled code,
//! for the differential test: each case whose paste holds everything its types
//! need (no undefined type, no custom function, regex static or `with` module,
//! no other crate's types) becomes a module of our derives, like a bundled
//! scenario's, and an entry of `CORPUS` that `tests/corpus_differential.rs`
//! includes. The others are listed in `SKIPPED` with the reason.

use std::path::Path;
use std::{env, fs};

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};

use overhead_codegen::{Measured, derived_modules, measured};
use overhead_schema::DialectOf;
use overhead_schema::registry::Dialect;

use crate::scan::read;

/// Type names a self-contained paste may use besides its own definitions.
const KNOWN_TYPES: &[&str] = &[
    "String", "str", "bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16",
    "i32", "i64", "i128", "isize", "f32", "f64", "Option", "Vec", "VecDeque", "HashMap",
    "BTreeMap", "HashSet", "BTreeSet", "Box", "Value", "Map",
];

/// Words in a `#[serde]`, `#[validate]` or `#[garde]` attribute that call code
/// the paste would have to carry (or another crate's).
const CALLS_OUT: &[&str] = &[
    "with",
    "deserialize_with",
    "serialize_with",
    "custom",
    "regex",
    "schema",
    "context",
    "bound",
    "from",
    "try_from",
    "into",
    "remote",
];

pub fn generate(dir: &Path) -> TokenStream {
    println!("cargo::rerun-if-changed={}", dir.display());
    // Outside Overhead's own tree (a project `overhead eject` wrote carries
    // this crate without its tests), there is no corpus: an empty one.
    let Ok(entries) = fs::read_dir(dir) else {
        return generated(Vec::new(), Vec::new(), Vec::new());
    };
    let mut cases: Vec<_> = entries
        .map(|entry| entry.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    cases.sort();
    let mut modules = Vec::new();
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    for json_path in cases {
        let name = json_path
            .file_stem()
            .expect("file")
            .to_string_lossy()
            .into_owned();
        let rs_path = json_path.with_extension("rs");
        let json: serde_json::Value = serde_json::from_str(&read(&json_path))
            .unwrap_or_else(|e| panic!("{}: {e}", json_path.display()));
        let root = json["root"].as_str().unwrap_or_default().to_owned();
        let paste = read(&rs_path);
        match compiled(&paste, &root) {
            Ok(code) => {
                let module = format_ident!("{}", name);
                let root_ident = format_ident!("{}", root);
                modules.push(quote! {
                    #[allow(dead_code, unused_imports, non_snake_case, clippy::all)]
                    pub mod #module { #code }
                });
                let rs = rs_path.display().to_string();
                let js = json_path.display().to_string();
                entries.push(quote! {
                    CorpusCase {
                        name: #name,
                        paste: include_str!(#rs),
                        case: include_str!(#js),
                        agree: agree::<#module::plain::#root_ident, #module::integrated::#root_ident>,
                    }
                });
            }
            Err(why) => skipped.push(quote!((#name, #why))),
        }
    }
    generated(modules, entries, skipped)
}

/// The corpus module: the cases' modules, `CORPUS` and `SKIPPED`.
fn generated(
    modules: Vec<TokenStream>,
    entries: Vec<TokenStream>,
    skipped: Vec<TokenStream>,
) -> TokenStream {
    quote! {
        #(#modules)*
        /// The self-contained cases, compiled.
        pub static CORPUS: &[CorpusCase] = &[#(#entries),*];
        /// The other cases, each with what its paste needs from elsewhere.
        pub static SKIPPED: &[(&str, &str)] = &[#(#skipped),*];
    }
}

/// The case's compiled modules, or why its paste is not self-contained.
fn compiled(paste: &str, root: &str) -> Result<TokenStream, String> {
    let analysis = overhead_schema::analyze(paste);
    if let Some(d) = analysis.diagnostics.first() {
        return Err(format!("the analysis says: {}", d.message));
    }
    if root.contains('<') {
        return Err("its root is a generic instance".into());
    }
    let file = syn::parse_file(paste).map_err(|e| e.to_string())?;
    for item in &file.items {
        match item {
            syn::Item::Struct(_) | syn::Item::Enum(_) | syn::Item::Use(_) => {}
            // A test module stays in its crate.
            syn::Item::Mod(m) if m.attrs.iter().any(|a| a.path().is_ident("cfg")) => {}
            _ => {
                return Err(
                    "it carries items other than types (functions, statics, impls…)".into(),
                );
            }
        }
    }
    if paste.contains("serde_as") {
        return Err(
            "it uses serde_with's `serde_as` (the compiled corpus does not link serde_with)".into(),
        );
    }
    let dialect = Dialect::of_file(&file.items);
    let Measured {
        items,
        types,
        preamble,
        ..
    } = measured(file.items);
    if !types.iter().any(|t| t == root) {
        return Err(format!("its root `{root}` is not among its definitions"));
    }
    let defined: Vec<String> = types.iter().map(ToString::to_string).collect();
    for item in &items {
        let (generics, attrs, fields) = match item {
            syn::Item::Struct(s) => (
                &s.generics,
                s.attrs.iter().collect::<Vec<_>>(),
                s.fields.iter().collect::<Vec<_>>(),
            ),
            syn::Item::Enum(e) => (
                &e.generics,
                e.attrs
                    .iter()
                    .chain(e.variants.iter().flat_map(|v| &v.attrs))
                    .collect(),
                e.variants.iter().flat_map(|v| v.fields.iter()).collect(),
            ),
            _ => continue,
        };
        if !generics.params.is_empty() {
            return Err("it has generic or borrowed types".into());
        }
        for attr in attrs
            .into_iter()
            .chain(fields.iter().flat_map(|f| &f.attrs))
        {
            calls_out(attr)?;
        }
        for field in fields {
            known_type(&field.ty, &defined)?;
        }
    }
    // Only the standard library's names are used (above); the other crates'
    // `use` lines (`serde_with::skip_serializing_none`) are not linked here.
    let preamble: Vec<syn::Item> = preamble
        .into_iter()
        .filter(|item| {
            !matches!(item, syn::Item::Use(u) if overhead_codegen::ecosystem::uses_ecosystem(&u.tree))
        })
        .collect();
    Ok(derived_modules(&items, &preamble, dialect))
}

fn calls_out(attr: &syn::Attribute) -> Result<(), String> {
    if !["serde", "validate", "garde"]
        .iter()
        .any(|a| attr.path().is_ident(a))
    {
        return Ok(());
    }
    fn walk(tokens: TokenStream) -> Result<(), String> {
        let mut previous: Option<String> = None;
        for tree in tokens {
            match tree {
                proc_macro2::TokenTree::Group(g) => walk(g.stream())?,
                proc_macro2::TokenTree::Ident(ident) => {
                    let word = ident.to_string();
                    if CALLS_OUT.contains(&word.as_str()) {
                        return Err(format!("an attribute names `{word}`"));
                    }
                    previous = Some(word);
                    continue;
                }
                // `default = "path"` calls a function; a bare `default` does not.
                proc_macro2::TokenTree::Punct(p)
                    if p.as_char() == '=' && previous.as_deref() == Some("default") =>
                {
                    return Err("an attribute names a `default` function".into());
                }
                _ => {}
            }
            previous = None;
        }
        Ok(())
    }
    walk(attr.meta.to_token_stream())
}

fn known_type(ty: &syn::Type, defined: &[String]) -> Result<(), String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            for segment in &p.path.segments {
                if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                    for arg in &args.args {
                        match arg {
                            syn::GenericArgument::Type(t) => known_type(t, defined)?,
                            _ => return Err("a type takes a lifetime or a constant".into()),
                        }
                    }
                }
            }
            let last = p.path.segments.last().map(|s| s.ident.to_string());
            match last {
                Some(name) if KNOWN_TYPES.contains(&name.as_str()) || defined.contains(&name) => {
                    Ok(())
                }
                Some(name) => Err(format!("it uses `{name}`, defined elsewhere")),
                None => Err("an empty type path".into()),
            }
        }
        syn::Type::Tuple(t) => t.elems.iter().try_for_each(|e| known_type(e, defined)),
        syn::Type::Array(a) => known_type(&a.elem, defined),
        _ => Err("a field is a reference or another kind of type".into()),
    }
}

/// Writes `corpus.rs` into `OUT_DIR`.
pub fn write(dir: &Path) {
    let code = generate(dir);
    let out = Path::new(&env::var("OUT_DIR").expect("set by cargo")).join("corpus.rs");
    fs::write(&out, code.to_string()).expect("write corpus.rs");
}
