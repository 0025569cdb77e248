//! The interpreted engine's jobs: the same variants as the compiled engine, run
//! by `overhead-engine` on definitions given as text (any the user writes).

use std::hint::black_box;
use std::rc::Rc;

use overhead_engine::Value;
use overhead_engine::run::{Error as RunError, Interpreter};

use crate::compiled::JobRequest;
use crate::formats::{self, Codec};
use crate::{Engine, Error, Job, JobInfo, Outcome, Variant};

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
    JobInfo::of(request, Engine::Interpreted, outcome, message)
}

fn invalid(request: &JobRequest<'_>, violations: &overhead_validate::Violations) -> JobInfo {
    JobInfo::invalid(request, Engine::Interpreted, violations)
}

/// The interpreter writes and reads values through its plan.
impl Codec for Rc<Interpreter> {
    type Value = Value;
    fn engine(&self) -> Engine {
        Engine::Interpreted
    }
    fn write<'a>(&'a self, value: &'a Value) -> impl serde::Serialize + 'a {
        self.typed(value)
    }
    /// By the plan's writer (see [`Interpreter::written`]).
    fn to_postcard(&self, value: &Value) -> Result<Vec<u8>, postcard::Error> {
        Interpreter::extend_postcard(self, value, Vec::new())
    }
    fn extend_postcard(&self, value: &Value, buffer: Vec<u8>) -> Result<Vec<u8>, postcard::Error> {
        Interpreter::extend_postcard(self, value, buffer)
    }
    fn read<'de, D: serde::Deserializer<'de>>(&self, d: D) -> Result<Value, D::Error> {
        Interpreter::read(self, d)
    }
    /// By the plan compiled for postcard.
    fn read_postcard(&self, bytes: &[u8]) -> Result<Value, postcard::Error> {
        Interpreter::read_postcard(self, bytes)
    }
    /// By the plan compiled, read off the tree's nodes.
    fn read_json_value(&self, json: &serde_json::Value) -> Result<Value, serde_json::Error> {
        Interpreter::read_json_value(self, json)
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
            Job::on_text(info, text, move |text| e.decode(text))
        }
        DeValidate => {
            let info = match engine.decode(&text) {
                Ok(value) => match engine.validate(&value) {
                    Ok(()) => info(request, Outcome::Ok, None),
                    Err(violations) => invalid(request, &violations),
                },
                Err(err) => info(request, Outcome::Error, Some(err.to_string())),
            };
            Job::on_text(info, text, move |text| {
                e.decode(text).map(|value| {
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
            Job::on_text(info, text, move |text| run(&e, text))
        }
        _ => return formats::job(e, request),
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
                Job::on_text(info, text, move |text| e.decode_many(text))
            }
            _ => {
                let values = engine.decode_many(&text).map_err(|e| e.to_string())?;
                Job::new(info, move || e.many_to_json(black_box(&values)))
            }
        })
    })())
}

/// How many times a breakdown job runs its rule per iteration: a rule alone
/// takes a few nanoseconds, so one iteration of it would be far shorter than the
/// run's other jobs, whose iteration count it shares, and its runs would sit
/// near the timer's resolution. The report divides its times back.
pub const RULE_REPEATS: u32 = 16;

/// Where validation time goes on `input`: one job per rule site of its decoded
/// value, each running that rule on every value it checks there, and first the
/// harness (a site that checks nothing), whose time the report takes out of
/// each site's. Empty when the definitions have no rules; `Err` when the input
/// does not decode.
pub fn rule_jobs(engine: &Rc<Interpreter>, input: &crate::Input) -> Result<Vec<Job>, String> {
    let value = engine
        .decode(&input.text)
        .map_err(|e| format!("input `{}` does not decode: {e}", input.name))?;
    let mut sites = overhead_engine::sites::rule_sites(engine.plan(), &value);
    if sites.is_empty() {
        return Ok(Vec::new());
    }
    sites.insert(0, overhead_engine::sites::RuleSite::harness());
    Ok(sites
        .into_iter()
        .map(|site| {
            let failed = site.run();
            let info = JobInfo {
                variant: Variant::ValidateOnDe,
                engine: Engine::Interpreted,
                input: input.name.clone(),
                outcome: if failed == 0 {
                    Outcome::Ok
                } else {
                    Outcome::Invalid
                },
                message: None,
                violations: Vec::new(),
                size: input.text.len(),
                part: Some(crate::report::RulePart {
                    path: site.path.clone(),
                    rule: site.rule.to_owned(),
                    detail: site.detail.clone(),
                    values: site.values(),
                }),
            };
            Job::new(info, move || {
                let mut failed = 0;
                for _ in 0..RULE_REPEATS {
                    failed += black_box(&site).run();
                }
                failed
            })
        })
        .collect())
}
