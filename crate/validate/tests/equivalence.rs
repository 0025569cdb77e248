//! Property tests: validating while decoding (`ValidateOnDeserialize`, through
//! `json::from_str` and `json::from_str_fail_fast`) reaches the same outcome as
//! decoding with serde and then calling `validate()`, on generated JSON that mixes
//! valid and invalid values, wrong types, missing and unknown fields, and broken
//! text.
//!
//! Each pair of types is written twice, identically: once deriving `Deserialize`
//! and `Validate`, once deriving `ValidateOnDeserialize`.
//!
//! What is checked, for every input:
//! - (a) the two-step path decodes and validates cleanly ⇔ the integrated path is `Ok`;
//! - (b) the two-step path fails in serde ⇔ the integrated path is `Error::Syntax`
//!   (collect-all: both ways, with the same error position and category). Fail-fast
//!   stops decoding at its first violation, so it never reads a syntax error that
//!   comes after that violation: there, `Error::Syntax` ⇒ a serde error, and a
//!   serde error ⇒ `Error::Syntax` or a violation of a field that comes before the
//!   error in the text;
//! - (c) when invalid, the same sorted `(path, code)` list in collect-all mode;
//! - (d) fail-fast reports exactly one violation, one of the collect-all ones.

use overhead_validate::json::{self, Error};
use overhead_validate::{Validate, ValidateOnDeserialize, Violations};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

/// Cases per property.
const CASES: u32 = 512;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        // Failures are reported with their (shrunk) input; nothing is written to disk.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// The types: the seed's user signup, and a booking with nested values.
// ---------------------------------------------------------------------------

#[derive(Debug, Deserialize, Validate)]
struct SignupTwoStep {
    #[validate(email, max_len = 255)]
    email: String,
    #[validate(range(min = 18, max = 120))]
    age: u8,
    #[validate(alphanumeric, min_len = 3, max_len = 20)]
    username: String,
}

#[derive(Debug, ValidateOnDeserialize)]
struct SignupOnDe {
    #[validate(email, max_len = 255)]
    email: String,
    #[validate(range(min = 18, max = 120))]
    age: u8,
    #[validate(alphanumeric, min_len = 3, max_len = 20)]
    username: String,
}

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct BookingTwoStep {
    #[validate(length(min = 1, max = 12))]
    guest_name: String,
    #[validate(nested)]
    address: AddressTwoStep,
    #[validate(nested, min_items = 1, max_items = 3)]
    guests: Vec<GuestTwoStep>,
    #[validate(email, max_len = 20)]
    contact_email: Option<String>,
    #[serde(default)]
    #[validate(each(alphanumeric, min_len = 2, max_len = 5), min_items = 1, unique)]
    tags: Vec<String>,
    #[validate(required)]
    referrer: Option<String>,
    password: String,
    #[validate(must_match(other = "password"))]
    password_again: String,
    #[validate(nested)]
    billing: Option<AddressTwoStep>,
}

#[derive(Debug, Deserialize, Validate)]
struct AddressTwoStep {
    #[validate(matches_regex = "^[0-9]{5}$")]
    zip: String,
    #[validate(non_blank, max_len = 10)]
    city: String,
}

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct GuestTwoStep {
    #[validate(non_blank, max_len = 8)]
    first_name: String,
    #[validate(range(min = 0, max = 120))]
    age: i32,
    #[validate(email)]
    email: Option<String>,
}

#[derive(Debug, ValidateOnDeserialize)]
#[serde(rename_all = "camelCase")]
struct BookingOnDe {
    #[validate(length(min = 1, max = 12))]
    guest_name: String,
    #[validate(nested)]
    address: AddressOnDe,
    #[validate(nested, min_items = 1, max_items = 3)]
    guests: Vec<GuestOnDe>,
    #[validate(email, max_len = 20)]
    contact_email: Option<String>,
    #[serde(default)]
    #[validate(each(alphanumeric, min_len = 2, max_len = 5), min_items = 1, unique)]
    tags: Vec<String>,
    #[validate(required)]
    referrer: Option<String>,
    password: String,
    #[validate(must_match(other = "password"))]
    password_again: String,
    #[validate(nested)]
    billing: Option<AddressOnDe>,
}

#[derive(Debug, ValidateOnDeserialize)]
struct AddressOnDe {
    #[validate(matches_regex = "^[0-9]{5}$")]
    zip: String,
    #[validate(non_blank, max_len = 10)]
    city: String,
}

