//! What a paste carries from a codebase this build has not, blanked where it
//! is: `use` lines of other crates (a web framework, the person's own
//! `crate::…`), derives and attributes of crates it does not depend on
//! (utoipa's `ToSchema` and `#[schema(…)]`, schemars, strum, sqlx, …),
//! `mod name;` declarations of files, and the inner attributes and doc
//! comments of the file it was cut from. `#[serde(crate = "rocket::serde")]`
//! is pointed at serde itself.

use std::collections::{BTreeSet, HashSet};

use quote::ToTokens;
use syn::spanned::Spanned;

use super::edits::Edits;
use super::{NAMES, has_crate};

/// Derives the build has beside the standard library's (`items::STD_DERIVES`):
/// those of the crates it depends on, by their usual imported names.
const LIBRARY_DERIVES: &[&str] = &[
    "Serialize",
    "Deserialize",
    "Validate",
    "Serialize_repr",
    "Deserialize_repr",
    "ValidateOnDeserialize",
];

/// Attributes the build reads (the standard library's and its crates').
const ATTRIBUTES: &[&str] = &[
    "derive",
    "serde",
    "validate",
    "garde",
    "doc",
    "allow",
    "warn",
    "deny",
    "forbid",
    "expect",
    "cfg",
    "cfg_attr",
    "repr",
    "default",
    "serde_as",
    "non_exhaustive",
    "deprecated",
    "must_use",
    "inline",
    "cold",
    "rustfmt",
    "clippy",
    "automatically_derived",
    "test",
    "skip_serializing_none",
];

/// Item macros the build has (the paste's own `macro_rules!` too).
const ITEM_MACROS: &[&str] = &["lazy_static", "thread_local", "macro_rules"];

/// What was blanked, by kind.
#[derive(Default)]
pub struct Blanked {
    uses: Vec<String>,
    derives: BTreeSet<String>,
    attributes: BTreeSet<String>,
    files: Vec<String>,
    macros: BTreeSet<String>,
}

impl Blanked {
    /// What the notes say of it.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        // Overhead's own derive is domainstack's dialect: domainstack derives it.
        let (ours, uses): (Vec<&String>, Vec<&String>) = self
            .uses
            .iter()
            .partition(|u| u.contains("overhead_validate"));
        if !ours.is_empty() {
            notes.push("as shipped: the seed's dialect is domainstack's: its rows are domainstack 1.1's derive of these definitions".to_owned());
        }
        let mut left: Vec<String> = uses.iter().map(|u| format!("`{u}`")).collect();
        left.extend(self.derives.iter().map(|d| format!("derive `{d}`")));
        left.extend(self.attributes.iter().map(|a| format!("`#[{a}]`")));
        left.extend(self.files.iter().map(|m| format!("`mod {m};`")));
        left.extend(self.macros.iter().map(|m| format!("`{m}!`")));
        if !left.is_empty() {
            notes.push(format!(
                "as shipped: left out what this build has not: {} (a type they name reads as the interpreter assumes it)",
                left.join(", ")
            ));
        }
        notes
    }
}

/// Blanks what the build has not, through inline modules; `names` are the
/// paste's items at any depth.
pub fn blank(
    file: &syn::File,
    names: &HashSet<String>,
    edits: &mut Edits,
    module: &str,
) -> Blanked {
    let mut blanked = Blanked::default();
    // The file's own inner attributes and doc comments (`//!`).
    for attr in &file.attrs {
        edits.blank(attr.span());
    }
    items(&file.items, 0, names, edits, &mut blanked, module);
    blanked
}

