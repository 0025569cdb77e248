//! The model of a definition: types, fields, their serde meaning (read by
//! serde_derive_internals, so it is serde's own) and their validation rules.

use proc_macro2::Span;
use quote::ToTokens;
use serde_derive_internals::{Ctxt, Derive, ast, attr};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use crate::attr::{FieldRules, field_rules};
use crate::check;
use crate::diagnostic::Errors;
use crate::dialect::{Dialect, DialectOf};
use crate::rule::{RuleKind, RuleSpec};
use crate::scope::Scope;
use crate::shape::Shape;
use crate::via::Via;

/// A struct or enum.
#[derive(Debug, Clone)]
pub struct TypeDef {
    pub ident: syn::Ident,
    /// The name serde gives the type when deserializing (`rename` applied).
    pub name: String,
    /// The name serde gives the type when serializing.
    pub ser_name: String,
    /// `#[serde(default)]` or `#[serde(default = "path")]` on the container.
    pub default_value: DefaultValue,
    pub kind: TypeKind,
    pub deny_unknown_fields: bool,
    pub tagging: Tagging,
    pub transparent: bool,
    pub has_generics: bool,
    /// The type parameters (`T` of `struct Page<T>`); lifetimes are not here.
    pub type_params: Vec<String>,
    /// The library its validation attributes are written for: where its
    /// violations are reported.
    pub dialect: Dialect,
    /// garde's `#[garde(transparent)]`: a newtype's violations are its field's,
    /// with no segment of their own.
    pub path_transparent: bool,
    /// serde_repr's integer form, when the enum derives it.
    pub repr: Option<crate::repr::IntRepr>,
    /// serde's `from = "T"` / `try_from = "T"`: read as `T`, then converted.
    pub conversion: Option<Conversion>,
    /// `#[serde(expecting = "…")]`: what serde's messages say it expected.
    pub expecting: Option<String>,
    /// `#[serde(variant_identifier)]` / `#[serde(field_identifier)]`: an
    /// enum of names, read from a string only (never `{"A": null}`).
    pub identifier: Option<Identifier>,
    /// Struct-level functions (validator's `schema`, garde's `custom`), run
    /// on the whole value after its fields' rules.
    pub checks: Vec<crate::attr::StructCheck>,
    /// The type's validation context (garde's `context(T)`, validator's
    /// `context = T`).
    pub context: Option<syn::Type>,
    pub span: Span,
}

/// serde's container `from`/`try_from`: the type is read as `source` and
/// built by the paste's `impl From<source>` (or `TryFrom`, whose error is a
/// decoding error).
#[derive(Debug, Clone)]
pub struct Conversion {
    pub source: syn::Type,
    pub fallible: bool,
}

#[derive(Debug, Clone)]
pub enum TypeKind {
    Struct { style: Style, fields: Vec<FieldDef> },
    Enum { variants: Vec<VariantDef> },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// `struct S { a: T }`
    Named,
    /// `struct S(A, B)`
    Tuple,
    /// `struct S(A)`
    Newtype,
    /// `struct S;`
    Unit,
}

/// What an identifier enum names, which its messages say: "expected variant
/// identifier" and "unknown variant" or "expected field identifier" and
/// "unknown field".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identifier {
    Variant,
    Field,
}

/// How an enum's variant is told apart in the serialized form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tagging {
    /// `{"Variant": {...}}`
    External,
    /// `#[serde(tag = "t")]`: `{"t": "Variant", ...}`
    Internal { tag: String },
    /// `#[serde(tag = "t", content = "c")]`
    Adjacent { tag: String, content: String },
    /// `#[serde(untagged)]`
    Untagged,
}

