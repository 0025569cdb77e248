//! `user-signup` (seed 000) written for each peer: an email (a valid address of
//! at most 255), an age (18..=120, inclusive) and a username (alphanumeric,
//! 3..=20 long).
//!
//! The rules are the same in spirit, not to the letter; where the crates
//! differ (see the notes on each struct), the bundled inputs stay clear of the
//! difference, so every engine returns the same outcome for them.
//!
//! The domainstack structs copy the attribute style of domainstack 1.1.1's own
//! benchmark (`benches/serde_validation.rs`), which seed 000 reports.

use serde::Deserialize;

use super::{de_validate, display, is_domainstack_violation, validate_on_de, validator_message};
use crate::scenario::Input;
use crate::{Job, Variant};

/// Every peer's job for `variant` on `input`.
pub fn jobs(variant: Variant, input: &Input) -> Vec<Job> {
    let mut jobs = validator(variant, input);
    jobs.extend(garde(variant, input));
    jobs.extend(domainstack(variant, input));
    jobs
}

/// validator's jobs for `variant` on `input` (one function a peer:
/// `peers::HAND_WRITTEN`).
pub fn validator(variant: Variant, input: &Input) -> Vec<Job> {
    match variant {
        Variant::DeValidate => vec![de_validate::<ValidatorUser, _, _>(
            "validator",
            input,
            <ValidatorUser as validator::Validate>::validate,
            validator_message,
        )],
        _ => Vec::new(),
    }
}

/// garde's jobs for `variant` on `input`.
pub fn garde(variant: Variant, input: &Input) -> Vec<Job> {
    match variant {
        Variant::DeValidate => vec![de_validate::<GardeUser, _, _>(
            "garde",
            input,
            <GardeUser as garde::Validate>::validate,
            display,
        )],
        _ => Vec::new(),
    }
}

/// domainstack's jobs for `variant` on `input`.
pub fn domainstack(variant: Variant, input: &Input) -> Vec<Job> {
    match variant {
        Variant::DeValidate => vec![de_validate::<DomainstackUser, _, _>(
            "domainstack",
            input,
            <DomainstackUser as domainstack::Validate>::validate,
            display,
        )],
        Variant::ValidateOnDe => vec![validate_on_de::<DomainstackUserOnDe>(
            "domainstack",
            input,
            is_domainstack_violation,
        )],
        _ => Vec::new(),
    }
}

/// validator 0.21. `length` counts `char`s (Unicode scalar values), so "用户"
/// is too short here and 20 chars with an "é" are not too long, unlike in garde
/// and domainstack. `email` splits at the last `@`, caps the user part at 64
/// and the domain at 255 chars, matches the WHATWG patterns, retries a failing
/// domain after IDNA (`domain_to_ascii`, so "a@bücher.de" passes) and accepts
/// `[ip]` literals, through a regex anchored only at the end (so
/// "a@x[127.0.0.1]" passes too).
#[derive(Deserialize, validator::Validate)]
struct ValidatorUser {
    #[validate(email, length(max = 255))]
    email: String,

    #[validate(range(min = 18, max = 120))]
    age: u8,

    // validator has no `alphanumeric` rule: `custom` calls `alphanumeric`
    // below, which checks `chars().all(char::is_alphanumeric)`, the test garde
    // and domainstack use.
    #[validate(custom(function = "alphanumeric"), length(min = 3, max = 20))]
    username: String,
}

/// The `alphanumeric` rule validator lacks: every char is Unicode alphanumeric
/// (`char::is_alphanumeric`, so "josé" and "用户" pass), as in garde and
/// domainstack.
fn alphanumeric(value: &str) -> Result<(), validator::ValidationError> {
    if value.chars().all(char::is_alphanumeric) {
        Ok(())
    } else {
        Err(validator::ValidationError::new("alphanumeric"))
    }
}

/// garde 0.23. `length` in its default ("simple") mode counts bytes for
/// strings, not chars. `email` splits at the first `@`, caps the user part at
/// 64 and the domain at 255 bytes and matches the WHATWG user and domain
/// patterns (so "a@localhost" passes), and also accepts `[ip]` literals, which
/// WHATWG does not; internationalised domains only with the `email-idna`
/// feature, which this build leaves off (as WHATWG's pattern, ASCII only).
#[derive(Deserialize, garde::Validate)]
struct GardeUser {
    #[garde(email, length(max = 255))]
    email: String,

    #[garde(range(min = 18, max = 120))]
    age: u8,

    #[garde(alphanumeric, length(min = 3, max = 20))]
    username: String,
}

/// domainstack 1.1.1, two-step. `min_len`/`max_len` count bytes; `email` is the
/// regex `^[^@\s]+@[^@\s]+\.[^@\s]+$`: any text without spaces or a second
/// `@`, with a dot in the domain, so "a@localhost" fails but "a<b>@c..com" and
/// a 65-byte user part pass.
#[derive(Deserialize, domainstack::Validate)]
struct DomainstackUser {
    #[validate(email)]
    #[validate(max_len = 255)]
    email: String,

    #[validate(range(min = 18, max = 120))]
    age: u8,

    #[validate(alphanumeric)]
    #[validate(min_len = 3)]
    #[validate(max_len = 20)]
    username: String,
}

/// domainstack 1.1.1, validated inside `Deserialize`: the derive decodes an
/// intermediate struct, moves it into this one, validates, and on violation
/// returns `serde::de::Error::custom(format!("Validation failed: {}", e))`.
#[derive(domainstack_derive::ValidateOnDeserialize)]
struct DomainstackUserOnDe {
    #[validate(email)]
    #[validate(max_len = 255)]
    email: String,

    #[validate(range(min = 18, max = 120))]
    age: u8,

    #[validate(alphanumeric)]
    #[validate(min_len = 3)]
    #[validate(max_len = 20)]
    username: String,
}
