//! `#[serde(flatten)]` under the derives: a flattened struct's rules count
//! where its field asks for them with `nested`, and only there, the same in
//! `de+validate`, validating while decoding and failing fast. validator's
//! paths keep the flattened field's name; the seed's leave it out.

use overhead_validate::json::{self, Error};
use overhead_validate::{Validate, ValidateOnDeserialize, Violations};
use serde::Deserialize;

/// A webhook: the envelope, its delivery's keys flattened in beside it (one
/// of the envelope's fields declared after it), and a trace flattened without
/// `nested`, whose own rules its parent does not ask for.
#[derive(Debug, ValidateOnDeserialize)]
#[overhead(dialect = "validator")]
struct Event {
    #[validate(length(min = 5))]
    id: String,
    #[serde(flatten)]
    #[validate(nested)]
    delivery: Delivery,
    #[serde(flatten)]
    trace: Trace,
    #[validate(range(min = 1))]
    created: u64,
}

#[derive(Debug, ValidateOnDeserialize)]
#[overhead(dialect = "validator")]
struct Delivery {
    #[validate(range(min = 1, max = 10))]
    attempt: u32,
    #[validate(url)]
    endpoint: String,
}

#[derive(Debug, ValidateOnDeserialize)]
#[overhead(dialect = "validator")]
struct Trace {
    #[validate(length(equal = 8))]
    trace_id: String,
}

#[derive(Debug, Deserialize, Validate)]
#[overhead(dialect = "validator")]
struct EventTwoStep {
    #[validate(length(min = 5))]
    id: String,
    #[serde(flatten)]
    #[validate(nested)]
    delivery: DeliveryTwoStep,
    #[serde(flatten)]
    trace: TraceTwoStep,
    #[validate(range(min = 1))]
    created: u64,
}

#[derive(Debug, Deserialize, Validate)]
#[overhead(dialect = "validator")]
struct DeliveryTwoStep {
    #[validate(range(min = 1, max = 10))]
    attempt: u32,
    #[validate(url)]
    endpoint: String,
}

#[derive(Debug, Deserialize, Validate)]
#[overhead(dialect = "validator")]
struct TraceTwoStep {
    #[validate(length(equal = 8))]
    trace_id: String,
}

/// The same envelope in the seed's dialect: the delivery's violations are the
/// envelope's own.
#[derive(Debug, ValidateOnDeserialize)]
#[overhead(dialect = "seed")]
struct SeedEvent {
    #[validate(length(min = 5))]
    id: String,
    #[serde(flatten)]
    #[validate(nested)]
    delivery: SeedDelivery,
}

#[derive(Debug, ValidateOnDeserialize)]
#[overhead(dialect = "seed")]
struct SeedDelivery {
    #[validate(range(min = 1, max = 10))]
    attempt: u32,
    #[validate(url)]
    endpoint: String,
}

fn summary(violations: &Violations) -> Vec<String> {
    violations
        .iter()
        .map(|v| format!("{}:{}", v.path, v.code))
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// The violations each way reports: `de+validate`'s, validating while
/// decoding (sorted: it reports as it reads) and failing fast.
fn three_ways(text: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let two_step: EventTwoStep = serde_json::from_str(text).expect("decodes");
    let two_step = two_step.validate().err().map(|v| summary(&v));
    let on_de = |result: Result<Event, Error>| match result {
        Ok(_) => Vec::new(),
        Err(Error::Invalid(v)) => summary(&v),
        Err(Error::Syntax(e)) => panic!("{text}: {e}"),
    };
    (
        sorted(two_step.unwrap_or_default()),
        sorted(on_de(json::from_str(text))),
        on_de(json::from_str_fail_fast(text)),
    )
}

const GOOD_TRACE: &str = r#""trace_id": "0123abcd""#;

#[test]
fn a_flattened_struct_is_checked_under_its_field_where_it_says_nested() {
    let all_bad = format!(
        r#"{{"id": "evt", "attempt": 0, "endpoint": "nowhere", {GOOD_TRACE}, "created": 0}}"#
    );
    let (two_step, on_de, fail_fast) = three_ways(&all_bad);
    let expected = [
        "created:range",
        "delivery.attempt:range",
        "delivery.endpoint:url",
        "id:length",
    ];
    assert_eq!(two_step, expected);
    assert_eq!(on_de, expected, "validating while decoding, as de+validate");
    // serde reads the envelope's own keys first and the flattened struct from
    // what they left: its fields come after the envelope's, wherever they are.
    assert_eq!(fail_fast, ["id:length"]);
    let own_fine = all_bad
        .replace(r#""evt""#, r#""evt_1""#)
        .replace(r#""created": 0"#, r#""created": 1"#);
    let (two_step, on_de, fail_fast) = three_ways(&own_fine);
    assert_eq!(
        two_step,
        ["delivery.attempt:range", "delivery.endpoint:url"]
    );
    assert_eq!(on_de, two_step);
    assert_eq!(fail_fast, ["delivery.attempt:range"]);
    let late = all_bad.replace(r#""id": "evt""#, r#""id": "evt_1""#);
    assert_eq!(three_ways(&late).2, ["created:range"]);
}

#[test]
fn a_flattened_struct_without_nested_keeps_its_rules_to_itself() {
    let text = r#"{"id": "evt_1", "attempt": 2, "endpoint": "https://shop.example/hook", "trace_id": "short", "created": 9}"#;
    let (two_step, on_de, fail_fast) = three_ways(text);
    assert!(two_step.is_empty(), "{two_step:?}");
    assert!(on_de.is_empty(), "{on_de:?}");
    assert!(fail_fast.is_empty(), "{fail_fast:?}");
    // Read all the same: its keys are not the envelope's.
    let event: Event = json::from_str(text).expect("valid");
    assert_eq!(event.trace.trace_id, "short");
    let two_step: EventTwoStep = serde_json::from_str(text).expect("decodes");
    assert_eq!(two_step.trace.trace_id, "short");
    assert_eq!(event.delivery.attempt, 2);
    assert_eq!(event.created, 9);
}

#[test]
fn a_flattened_struct_that_does_not_read_is_a_syntax_error() {
    let text = r#"{"id": "evt_1", "attempt": 2, "trace_id": "0123abcd", "created": 9}"#;
    assert!(matches!(
        json::from_str::<Event>(text),
        Err(Error::Syntax(_))
    ));
    assert!(matches!(
        json::from_str_fail_fast::<Event>(text),
        Err(Error::Syntax(_))
    ));
}

#[test]
fn the_seeds_paths_leave_the_flattened_field_out() {
    let text = r#"{"id": "evt", "attempt": 0, "endpoint": "nowhere"}"#;
    let Err(Error::Invalid(v)) = json::from_str::<SeedEvent>(text) else {
        panic!("invalid")
    };
    assert_eq!(
        sorted(summary(&v)),
        ["attempt:range", "endpoint:url", "id:length"]
    );
    let fine_id = text.replace(r#""evt""#, r#""evt_1""#);
    let Err(Error::Invalid(v)) = json::from_str_fail_fast::<SeedEvent>(&fine_id) else {
        panic!("invalid")
    };
    assert_eq!(summary(&v), ["attempt:range"]);
}