#[derive(Debug, Clone)]
pub struct FieldDef {
    pub member: syn::Member,
    pub ty: syn::Type,
    pub shape: Shape,
    /// The name in the serialized form, after `rename`/`rename_all`.
    pub name: String,
    pub aliases: Vec<String>,
    /// `skip` / `skip_deserializing`.
    pub skip: bool,
    /// `default` on the field or its container.
    pub default: bool,
    /// `default` on the field itself, and where its value comes from.
    pub default_value: DefaultValue,
    /// The name in the serialized form when serializing (`rename(serialize = …)`).
    pub ser_name: String,
    /// `skip` / `skip_serializing`.
    pub skip_serializing: bool,
    /// The validation attribute's own `skip` (validator's, garde's): no
    /// rules, and not reached by `nest_all_fields`.
    pub rules_skipped: bool,
    /// `skip_serializing_if = "path"`.
    pub skip_serializing_if: Option<syn::ExprPath>,
    pub flatten: bool,
    /// The JSON of the value a missing field takes, when the paste shows it: a
    /// `default = "path"` function or the container's `impl Default` whose
    /// expression is plain (`Scope::json`).
    pub default_json: Option<String>,
    /// What reads and writes the value: its type, serde_with's `as`, or a known
    /// `with` module.
    pub via: Via,
    /// serde calls a function to read it (`with`, `deserialize_with`, serde_with's
    /// `as`): a missing field is then an error, `Option` or not, unless `default`.
    pub deserialize_with: bool,
    /// The person's own function serde reads it with (`deserialize_with =
    /// "f"`, `with = "m"` as `m::deserialize`), where it is not a library's.
    pub deserialize_fn: Option<syn::Path>,
    /// garde's `if(cond = …, rules…)`: rules run when the condition holds.
    pub conditional: Vec<crate::attr::Conditional>,
    pub rules: Vec<RuleSpec>,
    /// garde's `rename`: the field's name in violation paths.
    pub path_name: Option<String>,
    /// garde's bounds that read a context the paste does not build, run by
    /// a struct that dives with one (see [`crate::attr::FieldRules`]).
    pub context_rules: Vec<RuleSpec>,
    /// garde's `dive((self.min, self.max))`: the fields that make the nested
    /// type's context, by position.
    pub dive_context: Option<Vec<String>>,
    pub span: Span,
}

/// Where a field's violations are reported, below its container's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldPath {
    /// Under a field name.
    Name(String),
    /// Under a position (tuple structs and variants).
    Index(usize),
    /// At the container's own path (a newtype's field, the seed's flattened field).
    Inline,
}

impl FieldDef {
    /// The Rust name: `email`, or `0` for a tuple field.
    pub fn rust_name(&self) -> String {
        match &self.member {
            syn::Member::Named(ident) => ident.to_string(),
            syn::Member::Unnamed(index) => index.index.to_string(),
        }
    }
}

/// Where a missing field's value comes from (serde's `default` attribute).
#[derive(Debug, Clone)]
pub enum DefaultValue {
    /// No default: a missing field is an error (an `Option` is `None`).
    None,
    /// `Default::default()`.
    Trait,
    /// `default = "path"`: the function at the path.
    Path(syn::ExprPath),
}

impl DefaultValue {
    fn of(default: &attr::Default) -> Self {
        match default {
            attr::Default::None => DefaultValue::None,
            attr::Default::Default => DefaultValue::Trait,
            attr::Default::Path(path) => DefaultValue::Path(path.clone()),
        }
    }

    pub fn is_some(&self) -> bool {
        !matches!(self, DefaultValue::None)
    }
}

#[derive(Debug, Clone)]
pub struct VariantDef {
    pub ident: syn::Ident,
    pub name: String,
    /// `#[serde(alias = "…")]`: other names that read as this variant.
    pub aliases: Vec<String>,
    pub style: Style,
    pub fields: Vec<FieldDef>,
    pub skip: bool,
    /// `#[serde(other)]`: any variant name (or index) the enum does not
    /// have reads as this unit variant.
    pub other: bool,
    pub span: Span,
}

impl TypeDef {
    /// Reads one struct or enum. Errors go to `errors`; `None` when serde itself
    /// could not make sense of it. Its dialect is what the item says, else the
    /// seed's.
    pub fn from_derive_input(input: &syn::DeriveInput, errors: &mut Errors) -> Option<TypeDef> {
        // Overhead's own derive reads one item: unsaid, its dialect is the seed's.
        TypeDef::read(input, &Scope::default(), |_| Dialect::Seed, errors)
    }

