//! overhead-wasm: the benchmark module the playground's run Worker loads at the
//! first run (the page opens with overhead-wasm-analyzer, a fraction of this
//! weight). Everything crosses the boundary as JSON text in the shapes of
//! DESIGN.md (scenario document, Report), so the page and the CLI read one format.

use overhead_bench::runner::{Phase, Progress};
use overhead_bench::scenario::{Document, MAX_DOCUMENT_BYTES};
use overhead_bench::{Benchmark, CompiledSource, Env, RunRequest, Scenario, SystemClock};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// What the page asks for: a scenario document, what to measure, and what the
/// browser knows of its machine.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageRequest {
    scenario: Document,
    #[serde(default)]
    request: RunRequest,
    #[serde(default)]
    env: PageEnv,
    /// The notes of the compiled and peer jobs prepared by a module built on
    /// demand for these definitions (passed to [`run`] beside the request).
    #[serde(default)]
    compiled_notes: Option<Vec<String>>,
}

#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct PageEnv {
    browser: Option<String>,
    os: Option<String>,
    date: Option<String>,
}

/// One progress message, sent to the page before each step.
#[derive(Serialize)]
struct ProgressMessage<'a> {
    done: usize,
    total: usize,
    phase: &'static str,
    run: u32,
    runs: u32,
    variant: Option<&'a str>,
    input: Option<&'a str>,
}

/// Sent once, before any timing: what each job returned on its one checking
/// run, so the page can say what surprises before the minutes of timing.
#[derive(Serialize)]
struct CheckedMessage<'a> {
    phase: &'static str,
    outcomes: Vec<CheckedJob<'a>>,
}

#[derive(Serialize)]
struct CheckedJob<'a> {
    variant: &'a str,
    engine: &'a overhead_bench::Engine,
    input: &'a str,
    outcome: &'a overhead_bench::Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    violations: &'a [overhead_bench::ViolationRecord],
}

/// The longest a run in the page may take: the warm-up's estimate beyond it
/// stops the run with a message (the CLI has no such limit; `npm start`'s
/// native endpoint has its own).
const PAGE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(15 * 60);

/// The page's jobs, ready for the runner: timed by the same clock around each
/// call of their batch function, interleaved with ours.
fn page_jobs(js_jobs: &js_sys::Array) -> Result<Vec<overhead_bench::Job>, JsError> {
    outside_jobs(js_jobs, "batch", |info, batch| {
        overhead_bench::Job::batched(info, move |n| {
            // A throwing batch is the page's bug; the run goes on and its
            // figure shows it (the time to throw).
            let _ = batch.call1(&JsValue::NULL, &JsValue::from_f64(n as f64));
        })
    })
}

/// The jobs of a module built on demand (`{info, timed}`): each times its own
/// loop with the same clock and returns the nanoseconds.
fn compiled_jobs(jobs: &js_sys::Array) -> Result<Vec<overhead_bench::Job>, JsError> {
    outside_jobs(jobs, "timed", |info, timed| {
        overhead_bench::Job::timed_elsewhere(info, move |n| {
            timed
                .call1(&JsValue::NULL, &JsValue::from_f64(n as f64))
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(f64::NAN)
        })
    })
}

/// Jobs whose loop lives outside this module: `{info, <function>}` each, the
/// info as JSON text.
fn outside_jobs(
    items: &js_sys::Array,
    function: &str,
    job: impl Fn(overhead_bench::JobInfo, js_sys::Function) -> overhead_bench::Job,
) -> Result<Vec<overhead_bench::Job>, JsError> {
    let info_key = JsValue::from_str("info");
    let function_key = JsValue::from_str(function);
    items
        .iter()
        .map(|item| {
            let info = js_sys::Reflect::get(&item, &info_key)
                .ok()
                .and_then(|v| v.as_string())
                .ok_or_else(|| JsError::new("an outside job has no `info` text"))?;
            let call: js_sys::Function = js_sys::Reflect::get(&item, &function_key)
                .ok()
                .and_then(|v| v.dyn_into().ok())
                .ok_or_else(|| {
                    JsError::new(&format!("an outside job has no `{function}` function"))
                })?;
            let info: overhead_bench::JobInfo = serde_json::from_str(&info).map_err(to_js)?;
            Ok(job(info, call))
        })
        .collect()
}

