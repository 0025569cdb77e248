//! The acceptance table's forms, each library's on one request type, always
//! run (the generated definitions draw only some forms on a given seed): each
//! is built by its own library and read by the interpreter beside it on the
//! engine's generated inputs and their mutations. Only forms the library's
//! derive builds are here (domainstack 1.1's `min_items`, `max_items` and
//! `unique` do not build on a `Vec`; garde's `credit_card` and `phone_number`
//! need features the as-shipped build leaves off; validator's
//! `nest_all_fields` builds only where every field's type has rules).

use super::Definition;

const VALIDATOR: &str = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Debug, Deserialize, Validate)]
pub struct Address {
    #[validate(length(min = 2, max = 40))]
    pub street: String,
}

#[derive(Debug, Deserialize, Validate)]
pub struct ValidatorForms {
    #[validate(range(exclusive_min = 0.0, exclusive_max = 10.0))]
    pub ratio: f64,
    #[validate(does_not_contain(pattern = "admin"))]
    pub handle: String,
    #[validate(contains(pattern = "@"))]
    pub contact: String,
    #[validate(ip)]
    pub any_ip: String,
    #[validate(ip(v4))]
    pub v4: String,
    #[validate(ip(v6))]
    pub v6: String,
    #[validate(non_control_character)]
    pub note: String,
    #[validate(length(equal = 4))]
    pub pin: String,
    #[validate(url)]
    pub site: Option<String>,
    #[validate(length(min = 1, max = 3))]
    pub tags: Vec<String>,
    #[validate(nested)]
    pub address: Address,
}
"#;

const GARDE: &str = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Debug, Deserialize, Validate)]
pub struct GardeForms {
    #[garde(length(simple, min = 2, max = 6))]
    pub simple: String,
    #[garde(length(chars, max = 3))]
    pub chars: String,
    #[garde(length(utf16, max = 3))]
    pub utf16: String,
    #[garde(range(equal = 3))]
    pub three: u8,
    #[garde(ascii, alphanumeric)]
    pub code: String,
    #[garde(prefix("ab"), suffix("z"))]
    pub word: String,
    #[garde(contains("-"))]
    pub dashed: String,
    #[garde(pattern(r"^[0-9]+$"))]
    pub digits: String,
    #[garde(ipv4)]
    pub v4: String,
    #[garde(inner(length(max = 3)))]
    pub short: Vec<String>,
    #[garde(skip)]
    pub free: String,
    #[garde(required, email)]
    pub mail: Option<String>,
}
"#;

const DOMAINSTACK: &str = r#"
use domainstack::prelude::*;
use serde::Deserialize;

#[derive(Debug, Deserialize, Validate)]
pub struct Part {
    #[validate(min_len = 2)]
    pub value: String,
}

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DomainstackForms {
    #[validate(email, max_len = 40)]
    pub email_address: String,
    #[validate(url)]
    pub home_page: String,
    #[validate(length(min = 2, max = 8))]
    pub nick_name: String,
    #[validate(alpha_only)]
    pub first: String,
    #[validate(numeric_string)]
    pub digits: String,
    #[validate(no_whitespace, non_blank)]
    pub token: String,
    #[validate(alphanumeric, ascii)]
    pub login: String,
    #[validate(non_empty)]
    pub title: String,
    #[validate(contains = "@", starts_with = "ab", ends_with = "z")]
    pub pattern: String,
    #[validate(matches_regex = "^[a-z]+$")]
    pub lower: String,
    #[validate(range(min = 1, max = 100))]
    pub quantity: u32,
    #[validate(range(max = 9))]
    pub one_bound: u8,
    #[validate(min = 10)]
    pub at_least: u32,
    #[validate(max = 5)]
    pub at_most: i64,
    #[validate(positive)]
    pub up: i32,
    #[validate(negative)]
    pub down: f64,
    #[validate(equals = 7)]
    pub seven: u16,
    #[validate(non_zero)]
    pub step: i32,
    #[validate(not_equals = 3)]
    pub skip: i64,
    #[validate(multiple_of = 5)]
    pub lot: u32,
    #[validate(multiple_of = 2.5)]
    pub quarter: f64,
    #[validate(each(email))]
    pub emails: Vec<String>,
    #[validate(each(min_len = 2))]
    pub words: Vec<String>,
    #[validate(nested)]
    pub part: Part,
    #[validate(each(nested))]
    pub parts: Vec<Part>,
}
"#;

/// The kinds the unseen pastes found, as the libraries build them: a garde
/// enum as the root, errors at depth in a recursive type, and
/// `Option<Option<T>>` read through serde_with's `double_option`.
const GARDE_ENUM: &str = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Debug, Deserialize, Validate)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Payment {
    Card {
        #[garde(length(min = 12, max = 19), pattern(r"^[0-9]+$"))]
        number: String,
        #[garde(range(min = 1, max = 12))]
        month: u8,
    },
    Cash {
        #[garde(range(min = 1))]
        cents: u32,
    },
    Later,
}
"#;

const RECURSIVE: &str = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Debug, Deserialize, Validate)]
pub struct Comment {
    #[validate(length(min = 1, max = 20))]
    pub text: String,
    #[validate(nested)]
    pub replies: Vec<Comment>,
    #[validate(nested)]
    pub quoted: Option<Box<Comment>>,
}
"#;

const DOUBLE_OPTION: &str = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Debug, Deserialize, Validate)]
pub struct PatchProfile {
    #[serde(default, with = "::serde_with::rust::double_option")]
    #[validate(length(min = 2, max = 8))]
    pub nick: Option<Option<String>>,
    #[serde(default)]
    #[validate(range(min = 1, max = 9))]
    pub level: Option<Option<u8>>,
}
"#;

/// One definition per library, and one per kind above.
pub fn definitions() -> Vec<Definition> {
    [
        ("validator", VALIDATOR, "ValidatorForms", false),
        ("garde", GARDE, "GardeForms", true),
        ("domainstack", DOMAINSTACK, "DomainstackForms", false),
        ("garde enum", GARDE_ENUM, "Payment", true),
        ("validator recursive", RECURSIVE, "Comment", false),
        (
            "validator double_option",
            DOUBLE_OPTION,
            "PatchProfile",
            false,
        ),
    ]
    .into_iter()
    .map(|(library, paste, root, garde)| Definition {
        source: format!("forms ({library})"),
        paste: paste.to_owned(),
        garde,
        roots: vec![(root.to_owned(), Vec::new())],
    })
    .collect()
}
