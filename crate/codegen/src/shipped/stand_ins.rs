//! Stand-ins for what a paste's attributes name and the paste does not hold
//! (a custom validator, a regex, a `deserialize_with` function, a default
//! from elsewhere in its codebase), so that the paste compiles as its own
//! build does, and the rule such a name decides is not run — as the
//! interpreter lists it. Each stand-in is the most neutral one: a check
//! that passes, a regex that matches anything, a field read by its type's
//! own `Deserialize`, its type's `Default`.
//!
//! A stand-in for a one-segment name lives in the module every part of the
//! paste globs (its own items shadow it); a path into a module the paste
//! does not hold (`crate::validation::rate`) is rewritten to the stand-in's
//! name where it is written.

use std::collections::{BTreeMap, HashSet};

use quote::ToTokens;
use syn::spanned::Spanned;

use super::edits::Edits;
use super::has_crate;

/// What a name in an attribute is expected to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    ValidatorCheck,
    ValidatorCheckWithContext,
    GardeCheck,
    Regex,
    Deserialize,
    Serialize,
    With,
    Default,
    SkipIf,
    /// A `length` bound: a `usize` that bounds nothing (`0` below, the
    /// largest above).
    LowerBound,
    UpperBound,
}

/// The first segments of paths the build resolves besides its crates: the
/// standard prelude's types (`default = "String::new"`, as our derives read
/// them: `elsewhere::KNOWN_ROOTS`) and `Self`.
fn known_root(first: &str) -> bool {
    first == "Self" || crate::elsewhere::KNOWN_ROOTS.contains(&first)
}

/// The stand-ins written and what the notes say of them.
pub struct StandIns {
    /// Items for the module the paste globs.
    pub code: String,
    names: Vec<String>,
}

impl StandIns {
    pub fn notes(&self) -> Vec<String> {
        if self.names.is_empty() {
            return Vec::new();
        }
        vec![format!(
            "as shipped: {} not in the paste: compiled as a stand-in that passes (a regex matching anything, a field read by its type), so the rule it decides is not run, as the interpreter lists it",
            self.names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )]
    }
}

/// The stand-ins `file` needs; paths into modules the paste lacks are
/// rewritten in `edits` to their stand-in's name.
pub fn missing(file: &syn::File, names: &HashSet<String>, edits: &mut Edits) -> StandIns {
    let mut wanted: BTreeMap<String, Kind> = BTreeMap::new();
    let mut said = Vec::new();
    let mut visit = |attrs: &[syn::Attribute], edits: &mut Edits| {
        for attr in attrs {
            for (expr_span, path, kind) in named(attr) {
                let segments: Vec<&str> = path.split("::").map(str::trim).collect();
                let (Some(first), Some(last)) = (segments.first(), segments.last()) else {
                    continue;
                };
                let held = if segments.len() == 1 {
                    // A `with` module may be a crate (`humantime_serde`).
                    names.contains(*first) || has_crate(first)
                } else {
                    names.contains(*first)
                        || has_crate(first)
                        || known_root(first)
                        || (matches!(*first, "crate" | "self" | "super")
                            && segments.len() > 1
                            && names.contains(segments[1]))
                };
                if held || (segments.len() == 1 && known_root(first)) {
                    continue;
                }
                let name = if segments.len() == 1 {
                    (*last).to_owned()
                } else {
                    let name = format!("__overhead_stand_in_{last}");
                    if let Some(span) = expr_span {
                        rewrite(edits, span, &path, &name);
                    }
                    name
                };
                if !said.contains(&path) {
                    said.push(path.clone());
                }
                wanted.entry(name).or_insert(kind);
            }
        }
    };
    walk_attrs(&file.items, &mut |attrs| visit(attrs, edits));
    let code = wanted
        .iter()
        .map(|(name, kind)| stand_in(name, *kind))
        .collect::<Vec<_>>()
        .join(" ");
    StandIns { code, names: said }
}

/// Every attribute list of the paste's types, fields and variants.
fn walk_attrs(items: &[syn::Item], f: &mut dyn FnMut(&[syn::Attribute])) {
    for item in items {
        match item {
            syn::Item::Struct(s) => {
                f(&s.attrs);
                s.fields.iter().for_each(|field| f(&field.attrs));
            }
            syn::Item::Enum(e) => {
                f(&e.attrs);
                for v in &e.variants {
                    f(&v.attrs);
                    v.fields.iter().for_each(|field| f(&field.attrs));
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, inner)) = &m.content {
                    walk_attrs(inner, f);
                }
            }
            _ => {}
        }
    }
}

