//! The interpreted engine's jobs: the same variants as the compiled engine, run
//! by `overhead-engine` on definitions given as text (any the user writes).

use std::hint::black_box;
use std::rc::Rc;

use overhead_engine::run::{Engine as Interpreter, Error as RunError};
use overhead_engine::{Seed, Ty, Value};
use serde::de::DeserializeSeed;

use crate::compiled::JobRequest;
use crate::report::ViolationRecord;
use crate::{Data, Engine, Error, Job, JobInfo, Outcome, Variant};

/// Compiles `schema` for the interpreter; its diagnostics, with line and column,
/// when it cannot run.
pub fn compile(schema: &str, root: Option<&str>) -> Result<Rc<Interpreter>, Error> {
    Interpreter::new(schema, root)
        .map(Rc::new)
        .map_err(|diagnostics| {
            let lines: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
            Error::Run(format!("the definitions cannot run:\n{}", lines.join("\n")))
        })
}

fn info(request: &JobRequest<'_>, outcome: Outcome, message: Option<String>) -> JobInfo {
    JobInfo {
        variant: request.variant,
        engine: Engine::Interpreted,
        input: request.input.name.clone(),
        outcome,
        message,
        violations: Vec::new(),
        size: request.input.text.len(),
    }
}

fn invalid(request: &JobRequest<'_>, violations: &overhead_validate::Violations) -> JobInfo {
    JobInfo {
        violations: violations.iter().map(ViolationRecord::from).collect(),
        ..info(request, Outcome::Invalid, None)
    }
}

/// The job, `None` when the interpreter has no code for the variant yet, or
/// `Some(Err(why))` when it cannot run on this input.
pub fn job(engine: &Rc<Interpreter>, request: &JobRequest<'_>) -> Option<Result<Job, String>> {
    use Variant::*;
    let text: Box<str> = request.input.text.as_str().into();
    let e = Rc::clone(engine);
    Some(Ok(match request.variant {
        De => {
            let info = match engine.decode(&text) {
                Ok(_) => info(request, Outcome::Ok, None),
                Err(err) => info(request, Outcome::Error, Some(err.to_string())),
            };
            Job::new(info, move || e.decode(black_box(&text)))
        }
        DeValidate => {
            let info = match engine.decode(&text) {
                Ok(value) => match engine.validate(&value) {
                    Ok(()) => info(request, Outcome::Ok, None),
                    Err(violations) => invalid(request, &violations),
                },
                Err(err) => info(request, Outcome::Error, Some(err.to_string())),
            };
            Job::new(info, move || {
                e.decode(black_box(&text)).map(|value| {
                    let verdict = e.validate(&value);
                    (value, verdict)
                })
            })
        }
        ValidateOnDe | ValidateOnDeFailFast => {
            let fail_fast = request.variant == ValidateOnDeFailFast;
            let run = move |e: &Interpreter, text: &str| {
                if fail_fast {
                    e.decode_fail_fast(text)
                } else {
                    e.decode_validated(text)
                }
            };
            let info = match run(engine, &text) {
                Ok(_) => info(request, Outcome::Ok, None),
                Err(RunError::Invalid(violations)) => invalid(request, &violations),
                Err(RunError::Syntax(err)) => info(request, Outcome::Error, Some(err.to_string())),
            };
            Job::new(info, move || run(&e, black_box(&text)))
        }
        Ser | ToValue | EncJson | EncPostcard | EncJsonReuse | EncPostcardReuse | DecJson
        | DecPostcard | FromValue | FromJs | ToJs => {
            let values: Result<Vec<Value>, String> = match request.data {
                Data::Serial => engine.decode(&text).map(|v| vec![v]).map_err(|err| {
                    format!(
                        "`{}` needs a value, and input `{}` does not decode: {err}",
                        request.variant, request.input.name
                    )
                }),
                Data::Random => request
                    .pool
                    .iter()
                    .map(|t| engine.decode(t).map_err(|err| err.to_string()))
                    .collect(),
            };
            return Some(values.and_then(|values| values_job(e, values, request)));
        }
        _ => return None,
    }))
}

