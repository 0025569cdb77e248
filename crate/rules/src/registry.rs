//! The rule registry: for every rule, its keywords in each dialect, its code,
//! its message templates, its parameters, what it applies to and its
//! documentation. overhead-validate's rule files build their violations from
//! these entries; the schema's parser, the derive, the interpreter, the
//! breakdown and the page read them.
//!
//! Plain constant data and lookups over it, with no dependencies: every crate
//! of the workspace can depend on this one (overhead-schema, which the derive
//! needs, included). Nothing here is on a hot path; it serves parsing, docs,
//! messages and codes.
//!
//! Adding a rule: its `RuleInfo` constant and its line in [`rules!`] below,
//! its keywords in [`KEYWORDS`]; a rule on a string's text without parameters
//! also gets a line in [`text_rules!`], one that looks for a text in a string
//! a line in [`needle_rules!`], and then the compiler names the one other
//! place it needs (overhead-validate's `text_rule_check` or
//! `needle_rule_passes`).

/// Declares [`RuleId`], [`RULES`] and [`RuleId::info`] from one list, so a
/// rule's id and its entry cannot drift apart.
macro_rules! rules {
    ($($id:ident => $info:ident),* $(,)?) => {
        /// Every rule Overhead knows. Matches over rules elsewhere are
        /// exhaustive over their own enums, each of which maps to one of these.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum RuleId {
            $($id),*
        }

        /// Every rule, in the order the docs list them.
        pub const RULES: &[RuleInfo] = &[$($info),*];

        impl RuleId {
            /// The rule's registry entry.
            pub const fn info(self) -> &'static RuleInfo {
                match self {
                    $(RuleId::$id => &$info),*
                }
            }
        }
    };
}

rules! {
    Email => EMAIL,
    ValidatorEmail => VALIDATOR_EMAIL,
    GardeEmail => GARDE_EMAIL,
    Url => URL,
    Length => LENGTH,
    Range => RANGE,
    Alphanumeric => ALPHANUMERIC,
    Ascii => ASCII,
    NonEmpty => NON_EMPTY,
    NonBlank => NON_BLANK,
    NonControlCharacter => NON_CONTROL_CHARACTER,
    AlphaOnly => ALPHA_ONLY,
    NumericString => NUMERIC_STRING,
    NoWhitespace => NO_WHITESPACE,
    Contains => CONTAINS,
    DoesNotContain => DOES_NOT_CONTAIN,
    StartsWith => STARTS_WITH,
    EndsWith => ENDS_WITH,
    NotEquals => NOT_EQUALS,
    MultipleOf => MULTIPLE_OF,
    Regex => REGEX,
    OneOf => ONE_OF,
    Unique => UNIQUE,
    CreditCard => CREDIT_CARD,
    Ip => IP,
    Required => REQUIRED,
    Nested => NESTED,
    Each => EACH,
    MustMatch => MUST_MATCH,
    Custom => CUSTOM,
    Phone => PHONE,
}

/// A text that keeps a [`TextRule`], for generated inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValidText {
    /// This very text (a test card number).
    Fixed(&'static str),
    /// A random text of the generator's format of this name (`email`, `url`).
    Format(&'static str),
    /// Letters and digits keep it; `non_empty` when `""` does not.
    LettersAndDigits { non_empty: bool },
}

/// Declares [`TextRule`]: the rules that read a string's text and take no
/// parameters. Each is handled as data everywhere (parsed from its keyword,
/// compiled, run, described to the JS engine, generated for), so adding one
/// is its check, its entry and its JS twin.
macro_rules! text_rules {
    ($($id:ident { valid: $valid:expr, invalid: $invalid:expr, domainstack: $domainstack:expr $(,)? }),* $(,)?) => {
        /// A rule on a string's text with no parameters of its own: the
        /// string passes or not (`email`, `credit_card`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum TextRule {
            $($id),*
        }

        impl TextRule {
            pub const ALL: &[TextRule] = &[$(TextRule::$id),*];

            pub const fn id(self) -> RuleId {
                match self {
                    $(TextRule::$id => RuleId::$id),*
                }
            }

            /// The unit struct in `overhead_validate::rules` that checks it,
            /// which derived code names.
            pub const fn rust_name(self) -> &'static str {
                match self {
                    $(TextRule::$id => stringify!($id)),*
                }
            }

            /// A text that keeps the rule.
            pub const fn valid(self) -> ValidText {
                match self {
                    $(TextRule::$id => $valid),*
                }
            }

            /// A text that breaks it.
            pub const fn invalid(self) -> &'static str {
                match self {
                    $(TextRule::$id => $invalid),*
                }
            }

            /// How domainstack 1.1's derive reads the rule's keyword, when
            /// it reads it as this rule.
            pub const fn domainstack(self) -> Option<LibraryReading> {
                match self {
                    $(TextRule::$id => $domainstack),*
                }
            }
        }

        impl RuleId {
            /// The rule as a [`TextRule`], when it is one.
            pub const fn text(self) -> Option<TextRule> {
                match self {
                    $(RuleId::$id => Some(TextRule::$id),)*
                    _ => None,
                }
            }
        }
    };
}