/// The names an attribute calls or reads, with where each is written (to
/// rewrite a module path) and what it must be.
fn named(attr: &syn::Attribute) -> Vec<(Option<proc_macro2::Span>, String, Kind)> {
    let mut out = Vec::new();
    let library = if attr.path().is_ident("serde") {
        "serde"
    } else if attr.path().is_ident("validate") {
        "validate"
    } else if attr.path().is_ident("garde") {
        "garde"
    } else {
        return out;
    };
    let _ = attr.parse_nested_meta(|meta| {
        nested(library, &meta, &mut out);
        Ok(())
    });
    out
}

fn nested(
    library: &str,
    meta: &syn::meta::ParseNestedMeta<'_>,
    out: &mut Vec<(Option<proc_macro2::Span>, String, Kind)>,
) {
    let word = meta
        .path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default();
    let serde_kind = match word.as_str() {
        "deserialize_with" => Some(Kind::Deserialize),
        "serialize_with" => Some(Kind::Serialize),
        "with" => Some(Kind::With),
        "default" => Some(Kind::Default),
        "skip_serializing_if" => Some(Kind::SkipIf),
        _ => None,
    };
    if meta.input.peek(syn::Token![=]) {
        let Ok(value) = meta.value() else { return };
        let Ok(expr) = value.parse::<syn::Expr>() else {
            return;
        };
        let kind = match (library, word.as_str()) {
            ("serde", _) => serde_kind,
            ("validate", "custom" | "function") => Some(Kind::ValidatorCheck),
            ("validate", "regex" | "path") => Some(Kind::Regex),
            _ => None,
        };
        if let (Some(kind), Some((span, path))) = (kind, path_of(&expr)) {
            out.push((Some(span), path, kind));
        }
        return;
    }
    if !meta.input.peek(syn::token::Paren) {
        return;
    }
    let Ok(content) = parenthesized(meta.input) else {
        return;
    };
    match (library, word.as_str()) {
        // validator: `custom(function = "f", use_context)`, `regex(path = *RE)`;
        // each and nested lists of rules.
        ("validate", "custom") => {
            let with_context = content.to_string().contains("use_context");
            let kind = if with_context {
                Kind::ValidatorCheckWithContext
            } else {
                Kind::ValidatorCheck
            };
            for (span, path, _) in pairs_in(&content, &["function"]) {
                out.push((Some(span), path, kind));
            }
        }
        ("validate" | "garde", "length") => {
            for (span, path, key) in bounds_in(&content) {
                let kind = if key == "max" {
                    Kind::UpperBound
                } else {
                    Kind::LowerBound
                };
                out.push((Some(span), path, kind));
            }
        }
        ("validate", "regex") => {
            for (span, path, _) in pairs_in(&content, &["path"]) {
                out.push((Some(span), path, Kind::Regex));
            }
        }
        ("validate", "schema") => {
            for (span, path, _) in pairs_in(&content, &["function"]) {
                out.push((Some(span), path, Kind::ValidatorCheck));
            }
        }
        // garde: `custom(f)`, `pattern(RE)`, inside `inner(…)` too.
        ("garde", "custom") => {
            if let Ok(expr) = syn::parse2::<syn::Expr>(content) {
                if let Some((span, path)) = path_of(&expr) {
                    out.push((Some(span), path, Kind::GardeCheck));
                }
            }
        }
        ("garde", "pattern") => {
            if let Ok(expr) = syn::parse2::<syn::Expr>(content) {
                if !matches!(expr, syn::Expr::Lit(_)) {
                    if let Some((span, path)) = path_of(&expr) {
                        out.push((Some(span), path, Kind::Regex));
                    }
                }
            }
        }
        ("garde", "inner" | "dive") | ("validate", "nested") => {
            let parser = syn::meta::parser(|inner| {
                nested(library, &inner, out);
                Ok(())
            });
            let _ = syn::parse::Parser::parse2(parser, content);
        }
        _ => {}
    }
}

/// The tokens inside the parentheses that come next.
fn parenthesized(input: syn::parse::ParseStream<'_>) -> syn::Result<proc_macro2::TokenStream> {
    let content;
    syn::parenthesized!(content in input);
    content.parse()
}

/// `key = value` pairs inside a list, for `keys`: each value's path.
fn pairs_in(
    content: &proc_macro2::TokenStream,
    keys: &[&str],
) -> Vec<(proc_macro2::Span, String, ())> {
    let mut out = Vec::new();
    let parser = syn::meta::parser(|meta| {
        if meta.input.peek(syn::Token![=]) {
            let expr: syn::Expr = meta.value()?.parse()?;
            if keys.iter().any(|k| meta.path.is_ident(k)) {
                if let Some((span, path)) = path_of(&expr) {
                    out.push((span, path, ()));
                }
            }
        }
        Ok(())
    });
    let _ = syn::parse::Parser::parse2(parser, content.clone());
    out
}