#[derive(Debug, ValidateOnDeserialize)]
#[serde(rename_all = "camelCase")]
struct GuestOnDe {
    #[validate(non_blank, max_len = 8)]
    first_name: String,
    #[validate(range(min = 0, max = 120))]
    age: i32,
    #[validate(email)]
    email: Option<String>,
}

const SIGNUP_FIELDS: &[&str] = &["email", "age", "username"];
const BOOKING_FIELDS: &[&str] = &[
    "guestName",
    "address",
    "guests",
    "contactEmail",
    "tags",
    "referrer",
    "password",
    "passwordAgain",
    "billing",
];

// ---------------------------------------------------------------------------
// Outcomes and the comparisons.
// ---------------------------------------------------------------------------

/// `(path, code)` of one violation.
type Row = (String, String);

#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Valid,
    /// Sorted.
    Invalid(Vec<Row>),
    /// A serde error: where it is and what kind.
    Syntax {
        line: usize,
        column: usize,
        category: serde_json::error::Category,
    },
}

fn rows(violations: &Violations) -> Vec<Row> {
    let mut rows: Vec<Row> = violations
        .iter()
        .map(|v| (v.path.to_string(), v.code.to_string()))
        .collect();
    rows.sort();
    rows
}

fn syntax(e: &serde_json::Error) -> Outcome {
    Outcome::Syntax {
        line: e.line(),
        column: e.column(),
        category: e.classify(),
    }
}

/// `serde_json::from_str` then `validate()`.
fn two_step<T: DeserializeOwned + Validate>(text: &str) -> Outcome {
    match serde_json::from_str::<T>(text) {
        Err(e) => syntax(&e),
        Ok(value) => match value.validate() {
            Ok(()) => Outcome::Valid,
            Err(violations) => Outcome::Invalid(rows(&violations)),
        },
    }
}

fn integrated<T: DeserializeOwned>(text: &str, fail_fast: bool) -> Outcome {
    let result = if fail_fast {
        json::from_str_fail_fast::<T>(text)
    } else {
        json::from_str::<T>(text)
    };
    match result {
        Ok(_) => Outcome::Valid,
        Err(Error::Syntax(e)) => syntax(&e),
        Err(Error::Invalid(violations)) => Outcome::Invalid(rows(&violations)),
    }
}

/// (a), (b) and (c): collect-all decoding agrees with the two-step path exactly.
fn collect_all_agrees<A, B>(text: &str) -> Result<(), TestCaseError>
where
    A: DeserializeOwned + Validate,
    B: DeserializeOwned,
{
    let expected = two_step::<A>(text);
    let got = integrated::<B>(text, false);
    prop_assert_eq!(got, expected, "input: {}", text);
    Ok(())
}

/// The top-level field a violation belongs to: `guests` for `guests[1].age`.
fn top_field(path: &str) -> &str {
    let end = path.find(['.', '[']).unwrap_or(path.len());
    &path[..end]
}

/// How many elements of the top-level array of `text` start before byte `end`.
fn elements_before(text: &str, end: usize) -> usize {
    let (mut depth, mut count) = (0i32, 0);
    let (mut in_string, mut escaped, mut expecting) = (false, false, false);
    for b in text.bytes().take(end) {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        let starts_value = !matches!(b, b']' | b'}' | b',' | b':' | b' ' | b'\t' | b'\n' | b'\r');
        if depth == 1 && expecting && starts_value {
            count += 1;
            expecting = false;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                expecting = depth == 1;
            }
            b']' | b'}' => depth -= 1,
            b',' if depth == 1 => expecting = true,
            _ => {}
        }
    }
    count
}

