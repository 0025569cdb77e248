//! Analysis of a whole definitions file, as a user types it.

use std::collections::HashMap;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use serde::Serialize;
use syn::spanned::Spanned;

use crate::aliases::Aliases;
use crate::diagnostic::{Diagnostic, Errors};
use crate::model::TypeDef;
use crate::scope::Scope;

/// Frees the text of every definitions file analysed on this thread so far.
/// proc-macro2 keeps each text it parses, for its spans' lines and columns,
/// for as long as the thread lives: the page's workers analyse the whole
/// paste on every edit, and kept 15 KB an edit of a 330-line paste (33 MB
/// after 2,000). Call it where no span of an earlier analysis is held any
/// more (a request that analyses its definitions afresh, before it does);
/// a span from before it reads wrong lines. Never from a procedural macro
/// (proc-macro2 panics there).
pub fn release_parsed_texts() {
    proc_macro2::extra::invalidate_current_thread_spans();
}

/// The types of a file and everything worth telling about it.
pub struct Analysis {
    pub types: Vec<TypeDef>,
    pub diagnostics: Vec<Diagnostic>,
    /// Regexes defined as statics in the file (`LazyLock`, `OnceLock`,
    /// `once_cell::Lazy`, `lazy_static!`), by name, with their patterns: what
    /// `regex(path = NAME)` refers to.
    pub regexes: HashMap<String, String>,
    /// The paste's functions, constants, statics and impls: what a custom rule's
    /// function is, and what it reads.
    pub code: Vec<syn::Item>,
}

impl Analysis {
    /// Whether it can run: no errors.
    pub fn is_runnable(&self) -> bool {
        !self.types.is_empty()
            && self
                .diagnostics
                .iter()
                .all(|d| d.severity != crate::Severity::Error)
    }

    pub fn type_named(&self, name: &str) -> Option<&TypeDef> {
        self.types.iter().find(|t| t.ident == name)
    }
}

/// A summary for tools: the type names and the diagnostics.
#[derive(Serialize)]
pub struct Summary<'a> {
    pub types: Vec<String>,
    pub diagnostics: &'a [Diagnostic],
}

/// Parses `text` and reads every struct and enum in it, in `mod` blocks and
/// item-shaped macros too (see [`crate::items`]), with `type` aliases read
/// through. `use` lines, `impl` blocks, functions and other items are skipped:
/// only data definitions matter.
pub fn analyze(text: &str) -> Analysis {
    if let Some(limit) = crate::limits::check(text) {
        return Analysis {
            types: Vec::new(),
            diagnostics: vec![limit],
            regexes: HashMap::new(),
            code: Vec::new(),
        };
    }
    let file = match syn::parse_file(text) {
        Ok(file) => file,
        Err(e) => {
            return Analysis {
                types: Vec::new(),
                diagnostics: Diagnostic::from_syn(e),
                regexes: HashMap::new(),
                code: Vec::new(),
            };
        }
    };
    let mut errors = Errors::default();
    let mut types = Vec::new();
    let mut regexes = HashMap::new();
    let mut aliases = Aliases::default();
    // Data definitions are read once every alias is known (an alias may follow
    // its use).
    let mut inputs = Vec::new();
    let items = crate::items::flatten(file.items);
    // Functions, constants, statics and impls, kept (moved, not copied) for
    // the custom rules that run them.
    let mut code = Vec::new();
    // The `use` lines (the dialect) and constants (bounds) every type sees; a
    // constant may name one defined after it, hence two passes.
    let mut scope = Scope::default();
    for _ in 0..2 {
        for item in &items {
            scope.add(item);
        }
    }
    for item in items {
        let input: syn::DeriveInput = match item {
            // `fn re() -> &'static Regex { … Regex::new("…") … }`: what
            // `regex(path = re())` names.
            syn::Item::Fn(ref f) => {
                if let Some(pattern) = regex_literal(f.block.to_token_stream()) {
                    regexes.insert(f.sig.ident.to_string(), pattern);
                }
                code.push(item);
                continue;
            }
            syn::Item::Static(ref s) => {
                if let Some(pattern) = regex_literal(s.expr.to_token_stream()) {
                    regexes.insert(s.ident.to_string(), pattern);
                }
                code.push(item);
                continue;
            }
            syn::Item::Const(_) | syn::Item::Impl(_) => {
                code.push(item);
                continue;
            }
            syn::Item::Macro(m)
                if m.mac
                    .path
                    .segments
                    .last()
                    .is_some_and(|s| s.ident == "lazy_static") =>
            {
                regexes.extend(lazy_static_regexes(m.mac.tokens.clone()));
                continue;
            }
            syn::Item::Type(alias) => {
                aliases.add(&alias);
                continue;
            }
            syn::Item::Struct(s) => s.into(),
            syn::Item::Enum(e) => e.into(),
            syn::Item::Union(u) => {
                errors.error(
                    u.union_token.span(),
                    "unions cannot be deserialized by serde",
                );
                continue;
            }
            _ => continue,
        };
        inputs.push(input);
    }
    for mut input in inputs {
        crate::cfg_attr::expand(&mut input, &mut errors);
        aliases.expand_fields(&mut input);
        if let Some(def) = TypeDef::from_derive_input_in(&input, &scope, &mut errors) {
            types.push(def);
        }
    }
    crate::dive_context::resolve(&mut types, &mut errors);
    crate::infinite_size::check(&types, &mut errors);
    if types.is_empty() && !errors.has_errors() {
        errors.error(
            proc_macro2::Span::call_site(),
            "no struct or enum is defined",
        );
    }
    Analysis {
        types,
        diagnostics: errors.into_diagnostics(),
        regexes,
        code,
    }
}

/// The pattern of the first `Regex::new("…")` (or `RegexBuilder::new("…")`) in
/// `tokens`, looking inside closures and calls.
fn regex_literal(tokens: TokenStream) -> Option<String> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Ident(ident) if ident == "new" && i >= 3 => {
                let owner = match &trees[i - 3] {
                    TokenTree::Ident(owner) => owner.to_string(),
                    _ => continue,
                };
                if owner != "Regex" && owner != "RegexBuilder" {
                    continue;
                }
                if let Some(TokenTree::Group(args)) = trees.get(i + 1) {
                    let first = args.stream().into_iter().next()?;
                    if let Ok(lit) = syn::parse2::<syn::LitStr>(first.into_token_stream()) {
                        return Some(lit.value());
                    }
                }
            }
            TokenTree::Group(group) => {
                if let Some(found) = regex_literal(group.stream()) {
                    return Some(found);
                }
            }
            _ => {}
        }
    }
    None
}

/// `lazy_static! { static ref NAME: Regex = Regex::new("…").unwrap(); … }`.
fn lazy_static_regexes(tokens: TokenStream) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for item in trees.split(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ';')) {
        let name = item.windows(2).find_map(|w| match w {
            [TokenTree::Ident(r), TokenTree::Ident(name)] if r == "ref" => Some(name.to_string()),
            _ => None,
        });
        let pattern = regex_literal(item.iter().cloned().collect());
        if let (Some(name), Some(pattern)) = (name, pattern) {
            out.push((name, pattern));
        }
    }
    out
}
