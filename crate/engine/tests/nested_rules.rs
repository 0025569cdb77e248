//! Rules inside structs laid out inline and inside `Vec`s laid out in rows:
//! every violation at its path, in declaration order, whether the value is
//! checked after decoding or as it is read (fail-fast stops at the first).

use overhead_engine::run::{Error, Interpreter};

const SCHEMA: &str = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Validate)]
pub struct Order {
    #[validate(nested)]
    pub buyer: Buyer,
    #[validate(length(max = 2), nested)]
    pub lines: Vec<Line>,
}

#[derive(Deserialize, Validate)]
pub struct Buyer {
    #[validate(length(min = 2))]
    pub name: String,
    #[validate(nested)]
    pub address: Address,
}

#[derive(Deserialize, Validate)]
pub struct Address {
    #[validate(range(min = 1000))]
    pub zip: u32,
}

#[derive(Deserialize, Validate)]
pub struct Line {
    #[validate(range(min = 1))]
    pub qty: u32,
}
"#;

/// `path (code)` of each violation, as the report lists them.
fn broken(result: Result<overhead_engine::Value, Error>) -> Vec<String> {
    match result {
        Ok(_) => Vec::new(),
        Err(Error::Syntax(e)) => panic!("does not decode: {e}"),
        Err(Error::Invalid(violations)) => violations
            .iter()
            .map(|v| {
                let text = v.to_string();
                let path = text.split(": ").next().unwrap_or_default().to_owned();
                let code = text
                    .rsplit('(')
                    .next()
                    .unwrap_or_default()
                    .trim_end_matches(')');
                format!("{path} ({code})")
            })
            .collect(),
    }
}

#[test]
fn rules_in_inline_structs_and_rows_are_checked_at_their_paths() {
    let engine = Interpreter::new(SCHEMA, Some("Order")).expect("runs");
    let valid = r#"{"buyer":{"name":"Ada","address":{"zip":1234}},"lines":[{"qty":1},{"qty":2}]}"#;
    assert!(broken(engine.decode_validated(valid)).is_empty());
    assert!(broken(engine.decode_fail_fast(valid)).is_empty());

    let invalid =
        r#"{"buyer":{"name":"A","address":{"zip":12}},"lines":[{"qty":1},{"qty":0},{"qty":5}]}"#;
    assert_eq!(
        broken(engine.decode_validated(invalid)),
        [
            "buyer.name (length)",
            "buyer.address.zip (range)",
            "lines (length)",
            "lines[1].qty (range)",
        ]
    );
    assert_eq!(
        broken(engine.decode_fail_fast(invalid)),
        ["buyer.name (length)"]
    );
    // Fail-fast stops inside a row, at its index.
    let in_row = r#"{"buyer":{"name":"Ada","address":{"zip":1234}},"lines":[{"qty":1},{"qty":0}]}"#;
    assert_eq!(
        broken(engine.decode_fail_fast(in_row)),
        ["lines[1].qty (range)"]
    );
    assert_eq!(
        broken(engine.decode_validated(in_row)),
        ["lines[1].qty (range)"]
    );
}

/// A value with fewer slots than the plan lays out (made elsewhere) is
/// written and checked without a panic: its missing fields read as `Unit`.
#[test]
fn a_value_short_of_slots_is_no_panic() {
    let engine = Interpreter::new(SCHEMA, Some("Order")).expect("runs");
    let short = overhead_engine::Value::Struct([overhead_engine::Value::Str("Ada".into())].into());
    assert!(engine.to_json(&short).is_err());
    let _ = engine.validate(&short);
}

/// Violations are built from the struct's compiled rules (each kept with
/// its path), not by a second walk of the fields: every shape of field a
/// struct lays out keeps the paths, order, codes and messages the field
/// walk gives — a struct laid out inline under its field, a flattened one
/// under its field too (validator names a nested error by the field, serde
/// flatten or not),
/// `required` on an `Option`, a rule's own code and message,
/// two rules broken on one field, a field walked whole (`nested` into a
/// `Vec`), and a struct with a rule across its fields, which keeps the walk.
#[test]
fn violations_from_compiled_rules_keep_the_field_walks_paths_and_order() {
    const SHAPES: &str = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Validate)]
pub struct Signup {
    #[validate(length(min = 3), email)]
    pub email: String,
    #[validate(required(code = "needed", message = "say who invited you"))]
    pub invited_by: Option<String>,
    #[validate(length(max = 4))]
    pub nickname: Option<String>,
    #[validate(nested)]
    pub home: Place,
    #[serde(flatten)]
    #[validate(nested)]
    pub work: Work,
    #[validate(length(min = 1), nested)]
    pub tags: Vec<Tag>,
    #[validate(range(min = 18, code = "too_young"))]
    pub age: u8,
    #[validate(nested)]
    pub login: Login,
}

#[derive(Deserialize, Validate)]
pub struct Place {
    #[validate(length(min = 2))]
    pub city: String,
}

#[derive(Deserialize, Validate)]
pub struct Work {
    #[validate(length(min = 2))]
    pub company: String,
}

#[derive(Deserialize, Validate)]
pub struct Tag {
    #[validate(alphanumeric)]
    pub name: String,
}

#[derive(Deserialize, Validate)]
pub struct Login {
    #[validate(length(min = 8))]
    pub password: String,
    #[validate(must_match(other = "password"))]
    pub again: String,
}
"#;
    let engine = Interpreter::new(SHAPES, Some("Signup")).expect("runs");
    let valid = r#"{"email":"ada@example.com","invited_by":"bob","nickname":"ada","home":{"city":"Oslo"},
        "company":"ACME","tags":[{"name":"x1"}],"age":30,"login":{"password":"longenough","again":"longenough"}}"#;
    assert!(broken(engine.decode_validated(valid)).is_empty());

    let invalid = r#"{"email":"a@","nickname":"toolong","home":{"city":"O"},
        "company":"A","tags":[{"name":"ok"},{"name":"n!"}],"age":12,"login":{"password":"short","again":"other"}}"#;
    let said = match engine.decode_validated(invalid) {
        Err(Error::Invalid(violations)) => violations
            .iter()
            .map(|v| format!("{} | {} | {}", path_of(v), v.code, v.message()))
            .collect::<Vec<_>>(),
        other => panic!("expected violations, got {:?}", other.map(|_| ())),
    };
    assert_eq!(
        said,
        [
            "email | length | must be at least 3 characters",
            "email | email | must be a valid email address",
            "invited_by | needed | say who invited you",
            "nickname | length | must be at most 4 characters",
            "home.city | length | must be at least 2 characters",
            "work.company | length | must be at least 2 characters",
            "tags[1].name | alphanumeric | must contain only letters and digits",
            "age | too_young | must be at least 18",
            "login.password | length | must be at least 8 characters",
            "login.again | must_match | must match password",
        ]
    );
}

fn path_of(v: &overhead_validate::Violation) -> String {
    let text = v.to_string();
    text.split(": ").next().unwrap_or_default().to_owned()
}
