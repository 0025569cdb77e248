//! The `main` of a crate built on demand, natively.

use std::io::{Read, Write};

use super::{OnDemandCode, Order, Types};
use crate::prepare::CompiledCode;
use crate::runner::{Phase, Progress};
use crate::{Benchmark, CompiledSource, Env, Scenario, SystemClock};

/// The `main` of a crate built on demand: reads the [`Order`] from stdin,
/// runs it with our codecs `types` and the as-shipped root `shipped`, and
/// writes the Report (or `{"error": …}`) to stdout.
pub fn serve(types: Types, shipped: &'static [Types]) -> std::process::ExitCode {
    answer((|| -> Result<String, String> {
        let order = read_order()?;
        let scenario = Scenario::try_from(order.document).map_err(|e| e.to_string())?;
        let code = OnDemandCode { types, shipped };
        if !order.verdicts.is_empty() {
            return verdicts(&code, &scenario, &order.verdicts);
        }
        if order.count {
            return crate::count::plan_json(&scenario, &order.request, &code);
        }
        let bench = Benchmark::prepare(&scenario, &order.request, CompiledSource::Built(&code))
            .map_err(|e| e.to_string())?;
        let mut stderr = std::io::stderr().lock();
        let mut progress = |p: &Progress| {
            let _ = writeln!(stderr, "{}", progress_json(p));
        };
        let report = bench
            .run(&SystemClock::new(), Env::of_this_build(), &mut progress)
            .map_err(|e| e.to_string())?;
        serde_json::to_string(&report).map_err(|e| e.to_string())
    })())
}

/// The `main` of a crate built on demand for two documents (`run A
/// --against B` on definitions without bundled code): the order's document
/// with `before`'s types and its `against` with `after`'s, measured in one
/// interleaved loop ([`Benchmark::run_against`]); writes `{"before": Report,
/// "after": Report}` (or `{"error": …}`).
pub fn serve_pair(before: Types, after: Types) -> std::process::ExitCode {
    answer((|| -> Result<String, String> {
        let order = read_order()?;
        let against = order
            .against
            .ok_or("the order has no document to measure against")?;
        let prepared = |document: crate::scenario::Document, types: Types| {
            let scenario = Scenario::try_from(document).map_err(|e| e.to_string())?;
            let code = OnDemandCode {
                types,
                shipped: &[],
            };
            Benchmark::prepare(&scenario, &order.request, CompiledSource::Built(&code))
                .map_err(|e| e.to_string())
        };
        let a = prepared(order.document, before)?;
        let b = prepared(against, after)?;
        let mut stderr = std::io::stderr().lock();
        let mut progress = |p: &Progress| {
            let _ = writeln!(stderr, "{}", progress_json(p));
        };
        let (a, b) = a
            .run_against(b, &SystemClock::new(), Env::of_this_build(), &mut progress)
            .map_err(|e| e.to_string())?;
        serde_json::to_string(&serde_json::json!({ "before": a, "after": b }))
            .map_err(|e| e.to_string())
    })())
}

fn read_order() -> Result<Order, String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read the order: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("the order is not valid: {e}"))
}

/// Writes the answer (or `{"error": …}`) to stdout.
fn answer(result: Result<String, String>) -> std::process::ExitCode {
    match result {
        Ok(json) => {
            println!("{json}");
            std::process::ExitCode::SUCCESS
        }
        Err(message) => {
            println!("{}", serde_json::json!({ "error": message }));
            std::process::ExitCode::FAILURE
        }
    }
}

/// What each build's root makes of each text: `{"compiled": [Verdict…],
/// "shipped": [LibraryVerdict…]}`, `null` for a build the crate lacks.
fn verdicts(code: &OnDemandCode, scenario: &Scenario, texts: &[String]) -> Result<String, String> {
    // Ours may have no code for the root (a generic one): the library's answers alone.
    let ours = code.root(scenario).and_then(Result::ok);
    let shipped = code.shipped(scenario);
    if ours.is_none() && shipped.own.is_none() {
        return Err(code.unavailable().to_string());
    }
    let compiled: Option<Vec<_>> = ours.map(|root| texts.iter().map(|t| root.verdict(t)).collect());
    let library: Option<Vec<_>> = shipped
        .own
        .map(|root| texts.iter().map(|t| root.library_verdict(t)).collect());
    serde_json::to_string(&serde_json::json!({ "compiled": compiled, "shipped": library }))
        .map_err(|e| e.to_string())
}

/// Progress as one JSON object, in the shape of the page's `Progress` message.
pub fn progress_json(p: &Progress) -> String {
    let job = p.job.map(|j| &j.info);
    serde_json::json!({
        "done": p.done,
        "total": p.total,
        "phase": match p.phase { Phase::WarmUp => "warmup", Phase::Run => "run" },
        "run": p.run,
        "runs": p.runs,
        "variant": job.map(|j| j.variant.code()),
        "engine": job.map(|j| j.engine.name()),
        "input": job.map(|j| j.input.as_str()),
    })
    .to_string()
}
