//! The compiled engine: real derive-generated serde code for the bundled
//! scenarios, produced by `build.rs` from `scenarios/*/schema.rs`.

use std::hint::black_box;
use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use crate::scenario::Input;
use crate::{Engine, Job, JobInfo, Outcome, Variant};

/// One compiled type of a bundled scenario.
pub trait CompiledType: Sync {
    /// Prepares `variant` on `input`, running it once to learn its outcome.
    fn job(&self, variant: Variant, input: &Input) -> Job;
}

/// The compiled operations of type `T`.
pub struct Codec<T>(PhantomData<fn() -> T>);

impl<T> Codec<T> {
    pub const NEW: Self = Codec(PhantomData);
}

impl<T: DeserializeOwned + 'static> CompiledType for Codec<T> {
    fn job(&self, variant: Variant, input: &Input) -> Job {
        match variant {
            Variant::De => de::<T>(input),
        }
    }
}

fn de<T: DeserializeOwned + 'static>(input: &Input) -> Job {
    let text: Box<str> = input.text.as_str().into();
    let (outcome, message) = match serde_json::from_str::<T>(&text) {
        Ok(_) => (Outcome::Ok, None),
        Err(e) => (Outcome::Error, Some(e.to_string())),
    };
    let info = JobInfo {
        variant: Variant::De,
        engine: Engine::Compiled,
        input: input.name.clone(),
        outcome,
        message,
        size: text.len(),
    };
    Job::new(info, move || serde_json::from_str::<T>(black_box(&text)))
}