/// The definitions as the page's JavaScript engines build their validators
/// from (`web/src/js-engine/model.ts`); throws why when they cannot. `inputs`
/// (a JSON array of the input texts) show the form of a type the paste names
/// and does not define, as for the benchmark's own engines.
#[wasm_bindgen(js_name = describeModel)]
pub fn describe_model(
    schema: &str,
    root: Option<String>,
    inputs: Option<String>,
) -> Result<String, JsError> {
    let texts: Vec<String> = match inputs {
        Some(json) => serde_json::from_str(&json).map_err(to_js)?,
        None => Vec::new(),
    };
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let engine = engine_for(schema, root.as_deref(), &texts)?;
    let model = overhead_engine::describe::describe(engine.plan()).map_err(|e| JsError::new(&e))?;
    serde_json::to_string(&model).map_err(to_js)
}

/// What the interpreted engine makes of each input text of `texts` (a JSON
/// array of strings) under the definitions: `de+validate`'s outcome, serde's
/// message when decoding fails, and every violation. The page's differential
/// test holds the JS engine to these verdicts.
#[wasm_bindgen(js_name = rustVerdicts)]
pub fn rust_verdicts(schema: &str, root: Option<String>, texts: &str) -> Result<String, JsError> {
    let texts: Vec<String> = serde_json::from_str(texts).map_err(to_js)?;
    let seen: Vec<&str> = texts.iter().map(String::as_str).collect();
    let engine = engine_for(schema, root.as_deref(), &seen)?;
    let verdicts: Vec<Verdict> = texts
        .iter()
        .map(|text| match engine.decode(text) {
            Err(e) => Verdict {
                outcome: overhead_bench::Outcome::Error,
                message: Some(e.to_string()),
                violations: Vec::new(),
            },
            Ok(value) => match engine.validate(&value) {
                Ok(()) => Verdict {
                    outcome: overhead_bench::Outcome::Ok,
                    message: None,
                    violations: Vec::new(),
                },
                Err(violations) => Verdict {
                    outcome: overhead_bench::Outcome::Invalid,
                    message: None,
                    violations: violations.iter().map(Into::into).collect(),
                },
            },
        })
        .collect();
    serde_json::to_string(&verdicts).map_err(to_js)
}

#[derive(Serialize)]
struct Verdict {
    outcome: overhead_bench::Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    violations: Vec<overhead_bench::ViolationRecord>,
}

/// Generated inputs for the definitions, as JSON texts: `count` valid values,
/// then one value breaking each rule of the root struct the generator can
/// break, all from `seed`. Test material for the differential test.
#[wasm_bindgen(js_name = generatedInputs)]
pub fn generated_inputs(
    schema: &str,
    root: Option<String>,
    seed: u32,
    count: u32,
) -> Result<String, JsError> {
    let engine = engine_for(schema, root.as_deref(), &[])?;
    let mut generator = overhead_engine::generate::Generator::new(engine.plan(), u64::from(seed));
    let mut texts = Vec::new();
    for _ in 0..count.min(1_000) {
        let value = generator.valid();
        texts.push(engine.to_json(&value).map_err(to_js)?);
    }
    for target in generator.targets() {
        if let Some(value) = generator.violating(target) {
            texts.push(engine.to_json(&value).map_err(to_js)?);
        }
    }
    serde_json::to_string(&texts).map_err(to_js)
}

/// Starting inputs for definitions that came without their own (a paste over
/// a scenario whose inputs are not the person's): a valid value of the root
/// (named, else the automatic choice) and one breaking a rule, as `Examples`
/// JSON, and whether every one of `inputs` (a JSON array of texts, the
/// inputs on the page) decodes as that root already (`inputs_decode`): a
/// scenario's inputs that share a few keys with the paste do not. The same
/// definitions give the same inputs. Here, not in the analyzer: the
/// generator and the writer would double the first-paint module.
#[wasm_bindgen(js_name = exampleInputs)]
pub fn example_inputs(schema: &str, root: Option<String>, inputs: &str) -> Result<String, JsError> {
    #[derive(Serialize)]
    struct Offer {
        #[serde(flatten)]
        examples: overhead_engine::generate::Examples,
        inputs_decode: bool,
    }
    let inputs: Vec<String> = serde_json::from_str(inputs).map_err(to_js)?;
    let engine = engine_for(schema, root.as_deref(), &[])?;
    let examples = overhead_engine::generate::examples(&engine, EXAMPLE_SEED).map_err(to_js)?;
    let inputs_decode = inputs.iter().all(|text| engine.decode(text).is_ok());
    serde_json::to_string(&Offer {
        examples,
        inputs_decode,
    })
    .map_err(to_js)
}