/// `min`, `max` and `equal` of a `length(…)` that name a constant: each
/// constant's path and its key.
fn bounds_in(content: &proc_macro2::TokenStream) -> Vec<(proc_macro2::Span, String, String)> {
    let mut out = Vec::new();
    let parser = syn::meta::parser(|meta| {
        if meta.input.peek(syn::Token![=]) {
            let expr: syn::Expr = meta.value()?.parse()?;
            let key = meta
                .path
                .get_ident()
                .map(ToString::to_string)
                .unwrap_or_default();
            if let (true, syn::Expr::Path(p)) =
                (matches!(key.as_str(), "min" | "max" | "equal"), &expr)
            {
                out.push((
                    p.span(),
                    p.path.to_token_stream().to_string().replace(' ', ""),
                    key,
                ));
            }
        }
        Ok(())
    });
    let _ = syn::parse::Parser::parse2(parser, content.clone());
    out
}

/// The path an attribute's value names (`"f"`, `f`, `*RE`, `crate::m::f`),
/// with where it is written.
fn path_of(expr: &syn::Expr) -> Option<(proc_macro2::Span, String)> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => {
            let text = s.value();
            let text = text.trim().trim_start_matches('*').trim().to_owned();
            syn::parse_str::<syn::Path>(&text).ok()?;
            Some((s.span(), text))
        }
        syn::Expr::Path(p) => Some((
            p.span(),
            p.path.to_token_stream().to_string().replace(' ', ""),
        )),
        syn::Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Deref(_),
            expr,
            ..
        }) => path_of(expr),
        _ => None,
    }
}

/// `path` where `span` writes it, as `name` (a string keeps its quotes).
fn rewrite(edits: &mut Edits, span: proc_macro2::Span, path: &str, name: &str) {
    let written = edits.text_of(span);
    let replacement = if written.starts_with('"') {
        written.replacen(path, name, 1)
    } else if written.starts_with('*') {
        format!("*{name}")
    } else {
        name.to_owned()
    };
    edits.replace(span.start(), span.end(), &replacement);
}

fn stand_in(name: &str, kind: Kind) -> String {
    match kind {
        Kind::ValidatorCheck => format!(
            // validator passes a `Copy` field by value, others by reference.
            "pub fn {name}<T>(_: T) -> ::std::result::Result<(), ::validator::ValidationError> {{ ::std::result::Result::Ok(()) }}"
        ),
        Kind::ValidatorCheckWithContext => format!(
            "pub fn {name}<T, C>(_: T, _: C) -> ::std::result::Result<(), ::validator::ValidationError> {{ ::std::result::Result::Ok(()) }}"
        ),
        Kind::GardeCheck => format!(
            "pub fn {name}<T: ?Sized, C: ?Sized>(_: &T, _: &C) -> ::garde::Result {{ ::std::result::Result::Ok(()) }}"
        ),
        Kind::Regex => format!(
            "pub static {name}: ::std::sync::LazyLock<::regex::Regex> = ::std::sync::LazyLock::new(|| ::regex::Regex::new(\"\").expect(\"the empty pattern\"));"
        ),
        Kind::Deserialize => format!(
            "pub fn {name}<'de, D: ::serde::Deserializer<'de>, T: ::serde::Deserialize<'de>>(d: D) -> ::std::result::Result<T, D::Error> {{ T::deserialize(d) }}"
        ),
        Kind::Serialize => format!(
            "pub fn {name}<T: ?Sized + ::serde::Serialize, S: ::serde::Serializer>(v: &T, s: S) -> ::std::result::Result<S::Ok, S::Error> {{ v.serialize(s) }}"
        ),
        Kind::With => format!(
            "pub mod {name} {{ {} {} }}",
            stand_in("deserialize", Kind::Deserialize),
            stand_in("serialize", Kind::Serialize)
        ),
        Kind::Default => {
            format!("pub fn {name}<T: ::std::default::Default>() -> T {{ T::default() }}")
        }
        Kind::SkipIf => format!("pub fn {name}<T: ?Sized>(_: &T) -> bool {{ false }}"),
        Kind::LowerBound => format!("pub const {name}: usize = 0;"),
        Kind::UpperBound => format!("pub const {name}: usize = usize::MAX;"),
    }
}
