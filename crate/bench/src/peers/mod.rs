//! Peers: other validation crates doing the same job as ours, measured in the
//! same process and the same loop (DESIGN.md, "Report": engine `peer:<crate>`).
//!
//! Each bundled scenario a peer can express has a module here holding that
//! peer's hand-written structs. A peer's operation is what its users write:
//! `serde_json::from_str` then the crate's `.validate()` (`de+validate`), or, for
//! crates that validate inside `Deserialize`, `serde_json::from_str` alone
//! (`validate-on-de`).

use std::fmt::Display;

use serde::de::DeserializeOwned;

use crate::scenario::Input;
use crate::{Engine, Job, JobInfo, Outcome, Variant};

mod generated;
pub mod shipped;
pub mod user_signup;

pub use generated::{GardePeer, ValidatorPeer};

/// The function making every hand-written peer's jobs for bundled scenario
/// `scenario` (by folder name, e.g. "user-signup"); `None` when it has none.
pub fn jobs_of(scenario: &str) -> Option<crate::prepare::HandWritten> {
    match scenario {
        "user-signup" => Some(user_signup::jobs),
        _ => None,
    }
}

/// The bundled scenarios' hand-written peers, as (scenario folder, crate):
/// the jobs of each are made by `peers::<folder as a module>::<crate>`
/// (`user_signup::garde`), so that a module measuring one peer's code size
/// links that peer's alone (`overhead run --measure size`).
pub const HAND_WRITTEN: &[(&str, &str)] = &[
    ("user-signup", "validator"),
    ("user-signup", "garde"),
    ("user-signup", "domainstack"),
];

/// The hand-written peers of bundled scenario `scenario` (by folder name).
pub fn hand_written(scenario: &str) -> impl Iterator<Item = &'static str> + '_ {
    HAND_WRITTEN
        .iter()
        .filter(move |(s, _)| *s == scenario)
        .map(|(_, peer)| *peer)
}

/// Why a two-step operation did not produce a value.
#[derive(Debug)]
enum Failure<E> {
    /// The JSON did not decode.
    De(serde_json::Error),
    /// It decoded, and the value broke a rule.
    Invalid(E),
}

/// One `de+validate` operation, as user code writes it: decode, validate, keep
/// the value.
#[inline]
fn decode_then_validate<T, E>(
    text: &str,
    validate: impl Fn(&T) -> Result<(), E>,
) -> Result<T, Failure<E>>
where
    T: DeserializeOwned,
{
    let value = serde_json::from_str::<T>(text).map_err(Failure::De)?;
    validate(&value).map_err(Failure::Invalid)?;
    Ok(value)
}

/// A `de+validate` job of `peer` for type `T`, validated by `validate`; `show`
/// renders a validation error for the job's message.
pub(crate) fn de_validate<T, E, V>(
    peer: &'static str,
    input: &Input,
    validate: V,
    show: impl Fn(&E) -> String,
) -> Job
where
    T: DeserializeOwned + 'static,
    V: Fn(&T) -> Result<(), E> + Copy + 'static,
{
    let text: Box<str> = input.text.as_str().into();
    let (outcome, message) = match decode_then_validate::<T, E>(&text, validate) {
        Ok(_) => (Outcome::Ok, None),
        Err(Failure::De(e)) => (Outcome::Error, Some(e.to_string())),
        Err(Failure::Invalid(e)) => (Outcome::Invalid, Some(show(&e))),
    };
    let info = info(
        Variant::DeValidate,
        peer,
        input,
        outcome,
        message,
        text.len(),
    );
    Job::on_text(info, text, move |text| {
        decode_then_validate::<T, E>(text, validate)
    })
}

/// A `validate-on-de` job of `peer` for type `T`, whose `Deserialize` validates;
/// `is_violation` tells a validation error from a decoding one by the error.
fn validate_on_de<T>(
    peer: &'static str,
    input: &Input,
    is_violation: impl Fn(&serde_json::Error) -> bool,
) -> Job
where
    T: DeserializeOwned + 'static,
{
    let text: Box<str> = input.text.as_str().into();
    let (outcome, message) = match serde_json::from_str::<T>(&text) {
        Ok(_) => (Outcome::Ok, None),
        Err(e) if is_violation(&e) => (Outcome::Invalid, Some(e.to_string())),
        Err(e) => (Outcome::Error, Some(e.to_string())),
    };
    let info = info(
        Variant::ValidateOnDe,
        peer,
        input,
        outcome,
        message,
        text.len(),
    );
    Job::on_text(info, text, |text| serde_json::from_str::<T>(text))
}

