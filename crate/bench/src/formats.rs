//! Seeds 001 and 002, for either engine: a value encoded and decoded with a
//! format (JSON, postcard; into a fresh or a reused buffer), and converted to and
//! from `serde_json::Value` (the "dict" path) or a JS object.
//!
//! With `data = "serial"` every operation handles the input's value; with
//! `"random"`, operations cycle through a pool of values generated from the
//! definitions by the interpreter's seeded generator (so every engine handles
//! the same values), and sizes vary (SIZE is then the pool's mean).

use std::hint::black_box;

use serde::de::DeserializeOwned;
use serde::{Deserializer, Serialize};

use crate::compiled::JobRequest;
use crate::{Data, Engine, Job, JobInfo, Outcome, Variant};

/// How one engine writes and reads its values: the compiled types through
/// their derives, the interpreter through its plan.
pub trait Codec: Clone + 'static {
    type Value: 'static;
    fn engine(&self) -> Engine;
    /// The value, ready for any serde serializer.
    fn write<'a>(&'a self, value: &'a Self::Value) -> impl Serialize + 'a;
    /// A value from any serde deserializer.
    fn read<'de, D: Deserializer<'de>>(&self, d: D) -> Result<Self::Value, D::Error>;
    /// A value from postcard bytes: by `read` unless the engine has a
    /// reader of its own for them.
    fn read_postcard(&self, bytes: &[u8]) -> Result<Self::Value, postcard::Error> {
        self.read(&mut postcard::Deserializer::from_bytes(bytes))
    }
    /// A value from a `serde_json::Value`: by `read` unless the engine has
    /// a reader of its own for one.
    fn read_json_value(&self, json: &serde_json::Value) -> Result<Self::Value, serde_json::Error> {
        self.read(json)
    }
    /// A value as postcard in a new buffer: through `write` unless the
    /// engine has a writer of its own for it.
    fn to_postcard(&self, value: &Self::Value) -> Result<Vec<u8>, postcard::Error> {
        postcard::to_allocvec(&self.write(value))
    }
    /// A value as postcard, appended to `buffer`.
    fn extend_postcard(
        &self,
        value: &Self::Value,
        buffer: Vec<u8>,
    ) -> Result<Vec<u8>, postcard::Error> {
        postcard::to_extend(&self.write(value), buffer)
    }
    /// A value from JSON text (the input, or one of the random pool).
    fn read_json(&self, text: &str) -> Result<Self::Value, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let value = self.read(&mut de)?;
        de.end()?;
        Ok(value)
    }
}

/// The compiled codec of `P`: its own `Serialize` and `Deserialize`.
pub struct Derived<P>(std::marker::PhantomData<fn() -> P>);

impl<P> Derived<P> {
    pub const NEW: Self = Derived(std::marker::PhantomData);
}

impl<P> Clone for Derived<P> {
    fn clone(&self) -> Self {
        Derived::NEW
    }
}

impl<P: DeserializeOwned + Serialize + 'static> Codec for Derived<P> {
    type Value = P;
    fn engine(&self) -> Engine {
        Engine::Compiled
    }
    fn write<'a>(&'a self, value: &'a P) -> impl Serialize + 'a {
        value
    }
    fn read<'de, D: Deserializer<'de>>(&self, d: D) -> Result<P, D::Error> {
        P::deserialize(d)
    }
}

fn info(codec: &impl Codec, request: &JobRequest<'_>, failure: Option<String>) -> JobInfo {
    let outcome = match failure {
        None => Outcome::Ok,
        Some(_) => Outcome::Error,
    };
    JobInfo::of(request, codec.engine(), outcome, failure)
}

