//! What a paste names from elsewhere in its codebase, made to compile the way
//! the interpreter reads it: a function, a regex or a `with` module that the
//! paste does not hold is left out of the attribute that names it (the
//! interpreter lists that rule as not run, and reads the field by its type);
//! one it holds under a module path (`crate::validation::rate`) is called by
//! its name; code behind `#[cfg(feature = …)]` is read as if the feature
//! were on, as `cfg_attr` is; and `lazy_static!` blocks define their statics.

use std::collections::HashSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::punctuated::Punctuated;

/// The first path segments that name a crate compiled code depends on, or a
/// type of the standard prelude (`default = "String::new"`).
pub(crate) const KNOWN_ROOTS: &[&str] = &[
    "std",
    "core",
    "alloc",
    "serde",
    "serde_json",
    "validator",
    "garde",
    "Default",
    "String",
    "Vec",
    "Option",
    "Some",
    "None",
    "Box",
    "bool",
    "char",
    "str",
    "u8",
    "u16",
    "u32",
    "u64",
    "u128",
    "usize",
    "i8",
    "i16",
    "i32",
    "i64",
    "i128",
    "isize",
    "f32",
    "f64",
];

/// `#[cfg(…)]` on an item of code or a `use` line: `Some(item)` without it when
/// its condition is read as holding (features on), `None` when the item is
/// left out (`test`, `not(…)`: the other side of a feature).
pub fn as_configured(mut item: syn::Item) -> Option<syn::Item> {
    let attrs = match &mut item {
        syn::Item::Fn(i) => &mut i.attrs,
        syn::Item::Const(i) => &mut i.attrs,
        syn::Item::Static(i) => &mut i.attrs,
        syn::Item::Use(i) => &mut i.attrs,
        syn::Item::Type(i) => &mut i.attrs,
        syn::Item::Impl(i) => &mut i.attrs,
        syn::Item::Macro(i) => &mut i.attrs,
        _ => return Some(item),
    };
    let mut keep = true;
    attrs.retain(|a| {
        if !a.path().is_ident("cfg") {
            return true;
        }
        let mut words = HashSet::new();
        crate::ecosystem::idents(a.meta.to_token_stream(), &mut words);
        keep &= !words.contains("not") && !words.contains("test");
        false
    });
    keep.then_some(item)
}

/// The statics a `lazy_static! { … }` block defines (`static ref NAME: …`).
pub fn lazy_statics(item: &syn::ItemMacro) -> Vec<String> {
    let is_lazy_static = item
        .mac
        .path
        .segments
        .last()
        .is_some_and(|s| s.ident == "lazy_static");
    if !is_lazy_static {
        return Vec::new();
    }
    let tokens: Vec<TokenTree> = item.mac.tokens.clone().into_iter().collect();
    tokens
        .windows(3)
        .filter_map(|w| match w {
            [
                TokenTree::Ident(s),
                TokenTree::Ident(r),
                TokenTree::Ident(name),
            ] if s == "static" && r == "ref" => Some(name.to_string()),
            _ => None,
        })
        .collect()
}

/// What the paste defines that attributes may name: its types, its code's
/// names (`name`, and `Type::name` for inherent functions).
pub struct Defined<'a>(pub &'a HashSet<String>);

