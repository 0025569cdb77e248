//! The other crates a paste names: its `use` lines of the crates a crate built
//! on demand depends on (`overhead-ecosystem`: uuid, chrono, url, …) are kept,
//! and a well-known type it names without importing (`Uuid`, `NaiveDate`,
//! `DateTime<Utc>` — a paste is often cut below its `use` lines) is imported
//! from the crate that type comes from, as the interpreter reads it.

use std::collections::HashSet;

use quote::ToTokens;

/// The crates whose `use` lines a paste keeps (besides the standard library,
/// serde_json and the dialects'): `overhead-ecosystem`'s dependencies.
pub const CRATES: &[&str] = &[
    "uuid",
    "chrono",
    "time",
    "url",
    "rust_decimal",
    "serde_with",
    "humantime_serde",
    "serde_trim",
    "serde_bytes",
    "regex",
    "once_cell",
    "lazy_static",
    "indexmap",
];

/// A type name a paste may use unimported, and what it is in the crate that
/// gives it its serde form (the interpreter's `STRING_FORMS`, and their
/// companions). sea-orm's aliases of chrono's types are aliases here too.
pub const WELL_KNOWN: &[(&str, &str)] = &[
    ("Uuid", "use ::uuid::Uuid;"),
    ("NaiveDate", "use ::chrono::NaiveDate;"),
    ("NaiveTime", "use ::chrono::NaiveTime;"),
    ("NaiveDateTime", "use ::chrono::NaiveDateTime;"),
    ("DateTime", "use ::chrono::DateTime;"),
    ("Utc", "use ::chrono::Utc;"),
    ("FixedOffset", "use ::chrono::FixedOffset;"),
    ("Local", "use ::chrono::Local;"),
    ("OffsetDateTime", "use ::time::OffsetDateTime;"),
    ("PrimitiveDateTime", "use ::time::PrimitiveDateTime;"),
    ("Url", "use ::url::Url;"),
    ("Decimal", "use ::rust_decimal::Decimal;"),
    ("IpAddr", "use ::std::net::IpAddr;"),
    ("Ipv4Addr", "use ::std::net::Ipv4Addr;"),
    ("Ipv6Addr", "use ::std::net::Ipv6Addr;"),
    ("SocketAddr", "use ::std::net::SocketAddr;"),
    ("PathBuf", "use ::std::path::PathBuf;"),
    ("Duration", "use ::std::time::Duration;"),
    ("HashMap", "use ::std::collections::HashMap;"),
    ("HashSet", "use ::std::collections::HashSet;"),
    ("BTreeMap", "use ::std::collections::BTreeMap;"),
    ("BTreeSet", "use ::std::collections::BTreeSet;"),
    ("VecDeque", "use ::std::collections::VecDeque;"),
    ("Value", "use ::serde_json::Value;"),
    ("Regex", "use ::regex::Regex;"),
    ("IndexMap", "use ::indexmap::IndexMap;"),
    ("IndexSet", "use ::indexmap::IndexSet;"),
    ("DisplayFromStr", "use ::serde_with::DisplayFromStr;"),
    ("Lazy", "use ::once_cell::sync::Lazy;"),
    ("LazyLock", "use ::std::sync::LazyLock;"),
    ("lazy_static", "use ::lazy_static::lazy_static;"),
    (
        "DateTimeUtc",
        "pub type DateTimeUtc = ::chrono::DateTime<::chrono::Utc>;",
    ),
    (
        "DateTimeLocal",
        "pub type DateTimeLocal = ::chrono::DateTime<::chrono::Local>;",
    ),
    (
        "DateTimeWithTimeZone",
        "pub type DateTimeWithTimeZone = ::chrono::DateTime<::chrono::FixedOffset>;",
    ),
];

/// Whether a `use` line imports from one of [`CRATES`].
pub fn uses_ecosystem(tree: &syn::UseTree) -> bool {
    match tree {
        syn::UseTree::Path(p) => CRATES.iter().any(|c| p.ident == c),
        _ => false,
    }
}

/// The names a `use` tree brings into scope; `None` for a glob (anything).
fn imported(tree: &syn::UseTree, out: &mut HashSet<String>) -> Option<()> {
    match tree {
        syn::UseTree::Path(p) => imported(&p.tree, out),
        syn::UseTree::Name(n) => {
            out.insert(n.ident.to_string());
            Some(())
        }
        syn::UseTree::Rename(r) => {
            out.insert(r.rename.to_string());
            Some(())
        }
        syn::UseTree::Glob(_) => None,
        syn::UseTree::Group(g) => g.items.iter().try_for_each(|t| imported(t, out)),
    }
}

