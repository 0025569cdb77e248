//! Which items of a schema the compiled code measures, and in what form:
//! structs and enums as the compiler's derives see them, made public, with
//! only the attributes that mean something here.

use proc_macro2::TokenStream;
use quote::quote;

use crate::{ecosystem, elsewhere};

/// The definitions a schema measures, as the compiled modules hold them.
pub struct Measured {
    pub items: Vec<syn::Item>,
    pub types: Vec<syn::Ident>,
    /// What every module holds before the types: the `use` lines of the
    /// standard library, then [`Measured::code`]'s items (with the `use`
    /// lines of validator and garde their signatures need).
    pub preamble: Vec<syn::Item>,
    /// The functions, constants and statics of the paste that the types'
    /// attributes name (a custom validator, a default, a regex), and those
    /// they name in turn: pasted code compiled beside the types.
    pub code: Vec<syn::Item>,
}

/// Structs and enums made public with only the attributes that mean something
/// here, the `use` lines of the standard library, and the code the types name;
/// everything else dropped.
pub fn measured(mut file_items: Vec<syn::Item>) -> Measured {
    let mut scope = overhead_schema::scope::Scope::default();
    file_items.iter().for_each(|item| scope.add(item));
    file_items
        .iter_mut()
        .for_each(|item| overhead_schema::as_derived(item, &scope));
    let mut items: Vec<syn::Item> = Vec::new();
    let mut types = Vec::new();
    let mut uses = Vec::new();
    let mut dialect_uses = Vec::new();
    let mut candidates = Vec::new();
    let mut aliases = Vec::new();
    let type_names: std::collections::HashSet<String> = file_items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(s) => Some(s.ident.to_string()),
            syn::Item::Enum(e) => Some(e.ident.to_string()),
            _ => None,
        })
        .collect();
    // Code behind a feature is read with the feature on, as `cfg_attr` is.
    for item in file_items.into_iter().filter_map(elsewhere::as_configured) {
        match item {
            // A struct of `'static` references that the paste does not decode
            // (a validation context, a table of constants) is code the types
            // name, not a type serde could read.
            syn::Item::Struct(mut s)
                if holds_references(&s) && !derives(&s.attrs, "Deserialize") =>
            {
                // Code now, no derive of ours reads its `#[overhead]` marks.
                s.attrs.retain(|a| !a.path().is_ident("overhead"));
                candidates.push(syn::Item::Struct(s))
            }
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
                    // `#[default]` chooses `derive(Default)`'s variant.
                    let default = v.attrs.iter().any(|a| a.path().is_ident("default"));
                    keep_attrs(&mut v.attrs);
                    if default {
                        v.attrs.push(syn::parse_quote!(#[default]));
                    }
                    v.fields.iter_mut().for_each(|f| keep_attrs(&mut f.attrs));
                }
                types.push(e.ident.clone());
                items.push(syn::Item::Enum(e));
            }
            // The standard library's names the definitions use (`BTreeSet`, …).
            syn::Item::Use(u) if uses_std(&u.tree) || ecosystem::uses_ecosystem(&u.tree) => {
                uses.push(syn::Item::Use(u))
            }
            syn::Item::Use(u) if uses_dialect(&u.tree) => dialect_uses.push(syn::Item::Use(u)),
            syn::Item::Fn(_) | syn::Item::Const(_) | syn::Item::Static(_) => candidates.push(item),
            syn::Item::Impl(imp) => candidates.extend(impl_candidates(imp, &type_names)),
            // `mod ts { pub fn deserialize … }` for `#[serde(with = "ts")]`.
            syn::Item::Mod(ref m) if m.content.is_some() => candidates.push(item),
            syn::Item::Macro(ref m) if !elsewhere::lazy_statics(m).is_empty() => {
                candidates.push(item)
            }
            // `type UserId = Uuid;`: kept when the types name it.
            syn::Item::Type(mut t) => {
                t.vis = syn::parse_quote!(pub);
                aliases.push(syn::Item::Type(t));
            }
            _ => {}
        }
    }
    let aliases = named_code(&items, aliases);
    let code = named_code(&items, candidates);
    let defined: std::collections::HashSet<String> = types
        .iter()
        .map(ToString::to_string)
        .chain(aliases.iter().chain(&code).flat_map(item_names))
        .collect();
    // What the attributes name and the paste does not hold is left out of
    // them, as the interpreter leaves it out.
    let mut elsewhere = elsewhere::Defined(&defined);
    for item in &mut items {
        syn::visit_mut::VisitMut::visit_item_mut(&mut elsewhere, item);
        match item {
            syn::Item::Struct(s) => {
                elsewhere.attrs(&mut s.attrs);
                s.fields
                    .iter_mut()
                    .for_each(|f| elsewhere.attrs(&mut f.attrs));
            }
            syn::Item::Enum(e) => {
                elsewhere.attrs(&mut e.attrs);
                for v in &mut e.variants {
                    elsewhere.attrs(&mut v.attrs);
                    v.fields
                        .iter_mut()
                        .for_each(|f| elsewhere.attrs(&mut f.attrs));
                }
            }
            _ => {}
        }
    }
    let every: Vec<syn::Item> = items.iter().chain(&aliases).chain(&code).cloned().collect();
    let missing = ecosystem::missing_imports(&every, &defined, &uses);
    let mut preamble = uses;
    if !code.is_empty() {
        preamble.extend(dialect_uses);
    }
    let mut preamble = ecosystem::distinct_uses(preamble, &defined);
    preamble.extend(missing);
    preamble.extend(aliases);
    preamble.extend(code.iter().cloned());
    Measured {
        items,
        types,
        preamble,
        code,
    }
}

