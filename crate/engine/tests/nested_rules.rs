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