impl Defined<'_> {
    /// The path to call for `path` as written, or `None` when it names
    /// what the paste does not hold.
    fn resolve(&self, path: &str) -> Option<String> {
        let path = path.trim().trim_start_matches('*').trim();
        let segments: Vec<&str> = path.split("::").map(str::trim).collect();
        let (first, last) = (segments.first()?, segments.last()?);
        if segments.len() == 1 {
            if self.0.contains(*last) {
                return Some(path.to_owned());
            }
            // serde_trim's functions, imported by a glob: `deserialize_with = "string_trim"`.
            return last
                .ends_with("string_trim")
                .then(|| format!("::serde_trim::{last}"));
        }
        if KNOWN_ROOTS.contains(first) || crate::ecosystem::CRATES.contains(first) {
            return Some(path.to_owned());
        }
        let owner = segments[segments.len() - 2];
        if self.0.contains(&format!("{owner}::{last}")) {
            return Some(format!("{owner}::{last}"));
        }
        // `crate::validation::rate`, `self::checks::region`: the paste holds
        // its functions at the top, so it is called by its name.
        self.0.contains(*last).then(|| (*last).to_owned())
    }

    /// The attributes with every argument naming what the paste does not
    /// hold left out, and the paths it holds made callable here.
    pub fn attrs(&self, attrs: &mut Vec<syn::Attribute>) {
        attrs.retain_mut(|attr| {
            let dialect = ["serde", "validate", "garde"]
                .into_iter()
                .find(|d| attr.path().is_ident(d));
            let Some(dialect) = dialect else {
                return true;
            };
            let Ok(args) =
                attr.parse_args_with(Punctuated::<Arg, syn::Token![,]>::parse_terminated)
            else {
                return true;
            };
            let total = args.len();
            let kept: Vec<TokenStream> = args
                .into_iter()
                .filter_map(|arg| self.arg(dialect, arg.0))
                .collect();
            if kept.len() == total {
                // Paths may have been made callable: write them back.
                let path = attr.path().clone();
                *attr = syn::parse_quote!(#[#path(#(#kept),*)]);
                return true;
            }
            match (kept.is_empty(), dialect) {
                // garde wants a rule or `skip` on every field.
                (true, "garde") => *attr = syn::parse_quote!(#[garde(skip)]),
                (true, _) => return false,
                (false, _) => {
                    let path = attr.path().clone();
                    *attr = syn::parse_quote!(#[#path(#(#kept),*)]);
                }
            }
            true
        });
    }

    /// One argument as compiled code takes it, or `None` to leave it out.
    fn arg(&self, dialect: &str, arg: TokenStream) -> Option<TokenStream> {
        let meta: syn::Meta = match syn::parse2(arg.clone()) {
            Ok(meta) => meta,
            Err(_) => return Some(arg),
        };
        let key = meta.path().get_ident().map(ToString::to_string)?;
        match (dialect, key.as_str(), &meta) {
            (
                "serde",
                "default" | "deserialize_with" | "serialize_with" | "with",
                syn::Meta::NameValue(nv),
            ) => {
                let path = string(&nv.value)?;
                let resolved = if key == "with" {
                    // A module: one of the crates', or the paste's own at the top.
                    self.module(&path)
                } else {
                    self.resolve(&path)
                };
                let Some(resolved) = resolved else {
                    // A missing field still takes a default: its type's, as
                    // the interpreter gives it.
                    return (key == "default").then(|| quote!(default));
                };
                let value = rewritten(&nv.value, &resolved)?;
                let name = &nv.path;
                Some(quote!(#name = #value))
            }
            // validator: `custom(function = p)`, `custom = "p"`,
            // `regex(path = p)`, `regex = "p"`.
            ("validate", "custom" | "regex", syn::Meta::NameValue(nv)) => {
                let value = rewritten(&nv.value, &self.resolve(&string(&nv.value)?)?)?;
                let name = &nv.path;
                Some(quote!(#name = #value))
            }
            ("validate", "custom" | "regex", syn::Meta::List(list)) => {
                let inner = list
                    .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
                    .ok()?;
                let mut out = Vec::new();
                for m in inner {
                    match &m {
                        syn::Meta::NameValue(nv)
                            if nv.path.is_ident("function") || nv.path.is_ident("path") =>
                        {
                            let value = rewritten(&nv.value, &self.resolve(&string(&nv.value)?)?)?;
                            let name = &nv.path;
                            out.push(quote!(#name = #value));
                        }
                        other => out.push(other.to_token_stream()),
                    }
                }
                let name = &list.path;
                Some(quote!(#name(#(#out),*)))
            }
            // garde: `custom(path)` (a closure stays), `pattern(STATIC)`,
            // `pattern(*STATIC)`.
            ("garde", "custom" | "pattern", syn::Meta::List(list)) => {
                let expr: syn::Expr = list.parse_args().ok()?;
                let (deref, path) = match &expr {
                    syn::Expr::Path(p) => ("", &p.path),
                    syn::Expr::Unary(syn::ExprUnary {
                        op: syn::UnOp::Deref(_),
                        expr,
                        ..
                    }) => match &**expr {
                        syn::Expr::Path(p) => ("*", &p.path),
                        _ => return Some(arg),
                    },
                    _ => return Some(arg),
                };
                let written = path.to_token_stream().to_string().replace(' ', "");
                let resolved = format!("{deref}{}", self.resolve(&written)?);
                let resolved: syn::Expr = syn::parse_str(&resolved).ok()?;
                let name = &list.path;
                Some(quote!(#name(#resolved)))
            }
            // garde's `inner(…)`: the same, one level down; nothing left, nothing.
            ("garde", "inner", syn::Meta::List(list)) => {
                let args = list
                    .parse_args_with(Punctuated::<Arg, syn::Token![,]>::parse_terminated)
                    .ok()?;
                let kept: Vec<TokenStream> = args
                    .into_iter()
                    .filter_map(|a| self.arg("garde", a.0))
                    .collect();
                if kept.is_empty() {
                    return None;
                }
                Some(quote!(inner(#(#kept),*)))
            }
            _ => Some(arg),
        }
    }

    /// A `with` module: a crate's (`humantime_serde`, `chrono::serde::ts_seconds`)
    /// or one the paste holds.
    fn module(&self, path: &str) -> Option<String> {
        let first = path.split("::").next()?.trim();
        if KNOWN_ROOTS.contains(&first) || crate::ecosystem::CRATES.contains(&first) {
            return Some(path.to_owned());
        }
        self.resolve(path)
    }
}

/// `value` with its path replaced by `resolved`, in the form it was written
/// (a string, or an expression), a leading `*` kept.
fn rewritten(value: &syn::Expr, resolved: &str) -> Option<syn::Expr> {
    let written = string(value)?;
    let resolved = if written.trim().starts_with('*') {
        format!("*{resolved}")
    } else {
        resolved.to_owned()
    };
    match value {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => {
            let lit = syn::LitStr::new(&resolved, s.span());
            Some(syn::parse_quote!(#lit))
        }
        _ => syn::parse_str(&resolved).ok(),
    }
}

impl syn::visit_mut::VisitMut for Defined<'_> {
    /// `card_reader::prelude::ScanPayload`, `crate::models::Id`: a type from
    /// elsewhere in the codebase that the paste (or what it assumes) defines
    /// by its name is that definition.
    fn visit_type_path_mut(&mut self, ty: &mut syn::TypePath) {
        syn::visit_mut::visit_type_path_mut(self, ty);
        let segments = &ty.path.segments;
        if ty.qself.is_some() || segments.len() < 2 {
            return;
        }
        let first = segments[0].ident.to_string();
        if KNOWN_ROOTS.contains(&first.as_str())
            || crate::ecosystem::CRATES.contains(&first.as_str())
        {
            return;
        }
        if let Some(last) = segments.last().cloned() {
            if self.0.contains(&last.ident.to_string()) {
                ty.path = syn::Path::from(last);
            }
        }
    }
}

/// A path written as a string or as a path expression (`*RE` included).
fn string(expr: &syn::Expr) -> Option<String> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value()),
        other => Some(other.to_token_stream().to_string().replace(' ', "")),
    }
}

/// One argument of an attribute, as tokens up to the next top-level comma.
struct Arg(TokenStream);

impl syn::parse::Parse for Arg {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let mut out = TokenStream::new();
        while !input.is_empty() && !input.peek(syn::Token![,]) {
            let tt: TokenTree = input.parse()?;
            out.extend(std::iter::once(tt));
        }
        Ok(Arg(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_attrs(defined: &[&str], attrs: syn::FieldsNamed) -> Vec<String> {
        let defined: HashSet<String> = defined.iter().map(|s| (*s).to_owned()).collect();
        let mut field = attrs.named.into_iter().next().expect("a field");
        Defined(&defined).attrs(&mut field.attrs);
        field
            .attrs
            .iter()
            .map(|a| a.to_token_stream().to_string())
            .collect()
    }

    #[test]
    fn what_the_paste_does_not_hold_is_left_out_and_what_it_holds_is_called_by_name() {
        let attrs = field_attrs(
            &["rate", "default_true"],
            syn::parse_quote!({
                #[serde(default = "crate::default_true", with = "quote_timestamp")]
                #[serde(default = "crate::elsewhere")]
                #[validate(length(min = 1), custom(function = crate::validation::rate), regex(path = *ELSEWHERE))]
                #[garde(custom(validators::slug))]
                pub x: String
            }),
        );
        assert_eq!(
            attrs,
            [
                "# [serde (default = \"default_true\")]",
                "# [serde (default)]",
                "# [validate (length (min = 1) , custom (function = rate))]",
                "# [garde (skip)]",
            ]
        );
    }

    #[test]
    fn known_crates_and_the_prelude_stay_as_written() {
        let attrs = field_attrs(
            &[],
            syn::parse_quote!({
                #[serde(with = "humantime_serde", default = "String::new")]
                #[garde(custom(|v: &str, _: &()| Ok(())))]
                pub x: String
            }),
        );
        assert_eq!(
            attrs[0],
            "# [serde (with = \"humantime_serde\" , default = \"String::new\")]"
        );
        assert!(attrs[1].contains('|'));
    }

    #[test]
    fn features_are_on_tests_and_the_other_side_are_off_and_lazy_statics_are_named() {
        let on: syn::Item = syn::parse_quote!(
            #[cfg(feature = "server")]
            fn check() {}
        );
        let off: syn::Item = syn::parse_quote!(
            #[cfg(not(feature = "server"))]
            fn check() {}
        );
        let on = as_configured(on).expect("kept");
        assert!(!on.to_token_stream().to_string().contains("cfg"));
        assert!(as_configured(off).is_none());
        let lazy: syn::ItemMacro = syn::parse_quote! {
            lazy_static! {
                pub static ref HANDLE: Regex = Regex::new("^a$").unwrap();
                static ref OTHER: u8 = 1;
            }
        };
        assert_eq!(lazy_statics(&lazy), ["HANDLE", "OTHER"]);
    }
}