text_rules! {
    // domainstack's `email` and `url` are its own patterns, not these rules.
    Email { valid: ValidText::Format("email"), invalid: "not-an-email", domainstack: None },
    ValidatorEmail { valid: ValidText::Format("email"), invalid: "not-an-email", domainstack: None },
    GardeEmail { valid: ValidText::Format("email"), invalid: "not-an-email", domainstack: None },
    Url { valid: ValidText::Format("url"), invalid: "not a url", domainstack: None },
    Alphanumeric {
        valid: ValidText::LettersAndDigits { non_empty: false },
        invalid: "a!b",
        domainstack: reading("not_alphanumeric", "Must contain only letters and numbers", true),
    },
    Ascii {
        valid: ValidText::LettersAndDigits { non_empty: false },
        invalid: "é",
        domainstack: reading("not_ascii", "Must contain only ASCII characters", true),
    },
    NonBlank {
        valid: ValidText::LettersAndDigits { non_empty: true },
        invalid: "   ",
        domainstack: reading("blank", "Must not be blank", true),
    },
    NonControlCharacter {
        valid: ValidText::LettersAndDigits { non_empty: false },
        invalid: "a\u{7}b",
        domainstack: None,
    },
    CreditCard {
        valid: ValidText::Fixed("4111111111111111"),
        invalid: "4111111111111112",
        domainstack: None,
    },
    AlphaOnly {
        valid: ValidText::Fixed("abc"),
        invalid: "a1",
        domainstack: reading("not_alpha", "Must contain only letters", true),
    },
    NumericString {
        valid: ValidText::Fixed("123"),
        invalid: "12a",
        domainstack: reading("not_numeric", "Must contain only numbers", true),
    },
    NoWhitespace {
        valid: ValidText::LettersAndDigits { non_empty: false },
        invalid: "a b",
        // domainstack's `each(…)` does not read `no_whitespace`.
        domainstack: reading("contains_whitespace", "Must not contain whitespace", false),
    },
}

/// Where a generated text puts a [`NeedleRule`]'s text to keep the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NeedleAt {
    Start,
    End,
    Anywhere,
    /// Kept by leaving it out; broken by the text itself.
    Nowhere,
}

/// Declares [`NeedleRule`]: the rules that look for one text in a string
/// (`contains = "@"`). As [`TextRule`]s, each is handled as data everywhere
/// else, so adding one is its check, its entry and its JS twin.
macro_rules! needle_rules {
    ($($id:ident { at: $at:expr, std: $std:literal, domainstack: $domainstack:expr $(,)? }),* $(,)?) => {
        /// A rule on a string's text with one text as its parameter.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum NeedleRule {
            $($id),*
        }

        impl NeedleRule {
            pub const ALL: &[NeedleRule] = &[$(NeedleRule::$id),*];

            pub const fn id(self) -> RuleId {
                match self {
                    $(NeedleRule::$id => RuleId::$id),*
                }
            }

            /// The struct in `overhead_validate::rules` that checks it
            /// (`EndsWith(".com")`), which derived code names.
            pub const fn rust_name(self) -> &'static str {
                match self {
                    $(NeedleRule::$id => stringify!($id)),*
                }
            }

            /// Where a text that keeps the rule has the needle.
            pub const fn at(self) -> NeedleAt {
                match self {
                    $(NeedleRule::$id => $at),*
                }
            }

            /// The rule as a Rust expression over `value: &str`, `{needle}`
            /// standing for the needle's literal (for a library that has no
            /// keyword for it).
            pub const fn std_check(self) -> &'static str {
                match self {
                    $(NeedleRule::$id => $std),*
                }
            }

            /// How domainstack 1.1's derive reads the rule's keyword, when it
            /// reads it as this rule (`{value}` in its message: the needle).
            pub const fn domainstack(self) -> Option<LibraryReading> {
                match self {
                    $(NeedleRule::$id => $domainstack),*
                }
            }
        }

        impl RuleId {
            /// The rule as a [`NeedleRule`], when it is one.
            pub const fn needle(self) -> Option<NeedleRule> {
                match self {
                    $(RuleId::$id => Some(NeedleRule::$id),)*
                    _ => None,
                }
            }
        }
    };
}

needle_rules! {
    Contains {
        at: NeedleAt::Anywhere,
        std: "value.contains({needle})",
        domainstack: reading("missing_substring", "Must contain '{value}'", false),
    },
    DoesNotContain {
        at: NeedleAt::Nowhere,
        std: "!value.contains({needle})",
        domainstack: None,
    },
    StartsWith {
        at: NeedleAt::Start,
        std: "value.starts_with({needle})",
        domainstack: reading("invalid_prefix", "Must start with '{value}'", false),
    },
    EndsWith {
        at: NeedleAt::End,
        std: "value.ends_with({needle})",
        domainstack: reading("invalid_suffix", "Must end with '{value}'", false),
    },
}

/// Declares [`NumberRule`]: the rules that compare a number with one
/// number they name (domainstack's `not_equals = 0`, `multiple_of = 5`),
/// handled as data everywhere else as [`NeedleRule`]s are.
macro_rules! number_rules {
    ($($id:ident { domainstack: ($word:literal, $code:literal, $message:literal) $(,)? }),* $(,)?) => {
        /// A rule on a number with one number as its parameter.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum NumberRule {
            $($id),*
        }

        impl NumberRule {
            pub const ALL: &[NumberRule] = &[$(NumberRule::$id),*];

            pub const fn id(self) -> RuleId {
                match self {
                    $(NumberRule::$id => RuleId::$id),*
                }
            }

            /// The struct in `overhead_validate::rules` that checks it
            /// (`MultipleOf(5)`), which derived code names.
            pub const fn rust_name(self) -> &'static str {
                match self {
                    $(NumberRule::$id => stringify!($id)),*
                }
            }

            /// domainstack 1.1's keyword for the rule, and the code and
            /// message its violation has (`{value}`: the number).
            pub const fn domainstack(self) -> (&'static str, LibraryReading) {
                match self {
                    $(NumberRule::$id => ($word, LibraryReading {
                        code: $code,
                        message: $message,
                        in_each: false,
                    })),*
                }
            }
        }

        impl RuleId {
            /// The rule as a [`NumberRule`], when it is one.
            pub const fn number(self) -> Option<NumberRule> {
                match self {
                    $(RuleId::$id => Some(NumberRule::$id),)*
                    _ => None,
                }
            }
        }
    };
}

number_rules! {
    NotEquals { domainstack: ("not_equals", "forbidden_value", "Must not equal '{value}'") },
    MultipleOf { domainstack: ("multiple_of", "not_multiple", "Must be a multiple of {value}") },
}

