//! Validation attributes on the type itself: validator's `#[validate(schema(…),
//! context = …, nest_all_fields)]` and garde's `#[garde(transparent,
//! allow_unvalidated, context(…), custom(…))]`. A struct-level function is
//! not in the paste's reach: it is listed as not run, the fields' rules run.

use quote::ToTokens;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;

use super::values;
use crate::diagnostic::Errors;

/// What the container's validation attributes say.
#[derive(Debug, Clone, Default)]
pub struct ContainerRules {
    /// garde's `transparent`.
    pub transparent: bool,
    /// validator's `nest_all_fields`: every field is `nested`.
    pub nest_all_fields: bool,
    /// The context's type: validator's `context = T`, garde's `context(T)`.
    pub context: Option<syn::Type>,
}

/// Reads the container's `#[validate]` and `#[garde]`; warnings and errors go
/// to `errors`.
pub fn container_rules(attrs: &[syn::Attribute], errors: &mut Errors) -> ContainerRules {
    let mut out = ContainerRules::default();
    for attr in attrs {
        let result = if attr.path().is_ident("validate") {
            if matches!(attr.meta, syn::Meta::Path(_)) {
                continue;
            }
            attr.parse_nested_meta(|meta| validate_item(meta, &mut out, errors))
        } else if attr.path().is_ident("garde") {
            attr.parse_nested_meta(|meta| garde_item(meta, &mut out, errors))
        } else {
            continue;
        };
        if let Err(e) = result {
            errors.syn(e);
        }
    }
    out
}

fn validate_item(
    meta: ParseNestedMeta,
    out: &mut ContainerRules,
    errors: &mut Errors,
) -> syn::Result<()> {
    let span = meta.path.span();
    let name = meta.path.to_token_stream().to_string();
    match name.as_str() {
        "schema" => {
            let mut function = None;
            meta.parse_nested_meta(|arg| {
                if arg.path.is_ident("function") {
                    function = Some(values::path(arg.value()?)?);
                    Ok(())
                } else {
                    // skip_on_field_errors, use_context, arg, code, message
                    skip_value(&arg)
                }
            })?;
            let function = function
                .map(|p| p.to_token_stream().to_string().replace(' ', ""))
                .ok_or_else(|| syn::Error::new(span, "`schema` needs `function = path`"))?;
            errors.warning(
                span,
                format!(
                    "struct-level `schema` function `{function}` is not run in the playground: \
                     its body is not available here; the fields' rules run"
                ),
            );
        }
        "nest_all_fields" => out.nest_all_fields = flag(&meta)?,
        // The argument type of custom functions.
        "context" => {
            let value = meta.value()?;
            out.context = Some(match value.parse::<syn::LitStr>() {
                Ok(text) => text.parse()?,
                Err(_) => value.parse()?,
            });
        }
        // Whether custom functions borrow the context mutably.
        "mutable" | "nested" => skip_value(&meta)?,
        other => {
            skip_value(&meta)?;
            errors.warning(
                span,
                format!("`#[validate({other})]` on a type is not read by the playground"),
            );
        }
    }
    Ok(())
}

fn garde_item(
    meta: ParseNestedMeta,
    out: &mut ContainerRules,
    errors: &mut Errors,
) -> syn::Result<()> {
    let span = meta.path.span();
    let name = meta.path.to_token_stream().to_string();
    match name.as_str() {
        "transparent" => out.transparent = true,
        // Fields without rules are allowed (checked nowhere here: a field with
        // no rules has nothing to run).
        "allow_unvalidated" => {}
        // The context type: `context(T)` or `context(T => expr)`.
        "context" => {
            let content;
            syn::parenthesized!(content in meta.input);
            out.context = Some(content.parse()?);
            let _: proc_macro2::TokenStream = content.parse()?;
        }
        "custom" => {
            let content;
            syn::parenthesized!(content in meta.input);
            let expr: syn::Expr = content.parse()?;
            errors.warning(
                span,
                format!(
                    "garde's struct-level `custom({})` is not run in the playground: its body \
                     is not available here; the fields' rules run",
                    expr.to_token_stream().to_string().replace(' ', "")
                ),
            );
        }
        other => {
            skip_value(&meta)?;
            errors.warning(
                span,
                format!("`#[garde({other})]` on a type is not read by the playground"),
            );
        }
    }
    Ok(())
}

/// `name`, `name = true` or `name = false`.
fn flag(meta: &ParseNestedMeta) -> syn::Result<bool> {
    if meta.input.peek(syn::Token![=]) {
        let lit: syn::LitBool = meta.value()?.parse()?;
        return Ok(lit.value);
    }
    Ok(true)
}

/// Passes over an item's `= value` or `(arguments)`, whatever they hold.
pub(super) fn skip_value(meta: &ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: syn::Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _: proc_macro2::Group = meta.input.parse()?;
    }
    Ok(())
}
