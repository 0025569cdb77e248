//! validator before 0.18 as validator 0.21 reads it. The build pins one
//! version of each library (validator 0.21), while pastes are written for the
//! version their codebase ships; validator's attribute syntax changed in 0.18
//! in ways that refuse or silently change an older paste:
//! - `#[validate]` alone on a field validated the nested value; now
//!   `#[validate(nested)]` (alone, 0.21 ignores the field: its rules go);
//! - `custom = "f"`, `regex = "RE"`, `must_match = "other"`, `contains =
//!   "x"`, `does_not_contain = "x"` became `custom(function = "f")`,
//!   `regex(path = *RE)`, `must_match(other = "other")`, `contains(pattern =
//!   "x")`, `does_not_contain(pattern = "x")`;
//! - `range` on a float took integer bounds; now the bounds have the field's
//!   type.
//!
//! Each is written in 0.21's form where it stands (that line's columns
//! shift), and said in a note.

use quote::ToTokens;
use syn::spanned::Spanned;

use super::edits::Edits;

/// Rewrites older validator syntax in `file`'s fields; what it rewrote.
pub fn validator(file: &syn::File, edits: &mut Edits) -> Vec<String> {
    let mut said = Vec::new();
    super::walk_items(&file.items, &mut Vec::new(), &mut |item, _| {
        let fields: Vec<&syn::Field> = match item {
            syn::Item::Struct(s) => s.fields.iter().collect(),
            syn::Item::Enum(e) => e.variants.iter().flat_map(|v| v.fields.iter()).collect(),
            _ => return,
        };
        for field in fields {
            let float = is_float(&field.ty);
            for attr in field.attrs.iter().filter(|a| a.path().is_ident("validate")) {
                if let syn::Meta::Path(_) = attr.meta {
                    let span = attr.span();
                    edits.replace(span.start(), span.end(), "#[validate(nested)]");
                    push(
                        &mut said,
                        "`#[validate]` on a nested field as `#[validate(nested)]`",
                    );
                    continue;
                }
                let Ok(metas) = attr.parse_args_with(
                    syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
                ) else {
                    continue;
                };
                for meta in metas {
                    rewrite(&meta, float, edits, &mut said);
                }
            }
        }
    });
    said
}

fn push(said: &mut Vec<String>, what: &str) {
    if !said.iter().any(|s| s == what) {
        said.push(what.to_owned());
    }
}

fn rewrite(meta: &syn::Meta, float: bool, edits: &mut Edits, said: &mut Vec<String>) {
    match meta {
        syn::Meta::NameValue(nv) => {
            let Some(word) = nv.path.get_ident().map(ToString::to_string) else {
                return;
            };
            let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(value),
                ..
            }) = &nv.value
            else {
                return;
            };
            let v = value.value();
            let written = match word.as_str() {
                "custom" => format!("custom(function = {v:?})"),
                "regex" => format!("regex(path = *{})", v.trim_start_matches('*')),
                "must_match" => format!("must_match(other = {v:?})"),
                "contains" => format!("contains(pattern = {v:?})"),
                "does_not_contain" => format!("does_not_contain(pattern = {v:?})"),
                _ => return,
            };
            let span = nv.span();
            edits.replace(span.start(), span.end(), &written);
            push(said, &format!("`{word} = {v:?}` as `{written}`"));
        }
        syn::Meta::List(list) if float && list.path.is_ident("range") => {
            let Ok(pairs) = list.parse_args_with(
                syn::punctuated::Punctuated::<syn::MetaNameValue, syn::Token![,]>::parse_terminated,
            ) else {
                return;
            };
            for pair in pairs {
                if let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(int),
                    ..
                }) = &pair.value
                {
                    let span = int.span();
                    edits.replace(
                        span.start(),
                        span.end(),
                        &format!("{}.0", int.base10_digits()),
                    );
                    push(said, "integer bounds of `range` on a float as floats");
                }
            }
        }
        _ => {}
    }
}

/// `f32`, `f64`, or an `Option` of one.
fn is_float(ty: &syn::Type) -> bool {
    let text = ty.to_token_stream().to_string().replace(' ', "");
    matches!(text.as_str(), "f32" | "f64" | "Option<f32>" | "Option<f64>")
}
