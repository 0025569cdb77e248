//! The paste's own code where serde and the libraries call it around a
//! whole value, run by the interpreter as the person's build runs it:
//! serde's container `try_from`/`from` (the value read as the source type,
//! then converted), a field's `deserialize_with` function, validator's
//! struct-level `schema` function and garde's struct-level `custom`.

use overhead_engine::run::{Error, Interpreter};

mod support;
use support::{notes, outcome};

#[test]
fn try_from_reads_the_source_type_and_its_error_is_a_decoding_error() {
    let engine = Interpreter::new(
        r#"
use validator::Validate;

#[derive(serde::Deserialize)]
struct Raw { guest: String, adults: i32, children: i32, kind: String }

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind { Solo, Family }

#[derive(serde::Deserialize, Validate)]
#[serde(try_from = "Raw")]
pub struct Stay {
    #[validate(length(min = 2))]
    guest: String,
    #[validate(range(max = 6))]
    guests: i32,
    kind: Kind,
}

impl TryFrom<Raw> for Stay {
    type Error = String;
    fn try_from(raw: Raw) -> Result<Self, Self::Error> {
        if raw.adults < 1 {
            return Err("a stay needs an adult".to_string());
        }
        let kind = match raw.kind.as_str() { "family" => Kind::Family, _ => Kind::Solo };
        Ok(Stay { guest: raw.guest.trim().to_string(), guests: raw.adults + raw.children, kind })
    }
}
"#,
        Some("Stay"),
    )
    .expect("runs");
    assert!(notes(&engine).is_empty(), "{:?}", notes(&engine));
    let ok = r#"{"guest": "Ama", "adults": 2, "children": 1, "kind": "family"}"#;
    assert!(outcome(&engine, ok).is_empty());
    // The struct's rules read the converted value: trimmed, summed.
    assert_eq!(
        outcome(
            &engine,
            r#"{"guest": " A ", "adults": 4, "children": 3, "kind": "x"}"#
        ),
        ["guest:length", "guests:range"]
    );
    let refused = outcome(
        &engine,
        r#"{"guest": "Ama", "adults": 0, "children": 1, "kind": "x"}"#,
    );
    assert!(refused[0].contains("a stay needs an adult"), "{refused:?}");
    // The source type's own shape decides what decodes: `guests` is not a key of it.
    let wrong = outcome(&engine, r#"{"guest": "Ama", "guests": 2, "kind": "x"}"#);
    assert!(
        wrong[0].starts_with("syntax: missing field `adults`"),
        "{wrong:?}"
    );
    // The value written back is the converted struct's.
    let value = engine.decode(ok).expect("decodes");
    assert_eq!(
        engine.to_json(&value).expect("writes"),
        r#"{"guest":"Ama","guests":3,"kind":"Family"}"#
    );
}

#[test]
fn a_conversion_that_cannot_run_is_said_and_the_type_read_as_itself() {
    let engine = Interpreter::new(
        r#"
#[derive(serde::Deserialize)]
struct Raw { at: String }

#[derive(serde::Deserialize, validator::Validate)]
#[serde(from = "Raw")]
pub struct Stamp { at: String }

impl From<Raw> for Stamp {
    fn from(raw: Raw) -> Self {
        Stamp { at: chrono::Utc::now().to_rfc3339() }
    }
}
"#,
        Some("Stamp"),
    )
    .expect("runs");
    let notes = notes(&engine);
    assert!(
        notes
            .iter()
            .any(|n| n.contains("`impl From<Raw> for Stamp`")
                && n.contains("cannot run (the method `to_rfc3339`)")
                && n.contains("reads `Stamp` as the struct itself")),
        "{notes:?}"
    );
    assert!(outcome(&engine, r#"{"at": "now"}"#).is_empty());
}

#[test]
fn deserialize_with_runs_the_function_on_the_type_it_reads() {
    let engine = Interpreter::new(
        r#"
use serde::{de, Deserialize, Deserializer};
use validator::Validate;

fn trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let raw = String::deserialize(d)?;
    Ok(raw.trim().to_string())
}

fn country<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let raw = String::deserialize(d)?;
    if raw.trim().is_empty() {
        return Err(de::Error::custom("a country code is needed"));
    }
    Ok(raw.trim().to_uppercase())
}

mod as_str {
    use serde::{de, Deserialize, Deserializer};
    use std::{fmt::Display, str::FromStr};
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where T: FromStr, T::Err: Display, D: Deserializer<'de>,
    {
        let s = String::deserialize(deserializer)?;
        T::from_str(&s).map_err(de::Error::custom)
    }
}

#[derive(Deserialize, Validate)]
pub struct Signup {
    #[serde(deserialize_with = "trimmed")]
    #[validate(email)]
    email: String,
    #[serde(deserialize_with = "country")]
    #[validate(length(equal = 2))]
    country: String,
    #[serde(with = "as_str")]
    #[validate(range(min = 1))]
    amount: u64,
}
"#,
        Some("Signup"),
    )
    .expect("runs");
    assert!(notes(&engine).is_empty(), "{:?}", notes(&engine));
    let ok = r#"{"email": "  a@example.com ", "country": "ae", "amount": "25"}"#;
    assert!(
        outcome(&engine, ok).is_empty(),
        "{:?}",
        outcome(&engine, ok)
    );
    assert_eq!(
        outcome(
            &engine,
            r#"{"email": "a@example.com", "country": " usa ", "amount": "0"}"#
        ),
        ["country:length", "amount:range"]
    );
    let blank = outcome(
        &engine,
        r#"{"email": "a@example.com", "country": "  ", "amount": "1"}"#,
    );
    assert!(blank[0].contains("a country code is needed"), "{blank:?}");
    // `u64::from_str` refuses what is not a u64: a decoding error, as serde's.
    for amount in [r#""-1""#, r#""many""#, "25"] {
        let text = format!(r#"{{"email": "a@example.com", "country": "ae", "amount": {amount}}}"#);
        assert!(outcome(&engine, &text)[0].starts_with("syntax"), "{amount}");
    }
}

#[test]
fn struct_level_functions_run_after_the_fields_rules() {
    let engine = Interpreter::new(
        r#"
use validator::{Validate, ValidationError};

#[derive(Clone, Copy, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy { Fixed, Manual }

#[derive(serde::Deserialize, Validate)]
#[validate(schema(function = "Plan::check"))]
pub struct Plan {
    #[validate(range(min = 1, max = 30))]
    cycles: i32,
    strategy: Strategy,
    gaps: Option<Vec<i32>>,
}

impl Plan {
    fn check(&self) -> Result<(), ValidationError> {
        match self.strategy {
            Strategy::Manual => match &self.gaps {
                Some(gaps) if gaps.len() == self.cycles as usize
                    && gaps.iter().all(|g| (30..=3600).contains(g)) => Ok(()),
                _ => {
                    let mut err = ValidationError::new("gaps");
                    err.message = Some("one gap per cycle".into());
                    Err(err)
                }
            },
            Strategy::Fixed => Ok(()),
        }
    }
}
"#,
        Some("Plan"),
    )
    .expect("runs");
    assert!(notes(&engine).is_empty(), "{:?}", notes(&engine));
    assert!(
        outcome(
            &engine,
            r#"{"cycles": 2, "strategy": "manual", "gaps": [60, 90]}"#
        )
        .is_empty()
    );
    assert_eq!(
        outcome(
            &engine,
            r#"{"cycles": 2, "strategy": "manual", "gaps": [60]}"#
        ),
        ["__all__:gaps"]
    );
    // validator's default `skip_on_field_errors`: a field broken, the function does not run.
    assert_eq!(
        outcome(
            &engine,
            r#"{"cycles": 0, "strategy": "manual", "gaps": [60]}"#
        ),
        ["cycles:range"]
    );
    let fail_fast = engine.decode_fail_fast(r#"{"cycles": 2, "strategy": "manual"}"#);
    assert!(matches!(fail_fast, Err(Error::Invalid(v)) if v.iter().any(|v| v.code == "gaps")));

    let garde = Interpreter::new(
        r#"
#[derive(serde::Deserialize, garde::Validate)]
#[garde(custom(ordered))]
pub struct Window {
    #[garde(range(max = 23))]
    from: u8,
    #[garde(range(max = 23))]
    to: u8,
}

fn ordered(window: &Window, _: &()) -> garde::Result {
    if window.from < window.to { Ok(()) } else { Err(garde::Error::new("from must come before to")) }
}
"#,
        Some("Window"),
    )
    .expect("runs");
    // garde runs it whatever the fields said, and reports it at the struct.
    assert_eq!(
        outcome(&garde, r#"{"from": 30, "to": 2}"#),
        ["from:range", ":custom"]
    );
}

#[test]
fn gardes_if_runs_its_rules_when_the_condition_over_the_struct_holds() {
    let engine = Interpreter::new(
        r#"
#[derive(serde::Deserialize, garde::Validate)]
pub struct Account {
    #[garde(skip)]
    is_admin: bool,
    #[garde(skip)]
    is_active: bool,
    #[garde(if(cond = self.is_admin && self.is_active, length(min = 16)))]
    api_key: String,
    #[garde(if(cond = self.is_admin, inner(ascii, length(min = 3))))]
    scopes: Vec<String>,
}
"#,
        Some("Account"),
    )
    .expect("runs");
    assert!(notes(&engine).is_empty(), "{:?}", notes(&engine));
    let short =
        r#"{"is_admin": true, "is_active": true, "api_key": "k", "scopes": ["ab", "read"]}"#;
    assert_eq!(
        outcome(&engine, short),
        ["api_key:length", "scopes[0]:length"]
    );
    let inactive = r#"{"is_admin": true, "is_active": false, "api_key": "k", "scopes": ["read"]}"#;
    assert!(outcome(&engine, inactive).is_empty());
    let user = r#"{"is_admin": false, "is_active": true, "api_key": "k", "scopes": ["é"]}"#;
    assert!(outcome(&engine, user).is_empty());
    // Fail-fast stops at the first, once the struct is read.
    let fail_fast = engine.decode_fail_fast(short);
    assert!(matches!(fail_fast, Err(Error::Invalid(v)) if v.len() == 1));
}

#[test]
fn a_struct_read_by_the_pastes_code_inside_another_is_read_by_that_code() {
    let engine = Interpreter::new(
        r#"
use serde::{Deserialize, Deserializer};
use validator::Validate;

#[derive(Deserialize)]
struct RawPart { code: String }

#[derive(Deserialize, Validate)]
#[serde(try_from = "RawPart")]
pub struct Part {
    #[validate(range(max = 5))]
    size: u32,
}

impl TryFrom<RawPart> for Part {
    type Error = String;
    fn try_from(raw: RawPart) -> Result<Self, Self::Error> {
        Ok(Part { size: raw.code.len() as u32 })
    }
}

fn trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<Item, D::Error> {
    let mut item = Item::deserialize(d)?;
    item.name = item.name.trim().to_owned();
    Ok(item)
}

#[derive(Deserialize, Validate)]
pub struct Item {
    #[validate(length(min = 3))]
    name: String,
}

#[derive(Deserialize, Validate)]
pub struct Order {
    #[validate(nested)]
    part: Part,
    #[validate(nested)]
    parts: Vec<Part>,
    #[validate(nested)]
    #[serde(deserialize_with = "trimmed")]
    item: Item,
}
"#,
        Some("Order"),
    )
    .expect("runs");
    assert!(notes(&engine).is_empty(), "{:?}", notes(&engine));
    let input = r#"{"part": {"code": "abc"}, "parts": [{"code": "ab"}, {"code": "abcdefg"}], "item": {"name": " ab "}}"#;
    assert_eq!(
        outcome(&engine, input),
        ["parts[1].size:range", "item.name:length"]
    );
    let fine = r#"{"part": {"code": "a"}, "parts": [], "item": {"name": " abc "}}"#;
    assert!(
        outcome(&engine, fine).is_empty(),
        "{:?}",
        outcome(&engine, fine)
    );
}