    /// [`from_derive_input`](TypeDef::from_derive_input) in a file: its `use`
    /// lines give the dialect when the item does not say, and its constants
    /// the bounds that name them.
    pub fn from_derive_input_in(
        input: &syn::DeriveInput,
        scope: &Scope,
        errors: &mut Errors,
    ) -> Option<TypeDef> {
        // A pasted file: unsaid, its dialect is what public code means by it.
        TypeDef::read(input, scope, Dialect::unstated, errors)
    }

    fn read(
        input: &syn::DeriveInput,
        scope: &Scope,
        unstated: fn(&syn::DeriveInput) -> Dialect,
        errors: &mut Errors,
    ) -> Option<TypeDef> {
        if let Some((span, name)) = case_conversion_hazard(input) {
            errors.error(
                span,
                format!(
                    "`rename_all` cannot convert `{name}`: serde's case conversion needs a name that starts with an ASCII letter or digit (serde's own derive panics here); rename the field or variant"
                ),
            );
            return None;
        }
        // serde_with's attribute macros expand before serde's derive reads the item.
        let expanded = crate::serde_with::expand(input);
        let input = expanded.as_ref().unwrap_or(input);
        let stated = scope.stated_dialect();
        let dialect = Dialect::read_in(input, stated, unstated);
        let container_rules = crate::attr::container_rules(&input.attrs, errors);
        let cx = Ctxt::new();
        let private = syn::Ident::new("__private", Span::call_site());
        let container = ast::Container::from_ast(&cx, input, Derive::Deserialize, &private);
        if let Err(e) = cx.check() {
            errors.syn(e);
        }
        let container = container?;
        if derives_serialize(input) {
            // What serde refuses only when it writes the type ("variant
            // identifiers cannot be serialized", a `getter` outside a
            // `remote` type): its Serialize derive's own checks.
            let cx = Ctxt::new();
            ast::Container::from_ast(&cx, input, Derive::Serialize, &private);
            // serde_derive's own precondition for `Serialize` (ser.rs).
            match container.attrs.identifier() {
                attr::Identifier::No => {}
                attr::Identifier::Field => {
                    cx.error_spanned_by(input, "field identifiers cannot be serialized")
                }
                attr::Identifier::Variant => {
                    cx.error_spanned_by(input, "variant identifiers cannot be serialized")
                }
            }
            if let Err(e) = cx.check() {
                errors.syn(e);
                return None;
            }
        }
        let container_default = !matches!(container.attrs.default(), attr::Default::None);
        // The type's validation context (garde's `context(T)`, validator's
        // `context = T`): bounds that read it (`max = ctx.limit`) take its
        // value as the paste builds it.
        let context_ty = container_rules.context.as_ref();
        let mut kind = match &container.data {
            ast::Data::Struct(style, fields) => TypeKind::Struct {
                style: style_of(*style),
                fields: fields
                    .iter()
                    .map(|f| field(f, container_default, dialect, scope, context_ty, errors))
                    .collect(),
            },
            ast::Data::Enum(variants) => TypeKind::Enum {
                variants: variants
                    .iter()
                    .map(|v| VariantDef {
                        ident: v.ident.clone(),
                        name: v.attrs.name().deserialize_name().value.clone(),
                        aliases: v
                            .attrs
                            .aliases()
                            .iter()
                            .map(|a| a.value.clone())
                            .filter(|a| *a != v.attrs.name().deserialize_name().value)
                            .collect(),
                        style: style_of(v.style),
                        fields: v
                            .fields
                            .iter()
                            .map(|f| field(f, false, dialect, scope, context_ty, errors))
                            .collect(),
                        skip: v.attrs.skip_deserializing(),
                        other: v.attrs.other(),
                        span: v.original.span(),
                    })
                    .collect(),
            },
        };
        if let ast::Data::Enum(variants) = &container.data {
            variants
                .iter()
                .for_each(|v| unread_variant_forms(v, errors));
        }
        if container_rules.nest_all_fields {
            nest_all_fields(&mut kind, errors);
        }
        // The context custom rules take: as stated by code made for a paste,
        // else the paste's constant of the context's type.
        let context = crate::dialect::stated_context(&input.attrs)
            .or_else(|| scope.context_of_type(container_rules.context.as_ref()?));
        let mut checks = container_rules.checks;
        if let Some(context) = context {
            give_context(&mut kind, &context);
            for check in &mut checks {
                check.call.with_context(&context);
            }
        }
        // The values missing fields take, where the paste shows them.
        if let TypeKind::Struct { fields, .. } = &mut kind {
            let from_impl = matches!(container.attrs.default(), attr::Default::Default);
            let ident = input.ident.to_string();
            for field in fields.iter_mut() {
                field.default_json = match &field.default_value {
                    DefaultValue::Path(path) => scope.default_fn_json(&path.path),
                    DefaultValue::None if from_impl => {
                        scope.default_impl_json(&ident, &field.rust_name())
                    }
                    DefaultValue::None | DefaultValue::Trait => None,
                };
            }
        }
        let tagging = match container.attrs.tag() {
            attr::TagType::External => Tagging::External,
            attr::TagType::Internal { tag } => Tagging::Internal { tag: tag.clone() },
            attr::TagType::Adjacent { tag, content } => Tagging::Adjacent {
                tag: tag.clone(),
                content: content.clone(),
            },
            attr::TagType::None => Tagging::Untagged,
        };
        let def = TypeDef {
            ident: input.ident.clone(),
            name: container.attrs.name().deserialize_name().value.clone(),
            ser_name: container.attrs.name().serialize_name().value.clone(),
            default_value: DefaultValue::of(container.attrs.default()),
            kind,
            deny_unknown_fields: container.attrs.deny_unknown_fields(),
            tagging,
            transparent: container.attrs.transparent(),
            has_generics: !input.generics.params.is_empty(),
            type_params: input
                .generics
                .type_params()
                .map(|p| p.ident.to_string())
                .collect(),
            dialect,
            path_transparent: container_rules.transparent,
            repr: crate::repr::read(input, errors),
            conversion: match (container.attrs.type_try_from(), container.attrs.type_from()) {
                (Some(source), _) => Some(Conversion {
                    source: source.clone(),
                    fallible: true,
                }),
                (None, Some(source)) => Some(Conversion {
                    source: source.clone(),
                    fallible: false,
                }),
                (None, None) => None,
            },
            checks,
            context: container_rules.context.clone(),
            expecting: container.attrs.expecting().map(str::to_owned),
            identifier: match container.attrs.identifier() {
                attr::Identifier::No => None,
                attr::Identifier::Variant => Some(Identifier::Variant),
                attr::Identifier::Field => Some(Identifier::Field),
            },
            span: input.ident.span(),
        };
        check::rules_apply(&def, errors);
        Some(def)
    }

