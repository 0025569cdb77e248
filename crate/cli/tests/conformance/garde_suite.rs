//! The struct definitions of garde's own published test suite (the
//! `tests/rules` folder of the garde crate in cargo's registry, the version
//! `Cargo.lock` pins), read at test time, with the inputs its tests write
//! as Rust literals turned into JSON. Nothing of it is copied into the
//! repository.
//!
//! garde's tests validate values they build in Rust; to be deserialized each
//! type is given `serde::Deserialize` and borrowed types become owned ones
//! (`&'a str` → `String`, `&'a [T]` → `Vec<T>`), the same text for the
//! library's build and the interpreter.

use std::path::{Path, PathBuf};

use quote::ToTokens;
use serde_json::Value as Json;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

use super::Definition;

/// garde's version in the workspace's `Cargo.lock`.
fn locked_version(workspace: &Path) -> Option<String> {
    let lock = std::fs::read_to_string(workspace.join("Cargo.lock")).ok()?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"garde\"" {
            return lines
                .next()?
                .strip_prefix("version = \"")?
                .strip_suffix('"')
                .map(str::to_owned);
        }
    }
    None
}

/// The `tests/rules` folder of the locked garde in cargo's registry.
pub fn folder(workspace: &Path) -> Option<PathBuf> {
    let version = locked_version(workspace)?;
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))?;
    let registry = std::fs::read_dir(home.join("registry/src")).ok()?;
    registry
        .filter_map(Result::ok)
        .map(|index| index.path().join(format!("garde-{version}/tests/rules")))
        .find(|p| p.is_dir())
}

/// One definition per test file: its types that derive `Validate`, with
/// every function, constant and static beside them, and a root per type
/// with the inputs the file's tests build of it.
pub fn definitions(folder: &Path) -> Vec<Definition> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("garde's tests")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter(|p| !matches!(p.file_stem().and_then(|s| s.to_str()), Some("mod" | "util")))
        .collect();
    files.sort();
    files.iter().filter_map(|path| definition(path)).collect()
}

fn definition(path: &Path) -> Option<Definition> {
    let text = std::fs::read_to_string(path).ok()?;
    let file = syn::parse_file(&text).ok()?;
    let mut kept: Vec<syn::Item> = Vec::new();
    let mut types: Vec<String> = Vec::new();
    for item in &file.items {
        match item {
            syn::Item::Struct(syn::ItemStruct {
                attrs,
                ident,
                generics,
                ..
            })
            | syn::Item::Enum(syn::ItemEnum {
                attrs,
                ident,
                generics,
                ..
            }) => {
                // A type parameter needs a concrete root; garde's tests
                // instantiate it in Rust, which JSON cannot say.
                if generics.type_params().next().is_some() {
                    continue;
                }
                if derives_validate(attrs) {
                    types.push(ident.to_string());
                }
                kept.push(item.clone());
            }
            syn::Item::Fn(f) if !f.attrs.iter().any(|a| a.path().is_ident("test")) => {
                kept.push(item.clone())
            }
            syn::Item::Const(_) | syn::Item::Static(_) | syn::Item::Impl(_) => {
                kept.push(item.clone())
            }
            // The file's imports (`std::rc::Rc`), not its test helpers.
            syn::Item::Use(u) if !u.to_token_stream().to_string().contains("super") => {
                kept.push(item.clone())
            }
            _ => {}
        }
    }
    if types.is_empty() {
        return None;
    }
    // The types made owned and deserializable (lifetimes dropped); functions
    // keep their parameters but for slices (`&Vec<T>` for `&[T]`).
    for item in &mut kept {
        if let syn::Item::Struct(syn::ItemStruct { attrs, .. })
        | syn::Item::Enum(syn::ItemEnum { attrs, .. }) = item
        {
            if !attrs
                .iter()
                .any(|a| a.to_token_stream().to_string().contains("Deserialize"))
            {
                attrs.insert(0, syn::parse_quote!(#[derive(serde::Deserialize)]));
            }
            // An owned `String` is not `Copy`, as the borrowed `&str` was.
            for attr in attrs.iter_mut().filter(|a| a.path().is_ident("derive")) {
                if let Ok(list) = attr.parse_args_with(
                    syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated,
                ) {
                    let kept: Vec<&syn::Path> =
                        list.iter().filter(|p| !p.is_ident("Copy")).collect();
                    *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
                }
            }
            Owned.visit_item_mut(item);
        }
        if let syn::Item::Fn(f) = item {
            for input in f.sig.inputs.iter_mut() {
                if let syn::FnArg::Typed(t) = input {
                    SliceBehindReference.visit_type_mut(&mut t.ty);
                }
            }
        }
    }
    let mut paste = String::from("use garde::Validate;\n\n");
    for item in &kept {
        paste.push_str(&item.to_token_stream().to_string());
        paste.push_str("\n\n");
    }
    let mut literals = Literals {
        types: &types,
        found: Vec::new(),
    };
    literals.visit_file(&file);
    let roots = types
        .iter()
        .map(|t| {
            let inputs: Vec<String> = literals
                .found
                .iter()
                .filter(|(ty, _)| ty == t)
                .map(|(_, json)| json.to_string())
                .collect();
            (t.clone(), inputs)
        })
        .collect();
    let name = path.file_stem()?.to_string_lossy().into_owned();
    Some(Definition {
        source: format!("garde tests/rules/{name}.rs"),
        paste,
        garde: true,
        roots,
    })
}

fn derives_validate(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("derive") && a.to_token_stream().to_string().contains("Validate")
    })
}

