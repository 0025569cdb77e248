//! What a validation attribute means, whichever syntax wrote it: the one
//! definition the derives and the interpreter share.

use proc_macro2::Span;

use crate::registry::{NeedleRule, NumberRule, RuleId, TextRule};

/// One rule on a field, with the code and message the user gave it.
#[derive(Debug, Clone)]
pub struct RuleSpec {
    pub kind: RuleKind,
    pub code: Option<String>,
    pub message: Option<String>,
    /// The rule's keyword in the source.
    pub span: Span,
}

#[derive(Debug, Clone)]
pub enum RuleKind {
    /// A rule on a string's text without parameters (`email`, `url`, …):
    /// the registry says what each is.
    Text(TextRule),
    Length(LengthSpec),
    Range(RangeSpec),
    NonEmpty,
    /// `std::net` parses an address of this kind.
    Ip(IpKind),
    /// Accepted and not run: it needs libphonenumber's metadata.
    Phone,
    /// A rule that looks for a text in the string (`contains`, `prefix`, …):
    /// the registry says what each is.
    Needle(NeedleRule, String),
    /// A rule that compares a number with one it names (`multiple_of = 5`):
    /// the registry says what each is.
    Number(NumberRule, Number),
    /// Unanchored regular expression match.
    Regex(RegexSource),
    OneOf(Vec<Literal>),
    /// No two elements equal.
    Unique,
    /// An `Option` must be `Some`.
    Required,
    /// Validate the value's own rules (validator/domainstack `nested`, garde `dive`).
    Nested,
    /// Rules for every element of a collection (validator `each`, garde `inner`).
    Each(Vec<RuleSpec>),
    /// Equal to another field (by its Rust name).
    MustMatch(String),
    /// garde's `range` with a bound read from another field of the struct
    /// (`range(min = 0, max = self.limit)`): checked once the struct is read.
    RangeFrom(RangeFrom),
    /// A user function, named by its path (for notes), and how it is called.
    Custom(syn::Path, CustomCall),
}

/// How a custom rule's function is called.
#[derive(Debug, Clone)]
pub enum CustomCall {
    /// validator's (and ours): `function(&value) -> Result<(), E>` where
    /// `E: Into<Violation>` (`ValidationError`, `Violation`, `Box<Violation>`).
    Value,
    /// validator's `use_context` (0.16's `arg`): `function(&value, &context)`,
    /// the context as the type's `#[overhead(context = "…")]` builds it
    /// (`None` until [`TypeDef`](crate::TypeDef) reads it).
    ValueAndContext(Option<Box<syn::Expr>>),
    /// garde's: `expr(&value, &context) -> garde::Result`, `expr` a path or a
    /// closure, the context the type's (`()` without one).
    WithContext(Box<syn::Expr>, Option<Box<syn::Expr>>),
}

impl CustomCall {
    /// Gives a call that takes the context `context`, where it has none yet.
    pub fn with_context(&mut self, context: &syn::Expr) {
        match self {
            CustomCall::ValueAndContext(ctx @ None) | CustomCall::WithContext(_, ctx @ None) => {
                *ctx = Some(Box::new(context.clone()));
            }
            _ => {}
        }
    }
}

impl RuleKind {
    /// The rule's entry in the registry. Exhaustive on purpose: a new rule is
    /// named here first.
    pub fn id(&self) -> RuleId {
        match self {
            RuleKind::Text(rule) => rule.id(),
            RuleKind::Length(_) => RuleId::Length,
            RuleKind::Range(_) => RuleId::Range,
            RuleKind::NonEmpty => RuleId::NonEmpty,
            RuleKind::Ip(_) => RuleId::Ip,
            RuleKind::Phone => RuleId::Phone,
            RuleKind::Needle(rule, _) => rule.id(),
            RuleKind::Number(rule, _) => rule.id(),
            RuleKind::Regex(_) => RuleId::Regex,
            RuleKind::OneOf(_) => RuleId::OneOf,
            RuleKind::Unique => RuleId::Unique,
            RuleKind::Required => RuleId::Required,
            RuleKind::Nested => RuleId::Nested,
            RuleKind::Each(_) => RuleId::Each,
            RuleKind::MustMatch(_) => RuleId::MustMatch,
            RuleKind::RangeFrom(_) => RuleId::Range,
            RuleKind::Custom(..) => RuleId::Custom,
        }
    }

    /// The keyword people know the rule by, for messages.
    pub fn keyword(&self) -> &'static str {
        self.id().word()
    }
}

/// Which IP addresses `ip` accepts: validator's `ip`, `ip(v4)`, `ip(v6)`,
/// garde's `ip`, `ipv4`, `ipv6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IpKind {
    Any,
    V4,
    V6,
}

/// What a length counts. `#[validate]` counts characters of strings (Unicode
/// scalar values) and items of collections; garde's modes are its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LengthMode {
    Chars,
    Bytes,
    Utf16,
    /// Collections only: `min_items`/`max_items`.
    Items,
}

#[derive(Debug, Clone, Default)]
pub struct LengthSpec {
    pub min: Option<usize>,
    pub max: Option<usize>,
    pub equal: Option<usize>,
    /// `None`: characters for strings, items for collections.
    pub mode: Option<LengthMode>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Number {
    Int(i128),
    Float(f64),
}

/// Inclusive `min`/`max`, exclusive `exclusive_min`/`exclusive_max`.
#[derive(Debug, Clone, Default)]
pub struct RangeSpec {
    pub min: Option<Number>,
    pub max: Option<Number>,
    pub exclusive_min: Option<Number>,
    pub exclusive_max: Option<Number>,
}

/// A `range` with one or both bounds read from other fields of the struct
/// (by their Rust names: `limit`, or `0` in a tuple struct); a bound read
/// from a field takes the place of the same side's number.
///
/// garde's `dive((self.min, self.max))` makes one too: the nested type's
/// `length(min = ctx.0)` or `range(max = ctx.1)`, checked by the struct that
/// dives (it holds the context's values), on the nested value's field
/// `within`.
#[derive(Debug, Clone, Default)]
pub struct RangeFrom {
    pub spec: RangeSpec,
    pub min: Option<String>,
    pub max: Option<String>,
    /// `Some(mode)`: the bounds are on the value's length, counted so
    /// (garde's `length`); `None`: on the value (`range`).
    pub length: Option<LengthMode>,
    /// The nested value's field (its Rust name) the rule is on, where it
    /// came down a `dive` with a context; `None`: the field itself.
    pub within: Option<String>,
}

impl RangeFrom {
    /// The fields it reads.
    pub fn fields(&self) -> impl Iterator<Item = &str> {
        self.min.iter().chain(&self.max).map(String::as_str)
    }
}

impl RangeSpec {
    pub fn has_float(&self) -> bool {
        [self.min, self.max, self.exclusive_min, self.exclusive_max]
            .iter()
            .any(|b| matches!(b, Some(Number::Float(_))))
    }
}

#[derive(Debug, Clone)]
pub enum RegexSource {
    /// `matches_regex = "…"`, garde's `pattern("…")`.
    Literal(String),
    /// `regex(path = RE)`: a static defined in the user's code.
    Path(syn::Path),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    Str(String),
    Int(i128),
    Float(f64),
}