/// (a), (b) as fail-fast can keep it, and (d) without the count: fail-fast
/// reports violations only where the two-step path finds them (or, over a later
/// serde error, of a field that comes before it) and never makes up a syntax
/// error. `fields`: the serialized names, in declaration order (for the
/// sequence form of a struct, `["a@b.c", 30, "ann"]`).
fn fail_fast_agrees<A, B>(text: &str, fields: &[&str]) -> Result<(), TestCaseError>
where
    A: DeserializeOwned + Validate,
    B: DeserializeOwned,
{
    let expected = two_step::<A>(text);
    let got = integrated::<B>(text, true);
    match (&expected, &got) {
        (Outcome::Valid, _) => prop_assert_eq!(&got, &Outcome::Valid, "input: {}", text),
        (Outcome::Invalid(all), Outcome::Invalid(first)) => {
            prop_assert!(!first.is_empty(), "input: {}", text);
            let mut rest = all.clone();
            for row in first {
                let found = rest.iter().position(|r| r == row);
                prop_assert!(
                    found.is_some(),
                    "fail-fast reported {:?}, not among collect-all's {:?}; input: {}",
                    row,
                    all,
                    text
                );
                if let Some(i) = found {
                    rest.remove(i);
                }
            }
        }
        (Outcome::Invalid(_), _) => {
            prop_assert!(
                false,
                "two-step {expected:?}, fail-fast {got:?}; input: {text}"
            )
        }
        (Outcome::Syntax { .. }, Outcome::Syntax { .. }) => {
            prop_assert_eq!(&got, &expected, "input: {}", text)
        }
        (Outcome::Syntax { line, column, .. }, Outcome::Invalid(first)) => {
            // Stopped at a violation before reaching the serde error: the field must
            // come before the error in the text (inputs are on one line, so the
            // column is a byte offset).
            prop_assert_eq!(*line, 1usize);
            prop_assert!(!first.is_empty(), "input: {}", text);
            let sequence = text.trim_start().starts_with('[');
            for (path, code) in first {
                let field = top_field(path);
                let before = if sequence {
                    let index = fields.iter().position(|f| *f == field);
                    index.is_some_and(|i| i < elements_before(text, *column))
                } else {
                    text.find(&format!("\"{field}\":"))
                        .is_some_and(|at| at < *column)
                };
                prop_assert!(
                    before,
                    "fail-fast reported {path}:{code} over a serde error at column {column}, \
                     but that field does not come before it; input: {text}"
                );
            }
        }
        (Outcome::Syntax { .. }, Outcome::Valid) => {
            prop_assert!(false, "two-step {expected:?}, fail-fast Ok; input: {text}")
        }
    }
    Ok(())
}