/// `use` lines one name each, the first import of a name kept: a paste cut
/// from several files imports `ValidationError` twice, which one module of
/// them cannot (E0252). A name the definitions define (`Duration`, which the
/// interpreter's completion defines in its serde form) is not imported.
/// Globs stay as they are.
pub fn distinct_uses(uses: Vec<syn::Item>, defined: &HashSet<String>) -> Vec<syn::Item> {
    fn leaves(
        prefix: &mut Vec<syn::Ident>,
        tree: &syn::UseTree,
        out: &mut Vec<(String, syn::UseTree)>,
    ) {
        let path = |prefix: &[syn::Ident], last: syn::UseTree| {
            prefix.iter().rev().fold(last, |tree, ident| {
                syn::UseTree::Path(syn::UsePath {
                    ident: ident.clone(),
                    colon2_token: Default::default(),
                    tree: Box::new(tree),
                })
            })
        };
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.clone());
                leaves(prefix, &p.tree, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                // `use a::{self}` binds `a`.
                let bound = match (n.ident == "self", prefix.last()) {
                    (true, Some(last)) => last.to_string(),
                    _ => n.ident.to_string(),
                };
                out.push((bound, path(prefix, tree.clone())));
            }
            syn::UseTree::Rename(r) => out.push((r.rename.to_string(), path(prefix, tree.clone()))),
            syn::UseTree::Glob(_) => {
                let key = prefix
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("::");
                out.push((format!("{key}::*"), path(prefix, tree.clone())));
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| leaves(prefix, t, out)),
        }
    }
    let mut seen = defined.clone();
    let mut out = Vec::new();
    for item in uses {
        let syn::Item::Use(u) = item else {
            out.push(item);
            continue;
        };
        let mut found = Vec::new();
        leaves(&mut Vec::new(), &u.tree, &mut found);
        for (bound, tree) in found {
            if seen.insert(bound) {
                out.push(syn::Item::Use(syn::ItemUse { tree, ..u.clone() }));
            }
        }
    }
    out
}

/// The imports (or aliases) of the well-known names `code` uses that neither
/// `defined` nor `uses` give it.
pub fn missing_imports(
    code: &[syn::Item],
    defined: &HashSet<String>,
    uses: &[syn::Item],
) -> Vec<syn::Item> {
    let mut in_scope = HashSet::new();
    for item in uses {
        if let syn::Item::Use(u) = item {
            // A glob may bring any of them: importing beside it is still
            // right (a name imported by name shadows a glob's).
            let _ = imported(&u.tree, &mut in_scope);
        }
    }
    let mut named = HashSet::new();
    for item in code {
        idents(item.to_token_stream(), &mut named);
    }
    WELL_KNOWN
        .iter()
        .filter(|(name, _)| {
            named.contains(*name) && !defined.contains(*name) && !in_scope.contains(*name)
        })
        .filter_map(|(_, item)| syn::parse_str(item).ok())
        .collect()
}

/// Every identifier in `tokens`, at any depth, and in string literals that
/// hold Rust (`#[serde_as(as = "DisplayFromStr")]`, `with = "ts"`).
pub fn idents(tokens: proc_macro2::TokenStream, out: &mut HashSet<String>) {
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            proc_macro2::TokenTree::Group(g) => idents(g.stream(), out),
            // Split by hand: lexing arbitrary text inside a proc macro would
            // report its errors (`prefix `x` is unknown`) to rustc.
            proc_macro2::TokenTree::Literal(l) => {
                if let Ok(text) = syn::parse_str::<syn::LitStr>(&l.to_string()) {
                    out.extend(
                        text.value()
                            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                            .filter(|w| w.starts_with(|c: char| c.is_alphabetic() || c == '_'))
                            .map(str::to_owned),
                    );
                }
            }
            proc_macro2::TokenTree::Punct(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imports(code: &str, uses: &str) -> Vec<String> {
        let code: syn::File = syn::parse_str(code).expect("code");
        let uses: syn::File = syn::parse_str(uses).expect("uses");
        let defined = code
            .items
            .iter()
            .filter_map(|i| match i {
                syn::Item::Struct(s) => Some(s.ident.to_string()),
                _ => None,
            })
            .collect();
        missing_imports(&code.items, &defined, &uses.items)
            .iter()
            .map(|i| i.to_token_stream().to_string())
            .collect()
    }

    #[test]
    fn a_well_known_name_unimported_is_imported_from_its_crate() {
        let code = "struct Shelf { id: Uuid, at: DateTime<Utc>, days: Vec<i32> }";
        assert_eq!(
            imports(code, ""),
            [
                "use :: uuid :: Uuid ;",
                "use :: chrono :: DateTime ;",
                "use :: chrono :: Utc ;"
            ]
        );
    }

    #[test]
    fn a_name_imported_twice_is_imported_once() {
        let uses: syn::File = syn::parse_str(
            "use validator::{Validate, ValidationError}; use std::borrow::Cow; use validator::ValidationError; use chrono::prelude::*; use std::time::Duration;",
        )
        .expect("uses");
        let defined = HashSet::from(["Duration".to_owned()]);
        let out: Vec<String> = distinct_uses(uses.items, &defined)
            .iter()
            .map(|i| i.to_token_stream().to_string())
            .collect();
        assert_eq!(
            out,
            [
                "use validator :: Validate ;",
                "use validator :: ValidationError ;",
                "use std :: borrow :: Cow ;",
                "use chrono :: prelude :: * ;",
            ]
        );
    }

    #[test]
    fn names_the_paste_imports_or_defines_are_left_alone() {
        let code = "struct Url { id: Uuid, at: DateTime<Utc> } struct Shelf { home: Url }";
        let uses = "use uuid::Uuid as Uuid; use chrono::{DateTime, Utc};";
        assert!(imports(code, uses).is_empty());
    }
}