fn items(
    list: &[syn::Item],
    depth: usize,
    names: &HashSet<String>,
    edits: &mut Edits,
    blanked: &mut Blanked,
    module: &str,
) {
    // A paste of several files imports a name more than once (E0252 in one
    // module): a later `use` of a name already imported is left out.
    let mut imported: HashSet<String> = HashSet::new();
    for item in list {
        // Code behind a feature is read with the feature on (as the
        // interpreter reads it); `cfg(test)` and `cfg(not(…))` code is not
        // the build's.
        if item_attrs(item).iter().any(off) {
            edits.blank(item.span());
            continue;
        }
        match item {
            syn::Item::Use(u) if !resolvable(&u.tree, depth, names) => {
                blanked.uses.push(edits.text_of(u.span()));
                edits.blank(u.span());
                continue;
            }
            syn::Item::Use(u) => {
                let mut bound = Vec::new();
                bindings(&u.tree, &mut bound);
                if bound.iter().any(|b| imported.contains(b)) {
                    edits.blank(u.span());
                    continue;
                }
                imported.extend(bound);
            }
            syn::Item::Macro(m) => {
                let known = m
                    .mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| ITEM_MACROS.contains(&s.ident.to_string().as_str()));
                if !known {
                    blanked
                        .macros
                        .insert(m.mac.path.to_token_stream().to_string().replace(' ', ""));
                    edits.blank(m.span());
                    continue;
                }
            }
            syn::Item::Mod(m) => match &m.content {
                Some((brace, inner)) => {
                    // The names a file uses unimported, in the module too.
                    edits.insert(
                        brace.span.open().end(),
                        &format!(" #[allow(unused_imports)] use crate::{module}::{NAMES}::*;"),
                    );
                    items(inner, depth + 1, names, edits, blanked, module);
                }
                None => {
                    blanked.files.push(m.ident.to_string());
                    edits.blank(m.span());
                    continue;
                }
            },
            syn::Item::Struct(s) => fields(&s.fields, edits, blanked),
            syn::Item::Enum(e) => {
                for pair in e.variants.pairs() {
                    let variant = pair.value();
                    if variant.attrs.iter().any(off) {
                        edits.blank(variant.span());
                        if let Some(comma) = pair.punct() {
                            edits.blank(comma.span);
                        }
                        continue;
                    }
                    attributes(&variant.attrs, edits, blanked);
                    fields(&variant.fields, edits, blanked);
                }
            }
            _ => {}
        }
        attributes(item_attrs(item), edits, blanked);
    }
}

/// A struct's or variant's fields: those configured off are left out with
/// their commas.
fn fields(list: &syn::Fields, edits: &mut Edits, blanked: &mut Blanked) {
    let pairs: Vec<(&syn::Field, Option<&syn::token::Comma>)> = match list {
        syn::Fields::Named(n) => n
            .named
            .pairs()
            .map(|p| (*p.value(), p.punct().copied()))
            .collect(),
        syn::Fields::Unnamed(u) => u
            .unnamed
            .pairs()
            .map(|p| (*p.value(), p.punct().copied()))
            .collect(),
        syn::Fields::Unit => Vec::new(),
    };
    for (field, comma) in pairs {
        if field.attrs.iter().any(off) {
            edits.blank(field.span());
            if let Some(comma) = comma {
                edits.blank(comma.span);
            }
            continue;
        }
        attributes(&field.attrs, edits, blanked);
    }
}

/// Whether a `cfg` attribute leaves its item out of the build: `test`, or
/// the other side of a feature (`not(…)`); features themselves are on.
fn off(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("cfg") && {
        let text = attr.meta.to_token_stream().to_string();
        text.contains("not") || text.contains("test")
    }
}

/// `#[cfg(feature = …)]` is left out (the feature is on); `#[cfg_attr(feature
/// = …, attr)]` is its attributes, unconditionally; one on `test` or `not(…)`
/// is left out.
fn configured(attr: &syn::Attribute, edits: &mut Edits) -> bool {
    if attr.path().is_ident("cfg") {
        edits.blank(attr.span());
        return true;
    }
    if !attr.path().is_ident("cfg_attr") {
        return false;
    }
    let text = attr.meta.to_token_stream().to_string();
    if text.contains("not") || text.contains("test") {
        edits.blank(attr.span());
        return true;
    }
    let Ok(args) = attr.parse_args_with(
        syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
    ) else {
        return false;
    };
    // Of its attributes, those the build reads; of a derive, the derives it has.
    let attrs: Vec<String> = args
        .iter()
        .skip(1)
        .filter_map(|m| {
            let path = m.path();
            let first = path.segments.first()?.ident.to_string();
            let known = ATTRIBUTES.contains(&first.as_str())
                || (path.segments.len() > 1 && has_crate(&first));
            if !known {
                return None;
            }
            if !path.is_ident("derive") {
                return Some(format!("#[{}]", m.to_token_stream()));
            }
            let syn::Meta::List(list) = m else {
                return None;
            };
            let paths = list
                .parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            let kept: Vec<String> = paths
                .iter()
                .filter(|p| known_derive(p))
                .map(|p| p.to_token_stream().to_string())
                .collect();
            (!kept.is_empty()).then(|| format!("#[derive({})]", kept.join(", ")))
        })
        .collect();
    let span = attr.span();
    edits.replace(span.start(), span.end(), &attrs.join(" "));
    true
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Struct(s) => &s.attrs,
        syn::Item::Enum(e) => &e.attrs,
        syn::Item::Use(u) => &u.attrs,
        syn::Item::Fn(f) => &f.attrs,
        syn::Item::Mod(m) => &m.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Const(c) => &c.attrs,
        syn::Item::Static(s) => &s.attrs,
        syn::Item::Type(t) => &t.attrs,
        syn::Item::Trait(t) => &t.attrs,
        _ => &[],
    }
}

