//! `#[derive(ValidateOnDeserialize)]`: a `Deserialize` impl that validates each
//! field as it is decoded.
//!
//! serde's own derive does the decoding, so every serde attribute keeps serde's
//! exact meaning: the macro emits a private copy of the type (the "shadow") with
//! the same `#[serde(...)]` attributes, where each field that has rules is read
//! through a `deserialize_with` function that decodes the value, runs the
//! field's checks (the same functions `Validate` uses) and, only if one fails,
//! reports to the per-thread collector of `overhead_validate::collector`.
//! The shadow is then moved into the real type, field by field.

use overhead_schema::model::FieldPath;
use overhead_schema::{FieldDef, RuleKind, Shape, Style, TypeDef, TypeKind, VariantDef};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, format_ident, quote};

use crate::checks;
use crate::validate::{self, reject_generics};

pub fn expand(input: &syn::DeriveInput, def: &TypeDef) -> syn::Result<TokenStream> {
    reject_generics(input, "ValidateOnDeserialize")?;
    let ident = &def.ident;
    let (validate_fns, validate_body) = validate::parts(def);
    if let Some(conversion) = container_conversion(&input.attrs) {
        return Ok(converted(def, &conversion, &validate_fns, &validate_body));
    }
    let shadow_name = format_ident!("__Shadow{}", ident);
    let plain_name = format_ident!("__Plain{}", ident);
    // A container `default` fills missing fields from the type's own default
    // (`impl Default`, or the function named): the shadows take theirs from it.
    let (container_attrs, container_default) = without_container_default(&input.attrs);
    let rename = if container_attrs.iter().any(|a| renames(&a)) {
        TokenStream::new()
    } else {
        let name = ident.to_string();
        quote!(#[serde(rename = #name)])
    };
    let mut de_fns = TokenStream::new();

    // Two private copies of the type: `checked` reads each validated field through a
    // function that checks it as it is decoded (fail-fast: stop at the first);
    // `plain` decodes as serde would, for collecting every violation after.
    let (checked_def, plain_def, checked_convert, plain_convert) = match (&def.kind, &input.data) {
        (TypeKind::Struct { style, fields }, syn::Data::Struct(data)) => {
            let body = |fields: TokenStream| match style {
                Style::Named => quote!({ #fields }),
                Style::Unit => quote!(;),
                _ => quote!((#fields);),
            };
            let paths: Vec<FieldPath> = fields
                .iter()
                .enumerate()
                .map(|(i, f)| def.field_path(None, i, f))
                .collect();
            let checked = body(shadow_fields(
                fields,
                &data.fields,
                &paths,
                "",
                &[],
                true,
                &mut de_fns,
            )?);
            let plain = body(shadow_fields(
                fields,
                &data.fields,
                &paths,
                "",
                &[],
                false,
                &mut de_fns,
            )?);
            (
                quote!(struct #shadow_name #checked),
                quote!(struct #plain_name #plain),
                struct_conversion(&quote!(#shadow_name), fields, *style),
                struct_conversion(&quote!(#plain_name), fields, *style),
            )
        }
        (TypeKind::Enum { variants }, syn::Data::Enum(data)) => {
            let mut shadows = [TokenStream::new(), TokenStream::new()];
            let mut arms = [TokenStream::new(), TokenStream::new()];
            for (variant, syn_variant) in variants.iter().zip(&data.variants) {
                let under = variant_segment(def, variant);
                let paths: Vec<FieldPath> = variant
                    .fields
                    .iter()
                    .enumerate()
                    .map(|(i, f)| def.field_path(Some(variant), i, f))
                    .collect();
                let attrs = serde_attrs(&syn_variant.attrs);
                let v = &variant.ident;
                for (i, (checked, name)) in [(true, &shadow_name), (false, &plain_name)]
                    .into_iter()
                    .enumerate()
                {
                    let fields = shadow_fields(
                        &variant.fields,
                        &syn_variant.fields,
                        &paths,
                        &v.to_string(),
                        under.as_slice(),
                        checked,
                        &mut de_fns,
                    )?;
                    shadows[i].extend(match variant.style {
                        Style::Named => quote!(#(#attrs)* #v { #fields },),
                        Style::Unit => quote!(#(#attrs)* #v,),
                        _ => quote!(#(#attrs)* #v(#fields),),
                    });
                    let (pattern, build) = conversion(
                        &quote!(#name::#v),
                        &quote!(Self::#v),
                        &variant.fields,
                        variant.style,
                    );
                    arms[i].extend(quote!(#pattern => #build,));
                }
            }
            let [checked, plain] = shadows;
            let [checked_arms, plain_arms] = arms;
            (
                quote!(enum #shadow_name { #checked }),
                quote!(enum #plain_name { #plain }),
                quote!(match shadow { #checked_arms }),
                quote!(match shadow { #plain_arms }),
            )
        }
        _ => return Err(syn::Error::new_spanned(ident, "unexpected shape of type")),
    };

    // Fail-fast checked every field it read; serde fills a missing field that has a
    // default without reading it, so those are checked after.
    let defaulted = validate::body(def, false, may_default, &quote!(value));
    let must_match = match &def.kind {
        TypeKind::Struct { fields, .. } => checks::must_match_checks(def, fields, &quote!(value)),
        TypeKind::Enum { .. } => TokenStream::new(),
    };
    // Collecting every violation visits every field anyway, so the value decodes
    // with plain serde (fields of nested types still go through functions that put
    // their violations under the field) and its own fields are checked after, with
    // the code `validate()` runs, and only when a quick pass over the rules fails.
    let all_fields = validate::body(def, false, |_| true, &quote!(value));
    let report_all = quote! {
        let mut violations = ::overhead_validate::Violations::new();
        {
            let out = &mut violations;
            #all_fields
            #must_match
        }
        ::overhead_validate::collector::report(violations);
    };
    let collect_all = match &def.kind {
        TypeKind::Struct { fields, .. } => {
            let mut passes: Vec<TokenStream> = fields
                .iter()
                .filter(|f| checks::has_checks(f))
                .map(|field| {
                    let name = passes_fn_name("", field);
                    let member = &field.member;
                    quote!(#name(&value.#member))
                })
                .collect();
            passes.extend(checks::must_match_passes(def, fields, &quote!(value)));
            if passes.is_empty() {
                TokenStream::new()
            } else {
                quote!(if !(#(#passes)&&*) { #report_all })
            }
        }
        TypeKind::Enum { .. } => report_all,
    };
    let shadow_attrs = quote! {
        #[derive(__serde::Deserialize)]
        #[serde(crate = "::overhead_validate::__private::serde")]
        #rename
        #(#container_attrs)*
    };
    // Missing fields of a container with `default` come from the type's own
    // default: each shadow's default is made from it.
    let (shadow_attrs, shadow_default_impls) = match (&container_default, &def.kind) {
        (Some(source), TypeKind::Struct { fields, style }) => {
            let source = match source {
                Some(path) => quote!(#path()),
                None => quote!(<#ident as ::core::default::Default>::default()),
            };
            let mut impls = TokenStream::new();
            for shadow in [&shadow_name, &plain_name] {
                let (pattern, build) =
                    conversion(&quote!(#ident), &quote!(#shadow), fields, *style);
                impls.extend(quote! {
                    impl ::core::default::Default for #shadow {
                        fn default() -> Self {
                            let #pattern = #source;
                            #build
                        }
                    }
                });
            }
            (quote!(#shadow_attrs #[serde(default)]), impls)
        }
        _ => (shadow_attrs, TokenStream::new()),
    };

    let (validate_impl, reported, deserialize_impl) = shared_impls(ident, &validate_body);
    let context_rules = checks::context_rules_impl(def);
    Ok(quote! {
        #[allow(non_snake_case, non_camel_case_types, clippy::all)]
        const _: () = {
            use ::overhead_validate::__private::serde as __serde;

            #context_rules
            #shadow_attrs
            #checked_def
            #shadow_attrs
            #plain_def

            #shadow_default_impls
            #validate_fns
            #de_fns

            #validate_impl

            impl #ident {
                #[inline]
                fn __decode<'de, D: __serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                    // Asked before anything nested decodes: the first to ask is the root.
                    let root = ::overhead_validate::collector::take_root();
                    if ::overhead_validate::collector::mode() == ::overhead_validate::collector::Mode::CollectAll {
                        let shadow = <#plain_name as __serde::Deserialize>::deserialize(deserializer)?;
                        let value = #plain_convert;
                        #collect_all
                        return ::core::result::Result::Ok(value);
                    }
                    let shadow = <#shadow_name as __serde::Deserialize>::deserialize(deserializer)?;
                    let value = #checked_convert;
                    let mut violations = ::overhead_validate::Violations::new();
                    {
                        let out = &mut violations;
                        #defaulted
                        #must_match
                    }
                    #reported
                }
            }

            #deserialize_impl
        };
    })
}

/// serde's container `from = "T"` or `try_from = "T"`: the type is read as
/// `T`, then converted by the paste's own `impl From`/`TryFrom`.
struct Conversion {
    source: syn::Type,
    fallible: bool,
}

fn container_conversion(attrs: &[syn::Attribute]) -> Option<Conversion> {
    let mut found = None;
    for attr in serde_attrs(attrs) {
        let _ = attr.parse_nested_meta(|meta| {
            let fallible = meta.path.is_ident("try_from");
            if fallible || meta.path.is_ident("from") {
                let text: syn::LitStr = meta.value()?.parse()?;
                if let Ok(source) = text.parse::<syn::Type>() {
                    found = Some(Conversion { source, fallible });
                }
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            } else if meta.input.peek(syn::token::Paren) {
                meta.parse_nested_meta(|inner| {
                    if inner.input.peek(syn::Token![=]) {
                        let _: syn::Expr = inner.value()?.parse()?;
                    }
                    Ok(())
                })?;
            }
            Ok(())
        });
    }
    found
}

/// The impls of a type serde reads through a conversion: its source decodes
/// (validating itself, when it derives ours), the paste's conversion builds
/// the value, and the value's own rules are checked after, as `validate()`
/// checks them: there is no field to check while it is read.
fn converted(
    def: &TypeDef,
    conversion: &Conversion,
    validate_fns: &TokenStream,
    validate_body: &TokenStream,
) -> TokenStream {
    let ident = &def.ident;
    let source = &conversion.source;
    let build = if conversion.fallible {
        quote! {
            <Self as ::core::convert::TryFrom<#source>>::try_from(source)
                .map_err(<D::Error as __serde::de::Error>::custom)?
        }
    } else {
        quote!(<Self as ::core::convert::From<#source>>::from(source))
    };
    let (validate_impl, reported, deserialize_impl) = shared_impls(ident, validate_body);
    quote! {
        #[allow(non_snake_case, non_camel_case_types, clippy::all)]
        const _: () = {
            use ::overhead_validate::__private::serde as __serde;

            #validate_fns

            #validate_impl

            impl #ident {
                #[inline]
                fn __decode<'de, D: __serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                    let root = ::overhead_validate::collector::take_root();
                    let source = <#source as __serde::Deserialize>::deserialize(deserializer)?;
                    let value: Self = #build;
                    let mut violations = ::overhead_validate::Violations::new();
                    ::overhead_validate::Validate::validate_into(&value, &mut violations);
                    #reported
                }
            }

            #deserialize_impl
        };
    }
}

/// What both ways of decoding a type generate alike: its `Validate` impl;
/// the end of `__decode`, where the value's `violations` are reported (a
/// nested value stops its parent there; the root was read to its end, so its
/// caller still checks what follows: trailing text is an error); and the
/// `Deserialize` impl, which decodes in a collector's run or, called through
/// plain serde, collects here and reports what failed as the format's error
/// (formatted, since serde's errors are strings).
fn shared_impls(
    ident: &syn::Ident,
    validate_body: &TokenStream,
) -> (TokenStream, TokenStream, TokenStream) {
    let validate_impl = quote! {
        impl ::overhead_validate::de::ChecksOnDecode for #ident {}
        impl ::overhead_validate::Validate for #ident {
            fn validate_into(&self, out: &mut ::overhead_validate::Violations) {
                #validate_body
            }
        }
    };
    let reported = quote! {
        if !violations.is_empty() && ::overhead_validate::collector::report(violations) && !root {
            return ::core::result::Result::Err(<D::Error as __serde::de::Error>::custom(
                ::overhead_validate::collector::STOPPED));
        }
        ::core::result::Result::Ok(value)
    };
    let deserialize_impl = quote! {
        impl<'de> __serde::Deserialize<'de> for #ident {
            fn deserialize<D: __serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                if ::overhead_validate::collector::is_active() {
                    return Self::__decode(deserializer);
                }
                let (result, violations) = ::overhead_validate::collector::collect(
                    ::overhead_validate::collector::Mode::CollectAll,
                    || Self::__decode(deserializer),
                );
                let value = result?;
                match violations {
                    ::core::option::Option::None => ::core::result::Result::Ok(value),
                    ::core::option::Option::Some(violations) => ::core::result::Result::Err(
                        <D::Error as __serde::de::Error>::custom(violations)),
                }
            }
        }
    };
    (validate_impl, reported, deserialize_impl)
}

/// A field serde may fill in without reading it: `default`, an `Option`, or
/// a skipped field (always its default).
fn may_default(field: &FieldDef) -> bool {
    field.default || field.skip || matches!(field.shape, Shape::Option(_))
}

/// The shadow's fields, with `deserialize_with` where a field validates; emits the
/// `deserialize_with` functions into `de_fns`.
fn shadow_fields(
    fields: &[FieldDef],
    syn_fields: &syn::Fields,
    paths: &[FieldPath],
    prefix: &str,
    outer: &[TokenStream],
    checked: bool,
    de_fns: &mut TokenStream,
) -> syn::Result<TokenStream> {
    let mut out = TokenStream::new();
    for ((field, syn_field), path) in fields.iter().zip(syn_fields.iter()).zip(paths) {
        let mut attrs: Vec<syn::Attribute> =
            serde_attrs(&syn_field.attrs).into_iter().cloned().collect();
        let ty = &field.ty;
        let mut extra = TokenStream::new();
        let nested = field
            .rules
            .iter()
            .any(|r| matches!(r.kind, RuleKind::Nested));
        let with_checks = checked && checks::has_checks(field);
        // A flattened field reads through its function too (serde hands it the
        // keys its parent left), so that its value's rules are checked, and put
        // under the field, only where it says `nested`, as `validate()` does.
        let needs_fn = !field.skip && (with_checks || field.shape.has_named());
        // The field's decoder asks whether its rules pass; so does a struct's
        // `collect_all`, for every field with rules, read or skipped (a
        // variant's are `prefix`ed by its name, and collected otherwise).
        if with_checks && (needs_fn || prefix.is_empty()) {
            de_fns.extend(checks::passes_fn(&passes_fn_name(prefix, field), field));
        }
        if needs_fn {
            // The field's own decoder (`deserialize_with = "string_trim"`)
            // reads it in our function, which then checks what it read.
            let mut own_decoder = None;
            if attrs.iter().any(|a| decodes_itself(&a)) {
                if nested {
                    // At the field's name (or type), where the person wrote it.
                    let at = syn_field
                        .ident
                        .as_ref()
                        .map_or_else(|| syn::spanned::Spanned::span(&syn_field.ty), |i| i.span());
                    return Err(syn::Error::new(
                        at,
                        "a field with its own `with`/`deserialize_with` cannot take `nested` under ValidateOnDeserialize",
                    ));
                }
                let (decoder, rest) = without_own_decoder(&attrs).ok_or_else(|| {
                    syn::Error::new(
                        field.span,
                        "cannot read this field's `with`/`deserialize_with`",
                    )
                })?;
                own_decoder = Some(decoder);
                attrs = rest;
            }
            let kind = if checked { "de" } else { "plain" };
            let fn_name = format_ident!(
                "__{}_{}_{}",
                kind,
                prefix,
                field.rust_name(),
                span = Span::call_site()
            );
            let fn_name_str = fn_name.to_string();
            extra.extend(quote!(#[serde(deserialize_with = #fn_name_str)]));
            // serde treats a missing `Option` as `None` only without `deserialize_with`
            // (a flattened one is never missing: it reads what its parent left).
            if matches!(field.shape, Shape::Option(_)) && !field.default && !field.flatten {
                extra.extend(quote!(#[serde(default)]));
            }
            let mut segments: Vec<TokenStream> = checks::segment(path).into_iter().collect();
            segments.extend(outer.iter().cloned());
            de_fns.extend(de_fn(
                &fn_name,
                prefix,
                field,
                nested,
                with_checks,
                &segments,
                own_decoder.as_ref(),
            )?);
        }
        let name = match &field.member {
            syn::Member::Named(ident) => quote!(#ident:),
            syn::Member::Unnamed(_) => TokenStream::new(),
        };
        out.extend(quote!(#(#attrs)* #extra #name #ty,));
    }
    Ok(out)
}

fn de_fn(
    name: &syn::Ident,
    prefix: &str,
    field: &FieldDef,
    nested: bool,
    with_checks: bool,
    segments: &[TokenStream],
    own_decoder: Option<&syn::ExprPath>,
) -> syn::Result<TokenStream> {
    let ty = &field.ty;
    let decode = if let Some(decoder) = own_decoder {
        quote!(let value: #ty = #decoder(deserializer)?;)
    } else if nested && field.shape.has_named() {
        let call = match field.shape.without_option() {
            Shape::Seq(_) if matches!(field.shape, Shape::Seq(_)) => {
                quote!(::overhead_validate::de::nested_vec(deserializer))
            }
            Shape::Map(_) if matches!(field.shape, Shape::Map(_)) => {
                quote!(::overhead_validate::de::nested_map(deserializer))
            }
            Shape::Named(_) => quote!(<#ty as __serde::Deserialize>::deserialize(deserializer)),
            _ => {
                return Err(syn::Error::new(
                    field.span,
                    "ValidateOnDeserialize supports `nested` on T, Option<T>, Box<T>, Vec<T> and HashMap<K, T>",
                ));
            }
        };
        // serde reads a flattened `Option` as `None` when its struct does not
        // read: what that struct broke does not count, except a violation that
        // stopped fail-fast decoding (it is why the struct did not read).
        let not_read = if field.flatten && matches!(field.shape, Shape::Option(_)) {
            quote! {
                if matches!(__decoded, ::core::result::Result::Ok(::core::option::Option::None))
                    && ::overhead_validate::collector::len() > __start
                {
                    if ::overhead_validate::collector::mode() == ::overhead_validate::collector::Mode::FailFast {
                        return ::core::result::Result::Err(<__D::Error as __serde::de::Error>::custom(
                            ::overhead_validate::collector::STOPPED));
                    }
                    ::overhead_validate::collector::forget_since(__start);
                }
            }
        } else {
            TokenStream::new()
        };
        quote! {
            ::overhead_validate::de::checks_on_decode::<#ty>();
            let __start = ::overhead_validate::collector::len();
            let __decoded = #call;
            if ::overhead_validate::collector::len() > __start {
                #( ::overhead_validate::collector::nest_since(__start, &#segments); )*
            }
            #not_read
            let value: #ty = __decoded?;
        }
    } else if field.shape.has_named() {
        quote! {
            let value = ::overhead_validate::collector::muted(|| <#ty as __serde::Deserialize>::deserialize(deserializer))?;
        }
    } else {
        quote!(let value = <#ty as __serde::Deserialize>::deserialize(deserializer)?;)
    };
    let passes_fn = passes_fn_name(prefix, field);
    let check = if with_checks {
        let check_fn = checks::check_fn_name(prefix, field);
        quote! {
            if !#passes_fn(&value) {
                let mut __out = ::overhead_validate::Violations::new();
                #check_fn::<false>(&value, &mut __out);
                #( __out.nest_since(0, &#segments); )*
                if ::overhead_validate::collector::report(__out) {
                    return ::core::result::Result::Err(<__D::Error as __serde::de::Error>::custom(
                        ::overhead_validate::collector::STOPPED));
                }
            }
        }
    } else {
        TokenStream::new()
    };
    // `__D`, not `D`: the field's type may be named `D`.
    Ok(quote! {
        #[inline]
        fn #name<'de, __D: __serde::Deserializer<'de>>(deserializer: __D) -> ::core::result::Result<#ty, __D::Error> {
            #decode
            #check
            ::core::result::Result::Ok(value)
        }
    })
}

/// `__passes_<prefix>_<field>`: whether the field's own rules pass
/// (`checks::passes_fn`), for its decoder and for `collect_all`.
fn passes_fn_name(prefix: &str, field: &FieldDef) -> syn::Ident {
    format_ident!(
        "__passes_{}_{}",
        prefix,
        field.rust_name(),
        span = Span::call_site()
    )
}

/// Moves the struct `shadow` into `Self`, field by field.
fn struct_conversion(shadow: &TokenStream, fields: &[FieldDef], style: Style) -> TokenStream {
    let (pattern, build) = conversion(shadow, &quote!(Self), fields, style);
    quote!({ let #pattern = shadow; #build })
}

/// The pattern `Shadow { a: __v0, … }` and the expression `Real { a: __v0, … }`.
fn conversion(
    shadow: &TokenStream,
    real: &TokenStream,
    fields: &[FieldDef],
    style: Style,
) -> (TokenStream, TokenStream) {
    let names: Vec<syn::Ident> = (0..fields.len())
        .map(|i| format_ident!("__v{}", i))
        .collect();
    let members: Vec<&syn::Member> = fields.iter().map(|f| &f.member).collect();
    match style {
        Style::Named => (
            quote!(#shadow { #(#members: #names),* }),
            quote!(#real { #(#members: #names),* }),
        ),
        Style::Unit => (quote!(#shadow), quote!(#real)),
        _ => (quote!(#shadow(#(#names),*)), quote!(#real(#(#names),*))),
    }
}

fn variant_segment(def: &TypeDef, variant: &VariantDef) -> Option<TokenStream> {
    let key = def.variant_key(variant)?;
    Some(quote!(::overhead_validate::Segment::Field(::std::borrow::Cow::Borrowed(#key))))
}

/// The container's `#[serde]` attributes without `default`, and the default
/// it asks for: `Some(None)` for a bare `default` (the type's `Default`),
/// `Some(Some(path))` for `default = "path"`.
#[allow(clippy::type_complexity)]
fn without_container_default(
    attrs: &[syn::Attribute],
) -> (Vec<syn::Attribute>, Option<Option<syn::ExprPath>>) {
    use syn::punctuated::Punctuated;
    let mut source = None;
    let mut out = Vec::new();
    for attr in serde_attrs(attrs) {
        let Ok(metas) =
            attr.parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
        else {
            out.push(attr.clone());
            continue;
        };
        let mut kept = Vec::new();
        for meta in metas {
            match &meta {
                syn::Meta::Path(p) if p.is_ident("default") => source = Some(None),
                syn::Meta::NameValue(nv) if nv.path.is_ident("default") => {
                    if let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }) = &nv.value
                    {
                        if let Ok(path) = s.parse::<syn::ExprPath>() {
                            source = Some(Some(path));
                            continue;
                        }
                    }
                    kept.push(meta);
                }
                _ => kept.push(meta),
            }
        }
        if !kept.is_empty() {
            out.push(syn::parse_quote!(#[serde(#(#kept),*)]));
        }
    }
    (out, source)
}

fn serde_attrs(attrs: &[syn::Attribute]) -> Vec<&syn::Attribute> {
    attrs
        .iter()
        .filter(|a| a.path().is_ident("serde"))
        .collect()
}

/// Whether a container attribute renames it (then the shadow keeps that name).
fn renames(attr: &&syn::Attribute) -> bool {
    idents_in(attr).iter().any(|i| i == "rename")
}

/// Whether a field attribute decodes the field with the user's own function.
/// The function a field's `deserialize_with = "f"` (or `with = "m"`: `m::deserialize`)
/// names, and its `#[serde]` attributes without it.
fn without_own_decoder(attrs: &[syn::Attribute]) -> Option<(syn::ExprPath, Vec<syn::Attribute>)> {
    use syn::punctuated::Punctuated;
    let mut decoder = None;
    let mut out = Vec::new();
    for attr in attrs {
        let metas = attr
            .parse_args_with(Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated)
            .ok()?;
        let mut kept = Vec::new();
        for meta in metas {
            let own = ["deserialize_with", "with"]
                .into_iter()
                .find(|k| meta.path().is_ident(k));
            match (own, &meta) {
                (Some(key), syn::Meta::NameValue(nv)) => {
                    let syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(path),
                        ..
                    }) = &nv.value
                    else {
                        return None;
                    };
                    let text = if key == "with" {
                        format!("{}::deserialize", path.value())
                    } else {
                        path.value()
                    };
                    let mut parsed: syn::ExprPath = syn::parse_str(&text).ok()?;
                    // Spanned where the person wrote it: a wrong function is reported there.
                    for segment in parsed.path.segments.iter_mut() {
                        segment.ident.set_span(path.span());
                    }
                    decoder = Some(parsed);
                }
                _ => kept.push(meta),
            }
        }
        if !kept.is_empty() {
            out.push(syn::parse_quote!(#[serde(#(#kept),*)]));
        }
    }
    Some((decoder?, out))
}

fn decodes_itself(attr: &&syn::Attribute) -> bool {
    idents_in(attr)
        .iter()
        .any(|i| i == "with" || i == "deserialize_with")
}

fn idents_in(attr: &syn::Attribute) -> Vec<String> {
    match &attr.meta {
        syn::Meta::List(list) => list
            .tokens
            .clone()
            .into_iter()
            .filter_map(|t| match t {
                proc_macro2::TokenTree::Ident(i) => Some(i.to_string()),
                _ => None,
            })
            .collect(),
        other => vec![other.to_token_stream().to_string()],
    }
}