fn holds_references(s: &syn::ItemStruct) -> bool {
    s.fields
        .iter()
        .any(|f| matches!(f.ty, syn::Type::Reference(_)))
}

/// Whether `attrs` derive `name` (by its last path segment), under
/// `cfg_attr` too.
pub(crate) fn derives(attrs: &[syn::Attribute], name: &str) -> bool {
    derive_paths_of(attrs)
        .iter()
        .any(|p| p.segments.last().is_some_and(|s| s.ident == name))
}

/// The paths of an item's derives, those under `cfg_attr` too (its
/// features are on).
pub(crate) fn derive_paths_of(attrs: &[syn::Attribute]) -> Vec<syn::Path> {
    let mut out = Vec::new();
    for attr in attrs {
        if attr.path().is_ident("derive") {
            out.extend(derive_paths(attr));
        } else if attr.path().is_ident("cfg_attr") {
            let Ok(metas) = attr.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            ) else {
                continue;
            };
            for meta in metas.iter().skip(1) {
                let syn::Meta::List(list) = meta else {
                    continue;
                };
                if !list.path.is_ident("derive") {
                    continue;
                }
                if let Ok(paths) = list.parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                ) {
                    out.extend(paths);
                }
            }
        }
    }
    out
}

/// The paths of one `#[derive(…)]` (none when it does not parse).
fn derive_paths(attr: &syn::Attribute) -> Vec<syn::Path> {
    attr.parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        .map(|paths| paths.into_iter().collect())
        .unwrap_or_default()
}

/// What of an `impl` block compiled code may need: `impl Default for T`
/// whole (a `#[serde(default)]` or `derive(Default)` calls it), and each
/// function or constant of an inherent `impl T` alone (`default =
/// "T::port"` names one; the others may name what the paste does not hold),
/// and a conversion into one of the paste's types from another or from a
/// standard type (`impl TryFrom<Raw> for Stay`, `impl TryFrom<String> for
/// Name`), which serde's `try_from`/`from`/`into` call.
fn impl_candidates(
    imp: syn::ItemImpl,
    type_names: &std::collections::HashSet<String>,
) -> Vec<syn::Item> {
    match &imp.trait_ {
        Some((path, _)) if path.segments.last().is_some_and(|s| s.ident == "Default") => {
            vec![syn::Item::Impl(imp)]
        }
        Some((path, _)) if converts_between(path, &imp.self_ty, type_names) => {
            vec![syn::Item::Impl(imp)]
        }
        Some(_) => Vec::new(),
        None => imp
            .items
            .iter()
            .filter(|i| matches!(i, syn::ImplItem::Fn(_) | syn::ImplItem::Const(_)))
            .map(|i| {
                syn::Item::Impl(syn::ItemImpl {
                    items: vec![i.clone()],
                    ..imp.clone()
                })
            })
            .collect(),
    }
}