/// Blanks the attributes and derives of crates the build has not, and
/// inner attributes of the file the item was cut from.
fn attributes(attrs: &[syn::Attribute], edits: &mut Edits, blanked: &mut Blanked) {
    for attr in attrs {
        if matches!(attr.style, syn::AttrStyle::Inner(_)) {
            edits.blank(attr.span());
            continue;
        }
        if configured(attr, edits) {
            continue;
        }
        let path = attr.path();
        let first = path
            .segments
            .first()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        let known =
            ATTRIBUTES.contains(&first.as_str()) || (path.segments.len() > 1 && has_crate(&first));
        if !known {
            blanked
                .attributes
                .insert(path.to_token_stream().to_string().replace(' ', ""));
            edits.blank(attr.span());
            continue;
        }
        if path.is_ident("derive") {
            derives(attr, edits, blanked);
        }
        if path.is_ident("serde") {
            serde_crate(attr, edits);
        }
    }
}

/// Whether the build has a derive: the standard library's and those of its
/// crates, by name or by a path into a crate it depends on.
fn known_derive(path: &syn::Path) -> bool {
    let first = path
        .segments
        .first()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    let last = path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .unwrap_or_default();
    if path.segments.len() > 1 {
        has_crate(&first)
    } else {
        crate::items::STD_DERIVES.contains(&last.as_str())
            || LIBRARY_DERIVES.contains(&last.as_str())
    }
}

/// The derives of `attr` the build has not, blanked with their commas.
fn derives(attr: &syn::Attribute, edits: &mut Edits, blanked: &mut Blanked) {
    let Ok(paths) = attr.parse_args_with(
        syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
    ) else {
        return;
    };
    let pairs: Vec<_> = paths.pairs().collect();
    let mut previous_comma: Option<proc_macro2::Span> = None;
    for pair in pairs {
        let (path, comma) = match pair {
            syn::punctuated::Pair::Punctuated(p, c) => (p, Some(c.span)),
            syn::punctuated::Pair::End(p) => (p, None),
        };
        if !known_derive(path) {
            blanked
                .derives
                .insert(path.to_token_stream().to_string().replace(' ', ""));
            edits.blank(path.span());
            match (comma, previous_comma.take()) {
                (Some(comma), _) => edits.blank(comma),
                (None, Some(before)) => edits.blank(before),
                (None, None) => {}
            }
            continue;
        }
        previous_comma = comma;
    }
}

/// The names a `use` tree binds (globs bind none by name).
fn bindings(tree: &syn::UseTree, out: &mut Vec<String>) {
    match tree {
        syn::UseTree::Path(p) => bindings(&p.tree, out),
        syn::UseTree::Name(n) if n.ident != "self" => out.push(n.ident.to_string()),
        syn::UseTree::Name(_) | syn::UseTree::Glob(_) => {}
        syn::UseTree::Rename(r) => out.push(r.rename.to_string()),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| bindings(t, out)),
    }
}

/// Whether a `use` line names what the build has: a crate it depends on,
/// the paste's own items (`crate::…`, `super::…` inside a module, or an
/// item's name), or `self`.
fn resolvable(tree: &syn::UseTree, depth: usize, names: &HashSet<String>) -> bool {
    match tree {
        syn::UseTree::Path(p) => {
            let first = p.ident.to_string();
            match first.as_str() {
                "crate" => match &*p.tree {
                    syn::UseTree::Path(next) => names.contains(&next.ident.to_string()),
                    syn::UseTree::Name(n) => names.contains(&n.ident.to_string()),
                    _ => false,
                },
                // `super` at the paste's top level is the codebase's module above it.
                "super" => depth > 0,
                "self" => true,
                name => has_crate(name) || names.contains(name),
            }
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            has_crate(&name) || names.contains(&name)
        }
        syn::UseTree::Rename(r) => has_crate(&r.ident.to_string()),
        syn::UseTree::Glob(_) => true,
        syn::UseTree::Group(g) => g.items.iter().all(|t| resolvable(t, depth, names)),
    }
}

/// `#[serde(crate = "rocket::serde")]`: a framework's re-export of serde,
/// which this build does not have, pointed at serde itself.
fn serde_crate(attr: &syn::Attribute, edits: &mut Edits) {
    let syn::Meta::List(list) = &attr.meta else {
        return;
    };
    let mut tokens = list.tokens.clone().into_iter();
    while let Some(token) = tokens.next() {
        let proc_macro2::TokenTree::Ident(ident) = &token else {
            continue;
        };
        if ident != "crate" {
            continue;
        }
        let _eq = tokens.next();
        if let Some(proc_macro2::TokenTree::Literal(lit)) = tokens.next() {
            let span = lit.span();
            let width = lit.to_string().chars().count();
            let replacement = "\"::serde\"";
            if width >= replacement.len() {
                let padded = format!("{replacement}{}", " ".repeat(width - replacement.len()));
                edits.replace(span.start(), span.end(), &padded);
            }
        }
    }
}
