//! rustc's E0072: a type that holds itself by value, directly or through
//! other types of the paste (`struct Car { mpg: Car }`, or an `Option` of
//! itself), has infinite size, and no build of it exists. The interpreter
//! would read it without end (a postcard decode of it reads no byte a
//! level), so it is an error at the field, as rustc gives it.

use std::collections::HashMap;

use syn::spanned::Spanned;

use crate::diagnostic::Errors;
use crate::model::{FieldDef, TypeDef};
use crate::shape::type_args;

/// Reports each knot of types that hold one another by value once (one
/// mistake, one error), at the field of its first type in the paste's order
/// that starts a cycle. Linear in the types and fields a knot: it runs on
/// every edit.
pub fn check(types: &[TypeDef], errors: &mut Errors) {
    let index: HashMap<String, usize> = types
        .iter()
        .enumerate()
        .map(|(i, def)| (def.ident.to_string(), i))
        .collect();
    // For each type, its fields with the paste's types each holds by value.
    let held: Vec<Vec<(&FieldDef, Vec<usize>)>> = types
        .iter()
        .enumerate()
        .map(|(own, def)| {
            def.all_fields()
                .map(|field| {
                    let mut names = Vec::new();
                    by_value(&field.ty, own, &index, &mut names);
                    (field, names)
                })
                .collect()
        })
        .collect();
    // Who holds whom by value, forward and backward.
    let mut holds = vec![Vec::new(); types.len()];
    let mut held_by = vec![Vec::new(); types.len()];
    for (from, fields) in held.iter().enumerate() {
        for &to in fields.iter().flat_map(|(_, names)| names) {
            holds[from].push(to);
            held_by[to].push(from);
        }
    }
    let mut reported = vec![false; types.len()];
    for start in 0..types.len() {
        if reported[start] {
            continue;
        }
        // Each type is searched once a start: one that did not lead back
        // from one field will not from another (a search that stopped at
        // the path alone went through shared types once per way to them).
        let mut searched = vec![false; types.len()];
        for (field, names) in &held[start] {
            let mut path = vec![start];
            if names
                .iter()
                .any(|&next| reaches(&holds, next, start, &mut path, &mut searched))
            {
                // One error for the knot: every type `start` holds that
                // holds `start` back is in the same cycle of types.
                let (ahead, behind) = (closure(&holds, start), closure(&held_by, start));
                for (ty, reported) in reported.iter_mut().enumerate() {
                    *reported |= ahead[ty] && behind[ty];
                }
                let name = &types[start].ident;
                let through = match path.len() {
                    1 => String::new(),
                    _ => format!(
                        " (through {})",
                        path[1..]
                            .iter()
                            .map(|&ty| format!("`{}`", types[ty].ident))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                };
                errors.error(
                    field.ty.span(),
                    format!(
                        "recursive type `{name}` has infinite size: `{}` holds a `{name}` by \
                         value{through}; insert some indirection (`Box<…>`, `Vec<…>`) to break \
                         the cycle",
                        field.rust_name()
                    ),
                );
                break;
            }
        }
    }
}

/// Whether type `from` holds `target` by value; `path` gains the types on
/// the way. `searched` marks the types already searched for `target`.
fn reaches(
    holds: &[Vec<usize>],
    from: usize,
    target: usize,
    path: &mut Vec<usize>,
    searched: &mut [bool],
) -> bool {
    if from == target {
        return true;
    }
    if std::mem::replace(&mut searched[from], true) {
        return false;
    }
    path.push(from);
    let found = holds[from]
        .iter()
        .any(|&next| reaches(holds, next, target, path, searched));
    if !found {
        path.pop();
    }
    found
}

/// The types `from` leads to along `edges`, `from` among them.
fn closure(edges: &[Vec<usize>], from: usize) -> Vec<bool> {
    let mut seen = vec![false; edges.len()];
    let mut todo = vec![from];
    while let Some(ty) = todo.pop() {
        if !std::mem::replace(&mut seen[ty], true) {
            todo.extend(&edges[ty]);
        }
    }
    seen
}

/// The paste's types `ty` holds by value: itself when it names one
/// (`Self` is `own`), and what an `Option`, a tuple or an array of it
/// holds. Anything else (`Box`, `Vec`, maps, references, another crate's
/// generic) is an indirection or is not the paste's.
fn by_value(ty: &syn::Type, own: usize, index: &HashMap<String, usize>, out: &mut Vec<usize>) {
    match ty {
        syn::Type::Paren(inner) => by_value(&inner.elem, own, index, out),
        syn::Type::Group(inner) => by_value(&inner.elem, own, index, out),
        syn::Type::Tuple(tuple) => tuple
            .elems
            .iter()
            .for_each(|elem| by_value(elem, own, index, out)),
        syn::Type::Array(array) if !is_zero(&array.len) => by_value(&array.elem, own, index, out),
        syn::Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return;
            };
            let name = last.ident.to_string();
            match (&last.arguments, name.as_str()) {
                (syn::PathArguments::None, "Self") => out.push(own),
                (_, "Option") => type_args(last)
                    .into_iter()
                    .for_each(|inner| by_value(inner, own, index, out)),
                (_, name) => out.extend(index.get(name).copied()),
            }
        }
        _ => {}
    }
}