/// Borrowed types made owned, lifetimes dropped: what serde deserializes
/// from any JSON text, escaped strings too (a borrowed `&str` refuses them,
/// which garde's tests never meet and a JSON input often does).
struct Owned;

impl VisitMut for Owned {
    fn visit_type_mut(&mut self, ty: &mut syn::Type) {
        // `Cow<'a, str>` without its lifetime needs one: its owned form.
        if let syn::Type::Path(p) = ty
            && p.path.segments.last().is_some_and(|s| s.ident == "Cow")
            && p.to_token_stream().to_string().contains("str")
        {
            *ty = syn::parse_quote!(String);
            return;
        }
        if let syn::Type::Reference(r) = ty {
            let inner = (*r.elem).clone();
            *ty = match inner {
                syn::Type::Path(p) if p.path.is_ident("str") => syn::parse_quote!(String),
                syn::Type::Slice(s) => {
                    let elem = *s.elem;
                    syn::parse_quote!(Vec<#elem>)
                }
                other => other,
            };
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }

    fn visit_generics_mut(&mut self, generics: &mut syn::Generics) {
        generics.params = generics
            .params
            .iter()
            .filter(|p| !matches!(p, syn::GenericParam::Lifetime(_)))
            .cloned()
            .collect();
        if generics.params.is_empty() {
            generics.lt_token = None;
            generics.gt_token = None;
        }
        syn::visit_mut::visit_generics_mut(self, generics);
    }

    fn visit_path_arguments_mut(&mut self, args: &mut syn::PathArguments) {
        if let syn::PathArguments::AngleBracketed(a) = args {
            a.args = a
                .args
                .iter()
                .filter(|g| !matches!(g, syn::GenericArgument::Lifetime(_)))
                .cloned()
                .collect();
            if a.args.is_empty() {
                *args = syn::PathArguments::None;
                return;
            }
        }
        syn::visit_mut::visit_path_arguments_mut(self, args);
    }
}

/// `&[T]` as `&Vec<T>`: a function's parameter for a field made a `Vec`.
struct SliceBehindReference;

impl VisitMut for SliceBehindReference {
    fn visit_type_reference_mut(&mut self, r: &mut syn::TypeReference) {
        if let syn::Type::Slice(s) = &*r.elem {
            let elem = (*s.elem).clone();
            *r.elem = syn::parse_quote!(Vec<#elem>);
        }
        syn::visit_mut::visit_type_reference_mut(self, r);
    }
}

/// The values garde's tests build of each type, as JSON.
struct Literals<'t> {
    types: &'t [String],
    found: Vec<(String, Json)>,
}

impl<'ast> Visit<'ast> for Literals<'_> {
    fn visit_expr_struct(&mut self, e: &'ast syn::ExprStruct) {
        let name = e
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if self.types.contains(&name)
            && let Some(json) = to_json(&syn::Expr::Struct(e.clone()))
        {
            self.found.push((name, json));
        }
        syn::visit::visit_expr_struct(self, e);
    }
}

/// A Rust literal as serde_json writes the value it builds, where it can
/// say (`None` for a call or anything computed).
fn to_json(expr: &syn::Expr) -> Option<Json> {
    use syn::Expr as E;
    Some(match expr {
        E::Struct(s) => {
            if s.rest.is_some() {
                return None;
            }
            let mut map = serde_json::Map::new();
            for f in &s.fields {
                let syn::Member::Named(name) = &f.member else {
                    return None;
                };
                map.insert(name.to_string(), to_json(&f.expr)?);
            }
            Json::Object(map)
        }
        E::Lit(l) => match &l.lit {
            syn::Lit::Str(s) => Json::String(s.value()),
            syn::Lit::Int(i) => match i.base10_parse::<i64>() {
                Ok(n) => Json::from(n),
                Err(_) => Json::from(i.base10_parse::<u64>().ok()?),
            },
            syn::Lit::Float(f) => Json::from(f.base10_parse::<f64>().ok()?),
            syn::Lit::Bool(b) => Json::Bool(b.value),
            syn::Lit::Char(c) => Json::String(c.value().to_string()),
            _ => return None,
        },
        E::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => match to_json(&u.expr)? {
            Json::Number(n) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => Json::from(-i),
                (None, Some(f)) => Json::from(-f),
                _ => return None,
            },
            _ => return None,
        },
        E::Reference(r) => to_json(&r.expr)?,
        E::Paren(p) => to_json(&p.expr)?,
        E::Group(g) => to_json(&g.expr)?,
        E::Array(a) => Json::Array(a.elems.iter().map(to_json).collect::<Option<_>>()?),
        E::Tuple(t) => Json::Array(t.elems.iter().map(to_json).collect::<Option<_>>()?),
        E::Path(p) if p.path.is_ident("None") => Json::Null,
        E::Call(c) => {
            let E::Path(f) = &*c.func else {
                return None;
            };
            let name = f.path.segments.last()?.ident.to_string();
            match (name.as_str(), c.args.len()) {
                ("Some" | "from" | "new", 1) => to_json(&c.args[0])?,
                _ => return None,
            }
        }
        E::MethodCall(m)
            if m.args.is_empty()
                && matches!(
                    m.method.to_string().as_str(),
                    "to_string" | "to_owned" | "into"
                ) =>
        {
            to_json(&m.receiver)?
        }
        E::Macro(m) if m.mac.path.is_ident("vec") => {
            let items = m
                .mac
                .parse_body_with(
                    syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            Json::Array(items.iter().map(to_json).collect::<Option<_>>()?)
        }
        _ => return None,
    })
}
