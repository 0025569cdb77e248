//! Seed 003 on compiled types: the same definitions with serde's
//! `#[serde(flatten)]`, with the fast flatten codec, and unflattened; plus the
//! seed's own crate, serde_fast_flatten, as a peer.
//!
//! The workload is the seed's: `repeat` copies of the input value in one `Vec`,
//! serialized to JSON once, then decoded (or the `Vec` serialized) per operation.
//! The unflattened form's input is the nested JSON of the same values: postcard
//! writes a struct as its fields in order, flattened or not, so the flat value's
//! postcard bytes read back as the unflattened type unchanged.

use std::hint::black_box;
use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{CompiledType, JobRequest, info};
use crate::{Engine, Job, Outcome, Variant};

/// `S`: serde's flatten; `F`: the fast flatten derive; `U`: the types without
/// `flatten`.
pub struct FlattenCodec<S, F, U>(Forms<S, F, U>);

type Forms<S, F, U> = PhantomData<fn() -> (S, F, U)>;

impl<S, F, U> FlattenCodec<S, F, U> {
    pub const NEW: Self = FlattenCodec(PhantomData);
}

/// serde_fast_flatten's derives of the same definitions (`X`), timed beside
/// `F` (ours) in `de/fast-flatten` and `ser/fast-flatten`. A codec of its own,
/// paired with the type's [`FlattenCodec`], so that definitions its derive
/// refuses keep ours.
pub struct FlattenPeer<F, X>(PhantomData<fn() -> (F, X)>);

impl<F, X> FlattenPeer<F, X> {
    pub const NEW: Self = FlattenPeer(PhantomData);
}

/// The texts every form decodes, made once per job.
struct Workload {
    /// `repeat` copies, flattened JSON (what serde's flatten and ours read).
    flat: String,
    /// The same values as nested JSON.
    nested: String,
}

const PEER: &str = "serde_fast_flatten";

/// `repeat` copies of the input value as flattened JSON, written by `F`, and
/// those values.
fn flat<F: DeserializeOwned + Serialize>(
    request: &JobRequest<'_>,
) -> Result<(String, Vec<F>), String> {
    let value: F = serde_json::from_str(&request.input.text).map_err(|e| {
        format!(
            "input `{}` does not decode as the flattened definitions: {e}",
            request.input.name
        )
    })?;
    let one = serde_json::to_string(&value).map_err(|e| e.to_string())?;
    let flat = format!("[{}]", vec![one; request.repeat as usize].join(","));
    let values: Vec<F> = serde_json::from_str(&flat).map_err(|e| e.to_string())?;
    Ok((flat, values))
}

impl<S, F, U> FlattenCodec<S, F, U>
where
    S: DeserializeOwned + Serialize + 'static,
    F: DeserializeOwned + Serialize + 'static,
    U: DeserializeOwned + Serialize + 'static,
{
    fn workload(request: &JobRequest<'_>) -> Result<Workload, String> {
        let (flat, values) = flat::<F>(request)?;
        let bytes = postcard::to_allocvec(&values).map_err(|e| e.to_string())?;
        let unflattened: Vec<U> = postcard::from_bytes(&bytes).map_err(|e| e.to_string())?;
        let nested = serde_json::to_string(&unflattened).map_err(|e| e.to_string())?;
        Ok(Workload { flat, nested })
    }
}

impl<S, F, U> CompiledType for FlattenCodec<S, F, U>
where
    S: DeserializeOwned + Serialize + Sync + 'static,
    F: DeserializeOwned + Serialize + Sync + 'static,
    U: DeserializeOwned + Serialize + Sync + 'static,
{
    fn job(&self, request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        let engine = Engine::Compiled;
        let job = match request.variant {
            Variant::DeSerdeFlatten => {
                Self::workload(request).and_then(|w| decode::<S>(request, engine, w.flat))
            }
            Variant::DeFastFlatten => {
                Self::workload(request).and_then(|w| decode::<F>(request, engine, w.flat))
            }
            Variant::DeUnflattened => {
                Self::workload(request).and_then(|w| decode::<U>(request, engine, w.nested))
            }
            Variant::SerSerdeFlatten => {
                Self::workload(request).and_then(|w| encode::<S>(request, engine, &w.flat))
            }
            Variant::SerFastFlatten => {
                Self::workload(request).and_then(|w| encode::<F>(request, engine, &w.flat))
            }
            Variant::SerUnflattened => {
                Self::workload(request).and_then(|w| encode::<U>(request, engine, &w.nested))
            }
            _ => return None,
        };
        Some(job)
    }
}

impl<F, X> CompiledType for FlattenPeer<F, X>
where
    F: DeserializeOwned + Serialize + Sync + 'static,
    X: DeserializeOwned + Serialize + Sync + 'static,
{
    fn job(&self, _request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        None
    }

    fn peer_jobs(&self, request: &JobRequest<'_>) -> Vec<Job> {
        let engine = Engine::Peer(PEER.into());
        let job = match request.variant {
            Variant::DeFastFlatten => {
                flat::<F>(request).and_then(|(text, _)| decode::<X>(request, engine, text))
            }
            Variant::SerFastFlatten => {
                flat::<F>(request).and_then(|(text, _)| encode::<X>(request, engine, &text))
            }
            _ => return Vec::new(),
        };
        job.into_iter().collect()
    }
}

/// Decodes `text` (a JSON array) as `Vec<T>` per operation.
fn decode<T: DeserializeOwned + Serialize + 'static>(
    request: &JobRequest<'_>,
    engine: Engine,
    text: String,
) -> Result<Job, String> {
    let mut info = info(request, Outcome::Ok, None);
    info.engine = engine;
    info.size = text.len();
    if let Err(e) = serde_json::from_str::<Vec<T>>(&text) {
        info.outcome = Outcome::Error;
        info.message = Some(e.to_string());
    }
    Ok(Job::on_text(info, text, |text| {
        serde_json::from_str::<Vec<T>>(text)
    }))
}

/// Serializes the values `text` holds, decoded once with `T`, per operation; the
/// text written must be `text` again (every form writes what its input reads).
fn encode<T: DeserializeOwned + Serialize + 'static>(
    request: &JobRequest<'_>,
    engine: Engine,
    text: &str,
) -> Result<Job, String> {
    let values: Vec<T> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let written = serde_json::to_string(&values).map_err(|e| e.to_string())?;
    let mut info = info(request, Outcome::Ok, None);
    info.engine = engine;
    info.size = written.len();
    if written != text {
        info.outcome = Outcome::Error;
        info.message = Some("writes different JSON from what the other forms read".into());
    }
    Ok(Job::new(info, move || {
        serde_json::to_string(black_box(&values))
    }))
}
