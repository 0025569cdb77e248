//! The page's side of a crate built on demand: the same crate built for
//! wasm32 exports [`prepare`] and [`timed`] (through [`browser_api!`]), and
//! nothing else of the benchmark. The page's benchmark module, which carries
//! the interpreter and the JavaScript engines, takes these jobs into its own
//! interleaved loop; each is timed here, between two reads of the same clock
//! (`performance.now()`), as the bundled compiled code is timed there.

use std::cell::RefCell;

use serde::Serialize;

use super::{OnDemandCode, Order, Types};
use crate::{Benchmark, CompiledAlone, CompiledSource, JobInfo, Scenario, SystemClock};

thread_local! {
    /// The prepared jobs of the last [`prepare`], by index.
    static JOBS: RefCell<Vec<crate::Job>> = const { RefCell::new(Vec::new()) };
    /// How many times [`timed`] was called: the step of its memory layout.
    static CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

#[derive(Serialize)]
struct Prepared<'a> {
    /// Each job's description, in the order [`timed`] knows them by.
    jobs: Vec<&'a JobInfo>,
    notes: &'a [String],
}

/// Prepares the compiled engine's and the peers' jobs for an [`Order`] (JSON)
/// with `types`, checking each once; returns their descriptions and notes as
/// JSON. The previous preparation's jobs are dropped.
pub fn prepare(types: Types, shipped: &'static [Types], order: &str) -> Result<String, String> {
    let (scenario, request) = read(order)?;
    let bench = Benchmark::prepare(
        &scenario,
        &request,
        CompiledAlone(&OnDemandCode { types, shipped }),
    )
    .map_err(|e| e.to_string())?;
    keep(bench.into_parts())
}

/// Prepares the interpreter's jobs for an [`Order`] (JSON), as [`prepare`]
/// does the compiled engine's. Only the module that measures what the
/// interpreter's code adds to a module (`overhead run --measure size`)
/// exports it (through [`interpreter_api!`]): the page runs the interpreter
/// from its own benchmark module.
pub fn prepare_interpreted(order: &str) -> Result<String, String> {
    let (scenario, request) = read(order)?;
    let request = crate::RunRequest {
        engines: crate::Engines::Interpreted,
        ..request
    };
    let bench = Benchmark::prepare(&scenario, &request, CompiledSource::Elsewhere(Vec::new()))
        .map_err(|e| e.to_string())?;
    keep(bench.into_parts())
}

/// Prepares the jobs `jobs` makes for each variant and input of an
/// [`Order`] (JSON): a hand-written peer's alone, in the module that measures
/// what its code adds ([`hand_written_peer_api!`]).
pub fn prepare_with(
    order: &str,
    jobs: impl Fn(crate::Variant, &crate::Input) -> Vec<crate::Job>,
) -> Result<String, String> {
    let (scenario, request) = read(order)?;
    let variants = if request.variants.is_empty() {
        &scenario.variants
    } else {
        &request.variants
    };
    let prepared = variants
        .iter()
        .flat_map(|v| scenario.inputs.iter().flat_map(|i| jobs(*v, i)))
        .collect();
    keep((prepared, Vec::new()))
}

/// The scenario and the request of an [`Order`] (JSON).
fn read(order: &str) -> Result<(Scenario, crate::RunRequest), String> {
    let order: Order =
        serde_json::from_str(order).map_err(|e| format!("the order is not valid: {e}"))?;
    let scenario = Scenario::try_from(order.document).map_err(|e| e.to_string())?;
    Ok((scenario, order.request))
}

/// Keeps the prepared jobs for [`timed`]; their descriptions and the notes as JSON.
fn keep((jobs, notes): (Vec<crate::Job>, Vec<String>)) -> Result<String, String> {
    let json = serde_json::to_string(&Prepared {
        jobs: jobs.iter().map(|j| &j.info).collect(),
        notes: &notes,
    })
    .map_err(|e| e.to_string())?;
    JOBS.with(|slot| *slot.borrow_mut() = jobs);
    Ok(json)
}

/// Runs job `index` of the last [`prepare`] `iterations` times; the
/// nanoseconds it took (NaN for an index that is not a job). Each call on
/// another layout of this module's memory ([`crate::Job::time_run`]), as
/// the runner does for the jobs in its own.
pub fn timed(index: u32, iterations: f64) -> f64 {
    let clock = SystemClock::new();
    let step = CALLS.with(|calls| calls.replace(calls.get() + 1));
    JOBS.with(|jobs| {
        let mut jobs = jobs.borrow_mut();
        match jobs.get_mut(index as usize) {
            // The page's loop asks for whole, positive counts.
            Some(job) => job.time_run(&clock, iterations as u64, step),
            None => f64::NAN,
        }
    })
}

