//! overhead-wasm-analyzer: what the page needs before anyone presses Run — the
//! analyzer behind the editor's markers, the bundled scenarios, this build's
//! description and the clock's resolution. Everything crosses as JSON text in the
//! shapes of DESIGN.md.
//!
//! It is a module of its own so the page opens with a fraction of the benchmark
//! module's weight: only what these functions reach is linked (the compiled
//! codecs, the peers and the timing loop are not).

use overhead_clock::{SystemClock, timer};
use overhead_contract::scenario::{Document, MAX_DOCUMENT_BYTES};
use overhead_contract::{Env, Scenario, bundled};
use wasm_bindgen::prelude::*;

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
/// `inputs` is a JSON array of the input texts: a type the definitions name and
/// do not define takes the form they show.
#[wasm_bindgen]
pub fn analyze(schema: &str, root: Option<String>, inputs: &str) -> Result<String, JsError> {
    if schema.len() + inputs.len() > MAX_DOCUMENT_BYTES {
        return Err(JsError::new(
            "the definitions and inputs are larger than the document limit",
        ));
    }
    let inputs: Vec<String> = serde_json::from_str(inputs).map_err(to_js)?;
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    // Nothing of the last edit's analysis is held: its text can go.
    overhead_schema::release_parsed_texts();
    let diagnosis = overhead_engine::diagnose::diagnose_with(schema, root.as_deref(), &inputs);
    serde_json::to_string(&diagnosis).map_err(to_js)
}

/// Every rule keyword of every dialect with its documentation, code and
/// whether the playground runs it: the editor's hover reads this, so the page
/// keeps no table of its own.
#[wasm_bindgen(js_name = keywordDocs)]
pub fn keyword_docs() -> Result<String, JsError> {
    serde_json::to_string(&overhead_engine::describe::keyword_docs()).map_err(to_js)
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

fn to_js(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