/// Whether `impl <path> for <self_ty>` is `From`, `TryFrom` or `Into` of
/// one of `type_names` (or a standard string, number, bool or char) into
/// another.
fn converts_between(
    path: &syn::Path,
    self_ty: &syn::Type,
    type_names: &std::collections::HashSet<String>,
) -> bool {
    let Some(last) = path.segments.last() else {
        return false;
    };
    if !["From", "TryFrom", "Into"].iter().any(|t| last.ident == t) {
        return false;
    }
    let named = |ty: &syn::Type| match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .is_some_and(|s| type_names.contains(&s.ident.to_string())),
        _ => false,
    };
    // serde's `try_from = "String"` on a newtype is as common as a
    // conversion between two of the paste's types.
    let standard = |ty: &syn::Type| {
        use overhead_schema::Shape;
        matches!(
            Shape::of(ty),
            Shape::Str | Shape::Int | Shape::Float | Shape::Bool | Shape::Char
        )
    };
    let source = overhead_schema::shape::type_args(last);
    named(self_ty) && source.len() == 1 && (named(source[0]) || standard(source[0]))
}

/// The name an item of code defines (an `impl Default`: its type's, which
/// the types name; one inherent function's: that function's).
fn item_names(item: &syn::Item) -> Vec<String> {
    match item {
        syn::Item::Macro(m) => elsewhere::lazy_statics(m),
        other => item_name(other).into_iter().collect(),
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Impl(imp) if imp.trait_.is_some() => match &*imp.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        },
        syn::Item::Impl(imp) => {
            let syn::Type::Path(owner) = &*imp.self_ty else {
                return None;
            };
            let owner = owner.path.segments.last()?.ident.to_string();
            let name = match imp.items.first()? {
                syn::ImplItem::Fn(f) => f.sig.ident.to_string(),
                syn::ImplItem::Const(c) => c.ident.to_string(),
                _ => return None,
            };
            Some(format!("{owner}::{name}"))
        }
        syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Const(c) => Some(c.ident.to_string()),
        syn::Item::Static(s) => Some(s.ident.to_string()),
        syn::Item::Type(t) => Some(t.ident.to_string()),
        syn::Item::Mod(m) => Some(m.ident.to_string()),
        _ => None,
    }
}