/// The text domainstack-derive 1.1.1 puts before a violation it reports through
/// serde (`domainstack-derive/src/lib.rs`, the `ValidateOnDeserialize` impl).
const DOMAINSTACK_VIOLATION: &str = "Validation failed: ";

/// A violation, not a decoding error. The custom error is raised after the
/// struct has decoded, outside serde_json's position tracking, so its Display
/// is the derive's text alone (no " at line L column C").
pub(crate) fn is_domainstack_violation(error: &serde_json::Error) -> bool {
    error.is_data() && error.to_string().starts_with(DOMAINSTACK_VIOLATION)
}

fn info(
    variant: Variant,
    peer: &'static str,
    input: &Input,
    outcome: Outcome,
    message: Option<String>,
    size: usize,
) -> JobInfo {
    JobInfo {
        variant,
        engine: Engine::Peer(peer.into()),
        input: input.name.clone(),
        outcome,
        message,
        violations: Vec::new(),
        part: None,
        size,
    }
}

/// validator's violations, short and in a stable order: one `field: code, …`
/// line per field, fields sorted. (Its Display prints every rule's parameters
/// and, as it keeps fields and parameters in `HashMap`s, in an order that
/// changes from process to process.)
pub(crate) fn validator_message(errors: &validator::ValidationErrors) -> String {
    let mut lines: Vec<String> = errors
        .field_errors()
        .into_iter()
        .map(|(field, errors)| {
            let codes: Vec<&str> = errors.iter().map(|e| e.code.as_ref()).collect();
            format!("{field}: {}", codes.join(", "))
        })
        .collect();
    lines.sort_unstable();
    lines.join("\n")
}

