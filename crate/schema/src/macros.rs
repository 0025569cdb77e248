//! `macro_rules!` macros of a plain shape, expanded by substitution: each rule's
//! matcher a list of `$name:fragment` parameters and literal tokens (no
//! repetitions, no nested groups), the first rule whose matcher takes the
//! invocation's tokens wins. Projects define their id newtypes this way
//! (`id_type!(UserId);`); anything richer is left unexpanded, and the types it
//! would have made are read as undefined.

use std::collections::HashMap;

use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};

use crate::items::regroup;

pub struct MacroRules {
    rules: Vec<Rule>,
}

struct Rule {
    matcher: Vec<Matcher>,
    transcriber: TokenStream,
}

enum Matcher {
    /// `$name:fragment`.
    Param { name: String, fragment: String },
    /// A token the invocation must repeat, by its text (`,`, `=>`, `as`).
    Literal(String),
}

impl MacroRules {
    /// The rules of a `macro_rules!` body; `None` when no rule is plain.
    pub fn read(body: TokenStream) -> Option<MacroRules> {
        let trees: Vec<TokenTree> = body.into_iter().collect();
        let mut rules = Vec::new();
        for rule in trees.split(|t| is_punct(t, ';')) {
            // `( matcher ) => { transcriber }`
            if let [
                TokenTree::Group(matcher),
                TokenTree::Punct(eq),
                TokenTree::Punct(gt),
                TokenTree::Group(transcriber),
            ] = rule
                && eq.as_char() == '='
                && gt.as_char() == '>'
                && let Some(matcher) = read_matcher(matcher.stream())
            {
                rules.push(Rule {
                    matcher,
                    transcriber: transcriber.stream(),
                });
            }
        }
        (!rules.is_empty()).then_some(MacroRules { rules })
    }

    /// The tokens an invocation with `args` expands to.
    pub fn expand(&self, args: TokenStream) -> Option<TokenStream> {
        let args: Vec<TokenTree> = args.into_iter().collect();
        self.rules.iter().find_map(|rule| {
            let bindings = bind(&rule.matcher, &args)?;
            substitute(rule.transcriber.clone(), &bindings)
        })
    }
}

fn is_punct(tree: &TokenTree, c: char) -> bool {
    matches!(tree, TokenTree::Punct(p) if p.as_char() == c)
}

fn read_matcher(tokens: TokenStream) -> Option<Vec<Matcher>> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Punct(p) if p.as_char() == '$' => match trees.get(i + 1..i + 4) {
                Some([TokenTree::Ident(name), colon, TokenTree::Ident(fragment)])
                    if is_punct(colon, ':') =>
                {
                    out.push(Matcher::Param {
                        name: name.to_string(),
                        fragment: fragment.to_string(),
                    });
                    i += 4;
                }
                // `$( … )*` repetitions are beyond a plain shape.
                _ => return None,
            },
            TokenTree::Group(_) => return None,
            other => {
                out.push(Matcher::Literal(other.to_string()));
                i += 1;
            }
        }
    }
    Some(out)
}

/// Each parameter's tokens, when `args` fits the matcher.
fn bind(matcher: &[Matcher], args: &[TokenTree]) -> Option<HashMap<String, TokenStream>> {
    let mut bindings = HashMap::new();
    let mut at = 0;
    for (i, element) in matcher.iter().enumerate() {
        match element {
            Matcher::Literal(text) => {
                if args.get(at)?.to_string() != *text {
                    return None;
                }
                at += 1;
            }
            Matcher::Param { name, fragment } => {
                let taken: Vec<TokenTree> = match fragment.as_str() {
                    "ident" => match args.get(at)? {
                        tree @ TokenTree::Ident(_) => vec![tree.clone()],
                        _ => return None,
                    },
                    "literal" => match args.get(at)? {
                        tree @ TokenTree::Literal(_) => vec![tree.clone()],
                        _ => return None,
                    },
                    "tt" => vec![args.get(at)?.clone()],
                    // The longer fragments run to the next literal of the matcher
                    // (or the end).
                    _ => {
                        let stop = matcher[i + 1..].iter().find_map(|m| match m {
                            Matcher::Literal(text) => Some(text.as_str()),
                            Matcher::Param { .. } => None,
                        });
                        args[at..]
                            .iter()
                            .take_while(|t| stop.is_none_or(|s| t.to_string() != s))
                            .cloned()
                            .collect()
                    }
                };
                at += taken.len();
                let stream: TokenStream = taken.into_iter().collect();
                // A `ty` or `expr` stays one unit where it is put, as the
                // compiler's invisible group keeps it.
                let stream = match fragment.as_str() {
                    "ty" | "expr" | "path" => {
                        TokenTree::Group(Group::new(Delimiter::None, stream)).into()
                    }
                    _ => stream,
                };
                bindings.insert(name.clone(), stream);
            }
        }
    }
    (at == args.len()).then_some(bindings)
}

/// The transcriber with `$name` replaced by its tokens; `None` at a repetition
/// or an unknown parameter.
fn substitute(tokens: TokenStream, bindings: &HashMap<String, TokenStream>) -> Option<TokenStream> {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Punct(p) if p.as_char() == '$' && p.spacing() == Spacing::Alone => {
                match trees.get(i + 1) {
                    Some(TokenTree::Ident(name)) if name == "crate" => {
                        out.push(TokenTree::Ident(Ident::new("crate", name.span())));
                    }
                    Some(TokenTree::Ident(name)) => {
                        out.extend(bindings.get(&name.to_string())?.clone());
                    }
                    _ => return None,
                }
                i += 2;
            }
            TokenTree::Group(group) => {
                out.push(regroup(group, substitute(group.stream(), bindings)?));
                i += 1;
            }
            other => {
                out.push(other.clone());
                i += 1;
            }
        }
    }
    Some(out.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expand(rules: &str, args: &str) -> Option<String> {
        let rules = MacroRules::read(rules.parse().expect("tokens"))?;
        rules
            .expand(args.parse().expect("tokens"))
            .map(|t| t.to_string())
    }

    #[test]
    fn substitutes_idents_and_types() {
        let rules = "($name:ident, $inner:ty) => { pub struct $name($inner); };";
        assert_eq!(
            expand(rules, "Score, u32").as_deref(),
            Some("pub struct Score (u32) ;")
        );
    }

    #[test]
    fn the_first_rule_that_fits_wins() {
        let rules = "($name:ident) => { struct $name(String); }; \
                     ($name:ident, $t:ty) => { struct $name($t); };";
        assert_eq!(expand(rules, "A").as_deref(), Some("struct A (String) ;"));
        assert_eq!(expand(rules, "A, u8").as_deref(), Some("struct A (u8) ;"));
    }

    #[test]
    fn repetitions_are_not_a_plain_shape() {
        assert!(expand("($($name:ident),*) => { $(struct $name;)* };", "A, B").is_none());
    }
}
