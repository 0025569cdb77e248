//! The root's validation context, for a root that validates with one
//! (validator's `#[validate(context = …)]`, garde's `#[garde(context(…))]`):
//! built as the paste builds it, from a constant or a `Default` it has.

use quote::ToTokens;

use super::Library;

/// The root's validation context.
#[derive(Default)]
pub struct Context {
    /// As an expression: a constant or static of its type the paste has,
    /// else its `Default` (`None`: garde's `validate()` takes that itself,
    /// and a root without a context needs none).
    pub expr: Option<String>,
    /// A stand-in for a context type from elsewhere that no rule reads.
    pub stand_in: Option<String>,
}

/// The root's validation context ([`Context`]); an error names what the
/// paste lacks.
pub fn context(
    file: &syn::File,
    root_attrs: &[syn::Attribute],
    library: Library,
) -> Result<Context, String> {
    let Some(ty) = context_type(root_attrs, library) else {
        return Ok(Context::default());
    };
    let wanted = ty.replace(' ', "");
    let base = wanted.split('<').next().unwrap_or_default().to_owned();
    let mut default = false;
    let mut constant = None;
    let mut defined = false;
    walk_items(
        &file.items,
        &mut Vec::new(),
        &mut |item, modules| match item {
            syn::Item::Const(c) if same_type(&c.ty, &wanted) => {
                constant.get_or_insert_with(|| path_in(modules, &c.ident.to_string()));
            }
            syn::Item::Static(s) if same_type(&s.ty, &wanted) => {
                constant.get_or_insert_with(|| path_in(modules, &s.ident.to_string()));
            }
            syn::Item::Struct(s) if s.ident == base => {
                defined = true;
                default |= crate::items::derives(&s.attrs, "Default");
            }
            syn::Item::Enum(e) if e.ident == base => defined = true,
            syn::Item::Type(t) if t.ident == base => defined = true,
            syn::Item::Impl(i) => {
                let for_it = i.self_ty.to_token_stream().to_string().replace(' ', "") == base;
                let is_default = i.trait_.as_ref().is_some_and(|(path, _)| {
                    path.segments.last().is_some_and(|s| s.ident == "Default")
                });
                default |= for_it && is_default;
            }
            _ => {}
        },
    );
    // A context from elsewhere that no rule reads (`ctx.…`) stands in as
    // an empty one.
    let read = file.to_token_stream().to_string().contains("ctx .");
    if !defined && constant.is_none() && !read && !wanted.contains('<') {
        return Ok(Context {
            expr: (library != Library::Garde)
                .then(|| format!("<{ty} as ::std::default::Default>::default()")),
            stand_in: Some(format!("#[derive(Default)] pub struct {base};")),
        });
    }
    let expr = |expr: Option<String>| {
        Ok(Context {
            expr,
            stand_in: None,
        })
    };
    match (constant, default, library) {
        (Some(constant), _, _) => expr(Some(constant)),
        (None, true, Library::Garde) => expr(None),
        (None, true, _) => expr(Some(format!(
            "<{ty} as ::std::default::Default>::default()"
        ))),
        (None, false, _) => Err(format!(
            "the root validates with the context `{ty}`, which the paste neither builds (a `const` or `static` of it) nor gives a `Default`"
        )),
    }
}

/// The context type of validator's `#[validate(context = …)]` or garde's
/// `#[garde(context(…))]` on the root.
pub(crate) fn context_type(attrs: &[syn::Attribute], library: Library) -> Option<String> {
    let name = match library {
        Library::Validator => "validate",
        Library::Garde => "garde",
        Library::Domainstack | Library::Serde => return None,
    };
    let mut found = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident(name)) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("context") {
                if meta.input.peek(syn::token::Paren) {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    let ty: syn::Type = content.parse()?;
                    // `context(Ctx => expr)`: garde's own way to build it.
                    if !content.is_empty() {
                        let _: proc_macro2::TokenStream = content.parse()?;
                    }
                    found = Some(ty.to_token_stream().to_string());
                } else {
                    let value = meta.value()?;
                    let ty = if value.peek(syn::LitStr) {
                        value.parse::<syn::LitStr>()?.value()
                    } else {
                        value.parse::<syn::Type>()?.to_token_stream().to_string()
                    };
                    found = Some(ty);
                }
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            } else if meta.input.peek(syn::token::Paren) {
                let _content;
                syn::parenthesized!(_content in meta.input);
                let _: proc_macro2::TokenStream = _content.parse()?;
            }
            Ok(())
        });
    }
    found.map(|ty| ty.replace(" < ", "<").replace(" >", ">").replace("< ", "<"))
}

fn same_type(ty: &syn::Type, wanted: &str) -> bool {
    ty.to_token_stream().to_string().replace(' ', "") == wanted
}

fn path_in(modules: &[String], name: &str) -> String {
    modules
        .iter()
        .map(String::as_str)
        .chain([name])
        .collect::<Vec<_>>()
        .join("::")
}

/// Every item, through inline modules, with the modules it is in.
pub fn walk_items(
    items: &[syn::Item],
    modules: &mut Vec<String>,
    f: &mut dyn FnMut(&syn::Item, &[String]),
) {
    for item in items {
        f(item, modules);
        if let syn::Item::Mod(m) = item {
            if let Some((_, inner)) = &m.content {
                modules.push(m.ident.to_string());
                walk_items(inner, modules, f);
                modules.pop();
            }
        }
    }
}
