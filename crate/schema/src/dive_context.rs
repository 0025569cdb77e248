//! garde's `dive((self.min, self.max))` into a type whose bounds read that
//! context (`#[garde(context((usize, usize) as ctx))]`, `length(min = ctx.0)`):
//! the bounds are the diving struct's own fields, so the struct that dives
//! checks the rule, once it is read, on the nested value's field — as
//! [`RuleKind::RangeFrom`] checks a bound read from another field. Done
//! across the file's types, since the rule is the nested type's and the
//! values the parent's.

use crate::diagnostic::Errors;
use crate::model::TypeDef;
use crate::rule::{RangeFrom, RuleKind, RuleSpec};
use crate::shape::Shape;

/// Gives each field that dives with a context of its struct's fields the
/// nested type's rules that read it.
pub fn resolve(types: &mut [TypeDef], errors: &mut Errors) {
    let mut given: Vec<(usize, usize, Vec<RuleSpec>)> = Vec::new();
    for (t, def) in types.iter().enumerate() {
        for (f, field) in def.all_fields().enumerate() {
            let Some(context) = &field.dive_context else {
                continue;
            };
            let Some(nested) = nested_type(&field.shape, types) else {
                continue;
            };
            if !matches!(field.shape.without_option(), Shape::Named(_)) {
                // garde hands the context to each element; neither the
                // interpreter nor our derives do.
                if nested.all_fields().any(|f| !f.context_rules.is_empty()) {
                    errors.assumption(
                        field.span,
                        format!(
                            "`{}`'s bounds that read the context are not run on the elements of `{}`: a `dive` with a context runs them on a nested value of its own, not on each element",
                            nested.ident,
                            field.rust_name()
                        ),
                    );
                }
                continue;
            }
            let numbers: Vec<bool> = context
                .iter()
                .map(|name| {
                    def.all_fields()
                        .find(|f| f.rust_name() == *name)
                        .is_some_and(|f| matches!(f.shape, Shape::Int | Shape::Float))
                })
                .collect();
            let mut rules = Vec::new();
            for inner in nested.all_fields() {
                for rule in &inner.context_rules {
                    let RuleKind::RangeFrom(from) = &rule.kind else {
                        continue;
                    };
                    // `ctx.0` is the tuple's first field, `self.min`.
                    let side = |member: &Option<String>| -> Result<Option<String>, ()> {
                        let Some(member) = member else {
                            return Ok(None);
                        };
                        let index: usize = member.parse().map_err(|_| ())?;
                        match (context.get(index), numbers.get(index)) {
                            (Some(name), Some(true)) => Ok(Some(name.clone())),
                            _ => Err(()),
                        }
                    };
                    match (side(&from.min), side(&from.max)) {
                        (Ok(min), Ok(max)) => rules.push(RuleSpec {
                            kind: RuleKind::RangeFrom(RangeFrom {
                                min,
                                max,
                                within: Some(inner.rust_name()),
                                ..from.clone()
                            }),
                            ..rule.clone()
                        }),
                        _ => errors.assumption(
                            field.span,
                            format!(
                                "`{}`'s bounds on `{}` read a member of the context that this `dive` does not give as a number field of `{}`: they are not run here",
                                nested.ident,
                                inner.rust_name(),
                                def.ident
                            ),
                        ),
                    }
                }
            }
            if !rules.is_empty() {
                given.push((t, f, rules));
            }
        }
    }
    for (t, f, rules) in given {
        if let Some(field) = types[t].all_fields_mut().nth(f) {
            field.rules.extend(rules);
        }
    }
}

/// The paste's type a `dive` goes into: the field's own, inside its
/// `Option`s, or a collection's elements'.
fn nested_type<'t>(shape: &Shape, types: &'t [TypeDef]) -> Option<&'t TypeDef> {
    let name = match shape.without_option() {
        Shape::Named(name) => name,
        Shape::Seq(element) | Shape::Map(element) => match element.without_option() {
            Shape::Named(name) => name,
            _ => return None,
        },
        _ => return None,
    };
    types.iter().find(|d| d.ident == name)
}
