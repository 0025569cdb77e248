//! What a crate built on demand refuses before cargo sees it: macros that
//! read the machine (`include!`, `include_str!`, `include_bytes!`, `env!`,
//! `option_env!`) and `extern` blocks, each at its line and column. Pasted text
//! can come from a link; compiled natively it must not reach the files or the
//! environment of the machine it runs on.

use std::str::FromStr;

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::spanned::Spanned;

use super::cargo::RustcMessage;

const MACHINE_MACROS: &[&str] = &[
    "include",
    "include_str",
    "include_bytes",
    "env",
    "option_env",
];

/// One refused construct: its line and column (1-based) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Everything `text` holds that a crate built on demand refuses. Text that
/// does not lex (an unbalanced delimiter) is refused too: the definitions sit
/// inside a macro's braces, which they must not close.
pub fn refused(text: &str) -> Vec<Refused> {
    let tokens = match TokenStream::from_str(text) {
        Ok(tokens) => tokens,
        Err(e) => {
            let at = e.span().start();
            return vec![Refused {
                line: at.line.max(1),
                column: at.column + 1,
                message: format!("the definitions do not read as Rust tokens: {e}"),
            }];
        }
    };
    let mut out = Vec::new();
    walk(tokens, &mut out);
    out
}

fn walk(tokens: TokenStream, out: &mut Vec<Refused>) {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(group) => walk(group.stream(), out),
            TokenTree::Ident(ident) => {
                let word = ident.to_string();
                let next = trees.get(i + 1);
                let bang = matches!(next, Some(TokenTree::Punct(p)) if p.as_char() == '!');
                let at = ident.span().start();
                if bang && MACHINE_MACROS.contains(&word.as_str()) {
                    out.push(Refused {
                        line: at.line,
                        column: at.column + 1,
                        message: format!(
                            "`{word}!` reads the machine the code is built on; compiled code built on demand refuses it (the interpreter does not run it either)"
                        ),
                    });
                }
                // `extern { … }` and `extern "C" { … }`: foreign functions.
                let block = match (next, trees.get(i + 2)) {
                    (Some(TokenTree::Group(g)), _) => {
                        g.delimiter() == proc_macro2::Delimiter::Brace
                    }
                    (Some(TokenTree::Literal(_)), Some(TokenTree::Group(g))) => {
                        g.delimiter() == proc_macro2::Delimiter::Brace
                    }
                    _ => false,
                };
                if word == "extern" && block {
                    out.push(Refused {
                        line: at.line,
                        column: at.column + 1,
                        message: "an `extern` block calls foreign code; compiled code built on demand refuses it".into(),
                    });
                }
            }
            _ => {}
        }
    }
}

/// One item of pasted code that compiled code would run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastedItem {
    /// `fn check_region`, `impl Default for Config`, …
    pub what: String,
    /// Its name's line and column (1-based).
    pub line: usize,
    pub column: usize,
    /// The lines it spans, its attributes and doc comments included.
    pub lines: std::ops::RangeInclusive<usize>,
}

/// The pasted code that compiled code would run (the functions, constants,
/// statics, modules and `impl` blocks the definitions' attributes name, and
/// those these name), in the paste's order.
pub fn pasted_items(text: &str) -> Vec<PastedItem> {
    let Ok(file) = syn::parse_file(text) else {
        return Vec::new();
    };
    overhead_codegen::pasted_code(&file)
        .iter()
        .filter_map(|item| {
            let (what, span) = match item {
                syn::Item::Fn(f) => (format!("fn {}", f.sig.ident), f.sig.ident.span()),
                syn::Item::Const(c) => (format!("const {}", c.ident), c.ident.span()),
                syn::Item::Static(s) => (format!("static {}", s.ident), s.ident.span()),
                syn::Item::Mod(m) => (format!("mod {}", m.ident), m.ident.span()),
                syn::Item::Macro(m) => ("lazy_static!".to_owned(), m.mac.path.span()),
                syn::Item::Impl(i) => {
                    let ty = i.self_ty.to_token_stream().to_string();
                    let what = match (&i.trait_, i.items.first()) {
                        (Some(_), _) => format!("impl Default for {ty}"),
                        (None, Some(syn::ImplItem::Fn(f))) => format!("fn {ty}::{}", f.sig.ident),
                        (None, _) => format!("impl {ty}"),
                    };
                    (what, i.impl_token.span)
                }
                _ => return None,
            };
            let at = span.start();
            let whole = item.span();
            Some(PastedItem {
                what,
                line: at.line,
                column: at.column + 1,
                lines: whole.start().line..=whole.end().line,
            })
        })
        .collect()
}