    /// Every field of a struct, or of every variant of an enum.
    pub fn all_fields(&self) -> Box<dyn Iterator<Item = &FieldDef> + '_> {
        match &self.kind {
            TypeKind::Struct { fields, .. } => Box::new(fields.iter()),
            TypeKind::Enum { variants } => Box::new(variants.iter().flat_map(|v| v.fields.iter())),
        }
    }

    /// [`all_fields`](TypeDef::all_fields), to change.
    pub fn all_fields_mut(&mut self) -> Box<dyn Iterator<Item = &mut FieldDef> + '_> {
        match &mut self.kind {
            TypeKind::Struct { fields, .. } => Box::new(fields.iter_mut()),
            TypeKind::Enum { variants } => {
                Box::new(variants.iter_mut().flat_map(|v| v.fields.iter_mut()))
            }
        }
    }

    /// Where the violations of `field`, the `index`th of the struct or of
    /// `variant`, are reported: validator and garde name Rust fields (garde's
    /// `rename` aside) and keep a flattened field's segment; the seed uses
    /// serde's names and reports a flattened field's violations as its parent's.
    pub fn field_path(
        &self,
        variant: Option<&VariantDef>,
        index: usize,
        field: &FieldDef,
    ) -> FieldPath {
        let style = match (&self.kind, variant) {
            (_, Some(v)) => v.style,
            (TypeKind::Struct { style, .. }, None) => *style,
            (TypeKind::Enum { .. }, None) => Style::Named,
        };
        // garde reports a newtype's field at index 0 unless it is `transparent`
        // (a variant never is); the others have no segment for it.
        let inline_newtype =
            self.dialect != Dialect::Garde || (self.path_transparent && variant.is_none());
        match (self.dialect, style) {
            (_, Style::Newtype) if inline_newtype => FieldPath::Inline,
            // garde's `transparent` on a struct of one named field: its
            // violations are the struct's own (garde's own `newtype` test).
            (Dialect::Garde, Style::Named) if self.path_transparent && variant.is_none() => {
                FieldPath::Inline
            }
            (_, Style::Tuple | Style::Newtype) => FieldPath::Index(index),
            (Dialect::Seed, _) if field.flatten => FieldPath::Inline,
            (Dialect::Seed, _) => FieldPath::Name(field.name.clone()),
            (Dialect::Validator | Dialect::Garde | Dialect::Domainstack, _) => {
                FieldPath::Name(field.path_name.clone().unwrap_or_else(|| field.rust_name()))
            }
        }
    }

    /// The key an enum variant's violations are reported under: its name
    /// (external tagging) or the content key (adjacent); garde adds none.
    pub fn variant_key<'a>(&'a self, variant: &'a VariantDef) -> Option<&'a str> {
        if self.dialect == Dialect::Garde {
            return None;
        }
        match &self.tagging {
            Tagging::External => Some(&variant.name),
            Tagging::Adjacent { content, .. } => Some(content),
            Tagging::Internal { .. } | Tagging::Untagged => None,
        }
    }

    /// Whether any field has a rule.
    pub fn has_rules(&self) -> bool {
        self.all_fields().any(|f| !f.rules.is_empty())
    }
}

