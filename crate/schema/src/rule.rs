//! What a validation attribute means, whichever syntax wrote it: the one
//! definition the derives and the interpreter share.

use proc_macro2::Span;

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
    /// WHATWG "valid e-mail address" with RFC 5321 length limits.
    Email,
    /// An absolute URL per the WHATWG URL Standard.
    Url,
    Length(LengthSpec),
    Range(RangeSpec),
    /// Unicode letters and digits only.
    Alphanumeric,
    Ascii,
    NonEmpty,
    /// At least one non-whitespace character.
    NonBlank,
    Contains(String),
    DoesNotContain(String),
    StartsWith(String),
    EndsWith(String),
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
    /// A user function `fn(&T) -> Result<(), E>` where `E: Into<Violation>`
    /// (`Violation` or `Box<Violation>`).
    Custom(syn::Path),
}

impl RuleKind {
    /// The keyword people know the rule by, for messages.
    pub fn keyword(&self) -> &'static str {
        match self {
            RuleKind::Email => "email",
            RuleKind::Url => "url",
            RuleKind::Length(_) => "length",
            RuleKind::Range(_) => "range",
            RuleKind::Alphanumeric => "alphanumeric",
            RuleKind::Ascii => "ascii",
            RuleKind::NonEmpty => "non_empty",
            RuleKind::NonBlank => "non_blank",
            RuleKind::Contains(_) => "contains",
            RuleKind::DoesNotContain(_) => "does_not_contain",
            RuleKind::StartsWith(_) => "starts_with",
            RuleKind::EndsWith(_) => "ends_with",
            RuleKind::Regex(_) => "regex",
            RuleKind::OneOf(_) => "one_of",
            RuleKind::Unique => "unique",
            RuleKind::Required => "required",
            RuleKind::Nested => "nested",
            RuleKind::Each(_) => "each",
            RuleKind::MustMatch(_) => "must_match",
            RuleKind::Custom(_) => "custom",
        }
    }
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
