//! overhead-wasm: the API the playground's Web Worker calls. Everything crosses
//! the boundary as JSON text in the shapes of DESIGN.md (scenario document,
//! Report), so the page and the CLI read one format.

use overhead_bench::runner::{Phase, Progress};
use overhead_bench::scenario::{Document, MAX_DOCUMENT_BYTES};
use overhead_bench::{Benchmark, Env, RunRequest, Scenario, SystemClock, bundled, timer};
use serde::{Deserialize, Serialize};
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

/// The bundled scenarios as a JSON array of scenario documents.
#[wasm_bindgen(js_name = bundledScenarios)]
pub fn bundled_scenarios() -> Result<String, JsError> {
    let docs: Vec<Document> = bundled::scenarios()
        .map_err(to_js)?
        .iter()
        .map(Scenario::to_document)
        .collect();
    serde_json::to_string(&docs).map_err(to_js)
}

/// What the editor shows as the user types: the types defined, and every
/// diagnostic (errors that stop a run, warnings that do not) with its line and
/// column, the analysis's and the planner's together.
#[wasm_bindgen]
pub fn analyze(schema: &str, root: Option<String>) -> Result<String, JsError> {
    if schema.len() > MAX_DOCUMENT_BYTES {
        return Err(JsError::new(
            "the definitions are larger than the document limit",
        ));
    }
    let diagnosis = overhead_engine::diagnose::diagnose(schema, root.as_deref());
    serde_json::to_string(&diagnosis).map_err(to_js)
}

/// This build, as a Report's `env` gives it (`target`, `engine_version`,
/// `rustc`), for the page's environment panel.
#[wasm_bindgen(js_name = buildInfo)]
pub fn build_info() -> Result<String, JsError> {
    serde_json::to_string(&Env::of_this_build()).map_err(to_js)
}

/// The clock's resolution and per-read cost, as JSON (`TimerInfo`).
#[wasm_bindgen(js_name = measureTimer)]
pub fn measure_timer() -> Result<String, JsError> {
    serde_json::to_string(&timer::measure(&SystemClock::new())).map_err(to_js)
}

/// Runs a benchmark and returns its Report as JSON. `on_progress` receives a JSON
/// progress message before each step. Errors (bad document, bad settings, no
/// engine for the definitions) are thrown before any timing starts.
#[wasm_bindgen]
pub fn run(page_request: &str, on_progress: &js_sys::Function) -> Result<String, JsError> {
    if page_request.len() > MAX_DOCUMENT_BYTES + 64 * 1024 {
        return Err(JsError::new(
            "the request is larger than the document limit",
        ));
    }
    let req: PageRequest = serde_json::from_str(page_request).map_err(to_js)?;
    let scenario = Scenario::try_from(req.scenario).map_err(to_js)?;
    let bench = Benchmark::prepare(&scenario, &req.request).map_err(to_js)?;
    let mut env = Env::of_this_build();
    env.browser = req.env.browser;
    env.os = req.env.os;
    env.date = req.env.date;
    let checked = CheckedMessage {
        phase: "checked",
        outcomes: bench
            .jobs()
            .iter()
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
    let report = bench.run(&SystemClock::new(), env, &mut report_progress);
    serde_json::to_string(&report).map_err(to_js)
}

fn to_js(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
