//! A generic definition's use at concrete types, as rustc would
//! monomorphize it: the key a use is named by (`Envelope<User>`) and the
//! substitution of its parameters. The interpreter's instances
//! (`overhead-engine`) and the compiled code's (`overhead-codegen`) are made
//! with these, so both name and fill an instance alike.

use std::collections::HashMap;

/// The key of a path segment as written: `Page<Item>`, `Envelope<Vec<User>>`.
/// Written out by hand rather than through `quote` (whose printing of every
/// syntax tree would weigh on the page's analyzer module); a type it does not
/// spell (a `dyn`, a macro) keys as `_`, so such instances stay apart only by
/// their other arguments.
pub fn key(segment: &syn::PathSegment) -> String {
    let mut out = String::new();
    write_segment(segment, &mut out);
    out
}

fn write_segment(segment: &syn::PathSegment, out: &mut String) {
    out.push_str(&segment.ident.to_string());
    let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
        return;
    };
    out.push('<');
    for (i, arg) in args.args.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match arg {
            syn::GenericArgument::Type(ty) => write_type(ty, out),
            syn::GenericArgument::Lifetime(l) => {
                out.push('\'');
                out.push_str(&l.ident.to_string());
            }
            _ => out.push('_'),
        }
    }
    out.push('>');
}

fn write_type(ty: &syn::Type, out: &mut String) {
    match ty {
        syn::Type::Path(p) => {
            for (i, segment) in p.path.segments.iter().enumerate() {
                if i > 0 || p.path.leading_colon.is_some() {
                    out.push_str("::");
                }
                write_segment(segment, out);
            }
        }
        syn::Type::Reference(r) => {
            out.push('&');
            write_type(&r.elem, out);
        }
        syn::Type::Paren(p) => write_type(&p.elem, out),
        syn::Type::Group(g) => write_type(&g.elem, out),
        syn::Type::Slice(s) => {
            out.push('[');
            write_type(&s.elem, out);
            out.push(']');
        }
        syn::Type::Array(a) => {
            out.push('[');
            write_type(&a.elem, out);
            out.push(';');
            match &a.len {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(n),
                    ..
                }) => out.push_str(n.base10_digits()),
                _ => out.push('_'),
            }
            out.push(']');
        }
        syn::Type::Tuple(t) => {
            out.push('(');
            for (i, e) in t.elems.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(e, out);
            }
            out.push(')');
        }
        _ => out.push('_'),
    }
}

/// The key a root names: `Envelope<User>` as written (`crate::` and spaces
/// aside); a plain name is itself.
pub fn root_key(root: &str) -> String {
    if !root.contains('<') {
        return root.to_owned();
    }
    match syn::parse_str::<syn::Type>(root) {
        Ok(syn::Type::Path(p)) if p.qself.is_none() => match p.path.segments.last() {
            Some(last) => key(last),
            None => root.to_owned(),
        },
        _ => root.to_owned(),
    }
}

/// Replaces each parameter (a path of one bare segment) with its argument.
pub fn substitute(ty: &mut syn::Type, by: &HashMap<String, syn::Type>) {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => {
            if p.path.segments.len() == 1 && p.path.leading_colon.is_none() {
                let segment = &p.path.segments[0];
                if segment.arguments.is_none() {
                    if let Some(arg) = by.get(&segment.ident.to_string()) {
                        *ty = arg.clone();
                        return;
                    }
                }
            }
            for segment in p.path.segments.iter_mut() {
                if let syn::PathArguments::AngleBracketed(args) = &mut segment.arguments {
                    for arg in args.args.iter_mut() {
                        if let syn::GenericArgument::Type(t) = arg {
                            substitute(t, by);
                        }
                    }
                }
            }
        }
        syn::Type::Reference(r) => substitute(&mut r.elem, by),
        syn::Type::Paren(p) => substitute(&mut p.elem, by),
        syn::Type::Group(g) => substitute(&mut g.elem, by),
        syn::Type::Slice(s) => substitute(&mut s.elem, by),
        syn::Type::Array(a) => substitute(&mut a.elem, by),
        syn::Type::Tuple(t) => t.elems.iter_mut().for_each(|e| substitute(e, by)),
        _ => {}
    }
}
