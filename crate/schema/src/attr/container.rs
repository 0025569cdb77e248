//! Validation attributes on the type itself: validator's `#[validate(schema(…),
//! context = …, nest_all_fields)]` and garde's `#[garde(transparent,
//! allow_unvalidated, context(…), custom(…))]`. A struct-level function runs
//! on the whole value after its fields' rules, as the libraries' derives run
//! it (the interpreter runs the paste's function; a plan note says when it
//! cannot).

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
    /// Struct-level functions: validator's `schema(function = …)`, garde's
    /// `custom(…)`, in the order written.
    pub checks: Vec<StructCheck>,
}

/// A function the library runs on the whole struct.
#[derive(Debug, Clone)]
pub struct StructCheck {
    /// Its path (`closure` for a closure written in the attribute).
    pub path: syn::Path,
    pub call: crate::rule::CustomCall,
    /// validator's `skip_on_field_errors` (its default, `true`): not run when
    /// a field broke a rule. garde runs it always.
    pub skip_on_field_errors: bool,
    pub span: proc_macro2::Span,
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
            let mut skip_on_field_errors = true;
            let mut use_context = false;
            meta.parse_nested_meta(|arg| {
                if arg.path.is_ident("function") {
                    function = Some(values::path(arg.value()?)?);
                } else if arg.path.is_ident("skip_on_field_errors") {
                    skip_on_field_errors = flag(&arg)?;
                } else if arg.path.is_ident("use_context") {
                    use_context = flag(&arg)?;
                } else {
                    // arg (0.16), code, message
                    skip_value(&arg)?;
                }
                Ok(())
            })?;
            let path = function
                .ok_or_else(|| syn::Error::new(span, "`schema` needs `function = path`"))?;
            out.checks.push(StructCheck {
                path,
                call: match use_context {
                    true => crate::rule::CustomCall::ValueAndContext(None),
                    false => crate::rule::CustomCall::Value,
                },
                skip_on_field_errors,
                span,
            });
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
            let path = match &expr {
                syn::Expr::Path(p) => p.path.clone(),
                _ => syn::parse_quote!(closure),
            };
            out.checks.push(StructCheck {
                path,
                call: crate::rule::CustomCall::WithContext(Box::new(expr), None),
                skip_on_field_errors: false,
                span,
            });
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