fn field(
    f: &ast::Field,
    container_default: bool,
    dialect: Dialect,
    scope: &Scope,
    context: Option<&syn::Type>,
    errors: &mut Errors,
) -> FieldDef {
    let FieldRules {
        rules,
        skip,
        path_name,
        conditional,
        context_rules,
        dive_context,
    } = field_rules(&f.original.attrs, dialect, scope, context, errors);
    let shape = Shape::of(f.ty);
    let rules = if skip {
        Vec::new()
    } else {
        options_inner(rules, &shape, dialect)
    };
    let conditional = conditional
        .into_iter()
        .map(|c| crate::attr::Conditional {
            rules: options_inner(c.rules, &shape, dialect),
            ..c
        })
        .collect();
    // serde_with's `as` and the `with` modules of known libraries are read with
    // their meaning. The person's own reading function is the interpreter's
    // to run (its plan says when it cannot); their own writing function gets
    // a note here.
    let via = f.attrs.deserialize_with().and_then(Via::of);
    let deserialize_fn = match via {
        None => f.attrs.deserialize_with().map(|p| p.path.clone()),
        Some(_) => None,
    };
    let functions: Vec<String> = f
        .attrs
        .serialize_with()
        .into_iter()
        .filter(|path| via.is_none() || Via::of(path).is_none() && !is_serialize_twin(path))
        .map(|path| format!("`{}`", crate::via::path_text(path)))
        .collect();
    if !functions.is_empty() {
        errors.warning(
            f.original.span(),
            format!(
                "serde calls {} to write this field, which the playground cannot run; it is \
                 written in its type's own serde form instead",
                functions.join(" and ")
            ),
        );
    }
    FieldDef {
        member: f.member.clone(),
        ty: f.ty.clone(),
        shape,
        name: f.attrs.name().deserialize_name().value.clone(),
        aliases: f
            .attrs
            .aliases()
            .iter()
            .map(|a| a.value.clone())
            .filter(|a| *a != f.attrs.name().deserialize_name().value)
            .collect(),
        skip: f.attrs.skip_deserializing(),
        default: container_default || !matches!(f.attrs.default(), attr::Default::None),
        default_value: DefaultValue::of(f.attrs.default()),
        ser_name: f.attrs.name().serialize_name().value.clone(),
        skip_serializing: f.attrs.skip_serializing(),
        rules_skipped: skip,
        skip_serializing_if: f.attrs.skip_serializing_if().cloned(),
        flatten: f.attrs.flatten(),
        default_json: None,
        via: via.unwrap_or(Via::Own),
        deserialize_with: f.attrs.deserialize_with().is_some(),
        deserialize_fn,
        rules,
        conditional,
        path_name,
        context_rules: if skip { Vec::new() } else { context_rules },
        dive_context,
        span: f.original.span(),
    }
}