/// Every item of the paste that holds code, at any depth of its inline
/// modules: functions, `impl` blocks, traits, statics and item macros. The
/// as-shipped build compiles them all, and runs whichever its types call
/// (a `TryFrom`, a custom validator, a hand-written `Deserialize`).
pub fn code_items(text: &str) -> Vec<PastedItem> {
    fn walk(items: &[syn::Item], out: &mut Vec<PastedItem>) {
        for item in items {
            let (what, span) = match item {
                syn::Item::Fn(f) => (format!("fn {}", f.sig.ident), f.sig.ident.span()),
                syn::Item::Static(s) => (format!("static {}", s.ident), s.ident.span()),
                syn::Item::Trait(t) => (format!("trait {}", t.ident), t.ident.span()),
                syn::Item::Macro(m) => (
                    format!("{}!", m.mac.path.to_token_stream()),
                    m.mac.path.span(),
                ),
                syn::Item::Impl(i) => {
                    let ty = i.self_ty.to_token_stream().to_string();
                    let what = match &i.trait_ {
                        Some((path, _)) => {
                            format!("impl {} for {ty}", path.to_token_stream())
                        }
                        None => format!("impl {ty}"),
                    };
                    (what, i.impl_token.span)
                }
                syn::Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        walk(inner, out);
                    }
                    continue;
                }
                _ => continue,
            };
            let at = span.start();
            let whole = item.span();
            out.push(PastedItem {
                what: what
                    .replace(" :: ", "::")
                    .replace(" < ", "<")
                    .replace(" >", ">"),
                line: at.line,
                column: at.column + 1,
                lines: whole.start().line..=whole.end().line,
            });
        }
    }
    let mut out = Vec::new();
    if let Ok(file) = syn::parse_file(text) {
        walk(&file.items, &mut out);
    }
    out
}

/// The structs, enums and type aliases of `text` (at any depth) that the
/// type `root` does not reach through the names its definition uses, and
/// they in turn: a file of many types holds ones the root's build never
/// touches, which may be left out where rustc refuses them.
pub fn unreached_types(text: &str, root: &str) -> Vec<PastedItem> {
    let Ok(file) = syn::parse_file(text) else {
        return Vec::new();
    };
    let mut types: Vec<(String, &syn::Item)> = Vec::new();
    fn collect<'a>(items: &'a [syn::Item], out: &mut Vec<(String, &'a syn::Item)>) {
        for item in items {
            match item {
                syn::Item::Struct(s) => out.push((s.ident.to_string(), item)),
                syn::Item::Enum(e) => out.push((e.ident.to_string(), item)),
                syn::Item::Type(t) => out.push((t.ident.to_string(), item)),
                syn::Item::Mod(m) => {
                    if let Some((_, inner)) = &m.content {
                        collect(inner, out);
                    }
                }
                _ => {}
            }
        }
    }
    collect(&file.items, &mut types);
    let base = root.split('<').next().unwrap_or(root).trim().to_owned();
    let mut reached: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut queue = vec![base];
    while let Some(name) = queue.pop() {
        if !reached.insert(name.clone()) {
            continue;
        }
        for (_, item) in types.iter().filter(|(n, _)| *n == name) {
            let mut named = std::collections::HashSet::new();
            idents(item.to_token_stream(), &mut named);
            queue.extend(named.into_iter().filter(|n| !reached.contains(n)));
        }
    }
    types
        .iter()
        .filter(|(name, _)| !reached.contains(name))
        .map(|(name, item)| {
            let whole = item.span();
            PastedItem {
                what: format!("type {name}"),
                line: whole.start().line,
                column: whole.start().column + 1,
                lines: whole.start().line..=whole.end().line,
            }
        })
        .collect()
}

/// Every identifier in `tokens`, at any depth.
fn idents(tokens: TokenStream, out: &mut std::collections::HashSet<String>) {
    for token in tokens {
        match token {
            TokenTree::Ident(i) => {
                out.insert(i.to_string());
            }
            TokenTree::Group(g) => idents(g.stream(), out),
            _ => {}
        }
    }
}

/// [`code_items`] as what the person is asked to allow for the as-shipped
/// build (natively, its code runs on this machine).
pub fn shipped_code(text: &str) -> Vec<Refused> {
    code_items(text)
        .into_iter()
        .map(|item| Refused {
            line: item.line,
            column: item.column,
            message: format!(
                "`{}` is pasted code that the paste's own build runs",
                item.what
            ),
        })
        .collect()
}

/// [`pasted_items`] as what the person is asked to allow, each at its name:
/// natively, pasted code runs only when the person allows it.
pub fn pasted_code(text: &str) -> Vec<Refused> {
    pasted_items(text)
        .into_iter()
        .map(|item| Refused {
            line: item.line,
            column: item.column,
            message: format!("`{}` is pasted code that compiled code runs", item.what),
        })
        .collect()
}