/// Seed 003's variants: the definitions run three ways (serde's flatten, field
/// dispatch, unflattened) on `repeat` copies of the input value, as the compiled
/// engine's `FlattenCodec` does.
pub fn flatten_job(
    schema: &str,
    root: Option<&str>,
    request: &JobRequest<'_>,
) -> Option<Result<Job, String>> {
    use Variant::*;
    use overhead_engine::Flatten;
    let mode = match request.variant {
        DeSerdeFlatten | SerSerdeFlatten => Flatten::Serde,
        DeFastFlatten | SerFastFlatten => Flatten::Fast,
        DeUnflattened | SerUnflattened => Flatten::Unflattened,
        _ => return None,
    };
    let compile = |mode| {
        Interpreter::with_flatten(schema, root, mode).map_err(|d| {
            d.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
    };
    Some((|| {
        // The values, read once with field dispatch, written flat and nested.
        let fast = compile(Flatten::Fast)?;
        let value = fast
            .decode(&request.input.text)
            .map_err(|e| format!("input `{}` does not decode: {e}", request.input.name))?;
        let one = fast.to_json(&value).map_err(|e| e.to_string())?;
        let flat = format!("[{}]", vec![one; request.repeat as usize].join(","));
        let values = fast.decode_many(&flat).map_err(|e| e.to_string())?;
        let engine = Rc::new(compile(mode)?);
        let text = match mode {
            Flatten::Unflattened => engine.many_to_json(&values).map_err(|e| e.to_string())?,
            _ => flat,
        };
        let mut info = info(request, Outcome::Ok, None);
        info.size = text.len();
        let e = Rc::clone(&engine);
        Ok(match request.variant {
            DeSerdeFlatten | DeFastFlatten | DeUnflattened => {
                if let Err(err) = engine.decode_many(&text) {
                    info.outcome = Outcome::Error;
                    info.message = Some(err.to_string());
                }
                let text: Box<str> = text.into();
                Job::new(info, move || e.decode_many(black_box(&text)))
            }
            _ => {
                let values = engine.decode_many(&text).map_err(|e| e.to_string())?;
                Job::new(info, move || e.many_to_json(black_box(&values)))
            }
        })
    })())
}

/// Encode, decode and convert jobs on the input's value, or cycling through the
/// random pool; SIZE is the encoded size, or the pool's mean.
fn values_job(
    e: Rc<Interpreter>,
    values: Vec<Value>,
    request: &JobRequest<'_>,
) -> Result<Job, String> {
    use Variant::*;
    let root = Ty::Named(e.plan().root);
    let mean = |sizes: Vec<usize>| {
        let n = sizes.len();
        (sizes.iter().sum::<usize>() + n / 2)
            .checked_div(n)
            .unwrap_or(0)
    };
    let json_size = |v: &Value| e.to_json(v).map_or(0, |s| s.len());
    let mut info = info(request, Outcome::Ok, None);
    let mut next = 0;
    let mut cycle = move |n: usize| {
        let i = next;
        next = (next + 1) % n;
        i
    };
    let job = match request.variant {
        Ser | ToValue | EncJson | EncPostcard | EncJsonReuse | EncPostcardReuse => {
            info.size = mean(match request.variant {
                EncPostcard | EncPostcardReuse => values
                    .iter()
                    .map(|v| postcard::to_allocvec(&e.typed(v)).map_or(0, |b| b.len()))
                    .collect(),
                _ => values.iter().map(json_size).collect(),
            });
            let variant = request.variant;
            let mut buffer = Vec::new();
            Job::new(info, move || {
                let value = black_box(&values[cycle(values.len())]);
                let typed = e.typed(value);
                match variant {
                    Ser => serde_json::to_string(&typed)
                        .map(|s| s.len())
                        .map_err(|x| x.to_string()),
                    ToValue => serde_json::to_value(typed)
                        .map(|_| 0)
                        .map_err(|x| x.to_string()),
                    EncJson => serde_json::to_vec(&typed)
                        .map(|b| b.len())
                        .map_err(|x| x.to_string()),
                    EncPostcard => postcard::to_allocvec(&typed)
                        .map(|b| b.len())
                        .map_err(|x| x.to_string()),
                    EncJsonReuse => {
                        buffer.clear();
                        serde_json::to_writer(&mut buffer, &typed)
                            .map(|()| buffer.len())
                            .map_err(|x| x.to_string())
                    }
                    _ => {
                        buffer.clear();
                        postcard::to_extend(&typed, std::mem::take(&mut buffer))
                            .map(|b| {
                                buffer = b;
                                buffer.len()
                            })
                            .map_err(|x| x.to_string())
                    }
                }
            })
        }
        DecJson => {
            let texts = values
                .iter()
                .map(|v| serde_json::to_vec(&e.typed(v)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|x| x.to_string())?;
            info.size = mean(texts.iter().map(Vec::len).collect());
            Job::new(info, move || {
                let bytes = black_box(&texts[cycle(texts.len())]);
                let mut de = serde_json::Deserializer::from_slice(bytes);
                seed(&e, &root).deserialize(&mut de)
            })
        }
        DecPostcard => {
            let encoded = values
                .iter()
                .map(|v| postcard::to_allocvec(&e.typed(v)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|x| x.to_string())?;
            info.size = mean(encoded.iter().map(Vec::len).collect());
            if let Some(err) = encoded.iter().find_map(|b| {
                seed(&e, &root)
                    .deserialize(&mut postcard::Deserializer::from_bytes(b))
                    .err()
            }) {
                info.outcome = Outcome::Error;
                info.message = Some(err.to_string());
            }
            Job::new(info, move || {
                let bytes = black_box(&encoded[cycle(encoded.len())]);
                seed(&e, &root).deserialize(&mut postcard::Deserializer::from_bytes(bytes))
            })
        }
        FromValue => {
            let objects = values
                .iter()
                .map(|v| serde_json::to_value(e.typed(v)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|x| x.to_string())?;
            info.size = mean(values.iter().map(json_size).collect());
            Job::new(info, move || {
                let object = black_box(&objects[cycle(objects.len())]);
                seed(&e, &root).deserialize(object)
            })
        }
        FromJs | ToJs => return js::job(e, values, request),
        _ => return Err(format!("`{}` has no interpreted form", request.variant)),
    };
    Ok(job)
}

fn seed<'a>(e: &'a Interpreter, root: &'a Ty) -> Seed<'a> {
    Seed {
        plan: e.plan(),
        ty: root,
        stop: None,
        root: true,
    }
}

#[cfg(target_arch = "wasm32")]
mod js {
    use super::*;

    /// JS object ↔ value through serde-wasm-bindgen, through the plan.
    pub fn job(
        e: Rc<Interpreter>,
        values: Vec<Value>,
        request: &JobRequest<'_>,
    ) -> Result<Job, String> {
        let root = Ty::Named(e.plan().root);
        let mut info = info(request, Outcome::Ok, None);
        let sizes: Vec<usize> = values
            .iter()
            .map(|v| e.to_json(v).map_or(0, |s| s.len()))
            .collect();
        info.size = (sizes.iter().sum::<usize>() + sizes.len() / 2)
            .checked_div(sizes.len())
            .unwrap_or(0);
        let mut next = 0;
        Ok(match request.variant {
            Variant::ToJs => Job::new(info, move || {
                let value = black_box(&values[next]);
                next = (next + 1) % values.len();
                serde_wasm_bindgen::to_value(&e.typed(value))
            }),
            _ => {
                let objects = values
                    .iter()
                    .map(|v| serde_wasm_bindgen::to_value(&e.typed(v)))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|x| x.to_string())?;
                if let Some(err) = objects.iter().find_map(|o| {
                    seed(&e, &root)
                        .deserialize(serde_wasm_bindgen::Deserializer::from(o.clone()))
                        .err()
                }) {
                    info.outcome = Outcome::Error;
                    info.message = Some(err.to_string());
                }
                Job::new(info, move || {
                    let object = black_box(&objects[next]);
                    next = (next + 1) % objects.len();
                    seed(&e, &root)
                        .deserialize(serde_wasm_bindgen::Deserializer::from(object.clone()))
                })
            }
        })
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod js {
    use super::*;

    pub fn job(
        _e: Rc<Interpreter>,
        _values: Vec<Value>,
        request: &JobRequest<'_>,
    ) -> Result<Job, String> {
        Err(format!("`{}` runs only in the browser", request.variant))
    }
}
