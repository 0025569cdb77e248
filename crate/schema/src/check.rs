//! Whether each rule can apply to its field's type: `email` on a `u8` is an
//! error at the attribute, not a surprise at run time.

use crate::diagnostic::Errors;
use crate::model::{FieldDef, TypeDef, TypeKind};
use crate::rule::{LengthMode, Literal, RegexSource, RuleKind, RuleSpec};
use crate::shape::Shape;

pub fn rules_apply(def: &TypeDef, errors: &mut Errors) {
    let fields: Vec<&FieldDef> = def.all_fields().collect();
    for field in &fields {
        for rule in &field.rules {
            rule_applies(rule, &field.shape, &field.rust_name(), errors);
            if let RuleKind::MustMatch(other) = &rule.kind
                && !fields.iter().any(|f| f.rust_name() == *other)
            {
                errors.error(
                    rule.span,
                    format!("`must_match`: there is no field `{other}` here"),
                );
            }
        }
        if field.flatten
            && !field
                .rules
                .iter()
                .all(|r| matches!(r.kind, RuleKind::Nested))
        {
            errors.error(field.span, "a flattened field can only take `nested`");
        }
    }
    if let TypeKind::Struct { .. } = def.kind {
        // Nothing more for now: container-level rules arrive with the rules that need them.
    }
}

fn rule_applies(rule: &RuleSpec, shape: &Shape, field: &str, errors: &mut Errors) {
    // A pattern that does not parse is an error here, not a panic at run time.
    // (The syntax only: the parser is small, and a pattern too large to build is
    // reported where it is built.)
    if let RuleKind::Regex(RegexSource::Literal(pattern)) = &rule.kind
        && let Err(e) = regex_syntax::Parser::new().parse(pattern)
    {
        errors.error(rule.span, format!("invalid regular expression: {e}"));
    }
    if matches!(rule.kind, RuleKind::Required) {
        if !matches!(shape, Shape::Option(_)) {
            errors.error(
                rule.span,
                format!(
                    "`required` applies to an `Option`; `{field}` is {}",
                    shape.describe()
                ),
            );
        }
        return;
    }
    let value = shape.without_option();
    let ok = match &rule.kind {
        RuleKind::Email
        | RuleKind::Url
        | RuleKind::Alphanumeric
        | RuleKind::Ascii
        | RuleKind::NonBlank
        | RuleKind::Contains(_)
        | RuleKind::DoesNotContain(_)
        | RuleKind::StartsWith(_)
        | RuleKind::EndsWith(_)
        | RuleKind::Regex(_) => matches!(value, Shape::Str),
        RuleKind::Length(spec) => match value {
            Shape::Str => spec.mode != Some(LengthMode::Items),
            Shape::Seq(_) | Shape::Map(_) => true,
            _ => false,
        },
        RuleKind::NonEmpty => matches!(value, Shape::Str | Shape::Seq(_) | Shape::Map(_)),
        RuleKind::Range(_) => matches!(value, Shape::Int | Shape::Float),
        RuleKind::OneOf(values) => values.iter().all(|v| match v {
            Literal::Str(_) => matches!(value, Shape::Str),
            Literal::Int(_) => matches!(value, Shape::Int | Shape::Float),
            Literal::Float(_) => matches!(value, Shape::Float),
        }),
        RuleKind::Unique => matches!(value, Shape::Seq(_)),
        RuleKind::Nested => value.has_named(),
        RuleKind::Each(inner) => match value {
            Shape::Seq(element) | Shape::Map(element) => {
                for rule in inner {
                    rule_applies(rule, element, field, errors);
                }
                true
            }
            _ => false,
        },
        RuleKind::MustMatch(_) | RuleKind::Custom(_) | RuleKind::Required => true,
    };
    if !ok {
        let keyword = rule.kind.keyword();
        let needs = match &rule.kind {
            RuleKind::Length(spec) if spec.mode == Some(LengthMode::Items) => "a collection",
            RuleKind::Length(_) | RuleKind::NonEmpty => "a string or a collection",
            RuleKind::Range(_) => "a number",
            RuleKind::OneOf(_) => "a string or number of the listed kind",
            RuleKind::Unique | RuleKind::Each(_) => "a collection",
            RuleKind::Nested => "a type with its own rules",
            _ => "a string",
        };
        errors.error(
            rule.span,
            format!(
                "`{keyword}` applies to {needs}; `{field}` is {}",
                shape.describe()
            ),
        );
    }
}