/// The job, `None` when the variant is not one of these.
pub fn job<C: Codec>(codec: C, request: &JobRequest<'_>) -> Option<Result<Job, String>> {
    use Variant::*;
    if !matches!(
        request.variant,
        Ser | FromValue
            | ToValue
            | FromJs
            | ToJs
            | StrIn
            | EncJson
            | DecJson
            | EncPostcard
            | DecPostcard
            | EncJsonReuse
            | EncPostcardReuse
    ) {
        return None;
    }
    let c = codec.clone();
    Some(
        values(&codec, request).and_then(move |values| match request.variant {
            Ser => Ok(encode(&c, request, values, move |v| {
                serde_json::to_string(&codec.write(v))
            })),
            ToValue => Ok(encode(&c, request, values, move |v| {
                serde_json::to_value(codec.write(v))
            })),
            EncJson => Ok(encode(&c, request, values, move |v| {
                serde_json::to_vec(&codec.write(v))
            })),
            EncPostcard => Ok(encode(&c, request, values, move |v| codec.to_postcard(v))),
            EncJsonReuse => {
                let mut buffer = Vec::new();
                Ok(encode(&c, request, values, move |v| {
                    buffer.clear();
                    serde_json::to_writer(&mut buffer, &codec.write(v)).map(|()| buffer.len())
                }))
            }
            EncPostcardReuse => {
                let mut buffer = Vec::new();
                Ok(encode(&c, request, values, move |v| {
                    buffer.clear();
                    buffer = codec.extend_postcard(v, std::mem::take(&mut buffer))?;
                    Ok::<usize, postcard::Error>(buffer.len())
                }))
            }
            DecJson => {
                let w = codec.clone();
                decode(
                    &c,
                    request,
                    &values,
                    move |v| serde_json::to_vec(&w.write(v)),
                    move |bytes| codec.read(&mut serde_json::Deserializer::from_slice(bytes)),
                )
            }
            DecPostcard => {
                let w = codec.clone();
                decode(
                    &c,
                    request,
                    &values,
                    move |v| w.to_postcard(v),
                    move |bytes| codec.read_postcard(bytes),
                )
            }
            FromValue => {
                let w = codec.clone();
                decode(
                    &c,
                    request,
                    &values,
                    move |v| serde_json::to_value(w.write(v)),
                    move |json| codec.read_json_value(json),
                )
            }
            FromJs | ToJs | StrIn => js::job(codec, request, values),
            _ => Err(format!(
                "`{}` is not a format or conversion variant",
                request.variant
            )),
        }),
    )
}

/// The values a job handles: the input's, or the random pool.
fn values<C: Codec>(codec: &C, request: &JobRequest<'_>) -> Result<Vec<C::Value>, String> {
    match request.data {
        Data::Serial => codec
            .read_json(&request.input.text)
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
            .map(|text| codec.read_json(text).map_err(|e| e.to_string()))
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
    codec: &impl Codec,
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
    let mut info = info(codec, request, failure);
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
    codec: &impl Codec,
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
    let mut info = info(codec, request, failure);
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
    /// SIZE is the JSON text's (a JS object has no wire size).
    pub fn job<C: Codec>(
        codec: C,
        request: &JobRequest<'_>,
        values: Vec<C::Value>,
    ) -> Result<Job, String> {
        let json_size =
            |v: &C::Value| serde_json::to_string(&codec.write(v)).map_or(0, |s| s.len());
        let size = mean_size(values.iter().map(json_size));
        let c = codec.clone();
        let mut job = match request.variant {
            Variant::ToJs => encode(&c, request, values, move |v| {
                serde_wasm_bindgen::to_value(&codec.write(v)).map(|_| 0usize)
            }),
            Variant::StrIn => {
                let texts = values
                    .iter()
                    .map(|v| {
                        serde_json::to_string(&codec.write(v))
                            .map(|s| wasm_bindgen::JsValue::from_str(&s))
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("cannot write the value as JSON: {e}"))?;
                let info = info(&c, request, None);
                let mut next = 0;
                // `as_string` is what wasm-bindgen does for a `&str` or `String`
                // argument: it encodes the JS string into freshly allocated memory.
                Job::new(info, move || {
                    let text = &texts[next];
                    next = (next + 1) % texts.len();
                    black_box(text).as_string()
                })
            }
            _ => {
                let objects = values
                    .iter()
                    .map(|v| serde_wasm_bindgen::to_value(&codec.write(v)))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("cannot make a JS object of the value: {e}"))?;
                let read = move |o: &wasm_bindgen::JsValue| {
                    codec.read(serde_wasm_bindgen::Deserializer::from(o.clone()))
                };
                let failure = objects
                    .iter()
                    .find_map(|o| read(o).err().map(|e| e.to_string()));
                let info = info(&c, request, failure);
                let mut next = 0;
                Job::new(info, move || {
                    let object = &objects[next];
                    next = (next + 1) % objects.len();
                    read(black_box(object))
                })
            }
        };
        job.info.size = size;
        Ok(job)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod js {
    use super::*;

    pub fn job<C: Codec>(
        _codec: C,
        request: &JobRequest<'_>,
        _values: Vec<C::Value>,
    ) -> Result<Job, String> {
        Err(format!(
            "`{}` runs only in the browser (serde-wasm-bindgen needs JavaScript); \
             open the scenario in the playground",
            request.variant
        ))
    }
}
