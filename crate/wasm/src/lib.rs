//! overhead-wasm: the benchmark module the playground's run Worker loads at the
//! first run (the page opens with overhead-wasm-analyzer, a fraction of this
//! weight). Everything crosses the boundary as JSON text in the shapes of
//! DESIGN.md (scenario document, Report), so the page and the CLI read one format.

use overhead_bench::runner::{Phase, Progress};
use overhead_bench::scenario::{Document, MAX_DOCUMENT_BYTES};
use overhead_bench::{Benchmark, Env, RunRequest, Scenario, SystemClock};
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