/// `m::serialize` beside a known `m::deserialize` (what `with = "m"` gives).
fn is_serialize_twin(path: &syn::ExprPath) -> bool {
    let mut segments = path.path.segments.clone();
    match segments.pop() {
        Some(last) if last.ident == "serialize" => {
            segments.push(syn::parse_quote!(deserialize));
            Via::of(&syn::ExprPath {
                attrs: Vec::new(),
                qself: None,
                path: syn::Path {
                    leading_colon: path.path.leading_colon,
                    segments,
                },
            })
            .is_some()
        }
        _ => false,
    }
}

/// Each custom rule that takes the type's context gets `context`.
fn give_context(kind: &mut TypeKind, context: &syn::Expr) {
    fn in_rules(rules: &mut [RuleSpec], context: &syn::Expr) {
        for rule in rules {
            match &mut rule.kind {
                RuleKind::Custom(_, call) => call.with_context(context),
                RuleKind::Each(inner) => in_rules(inner, context),
                _ => {}
            }
        }
    }
    let fields: Vec<&mut FieldDef> = match kind {
        TypeKind::Struct { fields, .. } => fields.iter_mut().collect(),
        TypeKind::Enum { variants } => variants
            .iter_mut()
            .flat_map(|v| v.fields.iter_mut())
            .collect(),
    };
    for field in fields {
        in_rules(&mut field.rules, context);
    }
}

/// validator's `nest_all_fields`: every field whose type has its own rules is
/// `nested`, as if each said so. validator's derive calls `validate()` on
/// every field that is not `skip`ped, so a field whose type has no
/// `Validate` (a number, a `String`) keeps it from building: said, since the
/// playground reads the type anyway.
fn nest_all_fields(kind: &mut TypeKind, errors: &mut Errors) {
    let TypeKind::Struct { fields, .. } = kind else {
        return;
    };
    for field in fields.iter_mut() {
        let nested = field
            .rules
            .iter()
            .any(|r| matches!(r.kind, RuleKind::Nested));
        if !field.shape.has_named() && !field.rules_skipped {
            let ty = field.ty.to_token_stream().to_string().replace(' ', "");
            errors.warning(
                field.span,
                format!(
                    "validator's `nest_all_fields` calls `validate()` on every field, and `{ty}` has no `Validate`: validator's derive does not build this type (rustc: \"the method `validate` exists … but its trait bounds were not satisfied\"); mark the field `#[validate(skip)]`. The playground reads it without rules"
                ),
            );
        }
        if !nested && !field.rules_skipped && field.shape.has_named() {
            field.rules.push(RuleSpec {
                kind: RuleKind::Nested,
                code: None,
                message: None,
                span: field.span,
            });
        }
    }
}

/// garde's `inner(...)` on an `Option` is about the value inside, whatever it
/// is (garde's `Inner` for `Option`): its rules are the field's own, which
/// apply to `Some` values. On `Option<Vec<T>>` they check the `Vec`, not its
/// items (garde 0.22 and 0.23 do; `inner(inner(…))` reaches the items).
fn options_inner(rules: Vec<RuleSpec>, shape: &Shape, dialect: Dialect) -> Vec<RuleSpec> {
    match dialect {
        Dialect::Garde => garde_inner(rules, shape),
        _ => rules,
    }
}