fn is_zero(len: &syn::Expr) -> bool {
    matches!(len, syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(n), .. }) if n.base10_digits() == "0")
}

#[cfg(test)]
mod tests {
    use crate::file::analyze;

    fn errors(text: &str) -> Vec<String> {
        analyze(text)
            .diagnostics
            .into_iter()
            .map(|d| d.message)
            .filter(|m| m.contains("infinite size"))
            .collect()
    }

    #[test]
    fn a_struct_that_holds_itself_is_an_error_at_the_field() {
        let text = "#[derive(Deserialize)]\nstruct Car {\n    speed: u16,\n    mpg: Car,\n}\n";
        let analysis = analyze(text);
        let found = analysis
            .diagnostics
            .iter()
            .find(|d| d.message.contains("infinite size"))
            .expect("an error");
        assert!(
            found.message.contains("`mpg` holds a `Car` by value"),
            "{}",
            found.message
        );
        assert_eq!(found.line, 4);
    }

    #[test]
    fn through_option_self_tuples_arrays_and_other_types_too() {
        for text in [
            "struct Node { next: Option<Node> }",
            "struct Node { next: Option<Self> }",
            "struct Node { pair: (u8, Node) }",
            "struct Node { many: [Node; 2] }",
            "enum Expr { Lit(u8), Neg(Expr) }",
            "struct A { b: B }\nstruct B { a: Option<A> }",
        ] {
            let found = errors(&format!("#[derive(Deserialize)]\n{text}"));
            assert_eq!(found.len(), 1, "{text}: {found:?}");
        }
    }

    #[test]
    fn types_shared_by_value_many_ways_are_searched_once() {
        // Forty diamonds: 2^40 paths from the first type to the last, each
        // type held by value twice; the search visits each type once.
        let mut text = String::from("#[derive(Deserialize)]\n");
        for i in 0..40 {
            let next = i + 1;
            text += &format!(
                "struct T{i} {{ a: A{i}, b: B{i} }}\nstruct A{i} {{ t: T{next} }}\nstruct B{i} {{ t: T{next} }}\n"
            );
        }
        text += "struct T40 { last: u8 }\n";
        assert!(errors(&text).is_empty());
        text = text.replace("struct T40 { last: u8 }", "struct T40 { back: T0 }");
        assert_eq!(errors(&text).len(), 1);
    }

    #[test]
    fn an_indirection_breaks_the_cycle() {
        for text in [
            "struct Node { next: Option<Box<Node>> }",
            "struct Node { children: Vec<Node> }",
            "enum Expr { Lit(u8), Neg(Box<Expr>) }",
            "struct A { b: B }\nstruct B { a: Vec<A> }",
            "struct Node { none: [Node; 0] }",
            "struct Tree { kids: std::collections::BTreeMap<String, Tree> }",
        ] {
            assert!(
                errors(&format!("#[derive(Deserialize)]\n{text}")).is_empty(),
                "{text}"
            );
        }
    }
}