impl NumberRule {
    /// The rule's registry entry.
    pub const fn info(self) -> &'static RuleInfo {
        self.id().info()
    }

    /// The rule's name (`multiple_of`), as the JS engine's model says it.
    pub const fn name(self) -> &'static str {
        self.info().name
    }
}

impl NeedleRule {
    /// The rule's registry entry.
    pub const fn info(self) -> &'static RuleInfo {
        self.id().info()
    }

    /// The rule's name (`ends_with`), as the JS engine's model says it.
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The name its violation gives the needle (`suffix`): its one parameter.
    pub const fn param(self) -> &'static str {
        match self.info().params {
            [param] => param,
            _ => "",
        }
    }
}

/// How a library's derive reports a rule it reads under the rule's own
/// keyword: the violation's code and message, and whether its `each(…)`
/// reads the keyword too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LibraryReading {
    pub code: &'static str,
    pub message: &'static str,
    pub in_each: bool,
}

const fn reading(
    code: &'static str,
    message: &'static str,
    in_each: bool,
) -> Option<LibraryReading> {
    Some(LibraryReading {
        code,
        message,
        in_each,
    })
}

impl TextRule {
    /// The rule's registry entry.
    pub const fn info(self) -> &'static RuleInfo {
        self.id().info()
    }

    /// The rule's name (`credit_card`), as the JS engine's model says it.
    pub const fn name(self) -> &'static str {
        self.info().name
    }
}

/// Who writes a keyword: the seed's `#[validate]` (Overhead's own derive,
/// which reads domainstack's words with Overhead's codes), the validator
/// crate's `#[validate]` (both parsed by one parser), garde's `#[garde]`, and
/// domainstack 1.1's `#[validate]` as its own derive reads it (its codes, its
/// byte lengths, the words it ignores): a paste that says it is domainstack's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    #[default]
    Seed,
    Validator,
    Garde,
    Domainstack,
}

impl Dialect {
    pub const ALL: [Dialect; 4] = [
        Dialect::Seed,
        Dialect::Validator,
        Dialect::Garde,
        Dialect::Domainstack,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Seed => "seed",
            Dialect::Validator => "validator",
            Dialect::Garde => "garde",
            Dialect::Domainstack => "domainstack",
        }
    }
}

/// The kind of value a rule can check; the schema turns it into a yes or no
/// for a field's type, and says `needs` when it is no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppliesTo {
    Str,
    Number,
    StrOrNumber,
    StrOrCollection,
    /// A sequence (`unique`).
    Seq,
    /// A sequence or a map (`each`).
    Collection,
    /// An `Option` itself (`required`).
    Option,
    /// A type with rules of its own (`nested`).
    Named,
    /// Any value (`must_match`, `custom`).
    Any,
}

impl AppliesTo {
    /// What a diagnostic says the field should be.
    pub const fn needs(self) -> &'static str {
        match self {
            AppliesTo::Str => "a string",
            AppliesTo::Number => "a number",
            AppliesTo::StrOrNumber => "a string or a number",
            AppliesTo::StrOrCollection => "a string or a collection",
            AppliesTo::Seq | AppliesTo::Collection => "a collection",
            AppliesTo::Option => "an `Option`",
            AppliesTo::Named => "a type with its own rules",
            AppliesTo::Any => "any value",
        }
    }
}

/// Whether Overhead runs a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Support {
    Runs,
    /// Accepted and listed as not run, with the reason (a warning).
    NotRun(&'static str),
}

/// One rule.
#[derive(Debug, Clone, Copy)]
pub struct RuleInfo {
    pub id: RuleId,
    /// The name the breakdown and messages use (`RuleKind::keyword`).
    pub name: &'static str,
    /// The violation's code; empty for rules that report none of their own
    /// (`nested`, `each`, `custom`).
    pub code: &'static str,
    /// Message templates by case (`""` for a rule with one); `{param}` is
    /// replaced by the parameter of that name.
    pub messages: &'static [(&'static str, &'static str)],
    /// The parameters a violation carries, by name.
    pub params: &'static [&'static str],
    pub applies_to: AppliesTo,
    pub support: Support,
    /// What the rule accepts, exactly (the hover text).
    pub doc: &'static str,
}

impl RuleInfo {
    /// The template for `case`; the first one when the case is unknown (a
    /// registry test checks every case the rule files ask for exists).
    pub fn message(&self, case: &str) -> &'static str {
        self.messages
            .iter()
            .find(|(c, _)| *c == case)
            .or(self.messages.first())
            .map_or("is invalid", |(_, m)| m)
    }
}

