//! Seeds 001 and 002 on compiled types: a value encoded and decoded with a
//! format (JSON, postcard; into a fresh or a reused buffer), and converted to and
//! from `serde_json::Value` (the "dict" path) or a JS object.
//!
//! With `data = "serial"` every operation handles the input's value; with
//! `"random"`, operations cycle through a pool of values generated from the
//! definitions by the interpreter's seeded generator (so every engine handles
//! the same values), and sizes vary (SIZE is then the pool's mean).

use std::hint::black_box;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{JobRequest, info};
use crate::{Data, Job, Outcome, Variant};

pub fn job<P>(request: &JobRequest<'_>) -> Option<Result<Job, String>>
where
    P: DeserializeOwned + Serialize + 'static,
{
    use Variant::*;
    if !matches!(
        request.variant,
        Ser | FromValue
            | ToValue
            | FromJs
            | ToJs
            | EncJson
            | DecJson
            | EncPostcard
            | DecPostcard
            | EncJsonReuse
            | EncPostcardReuse
    ) {
        return None;
    }
    Some(
        values::<P>(request).and_then(|values| match request.variant {
            Ser => Ok(encode(request, values, |v| serde_json::to_string(v))),
            ToValue => Ok(encode(request, values, |v| serde_json::to_value(v))),
            EncJson => Ok(encode(request, values, |v| serde_json::to_vec(v))),
            EncPostcard => Ok(encode(request, values, |v| postcard::to_allocvec(v))),
            EncJsonReuse => {
                let mut buffer = Vec::new();
                Ok(encode(request, values, move |v| {
                    buffer.clear();
                    serde_json::to_writer(&mut buffer, v).map(|()| buffer.len())
                }))
            }
            EncPostcardReuse => {
                let mut buffer = Vec::new();
                Ok(encode(request, values, move |v| {
                    buffer.clear();
                    buffer = postcard::to_extend(v, std::mem::take(&mut buffer))?;
                    Ok::<usize, postcard::Error>(buffer.len())
                }))
            }
            DecJson => decode(
                request,
                &values,
                |v| serde_json::to_vec(v),
                |bytes| serde_json::from_slice::<P>(bytes),
            ),
            DecPostcard => decode(
                request,
                &values,
                |v| postcard::to_allocvec(v),
                |bytes| postcard::from_bytes::<P>(bytes),
            ),
            FromValue => decode(
                request,
                &values,
                |v| serde_json::to_value(v),
                |value| P::deserialize(value),
            ),
            FromJs | ToJs => js::job(request, values),
            _ => unreachable!("filtered above"),
        }),
    )
}

/// The values a job handles: the input's, or the random pool.
fn values<P: DeserializeOwned>(request: &JobRequest<'_>) -> Result<Vec<P>, String> {
    match request.data {
        Data::Serial => serde_json::from_str::<P>(&request.input.text)
            .map(|value| vec![value])
            .map_err(|e| {
                format!(
                    "`{}` needs a value, and input `{}` does not decode: {e}",
                    request.variant, request.input.name
                )
            }),
        Data::Random => request
            .pool
            .iter()
            .map(|text| serde_json::from_str::<P>(text).map_err(|e| e.to_string()))
            .collect(),
    }
}

/// The size the report gives: the encoded size, or the pool's mean.
fn mean_size(sizes: impl Iterator<Item = usize>) -> usize {
    let (sum, n) = sizes.fold((0, 0), |(sum, n), size| (sum + size, n + 1));
    (sum + n / 2).checked_div(n).unwrap_or(0)
}

/// Something whose size in bytes the table reports.
trait Encoded {
    fn size(&self) -> usize;
}

impl Encoded for Vec<u8> {
    fn size(&self) -> usize {
        self.len()
    }
}

impl Encoded for String {
    fn size(&self) -> usize {
        self.len()
    }
}

impl Encoded for usize {
    fn size(&self) -> usize {
        *self
    }
}

impl Encoded for serde_json::Value {
    /// A `Value` has no wire size; its JSON text's is the figure seed 002 compares.
    fn size(&self) -> usize {
        serde_json::to_string(self).map_or(0, |s| s.len())
    }
}

/// A job that encodes each value in turn with `op`.
fn encode<P: 'static, R: Encoded, E: std::fmt::Display>(
    request: &JobRequest<'_>,
    values: Vec<P>,
    mut op: impl FnMut(&P) -> Result<R, E> + 'static,
) -> Job {
    let mut sizes = Vec::with_capacity(values.len());
    let mut failure = None;
    for value in &values {
        match op(value) {
            Ok(encoded) => sizes.push(encoded.size()),
            Err(e) => {
                failure.get_or_insert_with(|| e.to_string());
            }
        }
    }
    let mut info = match failure {
        None => info(request, Outcome::Ok, None),
        Some(message) => info(request, Outcome::Error, Some(message)),
    };
    info.size = mean_size(sizes.into_iter());
    let mut next = 0;
    Job::new(info, move || {
        let value = &values[next];
        next = (next + 1) % values.len();
        op(black_box(value))
    })
}

