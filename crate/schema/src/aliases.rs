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
        self.expand_where(ty, depth, &|_| true);
    }

    /// [`expand`](Aliases::expand) of the paths `replaceable` accepts (compiled
    /// code keeps `std::time::Instant` the type it is, whatever the
    /// interpreter assumes of a name `Instant`).
    pub fn expand_where(
        &self,
        ty: &mut syn::Type,
        depth: usize,
        replaceable: &dyn Fn(&syn::Path) -> bool,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        match ty {
            syn::Type::Path(p) if p.qself.is_none() => {
                // `ScanPayload` or `reader::ScanPayload`: an alias of the file
                // (or one the playground assumed) stands for the name either way.
                if let Some(segment) = p.path.segments.last()
                    && segment.arguments.is_none()
                    && replaceable(&p.path)
                    && let Some(target) = self.targets.get(&segment.ident.to_string())
                {
                    *ty = target.clone();
                    self.expand_where(ty, depth + 1, replaceable);
                    return;
                }
                for segment in p.path.segments.iter_mut() {
                    if let syn::PathArguments::AngleBracketed(args) = &mut segment.arguments {
                        for arg in args.args.iter_mut() {
                            if let syn::GenericArgument::Type(t) = arg {
                                self.expand_where(t, depth + 1, replaceable);
                            }
                        }
                    }
                }
            }
            syn::Type::Reference(r) => self.expand_where(&mut r.elem, depth + 1, replaceable),
            syn::Type::Paren(p) => self.expand_where(&mut p.elem, depth + 1, replaceable),
            syn::Type::Group(g) => self.expand_where(&mut g.elem, depth + 1, replaceable),
            syn::Type::Slice(s) => self.expand_where(&mut s.elem, depth + 1, replaceable),
            syn::Type::Array(a) => self.expand_where(&mut a.elem, depth + 1, replaceable),
            syn::Type::Tuple(t) => {
                for elem in t.elems.iter_mut() {
                    self.expand_where(elem, depth + 1, replaceable);
                }
            }
            // Other types hold no alias the interpreter would read.
            _ => {}
        }
    }
}