/// A word inside `#[validate(…)]` or `#[garde(…)]`.
#[derive(Debug, Clone, Copy)]
pub struct Keyword {
    pub word: &'static str,
    pub dialects: &'static [Dialect],
    pub meaning: Meaning,
    /// Hover text; empty to show the rule's own.
    pub doc: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meaning {
    /// The rules the keyword adds (`required_nested` adds two).
    Rules(&'static [RuleId]),
    /// A word that changes its rule or field (`code`, `message`, `skip`).
    Modifier,
    /// A form the library has and Overhead refuses, with why (an error).
    Unsupported(&'static str),
}

const SEED_VALIDATOR: &[Dialect] = &[Dialect::Seed, Dialect::Validator];
const ALL: &[Dialect] = &[Dialect::Seed, Dialect::Validator, Dialect::Garde];
const VALIDATOR: &[Dialect] = &[Dialect::Validator];
const SEED: &[Dialect] = &[Dialect::Seed];
const SEED_DOMAINSTACK: &[Dialect] = &[Dialect::Seed, Dialect::Domainstack];
const DOMAINSTACK: &[Dialect] = &[Dialect::Domainstack];
const GARDE: &[Dialect] = &[Dialect::Garde];
const VALIDATOR_GARDE: &[Dialect] = &[Dialect::Validator, Dialect::Garde];

/// Four templates for one unit: `equal`, `between`, `at_least`, `at_most`.
macro_rules! length_templates {
    ($($mode:literal => $unit:literal),*) => {
        &[$(
            (concat!($mode, ".equal"), concat!("must be exactly {equal} ", $unit)),
            (concat!($mode, ".between"), concat!("must be {min} to {max} ", $unit)),
            (concat!($mode, ".at_least"), concat!("must be at least {min} ", $unit)),
            (concat!($mode, ".at_most"), concat!("must be at most {max} ", $unit)),
        )*]
    };
}

pub const EMAIL: RuleInfo = RuleInfo {
    id: RuleId::Email,
    name: "email",
    code: "email",
    messages: &[("", "must be a valid email address")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "A WHATWG HTML \"valid e-mail address\" (what `<input type=email>` accepts) within RFC 5321 lengths: local part ≤ 64, address ≤ 254. ASCII only; no IP literals or quoted local parts.",
};

pub const VALIDATOR_EMAIL: RuleInfo = RuleInfo {
    id: RuleId::ValidatorEmail,
    name: "validator_email",
    code: "email",
    messages: &[("", "must be a valid email address")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "validator's `email`: the HTML Standard's local part and domain labels, split at the last `@`, local part ≤ 64 chars and domain ≤ 255 chars, and also an IP literal (`a@[127.0.0.1]`, its regex unanchored at the start) or an international domain (`a@bücher.de`). No limit on the whole address.",
};

pub const GARDE_EMAIL: RuleInfo = RuleInfo {
    id: RuleId::GardeEmail,
    name: "garde_email",
    code: "email",
    messages: &[("", "must be a valid email address")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "garde's `email`: the HTML Standard's local part and domain labels, split at the first `@`, local part ≤ 64 bytes and domain ≤ 255 bytes, and also a bracketed IP literal (`a@[127.0.0.1]`) or an international domain (`a@bücher.de`, garde's `email-idna`). No limit on the whole address.",
};

pub const URL: RuleInfo = RuleInfo {
    id: RuleId::Url,
    name: "url",
    code: "url",
    messages: &[("", "must be a valid URL")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "An absolute URL by the WHATWG URL Standard (`url::Url::parse`), any scheme; relative references fail.",
};

pub const LENGTH: RuleInfo = RuleInfo {
    id: RuleId::Length,
    name: "length",
    code: "length",
    messages: length_templates!(
        "chars" => "characters",
        "bytes" => "bytes",
        "utf16" => "UTF-16 code units",
        "items" => "items"
    ),
    params: &["min", "max", "equal"],
    applies_to: AppliesTo::StrOrCollection,
    support: Support::Runs,
    doc: "`min ≤ length ≤ max`, or `length = equal`. Strings count Unicode scalar values (`chars()`), collections count items. garde's default counts **bytes**; garde's `chars`, `bytes`, `utf16` choose.",
};

pub const RANGE: RuleInfo = RuleInfo {
    id: RuleId::Range,
    name: "range",
    code: "range",
    messages: &[
        ("between", "must be between {min} and {max}"),
        ("at_least", "must be at least {min}"),
        ("at_most", "must be at most {max}"),
        ("greater_than", "must be greater than {exclusive_min}"),
        ("less_than", "must be less than {exclusive_max}"),
        ("in_range", "must be in range"),
    ],
    params: &["min", "max", "exclusive_min", "exclusive_max"],
    applies_to: AppliesTo::Number,
    support: Support::Runs,
    doc: "`min ≤ v ≤ max`; `exclusive_min < v < exclusive_max`. NaN fails any bound.",
};

pub const ALPHANUMERIC: RuleInfo = RuleInfo {
    id: RuleId::Alphanumeric,
    name: "alphanumeric",
    code: "alphanumeric",
    messages: &[("", "must contain only letters and digits")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "Every char is a Unicode letter or digit (`char::is_alphanumeric`); `\"\"` passes.",
};

pub const ASCII: RuleInfo = RuleInfo {
    id: RuleId::Ascii,
    name: "ascii",
    code: "ascii",
    messages: &[("", "must contain only ASCII characters")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "Every byte is ASCII (`str::is_ascii`, controls included); `\"\"` passes.",
};

pub const NON_EMPTY: RuleInfo = RuleInfo {
    id: RuleId::NonEmpty,
    name: "non_empty",
    code: "non_empty",
    messages: &[("", "must not be empty")],
    params: &[],
    applies_to: AppliesTo::StrOrCollection,
    support: Support::Runs,
    doc: "At least one byte or item; `\" \"` passes.",
};

pub const NON_BLANK: RuleInfo = RuleInfo {
    id: RuleId::NonBlank,
    name: "non_blank",
    code: "non_blank",
    messages: &[("", "must not be blank")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "Some char is not whitespace (Unicode White_Space); `\"\"` fails.",
};

pub const NON_CONTROL_CHARACTER: RuleInfo = RuleInfo {
    id: RuleId::NonControlCharacter,
    name: "non_control_character",
    code: "non_control_character",
    messages: &[("", "must not contain control characters")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "validator: no char is a control character (`char::is_control`, general category Cc: U+0000–U+001F and U+007F–U+009F; tabs and newlines included); `\"\"` passes.",
};

pub const ALPHA_ONLY: RuleInfo = RuleInfo {
    id: RuleId::AlphaOnly,
    name: "alpha_only",
    code: "alpha_only",
    messages: &[("", "must contain only letters")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "domainstack: every char is a Unicode letter (`char::is_alphabetic`); `\"\"` passes.",
};

pub const NUMERIC_STRING: RuleInfo = RuleInfo {
    id: RuleId::NumericString,
    name: "numeric_string",
    code: "numeric_string",
    messages: &[("", "must contain only numbers")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "domainstack: every char is numeric (`char::is_numeric`: Unicode Nd, Nl and No, so \"١٢\" and \"½\" pass); `\"\"` passes; no sign, no point.",
};

pub const NO_WHITESPACE: RuleInfo = RuleInfo {
    id: RuleId::NoWhitespace,
    name: "no_whitespace",
    code: "no_whitespace",
    messages: &[("", "must not contain whitespace")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "domainstack: no char is whitespace (`char::is_whitespace`, Unicode White_Space); `\"\"` passes.",
};

pub const CONTAINS: RuleInfo = RuleInfo {
    id: RuleId::Contains,
    name: "contains",
    code: "contains",
    messages: &[("", "must contain “{pattern}”")],
    params: &["pattern"],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "The substring is present, byte for byte (`str::contains`); `\"\"` is in every string.",
};

pub const DOES_NOT_CONTAIN: RuleInfo = RuleInfo {
    id: RuleId::DoesNotContain,
    name: "does_not_contain",
    code: "does_not_contain",
    messages: &[("", "must not contain “{pattern}”")],
    params: &["pattern"],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "The substring is absent, byte for byte.",
};

pub const STARTS_WITH: RuleInfo = RuleInfo {
    id: RuleId::StartsWith,
    name: "starts_with",
    code: "starts_with",
    messages: &[("", "must start with “{prefix}”")],
    params: &["prefix"],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "`str::starts_with`, byte for byte.",
};

pub const ENDS_WITH: RuleInfo = RuleInfo {
    id: RuleId::EndsWith,
    name: "ends_with",
    code: "ends_with",
    messages: &[("", "must end with “{suffix}”")],
    params: &["suffix"],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "`str::ends_with`, byte for byte.",
};

pub const NOT_EQUALS: RuleInfo = RuleInfo {
    id: RuleId::NotEquals,
    name: "not_equals",
    code: "not_equals",
    messages: &[("", "must not equal {value}")],
    params: &["value"],
    applies_to: AppliesTo::Number,
    support: Support::Runs,
    doc: "The number is not the one named (domainstack's `not_equals`; its `non_zero` is `not_equals = 0`). Integers compare exactly; a float compares with `==`, so `-0.0` is `0`.",
};

pub const MULTIPLE_OF: RuleInfo = RuleInfo {
    id: RuleId::MultipleOf,
    name: "multiple_of",
    code: "multiple_of",
    messages: &[("", "must be a multiple of {value}")],
    params: &["value"],
    applies_to: AppliesTo::Number,
    support: Support::Runs,
    doc: "The number divides by the one named with no remainder (`value % n == 0`): integers exactly, floats by their remainder (`7.5 % 2.5` is `0.0`).",
};

pub const REGEX: RuleInfo = RuleInfo {
    id: RuleId::Regex,
    name: "regex",
    code: "regex",
    messages: &[("", "must match the pattern {pattern}")],
    params: &["pattern"],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "`Regex::is_match`: a match **anywhere** in the value (unanchored; write `^…$` for the whole value). `path` names a static (`LazyLock`, `Lazy`, `lazy_static!`) defined in the file.",
};

pub const ONE_OF: RuleInfo = RuleInfo {
    id: RuleId::OneOf,
    name: "one_of",
    code: "one_of",
    messages: &[("", "must be one of {values}")],
    params: &["values"],
    applies_to: AppliesTo::StrOrNumber,
    support: Support::Runs,
    doc: "Equal to one of the listed values; numbers by value across types (`3.0` is `3`).",
};

pub const UNIQUE: RuleInfo = RuleInfo {
    id: RuleId::Unique,
    name: "unique",
    code: "unique",
    messages: &[("", "must not contain duplicates")],
    params: &[],
    applies_to: AppliesTo::Seq,
    support: Support::Runs,
    doc: "No two items of the collection are equal.",
};

pub const CREDIT_CARD: RuleInfo = RuleInfo {
    id: RuleId::CreditCard,
    name: "credit_card",
    code: "credit_card",
    messages: &[("", "must be a valid credit card number")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "As card-validate (which validator and garde call): ASCII digits only (no spaces or dashes), a known brand's prefix (Visa, MasterCard, Amex, Diners, Discover, UnionPay, JCB, Maestro, MIR, …), that brand's length, and the Luhn checksum.",
};

pub const IP: RuleInfo = RuleInfo {
    id: RuleId::Ip,
    name: "ip",
    code: "ip",
    messages: &[
        ("any", "must be a valid IP address"),
        ("v4", "must be a valid IPv4 address"),
        ("v6", "must be a valid IPv6 address"),
    ],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::Runs,
    doc: "`std::net::IpAddr` parses it (`ip`), as an IPv4 (`ip(v4)`, garde `ipv4`) or IPv6 (`ip(v6)`, garde `ipv6`) address: dotted decimal without leading zeros, or RFC 4291 text; no zone, no port, no spaces.",
};

pub const REQUIRED: RuleInfo = RuleInfo {
    id: RuleId::Required,
    name: "required",
    code: "required",
    messages: &[("", "is required")],
    params: &[],
    applies_to: AppliesTo::Option,
    support: Support::Runs,
    doc: "The `Option` is `Some`, whatever it holds.",
};

pub const NESTED: RuleInfo = RuleInfo {
    id: RuleId::Nested,
    name: "nested",
    code: "",
    messages: &[],
    params: &[],
    applies_to: AppliesTo::Named,
    support: Support::Runs,
    doc: "The field's own type's rules are checked too; their paths go under this field's name.",
};

pub const EACH: RuleInfo = RuleInfo {
    id: RuleId::Each,
    name: "each",
    code: "",
    messages: &[],
    params: &[],
    applies_to: AppliesTo::Collection,
    support: Support::Runs,
    doc: "The rules inside apply to every item of the collection (or entry's value of a map).",
};

pub const MUST_MATCH: RuleInfo = RuleInfo {
    id: RuleId::MustMatch,
    name: "must_match",
    code: "must_match",
    messages: &[("", "must match {other}")],
    params: &["other"],
    applies_to: AppliesTo::Any,
    support: Support::Runs,
    doc: "The field equals the `other` field.",
};

pub const CUSTOM: RuleInfo = RuleInfo {
    id: RuleId::Custom,
    name: "custom",
    code: "",
    messages: &[],
    params: &[],
    applies_to: AppliesTo::Any,
    // Run by the interpreter when the paste holds the function and it is
    // made of what it reads (`engine::pasted`); said at the rule otherwise.
    support: Support::Runs,
    doc: "A function of yours, run as the paste defines it: its constants, regex statics, `if`/`match`/loops and the standard library's string, number, option and iterator methods. A function that reaches for other crates or code outside the paste is listed as not run, with what it uses and where.",
};

pub const PHONE: RuleInfo = RuleInfo {
    id: RuleId::Phone,
    name: "phone",
    code: "phone",
    messages: &[("", "must be a valid phone number")],
    params: &[],
    applies_to: AppliesTo::Str,
    support: Support::NotRun(
        "it needs libphonenumber's metadata (the phonenumber crate), which Overhead does not carry",
    ),
    doc: "A phone number by libphonenumber. Overhead accepts the keyword and lists the rule as not run.",
};

impl RuleId {
    /// The rule's name in the registry, unique (`validator_email`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// The word a person writes the rule with, for what Overhead says back
    /// (diagnostics, the breakdown): its first keyword's (`email`, which is
    /// three rules, each library's own), else its name.
    pub fn word(self) -> &'static str {
        KEYWORDS
            .iter()
            .find(|k| matches!(k.meaning, Meaning::Rules([only]) if *only == self))
            .map_or(self.name(), |k| k.word)
    }
}

const fn rules(ids: &'static [RuleId]) -> Meaning {
    Meaning::Rules(ids)
}

/// Every keyword of every dialect. The parsers accept exactly these words
/// (and suggest among them); the page's hover shows their docs.
pub const KEYWORDS: &[Keyword] = &[
    Keyword {
        word: "email",
        dialects: SEED,
        meaning: rules(&[RuleId::Email]),
        doc: "",
    },
    Keyword {
        word: "email",
        dialects: VALIDATOR,
        meaning: rules(&[RuleId::ValidatorEmail]),
        doc: "",
    },
    Keyword {
        word: "email",
        dialects: GARDE,
        meaning: rules(&[RuleId::GardeEmail]),
        doc: "",
    },
    Keyword {
        word: "url",
        dialects: ALL,
        meaning: rules(&[RuleId::Url]),
        doc: "",
    },
    Keyword {
        word: "length",
        dialects: ALL,
        meaning: rules(&[RuleId::Length]),
        doc: "",
    },
    Keyword {
        word: "min_len",
        dialects: SEED,
        meaning: rules(&[RuleId::Length]),
        doc: "The string has at least this many characters (Unicode scalar values).",
    },
    Keyword {
        word: "max_len",
        dialects: SEED,
        meaning: rules(&[RuleId::Length]),
        doc: "The string has at most this many characters (Unicode scalar values).",
    },
    Keyword {
        word: "min_items",
        dialects: SEED,
        meaning: rules(&[RuleId::Length]),
        doc: "The collection has at least this many items.",
    },
    Keyword {
        word: "max_items",
        dialects: SEED,
        meaning: rules(&[RuleId::Length]),
        doc: "The collection has at most this many items.",
    },
    Keyword {
        word: "range",
        dialects: ALL,
        meaning: rules(&[RuleId::Range]),
        doc: "",
    },
    Keyword {
        word: "alphanumeric",
        dialects: ALL,
        meaning: rules(&[RuleId::Alphanumeric]),
        doc: "",
    },
    Keyword {
        word: "ascii",
        dialects: ALL,
        meaning: rules(&[RuleId::Ascii]),
        doc: "",
    },
    Keyword {
        word: "non_empty",
        dialects: SEED,
        meaning: rules(&[RuleId::NonEmpty]),
        doc: "",
    },
    Keyword {
        word: "non_blank",
        dialects: SEED,
        meaning: rules(&[RuleId::NonBlank]),
        doc: "",
    },
    Keyword {
        word: "alpha_only",
        dialects: SEED_DOMAINSTACK,
        meaning: rules(&[RuleId::AlphaOnly]),
        doc: "",
    },
    Keyword {
        word: "numeric_string",
        dialects: SEED_DOMAINSTACK,
        meaning: rules(&[RuleId::NumericString]),
        doc: "",
    },
    Keyword {
        word: "no_whitespace",
        dialects: SEED_DOMAINSTACK,
        meaning: rules(&[RuleId::NoWhitespace]),
        doc: "",
    },
    Keyword {
        word: "not_equals",
        dialects: DOMAINSTACK,
        meaning: rules(&[RuleId::NotEquals]),
        doc: "",
    },
    Keyword {
        word: "non_zero",
        dialects: DOMAINSTACK,
        meaning: rules(&[RuleId::NotEquals]),
        doc: "domainstack's `non_zero`: the number is not zero (`T::default()`, so `-0.0` is zero), code `zero_value`.",
    },
    Keyword {
        word: "multiple_of",
        dialects: DOMAINSTACK,
        meaning: rules(&[RuleId::MultipleOf]),
        doc: "",
    },
    Keyword {
        word: "non_control_character",
        dialects: VALIDATOR,
        meaning: rules(&[RuleId::NonControlCharacter]),
        doc: "",
    },
    Keyword {
        word: "contains",
        dialects: ALL,
        meaning: rules(&[RuleId::Contains]),
        doc: "",
    },
    Keyword {
        word: "does_not_contain",
        dialects: SEED_VALIDATOR,
        meaning: rules(&[RuleId::DoesNotContain]),
        doc: "",
    },
    Keyword {
        word: "starts_with",
        dialects: SEED,
        meaning: rules(&[RuleId::StartsWith]),
        doc: "",
    },
    Keyword {
        word: "ends_with",
        dialects: SEED,
        meaning: rules(&[RuleId::EndsWith]),
        doc: "",
    },
    Keyword {
        word: "prefix",
        dialects: GARDE,
        meaning: rules(&[RuleId::StartsWith]),
        doc: "garde: `str::starts_with`, byte for byte.",
    },
    Keyword {
        word: "suffix",
        dialects: GARDE,
        meaning: rules(&[RuleId::EndsWith]),
        doc: "garde: `str::ends_with`, byte for byte.",
    },
    Keyword {
        word: "regex",
        dialects: SEED_VALIDATOR,
        meaning: rules(&[RuleId::Regex]),
        doc: "",
    },
    Keyword {
        word: "matches_regex",
        dialects: SEED,
        meaning: rules(&[RuleId::Regex]),
        doc: "A pattern given inline; `Regex::is_match`, unanchored.",
    },
    Keyword {
        word: "pattern",
        dialects: GARDE,
        meaning: rules(&[RuleId::Regex]),
        doc: "garde: a regex, inline or a static; `Regex::is_match`, unanchored.",
    },
    Keyword {
        word: "one_of",
        dialects: SEED,
        meaning: rules(&[RuleId::OneOf]),
        doc: "",
    },
    Keyword {
        word: "unique",
        dialects: SEED,
        meaning: rules(&[RuleId::Unique]),
        doc: "",
    },
    Keyword {
        word: "credit_card",
        dialects: VALIDATOR_GARDE,
        meaning: rules(&[RuleId::CreditCard]),
        doc: "",
    },
    Keyword {
        word: "ip",
        dialects: VALIDATOR_GARDE,
        meaning: rules(&[RuleId::Ip]),
        doc: "",
    },
    Keyword {
        word: "ipv4",
        dialects: GARDE,
        meaning: rules(&[RuleId::Ip]),
        doc: "garde: `std::net::Ipv4Addr` parses it: dotted decimal, no leading zeros.",
    },
    Keyword {
        word: "ipv6",
        dialects: GARDE,
        meaning: rules(&[RuleId::Ip]),
        doc: "garde: `std::net::Ipv6Addr` parses it (RFC 4291 text, no zone).",
    },
    Keyword {
        word: "phone",
        dialects: VALIDATOR,
        meaning: rules(&[RuleId::Phone]),
        doc: "",
    },
    Keyword {
        word: "phone_number",
        dialects: GARDE,
        meaning: rules(&[RuleId::Phone]),
        doc: "",
    },
    Keyword {
        word: "required",
        dialects: ALL,
        meaning: rules(&[RuleId::Required]),
        doc: "",
    },
    Keyword {
        word: "required_nested",
        dialects: VALIDATOR,
        meaning: rules(&[RuleId::Required, RuleId::Nested]),
        doc: "validator: `required` and `nested` in one — the `Option` is `Some`, and its value's own rules hold. Code `required` when it is `None`.",
    },
    Keyword {
        word: "nested",
        dialects: SEED_VALIDATOR,
        meaning: rules(&[RuleId::Nested]),
        doc: "",
    },
    Keyword {
        word: "dive",
        dialects: GARDE,
        meaning: rules(&[RuleId::Nested]),
        doc: "garde: the field's own type's rules are checked too.",
    },
    Keyword {
        word: "each",
        dialects: SEED,
        meaning: rules(&[RuleId::Each]),
        doc: "",
    },
    Keyword {
        word: "inner",
        dialects: GARDE,
        meaning: rules(&[RuleId::Each]),
        doc: "garde: the rules inside apply to every item (or to an `Option`'s value).",
    },
    Keyword {
        word: "must_match",
        dialects: SEED_VALIDATOR,
        meaning: rules(&[RuleId::MustMatch]),
        doc: "",
    },
    Keyword {
        word: "matches",
        dialects: GARDE,
        meaning: rules(&[RuleId::MustMatch]),
        doc: "garde: the field equals the named field.",
    },
    Keyword {
        word: "custom",
        dialects: ALL,
        meaning: rules(&[RuleId::Custom]),
        doc: "",
    },
    Keyword {
        word: "code",
        dialects: ALL,
        meaning: Meaning::Modifier,
        doc: "The violation's code in place of the rule's own.",
    },
    Keyword {
        word: "message",
        dialects: SEED_VALIDATOR,
        meaning: Meaning::Modifier,
        doc: "The violation's message in place of the rule's own.",
    },
    Keyword {
        word: "skip",
        dialects: VALIDATOR_GARDE,
        meaning: Meaning::Modifier,
        doc: "No rules for this field, on purpose (validator, garde).",
    },
    Keyword {
        word: "rename",
        dialects: GARDE,
        meaning: Meaning::Modifier,
        doc: "garde: the field's name in violation paths.",
    },
    Keyword {
        word: "adapt",
        dialects: GARDE,
        meaning: Meaning::Modifier,
        doc: "garde: a module that adapts a foreign type to garde's rules; the playground reads the value as it is.",
    },
    Keyword {
        word: "if",
        dialects: GARDE,
        meaning: Meaning::Modifier,
        doc: "garde: rules that run only when a condition holds; the condition is code, so they are listed as not run.",
    },
    Keyword {
        word: "schema",
        dialects: VALIDATOR,
        meaning: Meaning::Unsupported(
            "struct-level `schema` functions are not supported by Overhead",
        ),
        doc: "validator: a struct-level function of yours that checks the whole value.",
    },
    Keyword {
        word: "byte_length",
        dialects: GARDE,
        meaning: Meaning::Unsupported(
            "garde's `byte_length` is older than garde 0.20; write `length(bytes, min = …, max = …)`",
        ),
        doc: "",
    },
    Keyword {
        word: "char_length",
        dialects: GARDE,
        meaning: Meaning::Unsupported(
            "garde's `char_length` is older than garde 0.20; write `length(chars, min = …, max = …)`",
        ),
        doc: "",
    },
];

/// The keyword `word` of `dialect`, if it has one.
pub fn keyword(dialect: Dialect, word: &str) -> Option<&'static Keyword> {
    KEYWORDS
        .iter()
        .find(|k| k.word == word && k.dialects.contains(&dialect))
}

impl Keyword {
    /// The text rule this keyword adds, when it adds one and nothing else.
    pub const fn text_rule(&self) -> Option<TextRule> {
        match self.meaning {
            Meaning::Rules([id]) => id.text(),
            _ => None,
        }
    }

    /// The needle rule this keyword adds (`prefix` → `StartsWith`), when
    /// it adds one and nothing else.
    pub const fn needle_rule(&self) -> Option<NeedleRule> {
        match self.meaning {
            Meaning::Rules([id]) => id.needle(),
            _ => None,
        }
    }
}

/// The word `dialect` writes the needle rule `rule` with (garde's `prefix`
/// for `StartsWith`), if it has one.
pub fn needle_word(dialect: Dialect, rule: NeedleRule) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .find(|k| k.dialects.contains(&dialect) && k.needle_rule() == Some(rule))
        .map(|k| k.word)
}

/// The words of `dialect` a person can write, for "did you mean" (the
/// unsupported ones excluded: they are no help as a suggestion).
pub fn words(dialect: Dialect) -> impl Iterator<Item = &'static str> {
    KEYWORDS
        .iter()
        .filter(move |k| k.dialects.contains(&dialect))
        .filter(|k| !matches!(k.meaning, Meaning::Unsupported(_)))
        .map(|k| k.word)
}

/// The hover text of a keyword: its own doc, else its rule's, then the code
/// the rule reports.
pub fn keyword_doc(keyword: &Keyword) -> (&'static str, Option<&'static str>) {
    match keyword.meaning {
        Meaning::Rules([id]) => {
            let info = id.info();
            let doc = if keyword.doc.is_empty() {
                info.doc
            } else {
                keyword.doc
            };
            let code = (!info.code.is_empty()).then_some(info.code);
            (doc, code)
        }
        Meaning::Rules(_) | Meaning::Modifier | Meaning::Unsupported(_) => (keyword.doc, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_listed_once_and_maps_back_to_itself() {
        for (i, rule) in RULES.iter().enumerate() {
            assert_eq!(rule.id.info().name, rule.name);
            assert!(
                RULES[..i].iter().all(|r| r.id != rule.id),
                "{} twice",
                rule.name
            );
        }
    }

    #[test]
    fn every_rule_has_a_keyword_and_every_keyword_words_a_doc() {
        for rule in RULES {
            assert!(
                KEYWORDS
                    .iter()
                    .any(|k| matches!(k.meaning, Meaning::Rules(ids) if ids.contains(&rule.id))),
                "{} has no keyword",
                rule.name
            );
        }
        for k in KEYWORDS {
            if !matches!(k.meaning, Meaning::Unsupported(_)) {
                assert!(!keyword_doc(k).0.is_empty(), "`{}` has no doc", k.word);
            }
        }
    }

    #[test]
    fn a_word_has_one_meaning_per_dialect() {
        for (i, k) in KEYWORDS.iter().enumerate() {
            for other in &KEYWORDS[..i] {
                assert!(
                    other.word != k.word || !other.dialects.iter().any(|d| k.dialects.contains(d)),
                    "`{}` twice in one dialect",
                    k.word
                );
            }
        }
    }

    #[test]
    fn templates_name_only_their_rules_parameters() {
        for rule in RULES {
            for (_, template) in rule.messages {
                let mut rest = *template;
                while let Some(open) = rest.find('{') {
                    let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
                    let name = &rest[open + 1..close];
                    assert!(
                        rule.params.contains(&name),
                        "{}: `{{{name}}}` is not a parameter",
                        rule.name
                    );
                    rest = &rest[close..];
                }
            }
        }
    }

    #[test]
    fn text_rules_read_a_string_and_take_nothing() {
        for &rule in TextRule::ALL {
            let info = rule.info();
            assert_eq!(rule.id().text(), Some(rule));
            assert_eq!(info.applies_to, AppliesTo::Str, "{}", info.name);
            assert!(info.params.is_empty(), "{}", info.name);
            assert!(!info.code.is_empty(), "{}", info.name);
            assert!(
                KEYWORDS.iter().any(|k| k.text_rule() == Some(rule)),
                "{} has no keyword",
                info.name
            );
        }
        assert_eq!(
            keyword(Dialect::Garde, "credit_card").and_then(Keyword::text_rule),
            Some(TextRule::CreditCard)
        );
        assert_eq!(
            keyword(Dialect::Garde, "ip").and_then(Keyword::text_rule),
            None
        );
    }

    #[test]
    fn needle_rules_read_a_string_and_take_one_text() {
        for &rule in NeedleRule::ALL {
            let info = rule.info();
            assert_eq!(rule.id().needle(), Some(rule));
            assert_eq!(info.applies_to, AppliesTo::Str, "{}", info.name);
            assert_eq!(info.params, [rule.param()], "{}", info.name);
            assert!(
                KEYWORDS.iter().any(|k| k.needle_rule() == Some(rule)),
                "{} has no keyword",
                info.name
            );
        }
        assert_eq!(
            keyword(Dialect::Garde, "suffix").and_then(Keyword::needle_rule),
            Some(NeedleRule::EndsWith)
        );
    }

    #[test]
    fn lookups_respect_the_dialect() {
        assert!(keyword(Dialect::Garde, "prefix").is_some());
        assert!(keyword(Dialect::Validator, "prefix").is_none());
        assert!(words(Dialect::Garde).all(|w| w != "byte_length"));
        assert_eq!(IP.message("v6"), "must be a valid IPv6 address");
        assert_eq!(
            LENGTH.message("bytes.at_most"),
            "must be at most {max} bytes"
        );
    }
}
