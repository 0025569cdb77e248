//! The per-field check functions both derives emit: each pushes the field's
//! violations (paths relative to the field's value) and allocates nothing when
//! the value passes.

use overhead_schema::model::FieldPath;
use overhead_schema::{
    CustomCall, FieldDef, IpKind, LengthMode, Literal, Number, RangeFrom, RangeSpec, RegexSource,
    RuleKind, RuleSpec, Shape, TypeDef, TypeKind,
};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

/// `fn <name><const NESTED: bool>(value: &T, out: &mut Violations)`. With
/// `NESTED == false` the `nested` rule is left to decoding.
pub fn field_fn(name: &syn::Ident, field: &FieldDef) -> TokenStream {
    let ty = &field.ty;
    let body = shape_checks(&field.rules, &field.shape, &quote!(value));
    quote! {
        #[inline]
        #[allow(unused_variables, clippy::ptr_arg)]
        fn #name<const NESTED: bool>(value: &#ty, out: &mut ::overhead_validate::Violations) {
            #body
        }
    }
}

/// Whether the field needs a check function at all.
pub fn has_checks(field: &FieldDef) -> bool {
    field.rules.iter().any(|r| !of_the_struct(&r.kind))
}

/// A rule that reads other fields, checked by the struct once it is whole.
fn of_the_struct(kind: &RuleKind) -> bool {
    matches!(kind, RuleKind::MustMatch(_) | RuleKind::RangeFrom(_))
}

