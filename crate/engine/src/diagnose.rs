//! Everything worth telling about definitions as they are typed: the analysis's
//! diagnostics and the planner's (an unknown type, a rule it cannot run, a
//! custom validator it will skip), together and in text order. The editor and
//! `overhead check` show the same list.

use overhead_schema::{Diagnostic, Severity, analyze};
use serde::Serialize;

use crate::plan::Plan;

#[derive(Debug, Serialize)]
pub struct Diagnosis {
    /// The types defined, by name.
    pub types: Vec<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the definitions can run (no errors).
    pub runnable: bool,
}

pub fn diagnose(schema: &str, root: Option<&str>) -> Diagnosis {
    let analysis = analyze(schema);
    let types = analysis.types.iter().map(|t| t.ident.to_string()).collect();
    let mut diagnostics = analysis.diagnostics.clone();
    let planned = Plan::compile(&analysis, root);
    match planned {
        Ok(plan) => diagnostics.extend(plan.notes),
        Err(errors) => {
            for d in errors.0 {
                if !diagnostics.contains(&d) {
                    diagnostics.push(d);
                }
            }
        }
    }
    diagnostics.sort_by_key(|d| (d.line, d.column));
    let runnable =
        !analysis.types.is_empty() && diagnostics.iter().all(|d| d.severity != Severity::Error);
    Diagnosis {
        types,
        diagnostics,
        runnable,
    }
}
