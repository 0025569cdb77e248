//! An item as the compiler's derives see it, for code generated from a paste:
//! `cfg_attr`s read as if their condition held and serde_with's attribute
//! macros applied, as [`analyze`](crate::analyze) reads it — so the compiled
//! code means what the interpreter runs.

use crate::diagnostic::Errors;

/// Rewrites a struct or enum item in place; other items are left as they are.
pub fn as_derived(item: &mut syn::Item) {
    let mut input = match item {
        syn::Item::Struct(s) => syn::DeriveInput::from(s.clone()),
        syn::Item::Enum(e) => syn::DeriveInput::from(e.clone()),
        _ => return,
    };
    // A malformed `cfg_attr` is the analysis's to report; here it stays out.
    crate::cfg_attr::expand(&mut input, &mut Errors::default());
    let input = crate::serde_with::expand(&input).unwrap_or(input);
    match (item, input.data) {
        (syn::Item::Struct(s), syn::Data::Struct(data)) => {
            s.attrs = input.attrs;
            s.fields = data.fields;
        }
        (syn::Item::Enum(e), syn::Data::Enum(data)) => {
            e.attrs = input.attrs;
            e.variants = data.variants;
        }
        _ => {}
    }
}
