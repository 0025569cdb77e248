//! The per-field check functions both derives emit: each pushes the field's
//! violations (paths relative to the field's value) and allocates nothing when
//! the value passes.

use overhead_schema::{
    FieldDef, LengthMode, Literal, Number, RangeSpec, RegexSource, RuleKind, RuleSpec, Shape,
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
    field
        .rules
        .iter()
        .any(|r| !matches!(r.kind, RuleKind::MustMatch(_)))
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
        .filter(|r| !matches!(r.kind, RuleKind::Required | RuleKind::MustMatch(_)))
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

fn rule_check(rule: &RuleSpec, shape: &Shape, value: &TokenStream) -> TokenStream {
    let span = rule.span;
    let str_value = quote_spanned!(span=> ::core::convert::AsRef::<str>::as_ref(#value));
    match &rule.kind {
        RuleKind::Email => {
            push_if_failed(rule, quote!(::overhead_validate::rules::Email), &str_value)
        }
        RuleKind::Url => push_if_failed(rule, quote!(::overhead_validate::rules::Url), &str_value),
        RuleKind::Alphanumeric => push_if_failed(
            rule,
            quote!(::overhead_validate::rules::Alphanumeric),
            &str_value,
        ),
        RuleKind::Ascii => {
            push_if_failed(rule, quote!(::overhead_validate::rules::Ascii), &str_value)
        }
        RuleKind::NonBlank => push_if_failed(
            rule,
            quote!(::overhead_validate::rules::NonBlank),
            &str_value,
        ),
        RuleKind::NonEmpty => {
            push_if_failed(rule, quote!(::overhead_validate::rules::NonEmpty), value)
        }
        RuleKind::Unique => push_if_failed(rule, quote!(::overhead_validate::rules::Unique), value),
        RuleKind::Contains(s) => push_if_failed(
            rule,
            quote!(::overhead_validate::rules::Contains(#s)),
            &str_value,
        ),
        RuleKind::DoesNotContain(s) => push_if_failed(
            rule,
            quote!(::overhead_validate::rules::DoesNotContain(#s)),
            &str_value,
        ),
        RuleKind::StartsWith(s) => push_if_failed(
            rule,
            quote!(::overhead_validate::rules::StartsWith(#s)),
            &str_value,
        ),
        RuleKind::EndsWith(s) => push_if_failed(
            rule,
            quote!(::overhead_validate::rules::EndsWith(#s)),
            &str_value,
        ),
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
                ::overhead_validate::rules::Length {
                    min: #min, max: #max, equal: #equal,
                    mode: ::overhead_validate::rules::LengthMode::#mode,
                }
            };
            push_if_failed(rule, rule_value, value)
        }
        RuleKind::Range(spec) => push_if_failed(rule, range(spec), value),
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
            push_if_failed(
                rule,
                quote!(::overhead_validate::rules::Pattern(#regex)),
                &str_value,
            )
        }
        RuleKind::OneOf(values) => {
            let list = match shape {
                Shape::Str => {
                    let items = values.iter().map(|v| match v {
                        Literal::Str(s) => quote!(#s),
                        _ => quote!(""),
                    });
                    quote!(::overhead_validate::rules::OneOf::<&'static str>(&[#(#items),*]))
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
                    quote!(::overhead_validate::rules::OneOf::<f64>(&[#(#items),*]))
                }
                _ => {
                    let items = values.iter().map(|v| match v {
                        Literal::Int(i) => quote!(#i),
                        _ => quote!(i128::MIN),
                    });
                    quote!(::overhead_validate::rules::OneOf::<i128>(&[#(#items),*]))
                }
            };
            let checked = if matches!(shape, Shape::Str) {
                str_value
            } else {
                value.clone()
            };
            push_if_failed(rule, list, &checked)
        }
        RuleKind::Custom(function) => {
            let with = overrides(rule);
            quote_spanned! {span=>
                if let ::core::result::Result::Err(violation) = #function(#value) {
                    let violation: ::overhead_validate::Violation = ::core::convert::Into::into(violation);
                    out.push(violation #with);
                }
            }
        }
        RuleKind::Nested => quote_spanned! {span=>
            if NESTED {
                ::overhead_validate::Validate::validate_into(#value, out);
            }
        },
        RuleKind::Each(inner) => {
            let element_shape = match shape {
                Shape::Seq(element) | Shape::Map(element) => element.as_ref().clone(),
                other => other.clone(),
            };
            let element_checks = shape_checks(inner, &element_shape, &quote!(__element));
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
        RuleKind::Required | RuleKind::MustMatch(_) => TokenStream::new(),
    }
}

/// `if !RULE.check(value) { out.push(RULE.violation(value)…) }`, spanned at the
/// attribute so that a type error points there.
fn push_if_failed(rule: &RuleSpec, rule_value: TokenStream, value: &TokenStream) -> TokenStream {
    let with = overrides(rule);
    quote_spanned! {rule.span=>
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

fn range(spec: &RangeSpec) -> TokenStream {
    let float = spec.has_float();
    let bound = |b: Option<Number>| match (b, float) {
        (None, _) => quote!(::core::option::Option::None),
        (Some(Number::Int(i)), false) => quote!(::core::option::Option::Some(#i)),
        (Some(Number::Int(i)), true) => {
            let f = i as f64;
            quote!(::core::option::Option::Some(#f))
        }
        (Some(Number::Float(f)), _) => quote!(::core::option::Option::Some(#f)),
    };
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

/// Struct-level checks: `must_match` compares two fields of `this`.
pub fn must_match_checks(fields: &[FieldDef], this: &TokenStream) -> TokenStream {
    let mut out = TokenStream::new();
    for field in fields {
        for rule in &field.rules {
            if let RuleKind::MustMatch(other) = &rule.kind {
                let a = &field.member;
                let b = format_ident!("{}", other);
                let name = &field.name;
                let with = overrides(rule);
                out.extend(quote_spanned! {rule.span=>
                    {
                        let __rule = ::overhead_validate::rules::MustMatch { other: #other };
                        if !__rule.check_pair(&#this.#a, &#this.#b) {
                            out.push(__rule.violation() #with .under(::overhead_validate::Segment::Field(
                                ::std::borrow::Cow::Borrowed(#name))));
                        }
                    }
                });
            }
        }
    }
    out
}

/// The segment a field's violations go under, or none for a newtype's only field.
pub fn segment(field: &FieldDef, tuple: bool, newtype: bool) -> Option<TokenStream> {
    if newtype {
        return None;
    }
    if tuple {
        let index = field.rust_name().parse::<usize>().unwrap_or_default();
        return Some(quote!(::overhead_validate::Segment::Index(#index)));
    }
    let name = &field.name;
    Some(quote!(::overhead_validate::Segment::Field(::std::borrow::Cow::Borrowed(#name))))
}

pub fn check_fn_name(prefix: &str, field: &FieldDef) -> syn::Ident {
    format_ident!(
        "__check_{}_{}",
        prefix,
        field.rust_name(),
        span = Span::call_site()
    )
}