/// The candidates that `items` name, and those these name, in the paste's order.
fn named_code(items: &[syn::Item], candidates: Vec<syn::Item>) -> Vec<syn::Item> {
    let mut named = std::collections::HashSet::new();
    for item in items {
        names_in(quote!(#item), &mut named);
    }
    let mut kept = vec![false; candidates.len()];
    loop {
        let mut grew = false;
        for (i, item) in candidates.iter().enumerate() {
            let is_named = |n: String| {
                named.contains(&n)
                    || n.split_once("::")
                        .is_some_and(|(_, f)| named.contains(&format!("Self::{f}")))
            };
            if !kept[i] && item_names(item).into_iter().any(is_named) {
                kept[i] = true;
                grew = true;
                names_in(quote!(#item), &mut named);
            }
        }
        if !grew {
            break;
        }
    }
    candidates
        .into_iter()
        .zip(kept)
        .filter_map(|(item, kept)| kept.then_some(item))
        .collect()
}

/// Every identifier in `tokens`, and the last segment of every path written
/// as a string (`custom(function = "checks::region")`).
fn names_in(tokens: TokenStream, out: &mut std::collections::HashSet<String>) {
    let mut previous: Vec<String> = Vec::new();
    for token in tokens {
        match token {
            proc_macro2::TokenTree::Ident(i) => {
                let name = i.to_string();
                // `Type::function` (and `Self::function`): an inherent
                // function is named by its type's path.
                if let [.., owner, colon1, colon2] = &previous[..] {
                    if colon1 == ":" && colon2 == ":" {
                        out.insert(format!("{owner}::{name}"));
                    }
                }
                out.insert(name.clone());
                previous.push(name);
                continue;
            }
            proc_macro2::TokenTree::Group(g) => names_in(g.stream(), out),
            proc_macro2::TokenTree::Literal(l) => {
                if let Ok(s) = syn::parse_str::<syn::LitStr>(&l.to_string()) {
                    let value = s.value();
                    let path: Vec<&str> = value.split("::").map(str::trim).collect();
                    if let Some(last) = path.last() {
                        out.insert((*last).to_owned());
                    }
                    if let [.., owner, last] = &path[..] {
                        out.insert(format!("{owner}::{last}"));
                    }
                }
            }
            proc_macro2::TokenTree::Punct(p) => {
                previous.push(p.as_char().to_string());
                continue;
            }
        }
        previous.clear();
    }
}

/// The derives of the standard library, which the measured code may need
/// (`Hash` + `Eq` for a set's elements); every other derive is the module's.
pub(crate) const STD_DERIVES: &[&str] = &[
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
        // `#[serde(crate = "rocket::serde")]` names the person's re-export;
        // every module here derives through its own path to serde.
        if a.path().is_ident("serde") {
            return without_serde_keys(a, &["crate"]);
        }
        if a.path().is_ident("derive") {
            let paths = derive_paths(a);
            let mut kept: Vec<syn::Path> = paths
                .iter()
                .filter(|p| STD_DERIVES.iter().any(|d| p.is_ident(d)))
                .cloned()
                .collect();
            // serde_repr's derives are the enum's serde form: both, by their
            // full paths (the modules write values as well as read them).
            if is_repr(&paths) {
                kept.push(syn::parse_quote!(::serde_repr::Serialize_repr));
                kept.push(syn::parse_quote!(::serde_repr::Deserialize_repr));
            }
            if kept.is_empty() {
                return false;
            }
            *a = syn::parse_quote!(#[derive(#(#kept),*)]);
            return true;
        }
        [
            "serde", "validate", "garde", "doc", "overhead", "serde_as", "repr",
        ]
        .iter()
        .any(|name| a.path().is_ident(name))
    });
}

/// Takes the metas named `keys` (`crate`, `borrow`, `bound`) out of a
/// `#[serde(…)]` attribute; false when nothing is left of it. Any other
/// attribute, or one that does not parse, is left as it is.
pub(crate) fn without_serde_keys(attr: &mut syn::Attribute, keys: &[&str]) -> bool {
    use syn::punctuated::Punctuated;
    if !attr.path().is_ident("serde") {
        return true;
    }
    let Ok(metas) = attr.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
    else {
        return true;
    };
    let dropped = |m: &syn::Meta| keys.iter().any(|k| m.path().is_ident(k));
    if !metas.iter().any(dropped) {
        return true;
    }
    let kept: Vec<&syn::Meta> = metas.iter().filter(|m| !dropped(m)).collect();
    if kept.is_empty() {
        return false;
    }
    *attr = syn::parse_quote!(#[serde(#(#kept),*)]);
    true
}

/// `item` under the derive attribute `derive`, with serde_with's `#[serde_as]`
/// before it: that macro rewrites the fields' `#[serde_as(as = …)]` into
/// `#[serde(with = …)]`, which every derive must then see.
///
/// An enum serde_repr reads keeps its derives for its serde form; of the
/// module's derive it takes the ones that do not decode (`Validate` for a
/// `ValidateOnDeserialize`, which would decode it as serde's derive does).
pub fn derived(derive: TokenStream, item: &syn::Item) -> TokenStream {
    let ident = match item {
        syn::Item::Enum(e) => Some(e.ident.clone()),
        _ => None,
    };
    let mut item = item.clone();
    let attrs = match &mut item {
        syn::Item::Struct(s) => &mut s.attrs,
        syn::Item::Enum(e) => &mut e.attrs,
        _ => return quote!(#derive #item),
    };
    // A number-coded enum has no rules to check while it decodes, so a
    // `nested` field of its type may take serde_repr's decoding as it is.
    let mut checks_on_decode = TokenStream::new();
    let derive = if is_repr(&derive_paths_of(attrs)) {
        if derive.to_string().contains("ValidateOnDeserialize") {
            checks_on_decode = quote!(impl ::overhead_validate::de::ChecksOnDecode for #ident {});
        }
        without_serde_form(derive)
    } else {
        derive
    };
    let serde_as = attrs.iter().any(is_serde_as);
    attrs.retain(|a| !is_serde_as(a));
    if serde_as {
        quote!(#[::serde_with::serde_as] #derive #item #checks_on_decode)
    } else {
        quote!(#derive #item #checks_on_decode)
    }
}

/// serde_repr's derives, kept on an enum (`keep_attrs`).
const REPR_DERIVES: &[&str] = &["Serialize_repr", "Deserialize_repr"];

/// Whether one of `paths` is serde_repr's.
fn is_repr(paths: &[syn::Path]) -> bool {
    paths.iter().any(|p| {
        p.segments
            .last()
            .is_some_and(|s| REPR_DERIVES.contains(&s.ident.to_string().as_str()))
    })
}

/// `#[derive(…)]` without what gives a serde form (serde's derives, ours
/// that decode, serde_fast_flatten's); `ValidateOnDeserialize` becomes
/// `Validate`.
fn without_serde_form(derive: TokenStream) -> TokenStream {
    let Ok(attrs) = syn::parse::Parser::parse2(syn::Attribute::parse_outer, derive.clone()) else {
        return derive;
    };
    let mut kept: Vec<syn::Path> = Vec::new();
    for attr in &attrs {
        for path in derive_paths(attr) {
            let Some(last) = path.segments.last().map(|s| s.ident.to_string()) else {
                continue;
            };
            match last.as_str() {
                "ValidateOnDeserialize" => {
                    kept.push(syn::parse_quote!(::overhead_validate::Validate))
                }
                "Serialize" | "Deserialize" | "FastFlatten" | "SerializeFields"
                | "DeserializeFields" => {}
                _ => kept.push(path),
            }
        }
    }
    if kept.is_empty() {
        TokenStream::new()
    } else {
        quote!(#[derive(#(#kept),*)])
    }
}

/// `#[serde_as]` (or `#[serde_with::serde_as]`) on a type.
fn is_serde_as(attr: &syn::Attribute) -> bool {
    matches!(attr.meta, syn::Meta::Path(_))
        && attr
            .path()
            .segments
            .last()
            .is_some_and(|s| s.ident == "serde_as")
}

/// The item with only the attributes named in `keep` (and derives, docs) left on
/// it and its fields: for derives that do not declare `validate` or `garde`.
pub(crate) fn without_derives_item(item: &syn::Item, keep: &[&str]) -> syn::Item {
    let mut item = item.clone();
    let retain = |attrs: &mut Vec<syn::Attribute>| {
        attrs.retain(|a| {
            a.path().is_ident("derive")
                || a.path().is_ident("doc")
                // serde_with's: the form the fields are read in.
                || a.path().segments.last().is_some_and(|s| s.ident == "serde_as")
                // `derive(Default)`'s variant.
                || a.path().is_ident("default")
                // An enum's integers (serde_repr's form needs them).
                || a.path().is_ident("repr")
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

/// `use validator::…` and `use garde::…`: what pasted custom functions name.
fn uses_dialect(tree: &syn::UseTree) -> bool {
    matches!(tree, syn::UseTree::Path(p) if p.ident == "validator" || p.ident == "garde")
}

fn uses_std(tree: &syn::UseTree) -> bool {
    match tree {
        syn::UseTree::Path(p) => ["std", "core", "alloc", "serde", "serde_json"]
            .iter()
            .any(|r| p.ident == r),
        _ => false,
    }
}

/// Whether every flattened field is a struct of the definitions with named
/// fields (what FastFlatten flattens), not an enum, a map, an `Option` or a
/// type from elsewhere.
pub fn fast_flattenable(items: &[syn::Item], types: &[syn::Ident]) -> bool {
    let structs: Vec<&syn::Ident> = items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Struct(s) if matches!(s.fields, syn::Fields::Named(_)) => Some(&s.ident),
            _ => None,
        })
        .filter(|ident| types.contains(ident))
        .collect();
    items.iter().all(|item| {
        let syn::Item::Struct(s) = item else {
            return true;
        };
        s.fields
            .iter()
            .filter(|f| {
                f.attrs
                    .iter()
                    .any(|a| serde_args(a).iter().any(|m| m.path().is_ident("flatten")))
            })
            .all(|f| match &f.ty {
                syn::Type::Path(p) if p.qself.is_none() => {
                    p.path.segments.last().is_some_and(|last| {
                        last.arguments.is_empty() && structs.contains(&&last.ident)
                    })
                }
                _ => false,
            })
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    fn names(items: &[syn::Item]) -> Vec<String> {
        items
            .iter()
            .filter_map(|i| match i {
                syn::Item::Fn(f) => Some(f.sig.ident.to_string()),
                syn::Item::Static(s) => Some(s.ident.to_string()),
                syn::Item::Const(c) => Some(c.ident.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_code_the_types_name_is_kept_with_what_it_names_in_turn() {
        let file: syn::File = syn::parse_quote! {
            use validator::{Validate, ValidationError};
            const CODES: [&str; 2] = ["NRW", "BAY"];
            fn known(text: &str) -> bool { CODES.contains(&text) }
            fn check_region(text: &str) -> Result<(), ValidationError> {
                if known(text) { Ok(()) } else { Err(ValidationError::new("region")) }
            }
            fn unrelated() -> u8 { 1 }
            #[derive(Deserialize, Validate)]
            pub struct Member {
                #[validate(custom(function = "self::check_region"))]
                pub region: String,
            }
        };
        let measured = measured(file.items);
        assert_eq!(names(&measured.code), ["CODES", "known", "check_region"]);
        // The dialect's `use` line comes along, for the functions' signatures.
        assert!(
            measured
                .preamble
                .iter()
                .any(|i| matches!(i, syn::Item::Use(_)))
        );
    }

    #[test]
    fn impl_default_and_the_inherent_functions_named_are_kept_alone() {
        let file: syn::File = syn::parse_quote! {
            use uuid::Uuid;
            use crate::db::Model;
            type TrayId = Uuid;
            #[derive(Deserialize, Validate)]
            #[serde(default)]
            pub struct Tray {
                pub id: TrayId,
                #[serde(default = "Tray::slots")]
                pub slots: u8,
            }
            impl Default for Tray {
                fn default() -> Self { Tray { id: Uuid::nil(), slots: Self::slots() } }
            }
            impl Tray {
                fn slots() -> u8 { 12 }
                fn into_model(self) -> Model { Model::of_tray(self.slots) }
            }
            impl From<Tray> for Model { fn from(t: Tray) -> Model { t.into_model() } }
        };
        let measured = measured(file.items);
        let code: Vec<String> = measured.code.iter().filter_map(item_name).collect();
        assert_eq!(code, ["Tray", "Tray::slots"]);
        // The ecosystem's `use` line and the alias come along; `crate::` does not.
        let preamble: Vec<String> = measured
            .preamble
            .iter()
            .map(|i| quote!(#i).to_string())
            .collect();
        assert!(preamble.iter().any(|i| i == "use uuid :: Uuid ;"));
        assert!(preamble.iter().any(|i| i.starts_with("pub type TrayId")));
        assert!(!preamble.iter().any(|i| i.contains("crate")));
    }

    #[test]
    fn serde_as_goes_before_every_derive_and_its_field_forms_stay() {
        let file: syn::File = syn::parse_quote! {
            use serde_with::{serde_as, DurationSeconds};
            #[serde_as]
            #[derive(Deserialize, Validate)]
            pub struct Probe {
                #[serde_as(as = "DurationSeconds<u64>")]
                #[validate(range(max = 60))]
                pub pause: u64,
            }
        };
        let measured = measured(file.items);
        let written =
            derived(quote!(#[derive(::serde::Deserialize)]), &measured.items[0]).to_string();
        assert!(
            written
                .starts_with("# [:: serde_with :: serde_as] # [derive (:: serde :: Deserialize)]"),
            "{written}"
        );
        assert!(
            written.contains("# [serde_as (as = \"DurationSeconds<u64>\")]"),
            "{written}"
        );
        assert_eq!(written.matches("serde_as").count(), 2, "{written}");
    }

    #[test]
    fn types_that_name_no_code_carry_none_and_no_dialect_imports() {
        let file: syn::File = syn::parse_quote! {
            use validator::Validate;
            fn helper() -> u8 { 1 }
            #[derive(Deserialize, Validate)]
            pub struct Member { #[validate(length(min = 1))] pub name: String }
        };
        let measured = measured(file.items);
        assert!(measured.code.is_empty());
        assert!(measured.preamble.is_empty());
    }
}
