//! Which items of a schema the compiled code measures, and in what form:
//! structs and enums as the compiler's derives see them, made public, with
//! only the attributes that mean something here.

use proc_macro2::TokenStream;
use quote::quote;

/// The definitions a schema measures, as the compiled modules hold them.
pub struct Measured {
    pub items: Vec<syn::Item>,
    pub types: Vec<syn::Ident>,
    pub uses: Vec<syn::ItemUse>,
}

/// Structs and enums made public with only the attributes that mean something
/// here, and the `use` lines of the standard library; everything else dropped.
pub fn measured(mut file_items: Vec<syn::Item>) -> Measured {
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
pub fn without_derives(item: &syn::Item, keep: &[&str]) -> TokenStream {
    let item = without_derives_item(item, keep);
    quote!(#item)
}

pub(crate) fn without_derives_item(item: &syn::Item, keep: &[&str]) -> syn::Item {
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
pub(crate) fn private(mut item: syn::Item) -> syn::Item {
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

pub fn has_flatten(item: &syn::Item) -> bool {
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
pub(crate) fn unflatten(item: &syn::Item) -> syn::Item {
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