/// Any fixed seed: a paste's starting inputs are the same on every visit.
const EXAMPLE_SEED: u64 = 1;

/// The interpreter for the definitions as the benchmark runs them: completed
/// with what the paste may assume, types it does not define taking the form
/// `inputs` (JSON texts) show.
fn engine_for(
    schema: &str,
    root: Option<&str>,
    inputs: &[&str],
) -> Result<overhead_engine::run::Interpreter, JsError> {
    // No span of an earlier call is held (each builds its engine afresh):
    // the texts they parsed can go, rather than stay for the page's life.
    overhead_schema::release_parsed_texts();
    let values = overhead_engine::assume::parsed(inputs);
    // The root a run of these inputs uses: named, else the automatic choice.
    overhead_engine::run::Interpreter::completed(schema, root, &values).map_err(|d| {
        let lines: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        JsError::new(&format!(
            "the definitions cannot run:\n{}",
            lines.join("\n")
        ))
    })
}

/// Runs a benchmark and returns its Report as JSON. `on_progress` receives a JSON
/// progress message before each step; `js_jobs` are the page's own engines
/// (`{info, batch}`), run in the same loop discipline; `compiled` are the
/// compiled and peer jobs of a module built on demand for these definitions
/// (`{info, timed}`), which then stand for the compiled engine. Errors (bad
/// document, bad settings, no engine for the definitions) are thrown before
/// any timing starts.
#[wasm_bindgen]
pub fn run(
    page_request: &str,
    on_progress: &js_sys::Function,
    js_jobs: &js_sys::Array,
    compiled: Option<js_sys::Array>,
) -> Result<String, JsError> {
    if page_request.len() > MAX_DOCUMENT_BYTES + 64 * 1024 {
        return Err(JsError::new(
            "the request is larger than the document limit",
        ));
    }
    let req: PageRequest = serde_json::from_str(page_request).map_err(to_js)?;
    let scenario = Scenario::try_from(req.scenario).map_err(to_js)?;
    // Each run analyses its definitions afresh: the texts earlier calls
    // parsed can go (see `engine_for`).
    overhead_schema::release_parsed_texts();
    // Compiled code sought on demand stands for the compiled engine, even
    // when it could not be built (its notes say why); else the bundled code.
    let mut bench = match (&compiled, &req.compiled_notes) {
        (Some(jobs), _) => Benchmark::prepare(
            &scenario,
            &req.request,
            CompiledSource::Elsewhere(compiled_jobs(jobs)?),
        ),
        (None, Some(_)) => Benchmark::prepare(
            &scenario,
            &req.request,
            CompiledSource::Elsewhere(Vec::new()),
        ),
        (None, None) => Benchmark::prepare(&scenario, &req.request, CompiledSource::Bundled),
    }
    .map_err(to_js)?;
    for note in req.compiled_notes.unwrap_or_default() {
        bench.note(note);
    }
    bench.add_jobs(page_jobs(js_jobs)?);
    let bench = bench.with_time_limit(PAGE_TIME_LIMIT);
    let mut env = Env::of_this_build();
    env.browser = req.env.browser;
    env.os = req.env.os;
    env.date = req.env.date;
    let checked = CheckedMessage {
        phase: "checked",
        outcomes: bench
            .jobs()
            .iter()
            .filter(|job| job.info.part.is_none())
            .map(|job| CheckedJob {
                variant: job.info.variant.code(),
                engine: &job.info.engine,
                input: &job.info.input,
                outcome: &job.info.outcome,
                message: job.info.message.as_deref(),
                violations: &job.info.violations,
            })
            .collect(),
    };
    if let Ok(text) = serde_json::to_string(&checked) {
        let _ = on_progress.call1(&JsValue::NULL, &JsValue::from_str(&text));
    }
    let mut report_progress = |p: &Progress| {
        let message = ProgressMessage {
            done: p.done,
            total: p.total,
            phase: match p.phase {
                Phase::WarmUp => "warmup",
                Phase::Run => "run",
            },
            run: p.run,
            runs: p.runs,
            variant: p.job.map(|j| j.info.variant.code()),
            input: p.job.map(|j| j.info.input.as_str()),
        };
        if let Ok(text) = serde_json::to_string(&message) {
            // A throwing callback must not abort the run; the page shows the result.
            let _ = on_progress.call1(&JsValue::NULL, &JsValue::from_str(&text));
        }
    };
    let report = bench
        .run(&SystemClock::new(), env, &mut report_progress)
        .map_err(to_js)?;
    serde_json::to_string(&report).map_err(to_js)
}

fn to_js(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
