//! `type X = …;` aliases, read through: a field of type `UserId` where
//! `type UserId = String;` is a `String` to the rules and the interpreter. An
//! alias with parameters (`type Result<T> = …`) is not read.

use std::collections::HashMap;

/// How many aliases deep a type is followed (`type A = B; type B = A;` stops).
const MAX_DEPTH: usize = 16;

#[derive(Debug, Clone, Default)]
pub struct Aliases {
    targets: HashMap<String, syn::Type>,
}

impl Aliases {
    /// Takes the alias `item` if it has no parameters.
    pub fn add(&mut self, item: &syn::ItemType) {
        if item.generics.params.is_empty() {
            self.targets
                .insert(item.ident.to_string(), (*item.ty).clone());
        }
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Every field type of `input` with its aliases replaced by what they name.
    pub fn expand_fields(&self, input: &mut syn::DeriveInput) {
        if self.is_empty() {
            return;
        }
        for field in crate::serde_with::fields_mut(input) {
            self.expand(&mut field.ty, 0);
        }
    }

    /// Replaces aliases in `ty`, inside its arguments too.
    pub fn expand(&self, ty: &mut syn::Type, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        match ty {
            syn::Type::Path(p) if p.qself.is_none() => {
                // `ScanPayload` or `reader::ScanPayload`: an alias of the file
                // (or one the playground assumed) stands for the name either way.
                if let Some(segment) = p.path.segments.last()
                    && segment.arguments.is_none()
                    && let Some(target) = self.targets.get(&segment.ident.to_string())
                {
                    *ty = target.clone();
                    self.expand(ty, depth + 1);
                    return;
                }
                for segment in p.path.segments.iter_mut() {
                    if let syn::PathArguments::AngleBracketed(args) = &mut segment.arguments {
                        for arg in args.args.iter_mut() {
                            if let syn::GenericArgument::Type(t) = arg {
                                self.expand(t, depth + 1);
                            }
                        }
                    }
                }
            }
            syn::Type::Reference(r) => self.expand(&mut r.elem, depth + 1),
            syn::Type::Paren(p) => self.expand(&mut p.elem, depth + 1),
            syn::Type::Group(g) => self.expand(&mut g.elem, depth + 1),
            syn::Type::Slice(s) => self.expand(&mut s.elem, depth + 1),
            syn::Type::Array(a) => self.expand(&mut a.elem, depth + 1),
            syn::Type::Tuple(t) => {
                for elem in t.elems.iter_mut() {
                    self.expand(elem, depth + 1);
                }
            }
            // Other types hold no alias the interpreter would read.
            _ => {}
        }
    }
}
