//! Whether each rule can apply to its field's type: `email` on a `u8` is an
//! error at the attribute, not a surprise at run time.

use crate::diagnostic::Errors;
use crate::model::{FieldDef, TypeDef, TypeKind};
use crate::registry::AppliesTo;
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
            if let RuleKind::RangeFrom(from) = &rule.kind {
                for other in from.fields() {
                    match fields.iter().find(|f| f.rust_name() == other) {
                        None => errors.error(
                            rule.span,
                            format!("`range`: there is no field `{other}` here (`self.{other}`)"),
                        ),
                        Some(f) if !matches!(f.shape, Shape::Int | Shape::Float) => errors.error(
                            rule.span,
                            format!(
                                "`range`: its bound `self.{other}` is {}, not a number",
                                f.shape.describe()
                            ),
                        ),
                        Some(_) => {}
                    }
                }
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
    let applies_to = rule.kind.id().info().applies_to;
    // `required` is about the `Option` itself; every other rule checks the value inside.
    let value = match applies_to {
        AppliesTo::Option => shape,
        _ => shape.without_option(),
    };
    let kind_fits = match applies_to {
        AppliesTo::Str => matches!(value, Shape::Str),
        AppliesTo::Number => matches!(value, Shape::Int | Shape::Float),
        AppliesTo::StrOrNumber => matches!(value, Shape::Str | Shape::Int | Shape::Float),
        AppliesTo::StrOrCollection => matches!(value, Shape::Str | Shape::Seq(_) | Shape::Map(_)),
        AppliesTo::Seq => matches!(value, Shape::Seq(_)),
        AppliesTo::Collection => matches!(value, Shape::Seq(_) | Shape::Map(_)),
        AppliesTo::Option => matches!(value, Shape::Option(_)),
        AppliesTo::Named => value.may_have_rules(),
        AppliesTo::Any => true,
    };
    // What the rule's own arguments narrow further (listed for every rule, so
    // that a new one is considered here).
    let (fits, needs) = match &rule.kind {
        RuleKind::Length(spec) if spec.mode == Some(LengthMode::Items) => {
            (kind_fits && !matches!(value, Shape::Str), "a collection")
        }
        RuleKind::OneOf(values) => (
            kind_fits
                && values.iter().all(|v| match v {
                    Literal::Str(_) => matches!(value, Shape::Str),
                    Literal::Int(_) => matches!(value, Shape::Int | Shape::Float),
                    Literal::Float(_) => matches!(value, Shape::Float),
                }),
            "a string or number of the listed kind",
        ),
        RuleKind::Each(inner) => {
            if let Shape::Seq(element) | Shape::Map(element) = value {
                for rule in inner {
                    rule_applies(rule, element, field, errors);
                }
            }
            (kind_fits, applies_to.needs())
        }
        RuleKind::Text(_)
        | RuleKind::Length(_)
        | RuleKind::Range(_)
        | RuleKind::RangeFrom(_)
        | RuleKind::NonEmpty
        | RuleKind::Ip(_)
        | RuleKind::Phone
        | RuleKind::Needle(..)
        | RuleKind::Number(..)
        | RuleKind::Regex(_)
        | RuleKind::Unique
        | RuleKind::Required
        | RuleKind::Nested
        | RuleKind::MustMatch(_)
        | RuleKind::Custom(..) => (kind_fits, applies_to.needs()),
    };
    if !fits {
        errors.error(
            rule.span,
            format!(
                "`{}` applies to {needs}; `{field}` is {}",
                rule.kind.keyword(),
                shape.describe()
            ),
        );
    }
}
