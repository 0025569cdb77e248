//! `#[derive(FastFlatten)]`: `Serialize` and `Deserialize` through
//! `overhead_flatten`'s field tables, so a flattened child's fields are claimed
//! from the parent's map as each key is read instead of being buffered.
//!
//! Every struct of a flattened tree derives it; a parent reaches its children only
//! through the traits (`FIELDS`, `field`, `read_value`, …), so each derive sees
//! one struct. Flat indices: a struct's own field takes one slot, a flattened
//! child takes as many as its `FIELDS` has, in declaration order; the offsets are
//! constants the compiler folds.

use overhead_schema::{DefaultValue, FieldDef, Shape, Style, TypeDef, TypeKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::validate::reject_generics;

pub fn expand(input: &syn::DeriveInput, def: &TypeDef) -> syn::Result<TokenStream> {
    reject_generics(input, "FastFlatten")?;
    let validate = options(input)?;
    let fields = match &def.kind {
        TypeKind::Struct {
            style: Style::Named,
            fields,
        } => fields,
        _ => {
            return Err(syn::Error::new_spanned(
                &input.ident,
                "#[derive(FastFlatten)] supports structs with named fields",
            ));
        }
    };
    for field in fields.iter().filter(|f| f.flatten) {
        if !matches!(field.shape, Shape::Named(_)) {
            return Err(syn::Error::new(
                field.span,
                "FastFlatten flattens structs that derive FastFlatten; a flattened map, \
                 Option or other type is not supported (serde's own flatten handles those)",
            ));
        }
    }
    let ident = &def.ident;
    let de = deserialize_impl(def, fields, validate);
    let ser = serialize_impl(def, fields);
    Ok(quote! {
        #[allow(non_snake_case, non_camel_case_types, clippy::all)]
        const _: () = {
            use ::overhead_flatten::__private::serde as __serde;
            #de
            #ser
            impl __serde::Serialize for #ident {
                #[inline]
                fn serialize<S: __serde::Serializer>(&self, serializer: S) -> ::core::result::Result<S::Ok, S::Error> {
                    ::overhead_flatten::serialize(self, serializer)
                }
            }
        };
    })
}

/// `#[fast_flatten(validate)]`: decoding validates the value (requires `Validate`).
fn options(input: &syn::DeriveInput) -> syn::Result<bool> {
    let mut validate = false;
    for attr in input
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("fast_flatten"))
    {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("validate") {
                validate = true;
                Ok(())
            } else {
                Err(meta.error("unknown fast_flatten option; the one there is: `validate`"))
            }
        })?;
    }
    Ok(validate)
}

