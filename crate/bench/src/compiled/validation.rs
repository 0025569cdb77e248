//! Seed 000's variants on compiled types: decode, decode then validate, validate
//! while decoding (collect-all and fail-fast).

use std::marker::PhantomData;

use overhead_validate::{Validate, json};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{CompiledType, JobRequest, OnDe, Verdict, info, invalid};
use crate::{Job, Outcome, Variant};

/// The compiled operations of one type: `P` derives `Serialize`, `Deserialize`
/// and `Validate`; `I` is the same definition deriving `ValidateOnDeserialize`.
pub struct Codec<P, I>(PhantomData<fn() -> (P, I)>);

impl<P, I> Codec<P, I> {
    pub const NEW: Self = Codec(PhantomData);
}

impl<P, I> CompiledType for Codec<P, I>
where
    P: DeserializeOwned + Serialize + Validate + 'static,
    I: DeserializeOwned + 'static,
{
    fn job(&self, request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        Some(Ok(match request.variant {
            Variant::De => de::<P>(request),
            Variant::DeValidate => de_validate::<P>(request),
            Variant::ValidateOnDe => validate_on_de(request, |text| json::from_str::<I>(text)),
            Variant::ValidateOnDeFailFast => {
                validate_on_de(request, |text| json::from_str_fail_fast::<I>(text))
            }
            _ => return crate::formats::job(crate::formats::Derived::<P>::NEW, request),
        }))
    }

    fn verdict(&self, text: &str) -> Option<Verdict> {
        let paths = |v: &overhead_validate::Violations| -> Vec<String> {
            v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect()
        };
        let on_de = |result: Result<I, json::Error>, sort: bool| match result {
            Ok(_) => OnDe::Ok,
            Err(json::Error::Invalid(v)) => {
                let mut found = paths(&v);
                if sort {
                    found.sort();
                }
                OnDe::Invalid(found)
            }
            Err(_) => OnDe::Syntax,
        };
        let decoded = serde_json::from_str::<P>(text).ok();
        Some(Verdict {
            // Through text, as the interpreter writes it (an `f32` widens in a `Value`).
            value: decoded
                .as_ref()
                .and_then(|v| serde_json::from_str(&serde_json::to_string(v).ok()?).ok()),
            two_step: decoded
                .as_ref()
                .and_then(|v| v.validate().err())
                .map(|v| paths(&v))
                .unwrap_or_default(),
            on_de: on_de(json::from_str::<I>(text), true),
            fail_fast: on_de(json::from_str_fail_fast::<I>(text), false),
        })
    }
}

/// The baseline: decode only; validation attributes mean nothing to plain serde.
fn de<T: DeserializeOwned + 'static>(request: &JobRequest<'_>) -> Job {
    let text: Box<str> = request.input.text.as_str().into();
    let info = match serde_json::from_str::<T>(&text) {
        Ok(_) => info(request, Outcome::Ok, None),
        Err(e) => info(request, Outcome::Error, Some(e.to_string())),
    };
    Job::on_text(info, text, |text| serde_json::from_str::<T>(text))
}

/// Two steps: decode, then `.validate()`.
fn de_validate<T: DeserializeOwned + Validate + 'static>(request: &JobRequest<'_>) -> Job {
    let text: Box<str> = request.input.text.as_str().into();
    let info = match serde_json::from_str::<T>(&text) {
        Ok(value) => match value.validate() {
            Ok(()) => info(request, Outcome::Ok, None),
            Err(violations) => invalid(request, &violations),
        },
        Err(e) => info(request, Outcome::Error, Some(e.to_string())),
    };
    Job::on_text(info, text, |text| {
        serde_json::from_str::<T>(text).map(|value| {
            let verdict = value.validate();
            (value, verdict)
        })
    })
}

/// One step: decode and validate together (`decode` collects all or fails fast).
fn validate_on_de<T: 'static>(
    request: &JobRequest<'_>,
    decode: impl Fn(&str) -> Result<T, json::Error> + 'static,
) -> Job {
    let text: Box<str> = request.input.text.as_str().into();
    let info = match decode(&text) {
        Ok(_) => info(request, Outcome::Ok, None),
        Err(json::Error::Invalid(violations)) => invalid(request, &violations),
        Err(json::Error::Syntax(e)) => info(request, Outcome::Error, Some(e.to_string())),
    };
    Job::on_text(info, text, decode)
}
