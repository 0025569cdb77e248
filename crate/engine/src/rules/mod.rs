//! A field's rules compiled for the interpreter: `overhead_validate`'s own
//! rules with their parameters, codes and messages, ready to run on a
//! [`Value`](crate::value::Value). Nothing here knows the plan or how values
//! are walked: the plan holds these per field, and the checker and the decoder
//! run them.

mod apply;
mod compile;

pub use apply::{broken_rule, custom_verdict, failed_rule, missing, overrides, rule_passes};
pub use compile::{Patterns, compile_rules, function_key, path_text};
pub(crate) use compile::{length_mode, range};

use overhead_validate::rules::registry::RuleId;
use overhead_validate::rules::{IpKind, Length, Range};
use overhead_validate::rules::{NeedleRule, NumberRule, TextRule};

/// One rule of a field, ready to run.
#[derive(Debug, Clone)]
pub struct Check {
    pub kind: CheckKind,
    pub code: Option<String>,
    pub message: Option<String>,
}

impl Check {
    /// `nested` (garde: `dive`): the value's own rules count.
    pub fn is_nested(&self) -> bool {
        matches!(self.kind, CheckKind::Nested)
    }
}

#[derive(Debug, Clone)]
pub enum CheckKind {
    /// A rule on a string's text without parameters (the registry's).
    Text(TextRule),
    Length(Length),
    RangeInt(Range<i128>),
    RangeFloat(Range<f64>),
    NonEmpty,
    Ip(IpKind),
    /// A rule that looks for a text in the string (the registry's).
    Needle(NeedleRule, &'static str),
    /// A rule that compares a number with one it names (the registry's),
    /// named as an integer or as a float.
    NumberInt(NumberRule, i128),
    NumberFloat(NumberRule, f64),
    Pattern(regex::Regex),
    OneOfStr(Vec<&'static str>),
    OneOfInt(Vec<i128>),
    OneOfFloat(Vec<f64>),
    Unique,
    Required,
    /// The value's own rules (`nested` / `dive`).
    Nested,
    /// Rules for each element of a sequence or each value of a map.
    Each(Vec<Check>),
    /// A custom rule: the paste's own function, run.
    Custom(Box<Custom>),
}

/// A custom rule's function, lowered from the paste, and the context it is
/// called with (validator's `use_context`, garde's context).
#[derive(Debug, Clone)]
pub struct Custom {
    pub function: std::sync::Arc<crate::pasted::Function>,
    pub context: Option<Context>,
    /// The function's path as written, for notes.
    pub name: String,
    /// garde's form: its error is a message, the violation's code `custom`.
    pub garde: bool,
}

impl CheckKind {
    /// The rule's registry entry. Exhaustive on purpose: a new check names
    /// its rule here first.
    pub fn id(&self) -> RuleId {
        match self {
            CheckKind::Text(rule) => rule.id(),
            CheckKind::Length(_) => RuleId::Length,
            CheckKind::RangeInt(_) | CheckKind::RangeFloat(_) => RuleId::Range,
            CheckKind::NonEmpty => RuleId::NonEmpty,
            CheckKind::Ip(_) => RuleId::Ip,
            CheckKind::Needle(rule, _) => rule.id(),
            CheckKind::NumberInt(rule, _) | CheckKind::NumberFloat(rule, _) => rule.id(),
            CheckKind::Pattern(_) => RuleId::Regex,
            CheckKind::OneOfStr(_) | CheckKind::OneOfInt(_) | CheckKind::OneOfFloat(_) => {
                RuleId::OneOf
            }
            CheckKind::Unique => RuleId::Unique,
            CheckKind::Required => RuleId::Required,
            CheckKind::Nested => RuleId::Nested,
            CheckKind::Each(_) => RuleId::Each,
            CheckKind::Custom(_) => RuleId::Custom,
        }
    }
}

/// A custom rule's context: `()` (garde's without one), or the paste's
/// expression that builds it, built when a check first needs it (`None` when
/// building it stopped).
#[derive(Debug, Clone)]
pub enum Context {
    Unit,
    Built(
        std::sync::Arc<crate::pasted::Function>,
        std::sync::OnceLock<Option<crate::pasted::Val>>,
    ),
}

impl Context {
    pub fn value(&self) -> Option<crate::pasted::Val> {
        use crate::pasted::{Outcome, Val, run};
        match self {
            Context::Unit => Some(Val::Unit),
            Context::Built(function, built) => built
                .get_or_init(|| match run(function, &[]) {
                    Outcome::Returned(v) => Some(v),
                    Outcome::Stopped(_) => None,
                })
                .clone(),
        }
    }
}