fn child_trait(field: &FieldDef) -> TokenStream {
    let ty = &field.ty;
    quote!(<#ty as ::overhead_flatten::FlattenFields>)
}

fn deserialize_impl(def: &TypeDef, fields: &[FieldDef], validate: bool) -> TokenStream {
    let ident = &def.ident;
    let name = &def.name;
    let deny = def.deny_unknown_fields;
    // Fields that take part in decoding, with their flat start offset constants.
    let read: Vec<&FieldDef> = fields.iter().filter(|f| !f.skip).collect();
    let starts: Vec<syn::Ident> = (0..=read.len())
        .map(|i| format_ident!("__S{}", i))
        .collect();
    let mut consts = quote!(
        const __S0: usize = 0;
    );
    let mut names = Vec::new();
    let mut deny_children = Vec::new();
    for (i, field) in read.iter().enumerate() {
        let (this, next) = (&starts[i], &starts[i + 1]);
        if field.flatten {
            let child = child_trait(field);
            consts.extend(quote!(const #next: usize = #this + #child::FIELDS.len();));
            names.push(quote!(#child::FIELDS));
            deny_children.push(quote!(#child::DENY_UNKNOWN));
        } else {
            let key = &field.name;
            consts.extend(quote!(const #next: usize = #this + 1;));
            names.push(quote!(&[#key]));
        }
    }
    let total = &starts[read.len()];

    let partial_fields = read.iter().enumerate().map(|(i, field)| {
        let slot = format_ident!("f{}", i);
        let ty = &field.ty;
        if field.flatten {
            let child = child_trait(field);
            quote!(#slot: #child::Partial)
        } else {
            quote!(#slot: ::core::option::Option<#ty>)
        }
    });

    // Own keys match here; a key that is not ours is offered to each child in turn
    // (serde's flatten gives the parent first pick, then children in order).
    let own_keys = read
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.flatten)
        .map(|(i, field)| {
            let start = &starts[i];
            let key = &field.name;
            let aliases = &field.aliases;
            quote!(#key #(| #aliases)* => ::core::option::Option::Some(#start),)
        });
    let child_keys = read
        .iter()
        .enumerate()
        .filter(|(_, f)| f.flatten)
        .map(|(i, field)| {
            let start = &starts[i];
            let child = child_trait(field);
            quote! {
                if let ::core::option::Option::Some(i) = #child::field(key) {
                    return ::core::option::Option::Some(#start + i);
                }
            }
        });

    let mut dispatch = quote!(::core::result::Result::Ok(()));
    for (i, field) in read.iter().enumerate().rev() {
        let slot = format_ident!("f{}", i);
        let (this, next) = (&starts[i], &starts[i + 1]);
        let arm = if field.flatten {
            let ty = &field.ty;
            quote! {
                <#ty as ::overhead_flatten::FlattenDeserialize<'de>>::read_value(&mut partial.#slot, field - #this, map)
            }
        } else {
            let key = &field.name;
            quote! {
                if partial.#slot.is_some() {
                    return ::core::result::Result::Err(<A::Error as __serde::de::Error>::duplicate_field(#key));
                }
                partial.#slot = ::core::option::Option::Some(__serde::de::MapAccess::next_value(map)?);
                ::core::result::Result::Ok(())
            }
        };
        dispatch = quote!(if field < #next { #arm } else { #dispatch });
    }

    let container_default = match &def.default_value {
        DefaultValue::None => TokenStream::new(),
        DefaultValue::Trait => quote!(let __default: Self = ::core::default::Default::default();),
        DefaultValue::Path(path) => quote!(let __default: Self = #path();),
    };
    let mut slot_of = std::collections::HashMap::new();
    for (i, field) in read.iter().enumerate() {
        slot_of.insert(field.rust_name(), i);
    }
    let finish_fields = fields.iter().map(|field| {
        let member = &field.member;
        let Some(&i) = slot_of.get(&field.rust_name()) else {
            let value = default_value(def, field)
                .unwrap_or_else(|| quote!(::core::default::Default::default()));
            return quote!(#member: #value,);
        };
        let slot = format_ident!("f{}", i);
        if field.flatten {
            let ty = &field.ty;
            return quote!(#member: <#ty as ::overhead_flatten::FlattenDeserialize<'de>>::finish(partial.#slot)?,);
        }
        let key = &field.name;
        let missing = match default_value(def, field) {
            Some(value) => value,
            None if matches!(field.shape, Shape::Option(_)) => quote!(::core::option::Option::None),
            None => quote!(return ::core::result::Result::Err(::overhead_flatten::missing_field(#key))),
        };
        quote! {
            #member: match partial.#slot {
                ::core::option::Option::Some(value) => value,
                ::core::option::Option::None => #missing,
            },
        }
    });

    let expected = format!("struct {}", def.name);
    let seq_fields = fields.iter().map(|field| {
        let member = &field.member;
        let ty = &field.ty;
        if field.skip {
            let value = default_value(def, field)
                .unwrap_or_else(|| quote!(::core::default::Default::default()));
            quote!(#member: #value,)
        } else if field.flatten {
            quote!(#member: <#ty as ::overhead_flatten::FlattenDeserialize<'de>>::read_seq(seq, read)?,)
        } else {
            quote!(#member: ::overhead_flatten::next_element(seq, read, #expected)?,)
        }
    });
    let seq_default = if read.len() < fields.len() {
        container_default.clone()
    } else {
        TokenStream::new()
    };

    let deserialize_body = if validate {
        quote! {
            ::overhead_validate::de::decode_then_validate(deserializer, ::overhead_flatten::deserialize::<Self, D>)
        }
    } else {
        quote!(::overhead_flatten::deserialize(deserializer))
    };

    quote! {
        #consts

        #[derive(Default)]
        pub struct __Partial { #(#partial_fields,)* }

        impl ::overhead_flatten::FlattenFields for #ident {
            const NAME: &'static str = #name;
            const FIELDS: &'static [&'static str] =
                &::overhead_flatten::concat::<#total>(&[#(#names),*]);
            const DENY_UNKNOWN: bool = #deny #(|| #deny_children)*;
            type Partial = __Partial;

            #[inline]
            fn field(key: &str) -> ::core::option::Option<usize> {
                match key {
                    #(#own_keys)*
                    _ => {
                        #(#child_keys)*
                        ::core::option::Option::None
                    }
                }
            }
        }

        impl<'de> ::overhead_flatten::FlattenDeserialize<'de> for #ident {
            #[inline]
            fn read_value<A: __serde::de::MapAccess<'de>>(
                partial: &mut __Partial,
                field: usize,
                map: &mut A,
            ) -> ::core::result::Result<(), A::Error> {
                #dispatch
            }

            #[inline]
            fn finish<E: __serde::de::Error>(partial: __Partial) -> ::core::result::Result<Self, E> {
                #container_default
                ::core::result::Result::Ok(Self { #(#finish_fields)* })
            }

            #[inline]
            fn read_seq<A: __serde::de::SeqAccess<'de>>(
                seq: &mut A,
                read: &mut usize,
            ) -> ::core::result::Result<Self, A::Error> {
                #seq_default
                ::core::result::Result::Ok(Self { #(#seq_fields)* })
            }
        }

        impl<'de> __serde::Deserialize<'de> for #ident {
            #[inline]
            fn deserialize<D: __serde::Deserializer<'de>>(deserializer: D) -> ::core::result::Result<Self, D::Error> {
                #deserialize_body
            }
        }
    }
}

/// The value of a missing field that has a default: its own, or the container's.
fn default_value(def: &TypeDef, field: &FieldDef) -> Option<TokenStream> {
    let member = &field.member;
    match (&field.default_value, &def.default_value) {
        (DefaultValue::Trait, _) => Some(quote!(::core::default::Default::default())),
        (DefaultValue::Path(path), _) => Some(quote!(#path())),
        (DefaultValue::None, DefaultValue::None) => None,
        (DefaultValue::None, _) => Some(quote!(__default.#member)),
    }
}

fn serialize_impl(def: &TypeDef, fields: &[FieldDef]) -> TokenStream {
    let ident = &def.ident;
    let name = &def.ser_name;
    let written: Vec<&FieldDef> = fields.iter().filter(|f| !f.skip_serializing).collect();
    let writes = written.iter().map(|field| {
        let member = &field.member;
        let key = &field.ser_name;
        if field.flatten {
            return quote!(::overhead_flatten::FlattenSerialize::serialize_fields(&self.#member, s)?;);
        }
        let write = quote!(__serde::ser::SerializeStruct::serialize_field(s, #key, &self.#member)?;);
        match &field.skip_serializing_if {
            Some(path) => quote! {
                if #path(&self.#member) {
                    __serde::ser::SerializeStruct::skip_field(s, #key)?;
                } else {
                    #write
                }
            },
            None => write,
        }
    });
    let counts = written.iter().map(|field| {
        let member = &field.member;
        if field.flatten {
            return quote!(::overhead_flatten::FlattenSerialize::field_count(&self.#member));
        }
        match &field.skip_serializing_if {
            Some(path) => quote!(usize::from(!#path(&self.#member))),
            None => quote!(1),
        }
    });
    quote! {
        impl ::overhead_flatten::FlattenSerialize for #ident {
            const NAME: &'static str = #name;

            #[inline]
            fn field_count(&self) -> usize {
                0 #(+ #counts)*
            }

            #[inline]
            fn serialize_fields<S: __serde::ser::SerializeStruct>(&self, s: &mut S) -> ::core::result::Result<(), S::Error> {
                #(#writes)*
                ::core::result::Result::Ok(())
            }
        }
    }
}