/// (d): fail-fast reports exactly one violation ("one in fail-fast mode").
fn fail_fast_reports_one<A, B>(text: &str) -> Result<(), TestCaseError>
where
    A: DeserializeOwned + Validate,
    B: DeserializeOwned,
{
    if let (Outcome::Invalid(all), Outcome::Invalid(first)) =
        (two_step::<A>(text), integrated::<B>(text, true))
    {
        prop_assert_eq!(
            first.len(),
            1,
            "fail-fast reported {:?} (collect-all: {:?}); input: {}",
            first,
            all,
            text
        );
        prop_assert!(all.contains(&first[0]), "input: {}", text);
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Inputs: JSON values, rendered with a generated key order, sometimes broken.
// ---------------------------------------------------------------------------

/// A JSON value and how it is written out.
#[derive(Debug, Clone)]
struct Input {
    value: Value,
    /// Orders each object's keys (serde_json's `Map` would sort them).
    order: u64,
    damage: Damage,
}

/// Text-level breakage, after rendering.
#[derive(Debug, Clone)]
enum Damage {
    None,
    /// Cut the text at a char boundary.
    Truncate(Index),
    /// Append something that is not whitespace.
    Trailing(&'static str),
}

impl Input {
    fn text(&self) -> String {
        let mut text = String::new();
        render(&self.value, self.order, &mut text);
        match &self.damage {
            Damage::None => {}
            Damage::Truncate(index) => {
                let cut = text
                    .char_indices()
                    .nth(index.index(text.chars().count().max(1)))
                    .map_or(text.len(), |(i, _)| i);
                text.truncate(cut);
            }
            Damage::Trailing(tail) => text.push_str(tail),
        }
        text
    }
}

/// Compact JSON with each object's keys ordered by a hash of `order` and the key.
fn render(value: &Value, order: u64, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by_key(|(key, _)| mix(order, key));
            out.push('{');
            for (i, (key, value)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push(':');
                render(value, order, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                render(item, order, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// FNV-1a of the key, seeded.
fn mix(seed: u64, key: &str) -> u64 {
    key.bytes().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn damage() -> BoxedStrategy<Damage> {
    prop_oneof![
        30 => Just(Damage::None),
        1 => any::<Index>().prop_map(Damage::Truncate),
        1 => prop_oneof![Just(" x"), Just("}"), Just(","), Just("{}")].prop_map(Damage::Trailing),
    ]
    .boxed()
}

/// A value of a type no field here has, or of a neighbouring one.
fn wrong_type() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-1000i64..1000).prop_map(Value::from),
        (-10.0f64..200.0).prop_map(Value::from),
        Just(json!(25.0)),
        Just(json!("25")),
        Just(json!([])),
        Just(json!(["a"])),
        Just(json!({})),
    ]
    .boxed()
}

/// Mostly `valid`, sometimes `invalid` (of the right type), rarely a wrong type.
fn mostly(valid: BoxedStrategy<Value>, invalid: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop_oneof![80 => valid, 12 => invalid, 1 => wrong_type()].boxed()
}

fn string(pattern: &'static str) -> BoxedStrategy<Value> {
    pattern.prop_map(Value::from).boxed()
}

/// An object from fields that may be missing, plus maybe an unknown field.
fn object(fields: Vec<(&'static str, Option<Value>)>, extra: Option<(String, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in fields {
        if let Some(value) = value {
            map.insert(key.to_owned(), value);
        }
    }
    if let Some((key, value)) = extra {
        map.insert(key, value);
    }
    Value::Object(map)
}

/// Usually there, sometimes missing.
fn present(s: BoxedStrategy<Value>) -> BoxedStrategy<Option<Value>> {
    proptest::option::weighted(0.99, s).boxed()
}

fn unknown_field() -> BoxedStrategy<Option<(String, Value)>> {
    proptest::option::weighted(
        0.1,
        (
            "(extra|note|x)",
            prop_oneof![wrong_type(), string("\\PC{0,5}")],
        ),
    )
    .boxed()
}

/// `local` bytes, "@", and labels of up to 63 letters, `domain` bytes in all.
fn long_email(local: usize, domain: usize) -> String {
    let mut host = String::new();
    while host.len() < domain {
        if !host.is_empty() {
            host.push('.');
        }
        let label = (domain - host.len()).clamp(1, 63);
        host.extend(std::iter::repeat_n('d', label));
    }
    format!("{}@{}", "l".repeat(local), host)
}

fn email() -> BoxedStrategy<Value> {
    let invalid = prop_oneof![
        2 => string("[a-z]{0,3}@?[a-z-]{0,4}\\.?[a-z]{0,2}"),
        2 => string("\\PC{0,16}"),
        1 => string("[a-zé]{1,4}@[a-zé]{1,4}\\.de"),
        // Around the 64-byte local part and the 254/255-byte address limits.
        2 => (60usize..=66, 185usize..=194)
            .prop_map(|(l, d)| Value::from(long_email(l, d))),
    ];
    mostly(
        string("[a-z0-9._+-]{1,12}@[a-z0-9]{1,10}(\\.[a-z]{2,5}){0,2}"),
        invalid.boxed(),
    )
}

fn age() -> BoxedStrategy<Value> {
    let valid = prop_oneof![
        2 => (18u32..=120).prop_map(Value::from),
        1 => prop_oneof![Just(18u32), Just(120u32)].prop_map(Value::from),
    ];
    let invalid = prop_oneof![
        3 => (0u32..=255).prop_map(Value::from),
        2 => prop_oneof![15u32..=17, 121u32..=123].prop_map(Value::from),
        // Not a u8: a serde error.
        1 => prop_oneof![-300i64..0, 256i64..70_000].prop_map(Value::from),
    ];
    mostly(valid.boxed(), invalid.boxed())
}

fn username() -> BoxedStrategy<Value> {
    let valid = prop_oneof![
        3 => string("[a-zA-Z0-9]{3,20}"),
        1 => string("[a-z0-9éßñΩж日本]{3,20}"),
    ];
    let invalid = prop_oneof![
        2 => string("[a-zA-Z0-9]{0,2}"),
        2 => string("[a-zA-Z0-9]{20,23}"),
        3 => string("[a-z0-9!_ .@-]{0,22}"),
        1 => string("[éßñΩж日本]{18,23}"),
        2 => string("\\PC{0,22}"),
    ];
    mostly(valid.boxed(), invalid.boxed())
}

/// A root that is an object of `fields` (or, rarely, something else), rendered in
/// some key order and sometimes damaged.
fn input(fields: BoxedStrategy<Value>) -> BoxedStrategy<Input> {
    let root = prop_oneof![24 => fields, 1 => wrong_type()];
    (root, any::<u64>(), damage())
        .prop_map(|(value, order, damage)| Input {
            value,
            order,
            damage,
        })
        .boxed()
}

fn signup() -> BoxedStrategy<Input> {
    let fields = (present(email()), present(age()), present(username()));
    let value = (fields, unknown_field()).prop_map(|((e, a, u), extra)| {
        object(vec![("email", e), ("age", a), ("username", u)], extra)
    });
    input(value.boxed())
}

/// For `length(min = 1, max = 12)` and `non_blank, max_len = 8|10`.
fn short_text() -> BoxedStrategy<Value> {
    let invalid = prop_oneof![
        2 => string("[a-zA-Z ]{9,14}"),
        2 => string("[ \t]{0,3}"),
        1 => string("\\PC{0,12}"),
    ];
    mostly(string("[a-zA-Z][a-zA-Z ]{0,7}"), invalid.boxed())
}

fn address() -> BoxedStrategy<Value> {
    let zip = mostly(string("[0-9]{5}"), string("[0-9a]{3,7}"));
    let object = (present(zip), present(short_text()), unknown_field())
        .prop_map(|(zip, city, extra)| object(vec![("zip", zip), ("city", city)], extra));
    prop_oneof![60 => object, 1 => wrong_type()].boxed()
}

fn guest() -> BoxedStrategy<Value> {
    let age = mostly(
        (0i64..=120).prop_map(Value::from).boxed(),
        prop_oneof![
            6 => prop_oneof![-5i64..0, 121i64..=125].prop_map(Value::from),
            // Not an i32: a serde error.
            1 => prop_oneof![Just(json!(3_000_000_000i64)), Just(json!(-2_147_483_649i64))],
        ]
        .boxed(),
    );
    let email = prop_oneof![4 => email(), 1 => Just(Value::Null)];
    let object = (
        present(short_text()),
        present(age),
        proptest::option::weighted(0.6, email),
        unknown_field(),
    )
        .prop_map(|(name, age, email, extra)| {
            object(
                vec![("firstName", name), ("age", age), ("email", email)],
                extra,
            )
        });
    prop_oneof![60 => object, 1 => wrong_type()].boxed()
}

/// For `each(alphanumeric, min_len = 2, max_len = 5), min_items = 1, unique`.
fn tags() -> BoxedStrategy<Value> {
    let tag = prop_oneof![
        40 => string("[a-z0-9ß]{2,5}"),
        1 => string("[a-z0-9]{0,1}"),
        1 => string("[a-z0-9]{6,7}"),
        1 => string("[a-z !-]{0,6}"),
        1 => wrong_type(),
    ];
    prop_oneof![
        16 => prop::collection::vec(tag.clone(), 1..4).prop_map(Value::from),
        // Duplicates.
        1 => prop::collection::vec(prop_oneof![Just(Value::from("ab")), tag], 1..4)
            .prop_map(|mut tags| {
                tags.push(Value::from("ab"));
                Value::from(tags)
            }),
        1 => Just(json!([])),
        1 => wrong_type(),
    ]
    .boxed()
}

/// Mostly "secret", so that the two password fields usually match.
fn password() -> BoxedStrategy<Value> {
    mostly(Just(Value::from("secret")).boxed(), string("[a-z]{0,3}"))
}

fn booking() -> BoxedStrategy<Input> {
    let guests = prop_oneof![
        24 => prop::collection::vec(guest(), 1..=3).prop_map(Value::from),
        1 => prop::collection::vec(guest(), 4..=5).prop_map(Value::from),
        1 => Just(json!([])),
        1 => wrong_type(),
    ];
    let contact = prop_oneof![
        4 => email(),
        1 => Just(Value::Null),
        // Around `max_len = 20`.
        2 => (15usize..=25).prop_map(|n| Value::from(format!("{}@b.cd", "a".repeat(n - 5)))),
    ];
    let referrer = mostly(string("[a-z]{1,6}"), Just(Value::Null).boxed());
    let billing = prop_oneof![2 => address(), 1 => Just(Value::Null)];
    // Typos in the repeated password are a `must_match` violation.
    let password_again = prop_oneof![20 => password(), 1 => string("secre[a-z]")];
    let fields = (
        present(short_text()),
        present(address()),
        present(guests.boxed()),
        proptest::option::weighted(0.7, contact).boxed(),
        proptest::option::weighted(0.95, tags()).boxed(),
        present(referrer),
        present(password()),
        present(password_again.boxed()),
        proptest::option::weighted(0.5, billing).boxed(),
    );
    let value = (fields, unknown_field()).prop_map(
        |((name, address, guests, contact, tags, referrer, pw, pw2, billing), extra)| {
            object(
                vec![
                    ("guestName", name),
                    ("address", address),
                    ("guests", guests),
                    ("contactEmail", contact),
                    ("tags", tags),
                    ("referrer", referrer),
                    ("password", pw),
                    ("passwordAgain", pw2),
                    ("billing", billing),
                ],
                extra,
            )
        },
    );
    input(value.boxed())
}

// ---------------------------------------------------------------------------
// The properties.
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    #[test]
    fn signup_collect_all_matches_two_step(input in signup()) {
        collect_all_agrees::<SignupTwoStep, SignupOnDe>(&input.text())?;
    }

    #[test]
    fn signup_fail_fast_matches_two_step(input in signup()) {
        fail_fast_agrees::<SignupTwoStep, SignupOnDe>(&input.text(), SIGNUP_FIELDS)?;
    }

    #[test]
    fn signup_fail_fast_reports_exactly_one_violation(input in signup()) {
        fail_fast_reports_one::<SignupTwoStep, SignupOnDe>(&input.text())?;
    }

    #[test]
    fn booking_collect_all_matches_two_step(input in booking()) {
        collect_all_agrees::<BookingTwoStep, BookingOnDe>(&input.text())?;
    }

    #[test]
    fn booking_fail_fast_matches_two_step(input in booking()) {
        fail_fast_agrees::<BookingTwoStep, BookingOnDe>(&input.text(), BOOKING_FIELDS)?;
    }

    #[test]
    fn booking_fail_fast_reports_exactly_one_violation(input in booking()) {
        fail_fast_reports_one::<BookingTwoStep, BookingOnDe>(&input.text())?;
    }
}

/// The smallest inputs the properties above have failed on, checked the same way
/// on every run.
mod found {
    use super::*;

    /// A missing field that takes a default (`Option` → `None`, `#[serde(default)]`)
    /// is never checked in fail-fast mode: its `deserialize_with` does not run.
    #[test]
    fn fail_fast_checks_fields_filled_by_default() {
        let base = r#""guestName":"A","address":{"zip":"00000","city":"A"},"guests":[{"firstName":"A","age":0}],"password":"secret","passwordAgain":"secret""#;
        for text in [
            // No `referrer`: `required` fails.
            format!(r#"{{{base},"tags":["ab"]}}"#),
            // No `tags`: the default `[]` fails `min_items = 1`.
            format!(r#"{{{base},"referrer":"x"}}"#),
        ] {
            fail_fast_agrees::<BookingTwoStep, BookingOnDe>(&text, BOOKING_FIELDS)
                .expect("fail-fast agrees with the two-step path");
        }
    }

    /// Fail-fast reports every violation of the first field that fails.
    #[test]
    fn fail_fast_reports_one_violation_of_a_field_with_several() {
        let text = r#"{"email":"a@b.c","age":30,"username":"a!"}"#;
        fail_fast_reports_one::<SignupTwoStep, SignupOnDe>(text)
            .expect("one violation in fail-fast mode");
    }
}

/// The generators reach every outcome (else the properties above prove little).
#[test]
fn generators_cover_valid_invalid_and_syntax() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    fn counts<A: DeserializeOwned + Validate>(strategy: BoxedStrategy<Input>) -> [u32; 3] {
        let mut runner = TestRunner::deterministic();
        let mut seen = [0; 3];
        for _ in 0..CASES {
            let input = strategy.new_tree(&mut runner).expect("a value").current();
            let slot = match two_step::<A>(&input.text()) {
                Outcome::Valid => 0,
                Outcome::Invalid(_) => 1,
                Outcome::Syntax { .. } => 2,
            };
            seen[slot] += 1;
        }
        seen
    }
    for (name, seen) in [
        ("signup", counts::<SignupTwoStep>(signup())),
        ("booking", counts::<BookingTwoStep>(booking())),
    ] {
        eprintln!(
            "{name}: valid {}, invalid {}, serde error {}",
            seen[0], seen[1], seen[2]
        );
        assert!(
            seen.iter().all(|&n| n >= CASES / 20),
            "{name}: valid/invalid/serde error = {seen:?}"
        );
    }
}
