//! The items a file defines, wherever real files put them: at the top level,
//! inside `mod` blocks (nested too), inside macro invocations whose body is
//! items (`api_model! { … }`), and made by `macro_rules!` macros of a plain
//! shape (`id_type!(UserId);`), expanded by substitution.

use std::collections::HashMap;

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};

use crate::macros::MacroRules;

/// How deep macros may expand into macros: a macro that invokes itself stops
/// here instead of running forever.
const MAX_DEPTH: usize = 8;

/// Every item of `items`, with the contents of `mod` blocks and of item-shaped
/// macro invocations in their place. `macro_rules!` definitions are read first
/// (anywhere in the file), so an invocation before its definition expands too.
pub fn flatten(items: Vec<syn::Item>) -> Vec<syn::Item> {
    let mut macros = HashMap::new();
    collect_macros(&items, &mut macros);
    let mut out = Vec::with_capacity(items.len());
    push_all(items, &macros, 0, &mut out);
    out
}

fn collect_macros(items: &[syn::Item], macros: &mut HashMap<String, MacroRules>) {
    for item in items {
        match item {
            syn::Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                if let Some(ident) = &m.ident
                    && let Some(rules) = MacroRules::read(m.mac.tokens.clone())
                {
                    macros.insert(ident.to_string(), rules);
                }
            }
            syn::Item::Mod(m) => {
                if let Some((_, content)) = &m.content {
                    collect_macros(content, macros);
                }
            }
            _ => {}
        }
    }
}

fn push_all(
    items: Vec<syn::Item>,
    macros: &HashMap<String, MacroRules>,
    depth: usize,
    out: &mut Vec<syn::Item>,
) {
    for item in items {
        match item {
            syn::Item::Mod(m) => {
                if let Some((_, content)) = m.content {
                    push_all(content, macros, depth, out);
                }
            }
            syn::Item::Macro(m) if depth < MAX_DEPTH && expands(&m) => {
                match expand(&m.mac, macros) {
                    Some(expanded) => push_all(expanded, macros, depth + 1, out),
                    None => out.push(syn::Item::Macro(m)),
                }
            }
            other => out.push(other),
        }
    }
}

/// Whether an invocation may hold items: not a `macro_rules!` definition, and
/// not `lazy_static!` (whose statics are read as they are).
fn expands(m: &syn::ItemMacro) -> bool {
    let name = m.mac.path.segments.last().map(|s| s.ident.to_string());
    !matches!(name.as_deref(), Some("macro_rules" | "lazy_static"))
}

/// A `macro_rules!` macro of the file, by substitution; else the body itself
/// when it parses as items (`api_model! { struct … }`). `None` when neither.
fn expand(mac: &syn::Macro, macros: &HashMap<String, MacroRules>) -> Option<Vec<syn::Item>> {
    let name = mac.path.segments.last()?.ident.to_string();
    let tokens = match macros.get(&name) {
        Some(rules) if mac.path.segments.len() == 1 => rules.expand(mac.tokens.clone())?,
        _ => mac.tokens.clone(),
    };
    let file: syn::File = syn::parse2(unwrap_braces(tokens)).ok()?;
    Some(file.items)
}

/// A transcriber written `{ { … } }` (or a body in one extra group) yields the
/// inner tokens, as the compiler's expansion does.
fn unwrap_braces(tokens: TokenStream) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.clone().into_iter().collect();
    match trees.as_slice() {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Brace => g.stream(),
        _ => tokens,
    }
}

/// `group` with its stream replaced, keeping its delimiter and span.
pub(crate) fn regroup(group: &Group, stream: TokenStream) -> TokenTree {
    let mut out = Group::new(group.delimiter(), stream);
    out.set_span(group.span());
    TokenTree::Group(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        let file = syn::parse_file(text).expect("a file");
        flatten(file.items)
            .into_iter()
            .filter_map(|item| match item {
                syn::Item::Struct(s) => Some(s.ident.to_string()),
                syn::Item::Enum(e) => Some(e.ident.to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn reads_nested_modules_and_item_shaped_macros() {
        let text = "mod api { pub mod v1 { pub struct A { x: u8 } } }\n\
                    api_model! { pub struct B { y: u8 } }\n\
                    some_crate::define! { enum C { D } }\n\
                    thread_local! { static X: u8 = 1; }\n";
        assert_eq!(names(text), ["A", "B", "C"]);
    }

    #[test]
    fn expands_a_plain_macro_rules_newtype() {
        let text = "id_type!(UserId);\n\
                    macro_rules! id_type { ($name:ident) => { #[derive(Debug)] pub struct $name(String); }; }\n\
                    id_type!(OrderId);\n";
        assert_eq!(names(text), ["UserId", "OrderId"]);
    }

    #[test]
    fn a_macro_that_invokes_itself_stops() {
        let text = "macro_rules! again { ($n:ident) => { again!($n); }; }\nagain!(X);\nstruct Y;\n";
        assert_eq!(names(text), ["Y"]);
    }
}