/// An error's Display without the trailing newline some crates (garde) print.
pub(crate) fn display(error: &impl Display) -> String {
    error.to_string().trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SystemClock;

    /// Every hand-written peer's jobs for bundled scenario `scenario`.
    fn jobs(scenario: &str, variant: Variant, input: &Input) -> Vec<Job> {
        jobs_of(scenario).map_or_else(Vec::new, |jobs| jobs(variant, input))
    }

    const VALID: &str = include_str!("../../../../scenarios/user-signup/inputs/valid.json");
    const INVALID: &str = include_str!("../../../../scenarios/user-signup/inputs/invalid.json");

    fn input(name: &str, text: &str) -> Input {
        Input {
            name: name.to_owned(),
            text: text.to_owned(),
        }
    }

    fn engines(jobs: &[Job]) -> Vec<String> {
        jobs.iter()
            .map(|j| j.info.engine.name().into_owned())
            .collect()
    }

    fn outcomes(jobs: &[Job]) -> Vec<(String, Outcome)> {
        jobs.iter()
            .map(|j| (j.info.engine.name().into_owned(), j.info.outcome))
            .collect()
    }

    #[test]
    fn de_validate_has_every_peer() {
        let jobs = jobs("user-signup", Variant::DeValidate, &input("valid", VALID));
        assert_eq!(
            engines(&jobs),
            ["peer:validator", "peer:garde", "peer:domainstack"]
        );
        for job in &jobs {
            assert_eq!(job.info.variant, Variant::DeValidate);
            assert_eq!(job.info.input, "valid");
            assert_eq!(job.info.size, VALID.len());
        }
    }

    #[test]
    fn validate_on_de_is_domainstack_only() {
        let jobs = jobs("user-signup", Variant::ValidateOnDe, &input("valid", VALID));
        assert_eq!(engines(&jobs), ["peer:domainstack"]);
        assert_eq!(jobs[0].info.variant, Variant::ValidateOnDe);
    }

    #[test]
    fn no_peer_for_other_variants_or_scenarios() {
        let valid = input("valid", VALID);
        assert!(jobs("user-signup", Variant::De, &valid).is_empty());
        assert!(jobs("user-signup", Variant::ValidateOnDeFailFast, &valid).is_empty());
        assert!(jobs("no-such-scenario", Variant::DeValidate, &valid).is_empty());
        assert!(jobs("no-such-scenario", Variant::ValidateOnDe, &valid).is_empty());
    }

    #[test]
    fn valid_input_is_ok_everywhere() {
        for variant in [Variant::DeValidate, Variant::ValidateOnDe] {
            for job in jobs("user-signup", variant, &input("valid", VALID)) {
                assert_eq!(
                    job.info.outcome,
                    Outcome::Ok,
                    "{} {}: {:?}",
                    job.info.engine.name(),
                    variant.code(),
                    job.info.message
                );
                assert_eq!(job.info.message, None);
            }
        }
    }

    #[test]
    fn invalid_input_is_invalid_everywhere() {
        for variant in [Variant::DeValidate, Variant::ValidateOnDe] {
            let jobs = jobs("user-signup", variant, &input("invalid", INVALID));
            assert!(!jobs.is_empty());
            for job in jobs {
                assert_eq!(
                    job.info.outcome,
                    Outcome::Invalid,
                    "{} {}: {:?}",
                    job.info.engine.name(),
                    variant.code(),
                    job.info.message
                );
                let message = job.info.message.expect("a message when not ok");
                assert!(!message.is_empty());
            }
        }
    }

    #[test]
    fn messages_are_short_and_stable() {
        let jobs = jobs(
            "user-signup",
            Variant::DeValidate,
            &input("invalid", INVALID),
        );
        let messages: Vec<_> = jobs.iter().map(|j| j.info.message.as_deref()).collect();
        assert_eq!(
            messages,
            [
                Some("age: range\nemail: email\nusername: length, alphanumeric"),
                Some(
                    "age: lower than 18\nemail: not a valid email: value is missing `@`\n\
                     username: not alphanumeric\nusername: length is lower than 3"
                ),
                Some("Validation failed with 4 errors"),
            ]
        );
    }

    #[test]
    fn malformed_json_is_an_error_everywhere() {
        let cases = [
            ("truncated", r#"{"email": "alice@example.com", "age": 25"#),
            ("not-json", "not json"),
            (
                "wrong-type",
                r#"{"email": "alice@example.com", "age": "25", "username": "alice123"}"#,
            ),
            (
                "out-of-u8",
                r#"{"email": "alice@example.com", "age": 300, "username": "alice123"}"#,
            ),
            (
                "missing-field",
                r#"{"email": "alice@example.com", "age": 25}"#,
            ),
        ];
        for (name, text) in cases {
            for variant in [Variant::DeValidate, Variant::ValidateOnDe] {
                for job in jobs("user-signup", variant, &input(name, text)) {
                    assert_eq!(
                        job.info.outcome,
                        Outcome::Error,
                        "{name} {} {}: {:?}",
                        job.info.engine.name(),
                        variant.code(),
                        job.info.message
                    );
                    assert!(job.info.message.is_some());
                }
            }
        }
    }

    #[test]
    fn single_violations_are_invalid_everywhere() {
        let cases = [
            (
                "age-low",
                r#"{"email": "alice@example.com", "age": 17, "username": "alice123"}"#,
            ),
            (
                "age-high",
                r#"{"email": "alice@example.com", "age": 121, "username": "alice123"}"#,
            ),
            (
                "short-name",
                r#"{"email": "alice@example.com", "age": 25, "username": "ab"}"#,
            ),
            (
                "long-name",
                r#"{"email": "alice@example.com", "age": 25, "username": "abcdefghijklmnopqrstu"}"#,
            ),
            (
                "punct-name",
                r#"{"email": "alice@example.com", "age": 25, "username": "alice_1"}"#,
            ),
            (
                "bad-email",
                r#"{"email": "alice.example.com", "age": 25, "username": "alice123"}"#,
            ),
        ];
        for (name, text) in cases {
            for variant in [Variant::DeValidate, Variant::ValidateOnDe] {
                for job in jobs("user-signup", variant, &input(name, text)) {
                    assert_eq!(
                        job.info.outcome,
                        Outcome::Invalid,
                        "{name} {} {}: {:?}",
                        job.info.engine.name(),
                        variant.code(),
                        job.info.message
                    );
                }
            }
        }
    }

    #[test]
    fn bounds_are_inclusive_everywhere() {
        let cases = [
            r#"{"email": "a@example.com", "age": 18, "username": "abc"}"#,
            r#"{"email": "a@example.com", "age": 120, "username": "abcdefghijklmnopqrst"}"#,
        ];
        for text in cases {
            let all = outcomes(&jobs(
                "user-signup",
                Variant::DeValidate,
                &input("edge", text),
            ));
            assert!(
                all.iter().all(|(_, o)| *o == Outcome::Ok),
                "{text}: {all:?}"
            );
        }
    }

    #[test]
    fn every_closure_runs() {
        let clock = SystemClock::new();
        for (name, text) in [("valid", VALID), ("invalid", INVALID), ("bad", "{")] {
            for variant in [Variant::DeValidate, Variant::ValidateOnDe] {
                for mut job in jobs("user-signup", variant, &input(name, text)) {
                    let ns = job.time(&clock, 3);
                    assert!(ns.is_finite() && ns >= 0.0, "{ns}");
                }
            }
        }
    }
}
