//! The `main` of a crate built on demand, natively.

use std::io::{Read, Write};

use super::{OnDemandCode, Order, Types};
use crate::prepare::CompiledCode;
use crate::runner::{Phase, Progress};
use crate::{Benchmark, Env, Scenario, SystemClock};

/// The `main` of a crate built on demand: reads the [`Order`] from stdin,
/// runs it with `types`, and writes the Report (or `{"error": …}`) to stdout.
pub fn serve(types: Types) -> std::process::ExitCode {
    let result = (|| -> Result<String, String> {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read the order: {e}"))?;
        let order: Order =
            serde_json::from_str(&text).map_err(|e| format!("the order is not valid: {e}"))?;
        let scenario = Scenario::try_from(order.document).map_err(|e| e.to_string())?;
        let code = OnDemandCode { types };
        if !order.verdicts.is_empty() {
            return verdicts(&code, &scenario, &order.verdicts);
        }
        if order.count {
            return crate::count::plan_json(&scenario, &order.request, &code);
        }
        let bench = Benchmark::prepare_with(&scenario, &order.request, &OnDemandCode { types })
            .map_err(|e| e.to_string())?;
        let mut stderr = std::io::stderr().lock();
        let mut progress = |p: &Progress| {
            let _ = writeln!(stderr, "{}", progress_json(p));
        };
        let report = bench
            .run(&SystemClock::new(), Env::of_this_build(), &mut progress)
            .map_err(|e| e.to_string())?;
        serde_json::to_string(&report).map_err(|e| e.to_string())
    })();
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

/// What the compiled root makes of each text, as a JSON array of verdicts.
fn verdicts(code: &OnDemandCode, scenario: &Scenario, texts: &[String]) -> Result<String, String> {
    let root = match code.root(scenario) {
        Some(root) => root.map_err(|e| e.to_string())?,
        None => return Err(code.unavailable().to_string()),
    };
    let verdicts: Vec<_> = texts.iter().map(|text| root.verdict(text)).collect();
    serde_json::to_string(&verdicts).map_err(|e| e.to_string())
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
