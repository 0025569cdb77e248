//! rustc's E0072: a type that holds itself by value, directly or through
//! other types of the paste (`struct Car { mpg: Car }`, or an `Option` of
//! itself), has infinite size, and no build of it exists. The interpreter
//! would read it without end (a postcard decode of it reads no byte a
//! level), so it is an error at the field, as rustc gives it.

use std::collections::HashMap;

use syn::spanned::Spanned;

use crate::diagnostic::Errors;
use crate::model::{FieldDef, TypeDef};

/// Reports each cycle of by-value fields once, at the field of its first
/// type (in the paste's order) that starts it.
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
    let mut reported = vec![false; types.len()];
    for start in 0..types.len() {
        if reported[start] {
            continue;
        }
        for (field, names) in &held[start] {
            let mut path = vec![start];
            if names
                .iter()
                .any(|&next| reaches(&held, next, start, &mut path))
            {
                for &ty in &path {
                    reported[ty] = true;
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
/// the way.
fn reaches(
    held: &[Vec<(&FieldDef, Vec<usize>)>],
    from: usize,
    target: usize,
    path: &mut Vec<usize>,
) -> bool {
    if from == target {
        return true;
    }
    if path.contains(&from) {
        return false;
    }
    path.push(from);
    let found = held[from]
        .iter()
        .flat_map(|(_, names)| names)
        .any(|&next| reaches(held, next, target, path));
    if !found {
        path.pop();
    }
    found
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
                (syn::PathArguments::AngleBracketed(args), "Option") => {
                    for arg in &args.args {
                        if let syn::GenericArgument::Type(inner) = arg {
                            by_value(inner, own, index, out);
                        }
                    }
                }
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