/// garde's `inner` at every level of the type: on an `Option` it is the
/// rules on the option's value (garde's `Inner` for `Option` adds no
/// segment), on a collection the rules on each element.
fn garde_inner(rules: Vec<RuleSpec>, shape: &Shape) -> Vec<RuleSpec> {
    let mut out = Vec::with_capacity(rules.len());
    for rule in rules {
        match (rule.kind, shape) {
            (RuleKind::Each(inner), Shape::Option(value)) => out.extend(garde_inner(inner, value)),
            (RuleKind::Each(inner), Shape::Seq(element) | Shape::Map(element)) => {
                out.push(RuleSpec {
                    kind: RuleKind::Each(garde_inner(inner, element)),
                    ..rule
                })
            }
            (kind, _) => out.push(RuleSpec { kind, ..rule }),
        }
    }
    out
}

fn style_of(style: ast::Style) -> Style {
    match style {
        ast::Style::Struct => Style::Named,
        ast::Style::Tuple => Style::Tuple,
        ast::Style::Newtype => Style::Newtype,
        ast::Style::Unit => Style::Unit,
    }
}

/// A field or variant name that serde's `rename_all` conversion cannot take:
/// `serde_derive_internals` slices the first byte of a camelCased name, which
/// panics when the name starts with a multi-byte character or (for a field of
/// underscores only) is empty. Checked before serde reads the attributes, and
/// only when a camelCase `rename_all` (the one rule that slices) is there.
fn case_conversion_hazard(input: &syn::DeriveInput) -> Option<(Span, String)> {
    let renames = |attrs: &[syn::Attribute]| {
        attrs.iter().any(|a| {
            let text = a.to_token_stream().to_string();
            a.path().is_ident("serde") && text.contains("rename_all") && text.contains("camelCase")
        })
    };
    let field_hazard = |fields: &syn::Fields| {
        fields.iter().find_map(|f| {
            let ident = f.ident.as_ref()?;
            let name = ident.unraw().to_string();
            let first = name.chars().find(|&c| c != '_');
            (!first.is_some_and(|c| c.is_ascii())).then(|| (ident.span(), name))
        })
    };
    let any_rename = renames(&input.attrs);
    match &input.data {
        syn::Data::Struct(s) if any_rename => field_hazard(&s.fields),
        syn::Data::Enum(e) => e.variants.iter().find_map(|v| {
            let name = v.ident.unraw().to_string();
            if any_rename && !name.chars().next().is_some_and(|c| c.is_ascii()) {
                return Some((v.ident.span(), name));
            }
            (any_rename || renames(&v.attrs))
                .then(|| field_hazard(&v.fields))
                .flatten()
        }),
        _ => None,
    }
}

/// serde's variant forms the interpreter does not follow, said at the variant
/// (a variant's own reading or writing functions, and a variant of a tagged
/// enum read untagged), so that what differs from serde is not silent.
fn unread_variant_forms(v: &ast::Variant, errors: &mut Errors) {
    let name = v.ident.to_string();
    if v.attrs.untagged() {
        errors.warning(
            v.original.span(),
            format!(
                "serde reads `{name}` untagged, trying it when no tag matches; the playground reads it as a tagged variant, so input serde takes through it is refused here"
            ),
        );
    }
    let functions: Vec<String> = [v.attrs.deserialize_with(), v.attrs.serialize_with()]
        .into_iter()
        .flatten()
        .map(|path| format!("`{}`", crate::via::path_text(path)))
        .collect();
    if !functions.is_empty() {
        errors.warning(
            v.original.span(),
            format!(
                "serde calls {} for the variant `{name}`, which the playground does not run; its content is read and written in its own serde form instead",
                functions.join(" and ")
            ),
        );
    }
}

/// Whether the item derives serde's `Serialize` (by any path to it).
fn derives_serialize(input: &syn::DeriveInput) -> bool {
    let derive_paths = syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated;
    input
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("derive"))
        .filter_map(|a| a.parse_args_with(derive_paths).ok())
        .flatten()
        .any(|path| path.segments.last().is_some_and(|s| s.ident == "Serialize"))
}
