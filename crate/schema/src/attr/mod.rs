//! Validation attributes on fields: `#[validate(...)]` and `#[garde(...)]`.

mod garde;
mod validate;
mod values;

use crate::diagnostic::Errors;
use crate::rule::RuleSpec;

/// The rules of one field (or variant), from all of its validation attributes.
#[derive(Debug, Clone, Default)]
pub struct FieldRules {
    pub rules: Vec<RuleSpec>,
    /// garde's `skip`: no rules, on purpose.
    pub skip: bool,
}

/// Reads every `#[validate]` and `#[garde]` of `attrs`; errors go to `errors`.
pub fn field_rules(attrs: &[syn::Attribute], errors: &mut Errors) -> FieldRules {
    let mut out = FieldRules::default();
    for attr in attrs {
        let result = if attr.path().is_ident("validate") {
            validate::parse(attr, &mut out.rules)
        } else if attr.path().is_ident("garde") {
            garde::parse(attr, &mut out.rules).map(|parsed| out.skip |= parsed.skip)
        } else {
            continue;
        };
        if let Err(e) = result {
            errors.syn(e);
        }
    }
    out
}

/// Whether an attribute is one of ours (the derive must not pass it on).
pub fn is_validation_attr(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("validate") || attr.path().is_ident("garde")
}

pub use validate::KEYWORDS as VALIDATE_KEYWORDS;
