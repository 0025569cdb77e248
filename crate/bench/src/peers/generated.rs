//! Peers on a person's own definitions: the same text derived by `validator`
//! or `garde` (whichever dialect it is written in), as `overhead-codegen`
//! generates it for a crate built on demand. A peer's job is what its users
//! write: `serde_json::from_str`, then the crate's `.validate()`.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use super::{de_validate, display, validator_message};
use crate::compiled::{CompiledType, JobRequest};
use crate::{Job, Variant};

/// `T` derives `validator::Validate`.
pub struct ValidatorPeer<T>(PhantomData<fn() -> T>);

impl<T> ValidatorPeer<T> {
    pub const NEW: Self = ValidatorPeer(PhantomData);
}

impl<T: DeserializeOwned + validator::Validate + 'static> CompiledType for ValidatorPeer<T> {
    fn job(&self, _request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        None
    }

    fn peer_jobs(&self, request: &JobRequest<'_>) -> Vec<Job> {
        match request.variant {
            Variant::DeValidate => vec![de_validate::<T, _, _>(
                "validator",
                request.input,
                <T as validator::Validate>::validate,
                validator_message,
            )],
            _ => Vec::new(),
        }
    }
}

/// `T` derives `garde::Validate` with no context of its own.
pub struct GardePeer<T>(PhantomData<fn() -> T>);

impl<T> GardePeer<T> {
    pub const NEW: Self = GardePeer(PhantomData);
}

impl<T> CompiledType for GardePeer<T>
where
    T: DeserializeOwned + garde::Validate + 'static,
    T::Context: Default,
{
    fn job(&self, _request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        None
    }

    fn peer_jobs(&self, request: &JobRequest<'_>) -> Vec<Job> {
        match request.variant {
            Variant::DeValidate => vec![de_validate::<T, _, _>(
                "garde",
                request.input,
                |value: &T| garde::Validate::validate(value),
                display,
            )],
            _ => Vec::new(),
        }
    }
}