/// The names serde's `with`, `deserialize_with` and `serialize_with` call in
/// `text` (each path's segments): pasted code that decides how a field reads,
/// which compiled code cannot leave out and still read what the person's build
/// reads.
pub fn decoding_code(text: &str) -> std::collections::HashSet<String> {
    use syn::punctuated::Punctuated;
    let mut names = std::collections::HashSet::new();
    let Ok(file) = syn::parse_file(text) else {
        return names;
    };
    let mut attrs: Vec<&syn::Attribute> = Vec::new();
    for item in &file.items {
        match item {
            syn::Item::Struct(s) => attrs.extend(s.fields.iter().flat_map(|f| &f.attrs)),
            syn::Item::Enum(e) => attrs.extend(
                e.variants
                    .iter()
                    .flat_map(|v| v.attrs.iter().chain(v.fields.iter().flat_map(|f| &f.attrs))),
            ),
            _ => {}
        }
    }
    for attr in attrs.into_iter().filter(|a| a.path().is_ident("serde")) {
        let Ok(metas) =
            attr.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
        else {
            continue;
        };
        for meta in metas {
            let syn::Meta::NameValue(nv) = meta else {
                continue;
            };
            let decodes = ["with", "deserialize_with", "serialize_with"]
                .iter()
                .any(|k| nv.path.is_ident(k));
            if let (
                true,
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(path),
                    ..
                }),
            ) = (decodes, &nv.value)
            {
                names.extend(path.value().split("::").map(|s| s.trim().to_owned()));
            }
        }
    }
    names
}

/// `text` with the lines of `items` emptied (every other line where it was).
pub fn without(text: &str, items: &[&PastedItem]) -> String {
    text.split('\n')
        .enumerate()
        .map(|(i, line)| {
            if items.iter().any(|item| item.lines.contains(&(i + 1))) {
                ""
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `definitions` without the pasted code that rustc's `messages` refuse, when
/// every error is inside such code and none of it decides how a field reads
/// (a `with` module: compiled code would read another form than the person's
/// build); `None` otherwise. What is left out is added to `left_out`.
pub fn without_refused_code(
    definitions: &str,
    messages: &[RustcMessage],
    left_out: &mut Vec<String>,
) -> Option<String> {
    let items = pasted_items(definitions);
    let errors: Vec<&RustcMessage> = messages.iter().filter(|m| m.level == "error").collect();
    let inside =
        |m: &RustcMessage, item: &PastedItem| m.line.is_some_and(|line| item.lines.contains(&line));
    let culprits: Vec<&PastedItem> = items
        .iter()
        .filter(|item| errors.iter().any(|m| inside(m, item)))
        .collect();
    let only_pasted_code = !errors.is_empty()
        && errors
            .iter()
            .all(|m| culprits.iter().any(|item| inside(m, item)));
    let decoding = decoding_code(definitions);
    let decides_reading = culprits.iter().any(|item| {
        let name = item.what.rsplit([' ', ':']).next().unwrap_or_default();
        decoding.contains(name)
    });
    if !only_pasted_code || decides_reading {
        return None;
    }
    left_out.extend(
        culprits
            .iter()
            .map(|item| format!("`{}` (line {})", item.what, item.line)),
    );
    Some(without(definitions, &culprits))
}

impl From<Refused> for RustcMessage {
    fn from(r: Refused) -> Self {
        RustcMessage {
            level: "error".into(),
            line: Some(r.line),
            column: Some(r.column),
            message: r.message,
            module: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn machine_macros_and_extern_blocks_are_refused_where_they_are() {
        let text = "struct A {\n    #[doc = include_str!(\"/etc/passwd\")]\n    a: u8,\n}\nextern \"C\" { fn f(); }\nconst K: &str = env!(\"HOME\");\n";
        let found: Vec<(usize, usize)> = refused(text).iter().map(|r| (r.line, r.column)).collect();
        assert_eq!(found, [(2, 13), (5, 1), (6, 17)]);
        assert!(
            refused(text)[0]
                .message
                .starts_with("`include_str!` reads the machine")
        );
    }

    #[test]
    fn unbalanced_braces_cannot_close_the_macro_they_sit_in() {
        let text = "struct A { a: u8 }\n} fn main() {}\n";
        let found = refused(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0]
                .message
                .starts_with("the definitions do not read as Rust tokens")
        );
    }

    #[test]
    fn every_kind_of_pasted_code_compiled_code_runs_is_named_at_its_place() {
        let text = "#[derive(Deserialize)]\n#[serde(default)]\nstruct A {\n    #[serde(with = \"ts\")]\n    at: String,\n}\nimpl Default for A {\n    fn default() -> Self { A { at: String::new() } }\n}\nmod ts {}\n";
        let found: Vec<String> = pasted_code(text)
            .iter()
            .map(|r| format!("{}:{} {}", r.line, r.column, r.message))
            .collect();
        assert_eq!(
            found,
            [
                "7:1 `impl Default for A` is pasted code that compiled code runs",
                "10:5 `mod ts` is pasted code that compiled code runs",
            ]
        );
    }

    #[test]
    fn plain_definitions_and_words_in_strings_pass() {
        let text = "/// env! and include! in a comment\nstruct A {\n    #[serde(rename = \"env!\")]\n    env: String,\n    include: bool,\n}\n";
        assert!(refused(text).is_empty());
    }
}
