//! `overhead compare a.json b.json`: two Reports of the same work (before and
//! after a change), row by row: each median, the change with its 95%
//! confidence interval and verdict (`overhead_bench::change`), and the change
//! in instructions where both counted them.

use std::fmt::Write;
use std::path::Path;

use overhead_bench::change::{Change, Verdict, signed_percent};
use overhead_bench::{Report, ResultRow};

use crate::table::ns;

/// One row of the comparison, as `--json` gives it.
#[derive(serde::Serialize)]
pub struct Compared {
    pub variant: String,
    pub engine: String,
    pub input: String,
    pub before_ns: Option<f64>,
    pub after_ns: Option<f64>,
    /// `None` when one side lacks the row or has fewer than two runs.
    pub change: Option<Change>,
    pub verdict: Option<Verdict>,
    /// after / before − 1 of the instructions per operation, when both counted them.
    pub instructions_change: Option<f64>,
}

pub fn read(path: &Path) -> Result<Report, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| {
        format!(
            "{} is not a Report (`overhead run … --json` or `--save`): {e}",
            path.display()
        )
    })
}

/// Every row of `after`, then those only `before` has.
pub fn compare(before: &Report, after: &Report) -> Vec<Compared> {
    let same = |a: &ResultRow, b: &ResultRow| {
        a.variant == b.variant && a.engine == b.engine && a.input == b.input && a.data == b.data
    };
    let mut rows: Vec<Compared> = after
        .results
        .iter()
        .map(|a| compared(before.results.iter().find(|b| same(a, b)), Some(a)))
        .collect();
    rows.extend(
        before
            .results
            .iter()
            .filter(|b| !after.results.iter().any(|a| same(a, b)))
            .map(|b| compared(Some(b), None)),
    );
    rows
}

fn compared(before: Option<&ResultRow>, after: Option<&ResultRow>) -> Compared {
    let row = after.or(before);
    let change = match (before, after) {
        (Some(b), Some(a)) => Change::between(&b.runs_ns, &a.runs_ns),
        _ => None,
    };
    let instructions_change = match (
        before.and_then(|b| b.instructions),
        after.and_then(|a| a.instructions),
    ) {
        (Some(b), Some(a)) if b > 0.0 => Some(a / b - 1.0),
        _ => None,
    };
    Compared {
        variant: row.map(|r| r.variant.to_string()).unwrap_or_default(),
        engine: row
            .map(|r| r.engine.name().into_owned())
            .unwrap_or_default(),
        input: row.map(|r| r.input.clone()).unwrap_or_default(),
        before_ns: before.map(|b| b.median_ns),
        after_ns: after.map(|a| a.median_ns),
        verdict: change.map(|c| c.verdict()),
        change,
        instructions_change,
    }
}

/// The comparison as a table, with what the two Reports are.
pub fn render(before: (&str, &Report), after: (&str, &Report), rows: &[Compared]) -> String {
    let mut out = String::new();
    for (label, (name, report)) in [("before", before), ("after", after)] {
        let env = &report.env;
        let machine = [env.cpu.as_deref(), env.os.as_deref(), env.date.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" · ");
        let _ = writeln!(out, "{label}: {name} ({}; {machine})", report.scenario);
    }
    if before.1.scenario != after.1.scenario {
        let _ = writeln!(
            out,
            "note: the Reports are of different scenarios; rows are matched by variant, engine and input"
        );
    }
    let counted = rows.iter().any(|r| r.instructions_change.is_some());
    let width = |f: fn(&Compared) -> usize, header: &str| {
        rows.iter().map(f).max().unwrap_or(0).max(header.len())
    };
    let (v, e, i) = (
        width(|r| r.variant.len(), "VARIANT"),
        width(|r| r.engine.len(), "ENGINE"),
        width(|r| r.input.len(), "INPUT"),
    );
    let _ = writeln!(
        out,
        "\n{:<v$} {:<e$} {:<i$} {:>10} {:>10}  {}CHANGE (95% CI of the paired per-run ratios)",
        "VARIANT",
        "ENGINE",
        "INPUT",
        "BEFORE",
        "AFTER",
        if counted { "INSTR     " } else { "" }
    );
    for r in rows {
        let said = match (&r.change, r.before_ns, r.after_ns) {
            (Some(c), _, _) => c.describe(),
            (None, Some(_), Some(_)) => "fewer than two runs on a side: no interval".into(),
            (None, None, _) => "only after".into(),
            (None, _, None) => "only before".into(),
        };
        let instr = match (counted, r.instructions_change) {
            (false, _) => String::new(),
            (true, Some(c)) => format!("{:<10}", signed_percent(c)),
            (true, None) => format!("{:<10}", "—"),
        };
        let figure = |x: Option<f64>| x.map_or_else(|| "—".to_owned(), ns);
        let _ = writeln!(
            out,
            "{:<v$} {:<e$} {:<i$} {:>10} {:>10}  {instr}{said}",
            r.variant,
            r.engine,
            r.input,
            figure(r.before_ns),
            figure(r.after_ns),
        );
    }
    let _ = writeln!(
        out,
        "\n(a change is said when its 95% interval — Student's t on the logarithms of after[k] / before[k] — excludes no change and it is at least {:.0}%; INSTR: the change in instructions per operation, exact)",
        overhead_bench::change::NOISE_THRESHOLD * 100.0
    );
    out
}