/// Checks `rules` against `value` of `shape`: `required` on the option itself,
/// everything else on the value inside any options.
fn shape_checks(rules: &[RuleSpec], shape: &Shape, value: &TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    for rule in rules
        .iter()
        .filter(|r| matches!(r.kind, RuleKind::Required))
    {
        out.extend(push_if_failed(
            rule,
            quote!(::overhead_validate::rules::Required),
            value,
        ));
    }
    let rest: Vec<&RuleSpec> = rules
        .iter()
        .filter(|r| !matches!(r.kind, RuleKind::Required) && !of_the_struct(&r.kind))
        .collect();
    if rest.is_empty() {
        return out;
    }
    let mut inner = value.clone();
    let mut shape = shape;
    let mut depth = 0;
    while let Shape::Option(next) = shape {
        shape = next;
        depth += 1;
    }
    let mut checks = TokenStream::new();
    if depth > 0 {
        inner = quote!(__inner);
    }
    for rule in rest {
        checks.extend(rule_check(rule, shape, &inner));
    }
    if depth == 0 {
        out.extend(checks);
    } else {
        // `Some(Some(x))` for `Option<Option<T>>`: rules apply to the innermost value.
        let mut pattern = quote!(__inner);
        for _ in 0..depth {
            pattern = quote!(::core::option::Option::Some(#pattern));
        }
        out.extend(quote! { if let #pattern = #value { #checks } });
    }
    out
}

/// What derived code does for one rule, from one exhaustive match over the
/// rules: a new rule is handled here or the derive does not compile.
enum RuleCode {
    /// A value implementing `Rule`, and the expression it checks (`value`, or
    /// `value` as `&str`).
    Simple(TokenStream, TokenStream),
    /// `required`, checked on the `Option` itself before the rest.
    Required,
    /// `must_match`, checked by the struct (it needs two fields).
    MustMatch,
    Custom(syn::Path, CustomCall),
    Nested,
    Each(Vec<RuleSpec>),
    /// A rule the analysis lists as not run (its warning says why).
    NotRun,
}

fn rule_code(rule: &RuleSpec, shape: &Shape, value: &TokenStream) -> RuleCode {
    let span = blame(rule.span);
    let str_value = quote_spanned!(span=> ::core::convert::AsRef::<str>::as_ref(#value));
    let rules = quote!(::overhead_validate::rules);
    let simple =
        |rule_value: TokenStream, checked: TokenStream| RuleCode::Simple(rule_value, checked);
    match &rule.kind {
        RuleKind::Text(text) => {
            let rule = syn::Ident::new(text.rust_name(), span);
            simple(quote!(#rules::#rule), str_value)
        }
        RuleKind::Ip(kind) => {
            let kind = match kind {
                IpKind::Any => quote!(Any),
                IpKind::V4 => quote!(V4),
                IpKind::V6 => quote!(V6),
            };
            simple(quote!(#rules::Ip(#rules::IpKind::#kind)), str_value)
        }
        RuleKind::NonEmpty => simple(quote!(#rules::NonEmpty), value.clone()),
        RuleKind::Unique => simple(quote!(#rules::Unique), value.clone()),
        RuleKind::Needle(needle, s) => {
            let rule = syn::Ident::new(needle.rust_name(), span);
            simple(quote!(#rules::#rule(#s)), str_value)
        }
        RuleKind::Number(number_rule, n) => {
            let rule = syn::Ident::new(number_rule.rust_name(), span);
            // The number as the field compares it: a float field's as `f64`.
            let n = match (shape, *n) {
                (Shape::Float, Number::Int(i)) => {
                    let f = i as f64;
                    quote!(#f)
                }
                (_, Number::Float(f)) => quote!(#f),
                (_, Number::Int(i)) => quote!(#i),
            };
            simple(quote!(#rules::#rule(#n)), value.clone())
        }
        RuleKind::Length(spec) => {
            let mode = match spec.mode.unwrap_or(LengthMode::Chars) {
                LengthMode::Chars => quote!(Chars),
                LengthMode::Bytes => quote!(Bytes),
                LengthMode::Utf16 => quote!(Utf16),
                LengthMode::Items => quote!(Items),
            };
            let (min, max, equal) = (
                opt_usize(spec.min),
                opt_usize(spec.max),
                opt_usize(spec.equal),
            );
            let rule_value = quote! {
                #rules::Length { min: #min, max: #max, equal: #equal, mode: #rules::LengthMode::#mode }
            };
            simple(rule_value, value.clone())
        }
        RuleKind::Range(spec) => simple(range(spec), value.clone()),
        RuleKind::Regex(source) => {
            let regex = match source {
                RegexSource::Literal(pattern) => quote! {{
                    static RE: ::overhead_validate::__private::LazyLock<::overhead_validate::__private::Regex> =
                        ::overhead_validate::__private::LazyLock::new(|| {
                            ::overhead_validate::__private::Regex::new(#pattern)
                                .expect("the pattern was checked when the type was compiled")
                        });
                    &*RE
                }},
                RegexSource::Path(path) => quote_spanned!(span=> &*#path),
            };
            simple(quote!(#rules::Pattern(#regex)), str_value)
        }
        RuleKind::OneOf(values) => {
            let (rule_value, checked) = one_of(values, shape, value, str_value);
            simple(rule_value, checked)
        }
        RuleKind::Required => RuleCode::Required,
        RuleKind::MustMatch(_) | RuleKind::RangeFrom(_) => RuleCode::MustMatch,
        RuleKind::Custom(function, call) => RuleCode::Custom(function.clone(), call.clone()),
        RuleKind::Nested => RuleCode::Nested,
        RuleKind::Each(inner) => RuleCode::Each(inner.clone()),
        RuleKind::Phone => RuleCode::NotRun,
    }
}

fn one_of(
    values: &[Literal],
    shape: &Shape,
    value: &TokenStream,
    str_value: TokenStream,
) -> (TokenStream, TokenStream) {
    match shape {
        Shape::Str => {
            let items = values.iter().map(|v| match v {
                Literal::Str(s) => quote!(#s),
                _ => quote!(""),
            });
            (
                quote!(::overhead_validate::rules::OneOf::<&'static str>(&[#(#items),*])),
                str_value,
            )
        }
        Shape::Float => {
            let items = values.iter().map(|v| match v {
                Literal::Int(i) => {
                    let f = *i as f64;
                    quote!(#f)
                }
                Literal::Float(f) => quote!(#f),
                Literal::Str(_) => quote!(f64::NAN),
            });
            (
                quote!(::overhead_validate::rules::OneOf::<f64>(&[#(#items),*])),
                value.clone(),
            )
        }
        _ => {
            let items = values.iter().map(|v| match v {
                Literal::Int(i) => quote!(#i),
                _ => quote!(i128::MIN),
            });
            (
                quote!(::overhead_validate::rules::OneOf::<i128>(&[#(#items),*])),
                value.clone(),
            )
        }
    }
}

/// The call of a custom rule's function on `value`: validator's `f(value)`
/// (`f(value, &context)` with `use_context`), garde's `f(value, &context)`,
/// the context `()` for a type without one. The context is built where it is
/// used, as the libraries' `validate_with_args(&Default::default())` builds it
/// per call.
fn custom_call(
    function: &syn::Path,
    call: &CustomCall,
    value: &TokenStream,
    shape: &Shape,
    span: Span,
) -> TokenStream {
    // validator hands a number to its function by value, anything else by reference.
    let value = match (call, shape) {
        (CustomCall::Value | CustomCall::ValueAndContext(_), Shape::Int | Shape::Float) => {
            quote_spanned!(span=> *#value)
        }
        _ => value.clone(),
    };
    match call {
        CustomCall::Value => quote_spanned!(span=> #function(#value)),
        CustomCall::ValueAndContext(Some(context)) => {
            quote_spanned!(span=> #function(#value, &(#context)))
        }
        CustomCall::ValueAndContext(None) => quote_spanned!(span=>
            ::core::compile_error!("`use_context` needs the type's context, which these definitions neither build (a `const` or `static` of it) nor give a `Default`")
        ),
        CustomCall::WithContext(expr, Some(context)) => {
            quote_spanned!(span=> (#expr)(#value, &(#context)))
        }
        CustomCall::WithContext(expr, None) => quote_spanned!(span=> (#expr)(#value, &())),
    }
}

fn rule_check(rule: &RuleSpec, shape: &Shape, value: &TokenStream) -> TokenStream {
    let span = blame(rule.span);
    match rule_code(rule, shape, value) {
        RuleCode::Simple(rule_value, checked) => push_if_failed(rule, rule_value, &checked),
        RuleCode::Custom(function, call) => {
            let with = overrides(rule);
            // Spanned at the attribute: a function of the wrong type is reported there.
            let value = respan(value, span);
            let called = custom_call(&function, &call, &value, shape, span);
            quote_spanned! {span=>
                if let ::core::result::Result::Err(violation) = #called {
                    let violation: ::overhead_validate::Violation = ::core::convert::Into::into(violation);
                    out.push(violation #with);
                }
            }
        }
        RuleCode::Nested => quote_spanned! {span=>
            if NESTED {
                ::overhead_validate::Validate::validate_into(#value, out);
            }
        },
        RuleCode::Each(inner) => {
            let element_checks = shape_checks(&inner, &element_shape(shape), &quote!(__element));
            if matches!(shape, Shape::Map(_)) {
                quote! {
                    for (__key, __element) in #value.iter() {
                        let __start = out.len();
                        #element_checks
                        if out.len() > __start {
                            out.nest_since(__start, &::overhead_validate::Segment::Key(
                                ::std::string::ToString::to_string(__key).into_boxed_str()));
                        }
                    }
                }
            } else {
                quote! {
                    for (__index, __element) in #value.iter().enumerate() {
                        let __start = out.len();
                        #element_checks
                        if out.len() > __start {
                            out.nest_since(__start, &::overhead_validate::Segment::Index(__index));
                        }
                    }
                }
            }
        }
        // `required` and `must_match` are checked where the field and the
        // struct are; a rule not run emits nothing.
        RuleCode::Required | RuleCode::MustMatch | RuleCode::NotRun => TokenStream::new(),
    }
}

fn element_shape(shape: &Shape) -> Shape {
    match shape {
        Shape::Seq(element) | Shape::Map(element) => element.as_ref().clone(),
        other => other.clone(),
    }
}

/// `fn <name>(value: &T) -> bool`: whether every rule but `nested` passes, without
/// building anything. Decoding calls it first and builds violations only when it
/// says no.
pub fn passes_fn(name: &syn::Ident, field: &FieldDef) -> TokenStream {
    let ty = &field.ty;
    let body = shape_passes(&field.rules, &field.shape, &quote!(value));
    quote! {
        #[inline]
        #[allow(unused_variables, clippy::ptr_arg)]
        fn #name(value: &#ty) -> bool {
            #body
        }
    }
}

fn shape_passes(rules: &[RuleSpec], shape: &Shape, value: &TokenStream) -> TokenStream {
    let mut terms: Vec<TokenStream> = rules
        .iter()
        .filter(|r| matches!(r.kind, RuleKind::Required))
        .map(|_| quote!(::core::option::Option::is_some(#value)))
        .collect();
    let rest: Vec<&RuleSpec> = rules
        .iter()
        .filter(|r| {
            !matches!(r.kind, RuleKind::Required | RuleKind::Nested) && !of_the_struct(&r.kind)
        })
        .collect();
    if !rest.is_empty() {
        let mut inner_shape = shape;
        let mut depth = 0;
        while let Shape::Option(next) = inner_shape {
            inner_shape = next;
            depth += 1;
        }
        let inner = if depth > 0 {
            quote!(__inner)
        } else {
            value.clone()
        };
        let checks: Vec<TokenStream> = rest
            .iter()
            .map(|r| rule_passes(r, inner_shape, &inner))
            .collect();
        if depth == 0 {
            terms.extend(checks);
        } else {
            let mut pattern = quote!(__inner);
            for _ in 0..depth {
                pattern = quote!(::core::option::Option::Some(#pattern));
            }
            terms.push(quote!(match #value { #pattern => true #(&& #checks)*, _ => true }));
        }
    }
    if terms.is_empty() {
        quote!(true)
    } else {
        quote!(#(#terms)&&*)
    }
}

fn rule_passes(rule: &RuleSpec, shape: &Shape, value: &TokenStream) -> TokenStream {
    match rule_code(rule, shape, value) {
        RuleCode::Simple(rule_value, checked) => {
            quote_spanned!(blame(rule.span)=> ::overhead_validate::Rule::check(&#rule_value, #checked))
        }
        RuleCode::Custom(function, call) => {
            let value = respan(value, blame(rule.span));
            let called = custom_call(&function, &call, &value, shape, blame(rule.span));
            quote_spanned!(blame(rule.span)=> ::core::result::Result::is_ok(&#called))
        }
        RuleCode::Each(inner) => {
            let element = shape_passes(&inner, &element_shape(shape), &quote!(__element));
            if matches!(shape, Shape::Map(_)) {
                quote!(#value.values().all(|__element| #element))
            } else {
                quote!(#value.iter().all(|__element| #element))
            }
        }
        // `required` and `must_match` are terms of their own, `nested` is left
        // to decoding, and a rule not run passes.
        RuleCode::Required | RuleCode::MustMatch | RuleCode::Nested | RuleCode::NotRun => {
            quote!(true)
        }
    }
}

/// `if !RULE.check(value) { out.push(RULE.violation(value)…) }`, spanned at the
/// attribute so that a type error points there.
fn push_if_failed(rule: &RuleSpec, rule_value: TokenStream, value: &TokenStream) -> TokenStream {
    let with = overrides(rule);
    // The rule written again where its violation is built: a rule value
    // shared by the test and the cold call was stored to the stack before
    // the test, on the success path (the bounds of a `Length`, a `Range`:
    // 20 stores a user-signup). A pattern's literal is a `static` of its
    // own, kept to one.
    if !matches!(rule.kind, RuleKind::Regex(RegexSource::Literal(_))) {
        return quote_spanned! {blame(rule.span)=>
            if !::overhead_validate::Rule::check(&#rule_value, #value) {
                out.push(::overhead_validate::Rule::violation(&#rule_value, #value) #with);
            }
        };
    }
    quote_spanned! {blame(rule.span)=>
        {
            let __rule = #rule_value;
            if !::overhead_validate::Rule::check(&__rule, #value) {
                out.push(::overhead_validate::Rule::violation(&__rule, #value) #with);
            }
        }
    }
}

/// `.with_code(…)` / `.with_message(…)` from the attribute.
pub fn overrides(rule: &RuleSpec) -> TokenStream {
    let code = rule.code.as_ref().map(|c| quote!(.with_code(#c)));
    let message = rule.message.as_ref().map(|m| quote!(.with_message(#m)));
    quote!(#code #message)
}

fn opt_usize(v: Option<usize>) -> TokenStream {
    match v {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    }
}

/// A written bound as `Range`'s `Option<i128>` or `Option<f64>` (`float`).
fn written_bound(bound: Option<Number>, float: bool) -> TokenStream {
    match (bound, float) {
        (None, _) => quote!(::core::option::Option::None),
        (Some(Number::Int(i)), false) => quote!(::core::option::Option::Some(#i)),
        (Some(Number::Int(i)), true) => {
            let f = i as f64;
            quote!(::core::option::Option::Some(#f))
        }
        (Some(Number::Float(f)), _) => quote!(::core::option::Option::Some(#f)),
    }
}

fn range(spec: &RangeSpec) -> TokenStream {
    let float = spec.has_float();
    let bound = |b: Option<Number>| written_bound(b, float);
    let (min, max, xmin, xmax) = (
        bound(spec.min),
        bound(spec.max),
        bound(spec.exclusive_min),
        bound(spec.exclusive_max),
    );
    let b = if float { quote!(f64) } else { quote!(i128) };
    quote! {
        ::overhead_validate::rules::Range::<#b> { min: #min, max: #max, exclusive_min: #xmin, exclusive_max: #xmax }
    }
}

/// garde's `range` with a bound read from another field of `this`: the
/// range built from the fields' values, and the field's value as an
/// `Option<&T>` (`None` where one of its `Option`s is), which the range
/// checks as `Range` checks a number.
fn range_from(
    field: &FieldDef,
    from: &RangeFrom,
    this: &TokenStream,
) -> (TokenStream, TokenStream) {
    bounded(field, from, this, this)
}

/// A rule whose bounds are read when it runs, from the members of `source`
/// (`this`'s fields, or a context: `ctx.0`), on `field` of `this`: the rule,
/// and the field's value as an `Option<&T>` (`None` where one of its
/// `Option`s is). garde's `range`, or its `length` where `from.length` says
/// how it counts.
fn bounded(
    field: &FieldDef,
    from: &RangeFrom,
    this: &TokenStream,
    source: &TokenStream,
) -> (TokenStream, TokenStream) {
    let (value, shape) = through_options(field, this);
    let rules = quote!(::overhead_validate::rules);
    if let Some(mode) = from.length {
        let mode = length_mode(mode);
        let side = |other: &Option<String>, n: Option<Number>| match (other, n) {
            (Some(other), _) => {
                let member = member_of(other);
                quote!(::core::option::Option::Some(#source.#member as usize))
            }
            (None, Some(Number::Int(n))) => opt_usize(usize::try_from(n).ok()),
            (None, _) => opt_usize(None),
        };
        let (min, max) = (
            side(&from.min, from.spec.min),
            side(&from.max, from.spec.max),
        );
        let rule = quote! {
            #rules::Length { min: #min, max: #max, equal: ::core::option::Option::None, mode: #rules::LengthMode::#mode }
        };
        return (rule, value);
    }
    let float = *shape == Shape::Float || from.spec.has_float();
    let b = if float { quote!(f64) } else { quote!(i128) };
    let number = |n: Option<Number>| written_bound(n, float);
    let side = |other: &Option<String>, n: Option<Number>| match other {
        Some(other) => {
            let member = member_of(other);
            quote!(::core::option::Option::Some(#source.#member as #b))
        }
        None => number(n),
    };
    let (min, max) = (
        side(&from.min, from.spec.min),
        side(&from.max, from.spec.max),
    );
    let (xmin, xmax) = (
        number(from.spec.exclusive_min),
        number(from.spec.exclusive_max),
    );
    let rule = quote! {
        #rules::Range::<#b> { min: #min, max: #max, exclusive_min: #xmin, exclusive_max: #xmax }
    };
    (rule, value)
}

/// `field` of `this` as an `Option<&T>` (`None` where one of its `Option`s
/// is), and the shape inside them.
fn through_options<'f>(field: &'f FieldDef, this: &TokenStream) -> (TokenStream, &'f Shape) {
    let mut shape = &field.shape;
    let member = &field.member;
    let mut value = quote!(::core::option::Option::Some(&#this.#member));
    while let Shape::Option(next) = shape {
        shape = next;
        value = quote!(#value.and_then(::core::option::Option::as_ref));
    }
    (value, shape)
}

fn length_mode(mode: LengthMode) -> TokenStream {
    match mode {
        LengthMode::Chars => quote!(Chars),
        LengthMode::Bytes => quote!(Bytes),
        LengthMode::Utf16 => quote!(Utf16),
        LengthMode::Items => quote!(Items),
    }
}

/// garde's `dive((self.min, self.max))` on a field: the nested value's rules
/// that read the context, run with the context made of `this`'s fields, their
/// violations under the field (`None` for a field that dives with no such
/// context).
fn dive_with_context(
    def: &TypeDef,
    index: usize,
    field: &FieldDef,
    this: &TokenStream,
) -> Option<TokenStream> {
    let context = field.dive_context.as_ref()?;
    // On a collection's elements it is not run: a file's analysis says so
    // at the field; a derive sees this type alone, so it tells by the shape.
    if !matches!(field.shape.without_option(), Shape::Named(_)) {
        return None;
    }
    let members = context.iter().map(|name| member_of(name));
    // The context's type, named, so that a nested type without one is told
    // which to take.
    let types = context
        .iter()
        .map(|name| {
            def.all_fields()
                .find(|f| f.rust_name() == *name)
                .map(|f| &f.ty)
        })
        .collect::<Option<Vec<_>>>()?;
    let (value, _) = through_options(field, this);
    let under = segment(&def.field_path(None, index, field))
        .map(|segment| quote!(out.nest_since(__start, &#segment);));
    Some(quote! {
        if let ::core::option::Option::Some(__nested) = #value {
            let __start = out.len();
            <_ as ::overhead_validate::ContextRules<(#(#types,)*)>>::context_rules_into(__nested, &(#(#this.#members,)*), out);
            #under
        }
    })
}

/// A rule with bounds read when it runs ([`bounded`]), checked on `value`
/// (an `Option<&T>`), its violation under the field.
fn bounded_check(
    def: &TypeDef,
    index: usize,
    field: &FieldDef,
    rule: &RuleSpec,
    check: &TokenStream,
    value: &TokenStream,
) -> TokenStream {
    let with = overrides(rule);
    let under =
        segment(&def.field_path(None, index, field)).map(|segment| quote!(.under(#segment)));
    // Call-site spans: `out` is the derive's own (a span of the attribute
    // would not see it from a `macro_rules!` type).
    quote! {
        if let ::core::option::Option::Some(__value) = #value {
            let __rule = #check;
            if !::overhead_validate::Rule::check(&__rule, __value) {
                out.push(::overhead_validate::Rule::violation(&__rule, __value) #with #under);
            }
        }
    }
}

/// `ContextRules` for a type with a validation context: the rules whose
/// bounds read it (`length(min = ctx.0)`), each on its field, run with the
/// context a diving struct gives. Only where there are such rules (garde's
/// alone write them): the context's type may live elsewhere in the person's
/// codebase, and naming it otherwise would break a build that needs nothing
/// of it.
pub fn context_rules_impl(def: &TypeDef) -> TokenStream {
    let (Some(context), TypeKind::Struct { fields, .. }) = (&def.context, &def.kind) else {
        return TokenStream::new();
    };
    if fields.iter().all(|f| f.context_rules.is_empty()) {
        return TokenStream::new();
    }
    let ident = &def.ident;
    let mut body = TokenStream::new();
    for (index, field) in fields.iter().enumerate() {
        for rule in &field.context_rules {
            let RuleKind::RangeFrom(from) = &rule.kind else {
                continue;
            };
            let (check, value) = bounded(field, from, &quote!(self), &quote!(ctx));
            body.extend(bounded_check(def, index, field, rule, &check, &value));
        }
    }
    quote! {
        impl ::overhead_validate::ContextRules<#context> for #ident {
            #[allow(unused_variables)]
            fn context_rules_into(&self, ctx: &#context, out: &mut ::overhead_validate::Violations) {
                #body
            }
        }
    }
}

/// A field name or a tuple position (`0`) as a member of `self`.
fn member_of(name: &str) -> syn::Member {
    match name.parse::<u32>() {
        Ok(index) => syn::Member::Unnamed(syn::Index {
            index,
            span: Span::call_site(),
        }),
        Err(_) => syn::Member::Named(format_ident!("{}", name)),
    }
}

/// Struct-level checks: `must_match` compares two fields of `this`; garde's
/// `range` with a bound from another field reads both.
pub fn must_match_checks(def: &TypeDef, fields: &[FieldDef], this: &TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    for (index, field) in fields.iter().enumerate() {
        out.extend(dive_with_context(def, index, field, this));
        for rule in &field.rules {
            if let RuleKind::RangeFrom(from) = &rule.kind {
                let (range, value) = range_from(field, from, this);
                out.extend(bounded_check(def, index, field, rule, &range, &value));
            }
            if let RuleKind::MustMatch(other) = &rule.kind {
                let a = &field.member;
                let b = format_ident!("{}", other);
                let name = match def.field_path(None, index, field) {
                    FieldPath::Name(name) => name,
                    FieldPath::Index(_) | FieldPath::Inline => field.name.clone(),
                };
                let with = overrides(rule);
                out.extend(quote_spanned! {blame(rule.span)=>
                    {
                        let __rule = ::overhead_validate::rules::MustMatch { other: #other };
                        if !__rule.check_pair(&#this.#a, &#this.#b) {
                            out.push(__rule.violation() #with .under(::overhead_validate::Segment::Field(
                                ::std::borrow::Cow::Borrowed(#name))));
                        }
                    }
                });
            }
            // garde's `inner(matches(other))`: each element against the other.
            for (inner, other) in element_matches(rule) {
                let a = &field.member;
                let b = format_ident!("{}", other);
                let with = overrides(inner);
                let under = segment(&def.field_path(None, index, field))
                    .map(|segment| quote!(.under(#segment)));
                out.extend(quote! {
                    {
                        let __rule = ::overhead_validate::rules::MustMatch { other: #other };
                        for (__i, __item) in ::core::iter::IntoIterator::into_iter(&#this.#a).enumerate() {
                            if !__rule.check_pair(__item, &#this.#b) {
                                out.push(__rule.violation() #with
                                    .under(::overhead_validate::Segment::Index(__i)) #under);
                            }
                        }
                    }
                });
            }
        }
    }
    out
}

/// The `matches(other)` rules inside an `inner(…)` (`each(…)`), with the
/// other field's name.
fn element_matches(rule: &RuleSpec) -> impl Iterator<Item = (&RuleSpec, &str)> {
    let inner: &[RuleSpec] = match &rule.kind {
        RuleKind::Each(inner) => inner,
        _ => &[],
    };
    inner.iter().filter_map(|r| match &r.kind {
        RuleKind::MustMatch(other) => Some((r, other.as_str())),
        _ => None,
    })
}

/// The segment a field's violations go under, as the type's dialect places
/// it (`TypeDef::field_path`): a name, a position, or none.
pub fn segment(path: &FieldPath) -> Option<TokenStream> {
    match path {
        FieldPath::Inline => None,
        FieldPath::Index(index) => Some(quote!(::overhead_validate::Segment::Index(#index))),
        FieldPath::Name(name) => {
            Some(quote!(::overhead_validate::Segment::Field(::std::borrow::Cow::Borrowed(#name))))
        }
    }
}

pub fn check_fn_name(prefix: &str, field: &FieldDef) -> syn::Ident {
    format_ident!(
        "__check_{}_{}",
        prefix,
        field.rust_name(),
        span = Span::call_site()
    )
}

/// Whether every `must_match` of the struct `this` holds.
pub fn must_match_passes(
    def: &TypeDef,
    fields: &[FieldDef],
    this: &TokenStream,
) -> Vec<TokenStream> {
    let mut out = Vec::new();
    for (index, field) in fields.iter().enumerate() {
        if let Some(checks) = dive_with_context(def, index, field, this) {
            out.push(quote! {{
                let mut __violations = ::overhead_validate::Violations::new();
                {
                    let out = &mut __violations;
                    #checks
                }
                __violations.is_empty()
            }});
        }
        for rule in &field.rules {
            if let RuleKind::RangeFrom(from) = &rule.kind {
                let (range, value) = range_from(field, from, this);
                out.push(quote! {
                    (#value).is_none_or(|__value| ::overhead_validate::Rule::check(&#range, __value))
                });
            }
            if let RuleKind::MustMatch(other) = &rule.kind {
                let a = &field.member;
                let b = format_ident!("{}", other);
                out.push(quote! {
                    ::overhead_validate::rules::MustMatch { other: #other }.check_pair(&#this.#a, &#this.#b)
                });
            }
            for (_, other) in element_matches(rule) {
                let a = &field.member;
                let b = format_ident!("{}", other);
                out.push(quote! {
                    ::core::iter::IntoIterator::into_iter(&#this.#a).all(|__item| {
                        ::overhead_validate::rules::MustMatch { other: #other }.check_pair(__item, &#this.#b)
                    })
                });
            }
        }
    }
    out
}

/// The attribute's place, for the compiler to blame a type error there,
/// resolved as the derive's own code: a type that a `macro_rules!` writes
/// carries the macro's hygiene in its attributes, under which the derive's
/// `out` and `value` would not be found.
fn blame(attribute: Span) -> Span {
    attribute.resolved_at(Span::call_site())
}

/// `tokens` with every span set to `span`, so that the compiler blames the
/// attribute for a type error in code generated from it.
fn respan(tokens: &TokenStream, span: Span) -> TokenStream {
    tokens
        .clone()
        .into_iter()
        .map(|mut tree| {
            if let proc_macro2::TokenTree::Group(group) = &tree {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respan(&group.stream(), span));
                inner.set_span(span);
                tree = proc_macro2::TokenTree::Group(inner);
            } else {
                tree.set_span(span);
            }
            tree
        })
        .collect()
}