/// The wasm API of a crate built on demand for the page: `prepare(order)` and
/// `timed(index, iterations)` over the crate's `TYPES` (our codecs) and
/// `SHIPPED` (the paste's root as its own build compiles it). The crate
/// depends on `wasm-bindgen`, whose attribute this expands to.
#[macro_export]
macro_rules! browser_api {
    ($types:expr, $shipped:expr) => {
        /// Prepares the compiled and peer jobs of an order (JSON); returns
        /// their descriptions and notes (JSON).
        #[::wasm_bindgen::prelude::wasm_bindgen]
        pub fn prepare(
            order: &str,
        ) -> ::std::result::Result<::std::string::String, ::wasm_bindgen::JsError> {
            $crate::ondemand::browser::prepare($types, $shipped, order)
                .map_err(|e| ::wasm_bindgen::JsError::new(&e))
        }

        /// Times `iterations` operations of a prepared job, in nanoseconds.
        #[::wasm_bindgen::prelude::wasm_bindgen]
        pub fn timed(index: u32, iterations: f64) -> f64 {
            $crate::ondemand::browser::timed(index, iterations)
        }
    };
}

/// A bundled scenario's hand-written peer beside [`browser_api!`]: an
/// export `$name(order)` preparing `$jobs`'s jobs (a function of
/// `overhead_bench::peers`). What a module with it weighs, less one without
/// it, is what that peer's code adds (`overhead run --measure size`).
#[macro_export]
macro_rules! hand_written_peer_api {
    ($name:ident, $jobs:path) => {
        /// Prepares a hand-written peer's jobs of an order (JSON) for `timed`.
        #[::wasm_bindgen::prelude::wasm_bindgen]
        pub fn $name(
            order: &str,
        ) -> ::std::result::Result<::std::string::String, ::wasm_bindgen::JsError> {
            $crate::ondemand::browser::prepare_with(order, $jobs)
                .map_err(|e| ::wasm_bindgen::JsError::new(&e))
        }
    };
}

/// The interpreter beside [`browser_api!`]: `prepare_interpreted(order)`.
/// What a module with it weighs, less one without it, is what the
/// interpreter's code adds (`overhead run --measure size`).
#[macro_export]
macro_rules! interpreter_api {
    () => {
        /// Prepares the interpreter's jobs of an order (JSON) for `timed`.
        #[::wasm_bindgen::prelude::wasm_bindgen]
        pub fn prepare_interpreted(
            order: &str,
        ) -> ::std::result::Result<::std::string::String, ::wasm_bindgen::JsError> {
            $crate::ondemand::browser::prepare_interpreted(order)
                .map_err(|e| ::wasm_bindgen::JsError::new(&e))
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundled;

    /// A bundled scenario's compiled code stands in for a crate's `TYPES`.
    fn user_signup() -> (serde_json::Value, Types) {
        let scenario = bundled::scenarios()
            .expect("bundled scenarios parse")
            .into_iter()
            .find(|s| s.name == "user-signup")
            .expect("user-signup is bundled");
        let types = bundled::types(bundled::matching(&scenario).expect("bundled"));
        let doc = serde_json::to_value(scenario.to_document()).expect("document");
        (doc, types)
    }

    #[test]
    fn prepares_compiled_and_peer_jobs_and_times_them() {
        let (doc, types) = user_signup();
        let order = serde_json::json!({ "document": doc, "request": {} }).to_string();
        let prepared: serde_json::Value =
            serde_json::from_str(&prepare(types, &[], &order).expect("prepares")).expect("json");
        let jobs = prepared["jobs"].as_array().expect("jobs");
        assert!(jobs.iter().any(|j| j["engine"] == "compiled"));
        assert!(
            jobs.iter().all(|j| j["engine"] != "interpreted"),
            "no interpreter here"
        );
        assert!(timed(0, 10.0) >= 0.0);
        assert!(timed(jobs.len() as u32, 1.0).is_nan());
    }

    #[test]
    fn prepares_the_interpreters_jobs_alone() {
        let (doc, _) = user_signup();
        let order = serde_json::json!({ "document": doc, "request": {} }).to_string();
        let prepared: serde_json::Value =
            serde_json::from_str(&prepare_interpreted(&order).expect("prepares")).expect("json");
        let jobs = prepared["jobs"].as_array().expect("jobs");
        assert!(!jobs.is_empty());
        assert!(jobs.iter().all(|j| j["engine"] == "interpreted"));
        assert!(timed(0, 10.0) >= 0.0);
    }

    #[test]
    fn prepares_one_hand_written_peers_jobs() {
        let (doc, _) = user_signup();
        let order = serde_json::json!({ "document": doc, "request": {} }).to_string();
        let prepared: serde_json::Value = serde_json::from_str(
            &prepare_with(&order, crate::peers::user_signup::domainstack).expect("prepares"),
        )
        .expect("json");
        let jobs = prepared["jobs"].as_array().expect("jobs");
        // de+validate and validate-on-de, on the valid and the invalid input.
        assert_eq!(jobs.len(), 4, "{jobs:?}");
        assert!(jobs.iter().all(|j| j["engine"] == "peer:domainstack"));
        assert!(timed(3, 10.0) >= 0.0);
    }

    #[test]
    fn random_data_is_refused_with_where_it_runs() {
        let (mut doc, types) = user_signup();
        doc["data"] = serde_json::json!("random");
        let order = serde_json::json!({ "document": doc, "request": {} }).to_string();
        let error = prepare(types, &[], &order).expect_err("refused");
        assert!(error.contains("natively"), "{error}");
    }
}