/// A job that decodes each value's encoded form (made by `encode`, before timing).
fn decode<P, B, E1: std::fmt::Display, E2: std::fmt::Display>(
    request: &JobRequest<'_>,
    values: &[P],
    encode: impl Fn(&P) -> Result<B, E1>,
    decode: impl Fn(&B) -> Result<P, E2> + 'static,
) -> Result<Job, String>
where
    B: Encoded + 'static,
    P: 'static,
{
    let encoded = values
        .iter()
        .map(&encode)
        .collect::<Result<Vec<B>, E1>>()
        .map_err(|e| {
            format!(
                "`{}` cannot encode the value to decode: {e}",
                request.variant
            )
        })?;
    let failure = encoded
        .iter()
        .find_map(|b| decode(b).err().map(|e| e.to_string()));
    let mut info = match failure {
        None => info(request, Outcome::Ok, None),
        Some(message) => info(request, Outcome::Error, Some(message)),
    };
    info.size = mean_size(encoded.iter().map(Encoded::size));
    let mut next = 0;
    Ok(Job::new(info, move || {
        let bytes = &encoded[next];
        next = (next + 1) % encoded.len();
        decode(black_box(bytes))
    }))
}

#[cfg(target_arch = "wasm32")]
mod js {
    use super::*;

    /// JS object ↔ value through serde-wasm-bindgen: what a page hands to wasm.
    pub fn job<P>(request: &JobRequest<'_>, values: Vec<P>) -> Result<Job, String>
    where
        P: DeserializeOwned + Serialize + 'static,
    {
        let json_size = |v: &P| serde_json::to_string(v).map_or(0, |s| s.len());
        let size = mean_size(values.iter().map(json_size));
        let mut job = match request.variant {
            Variant::ToJs => encode(request, values, |v| {
                serde_wasm_bindgen::to_value(v).map(JsObject)
            }),
            _ => {
                let objects = values
                    .iter()
                    .map(serde_wasm_bindgen::to_value)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("cannot make a JS object of the value: {e}"))?;
                let failure = objects
                    .iter()
                    .find_map(|o| serde_wasm_bindgen::from_value::<P>(o.clone()).err());
                let info = match failure {
                    None => info(request, Outcome::Ok, None),
                    Some(e) => info(request, Outcome::Error, Some(e.to_string())),
                };
                let mut next = 0;
                Job::new(info, move || {
                    let object = &objects[next];
                    next = (next + 1) % objects.len();
                    serde_wasm_bindgen::from_value::<P>(black_box(object).clone())
                })
            }
        };
        job.info.size = size;
        Ok(job)
    }

    /// A JS object has no wire size; the report gives its JSON text's (set above).
    struct JsObject(#[allow(dead_code)] wasm_bindgen::JsValue);

    impl Encoded for JsObject {
        fn size(&self) -> usize {
            0
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod js {
    use super::*;

    pub fn job<P>(request: &JobRequest<'_>, _values: Vec<P>) -> Result<Job, String> {
        Err(format!(
            "`{}` runs only in the browser (serde-wasm-bindgen needs JavaScript); \
             open the scenario in the playground",
            request.variant
        ))
    }
}
