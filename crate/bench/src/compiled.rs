//! The compiled engine: real derive-generated code for the bundled scenarios,
//! produced by `build.rs` from `scenarios/*/schema.rs`.

use std::hint::black_box;
use std::marker::PhantomData;

use overhead_validate::{Validate, Violations, json};
use serde::de::DeserializeOwned;

use crate::report::ViolationRecord;
use crate::scenario::Input;
use crate::{Engine, Job, JobInfo, Outcome, Variant};

/// One compiled type of a bundled scenario.
pub trait CompiledType: Sync {
    /// Prepares `variant` on `input`, running it once to learn its outcome;
    /// `None` when this type has no code for `variant`.
    fn job(&self, variant: Variant, input: &Input) -> Option<Job>;
}

/// The compiled operations of one type: `P` derives `Deserialize` + `Validate`,
/// `I` is the same definition deriving `ValidateOnDeserialize`.
pub struct Codec<P, I>(PhantomData<fn() -> (P, I)>);

impl<P, I> Codec<P, I> {
    pub const NEW: Self = Codec(PhantomData);
}

impl<P, I> CompiledType for Codec<P, I>
where
    P: DeserializeOwned + Validate + 'static,
    I: DeserializeOwned + 'static,
{
    fn job(&self, variant: Variant, input: &Input) -> Option<Job> {
        Some(match variant {
            Variant::De => de::<P>(input),
            Variant::DeValidate => de_validate::<P>(input),
            Variant::ValidateOnDe => {
                validate_on_de(input, variant, |text| json::from_str::<I>(text))
            }
            Variant::ValidateOnDeFailFast => {
                validate_on_de(input, variant, |text| json::from_str_fail_fast::<I>(text))
            }
        })
    }
}

fn info(variant: Variant, input: &Input, outcome: Outcome, message: Option<String>) -> JobInfo {
    JobInfo {
        variant,
        engine: Engine::Compiled,
        input: input.name.clone(),
        outcome,
        message,
        violations: Vec::new(),
        size: input.text.len(),
    }
}

fn invalid(variant: Variant, input: &Input, violations: &Violations) -> JobInfo {
    JobInfo {
        violations: violations.iter().map(ViolationRecord::from).collect(),
        ..info(variant, input, Outcome::Invalid, None)
    }
}

/// The baseline: decode only; validation attributes mean nothing to plain serde.
fn de<T: DeserializeOwned + 'static>(input: &Input) -> Job {
    let text: Box<str> = input.text.as_str().into();
    let info = match serde_json::from_str::<T>(&text) {
        Ok(_) => info(Variant::De, input, Outcome::Ok, None),
        Err(e) => info(Variant::De, input, Outcome::Error, Some(e.to_string())),
    };
    Job::new(info, move || serde_json::from_str::<T>(black_box(&text)))
}

/// Two steps: decode, then `.validate()`.
fn de_validate<T: DeserializeOwned + Validate + 'static>(input: &Input) -> Job {
    let text: Box<str> = input.text.as_str().into();
    let info = match serde_json::from_str::<T>(&text) {
        Ok(value) => match value.validate() {
            Ok(()) => info(Variant::DeValidate, input, Outcome::Ok, None),
            Err(violations) => invalid(Variant::DeValidate, input, &violations),
        },
        Err(e) => info(
            Variant::DeValidate,
            input,
            Outcome::Error,
            Some(e.to_string()),
        ),
    };
    Job::new(info, move || {
        serde_json::from_str::<T>(black_box(&text)).map(|value| {
            let verdict = value.validate();
            (value, verdict)
        })
    })
}

/// One step: decode and validate together (`decode` collects all or fails fast).
fn validate_on_de<T: 'static>(
    input: &Input,
    variant: Variant,
    decode: impl Fn(&str) -> Result<T, json::Error> + 'static,
) -> Job {
    let text: Box<str> = input.text.as_str().into();
    let info = match decode(&text) {
        Ok(_) => info(variant, input, Outcome::Ok, None),
        Err(json::Error::Invalid(violations)) => invalid(variant, input, &violations),
        Err(json::Error::Syntax(e)) => info(variant, input, Outcome::Error, Some(e.to_string())),
    };
    Job::new(info, move || decode(black_box(&text)))
}
