//! `overhead compare a.json b.json` (or several invocations a side with
//! `--before … --after …`): Reports of the same work before and after a
//! change, row by row: each median, the change with its 95% confidence
//! interval and verdict (`overhead_bench::change`), and the change in
//! instructions where both counted them.

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

fn same(a: &ResultRow, b: &ResultRow) -> bool {
    a.variant == b.variant && a.engine == b.engine && a.input == b.input && a.data == b.data
}

/// Every row of the first `after` Report, then those only the first `before`
/// has. With one Report a side, the interval comes from the paired per-run
/// ratios; with more, from each invocation's median (Welch).
pub fn compare(before: &[(String, Report)], after: &[(String, Report)]) -> Vec<Compared> {
    let (Some((_, first_before)), Some((_, first_after))) = (before.first(), after.first()) else {
        return Vec::new();
    };
    let mut rows: Vec<Compared> = first_after
        .results
        .iter()
        .map(|a| {
            compared(
                before,
                after,
                first_before.results.iter().find(|b| same(a, b)),
                Some(a),
            )
        })
        .collect();
    rows.extend(
        first_before
            .results
            .iter()
            .filter(|b| !first_after.results.iter().any(|a| same(a, b)))
            .map(|b| compared(before, after, Some(b), None)),
    );
    rows
}

/// The row's figures in each Report of a side that has it.
fn side<'r>(reports: &'r [(String, Report)], row: &ResultRow) -> Vec<&'r ResultRow> {
    reports
        .iter()
        .filter_map(|(_, r)| r.results.iter().find(|x| same(x, row)))
        .collect()
}

fn compared(
    befores: &[(String, Report)],
    afters: &[(String, Report)],
    before: Option<&ResultRow>,
    after: Option<&ResultRow>,
) -> Compared {
    let row = after.or(before);
    let medians = |rows: &[&ResultRow]| rows.iter().map(|r| r.median_ns).collect::<Vec<f64>>();
    let (b_rows, a_rows) = match row {
        Some(row) if before.is_some() && after.is_some() => (side(befores, row), side(afters, row)),
        _ => (Vec::new(), Vec::new()),
    };
    let change = match (b_rows.as_slice(), a_rows.as_slice()) {
        ([], _) | (_, []) => None,
        ([b], [a]) => Change::between(&b.runs_ns, &a.runs_ns),
        (b, a) => Change::between_invocations(&medians(b), &medians(a)),
    };
    let instructions_change = match (
        before.and_then(|b| b.instructions),
        after.and_then(|a| a.instructions),
    ) {
        (Some(b), Some(a)) if b > 0.0 => Some(a / b - 1.0),
        _ => None,
    };
    let typical = |rows: &[&ResultRow], one: Option<&ResultRow>| {
        overhead_bench::stats::median(&medians(rows)).or(one.map(|r| r.median_ns))
    };
    Compared {
        variant: row.map(|r| r.variant.to_string()).unwrap_or_default(),
        engine: row
            .map(|r| r.engine.name().into_owned())
            .unwrap_or_default(),
        input: row.map(|r| r.input.clone()).unwrap_or_default(),
        before_ns: typical(&b_rows, before),
        after_ns: typical(&a_rows, after),
        verdict: change.map(|c| c.verdict()),
        change,
        instructions_change,
    }
}

/// How the two sides were measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// In separate invocations (`overhead compare`).
    Invocations,
    /// In one interleaved loop, each job beside its counterpart (`run --against`).
    OneLoop,
}

/// The comparison as a table, with what the Reports are.
pub fn render(
    before: &[(String, Report)],
    after: &[(String, Report)],
    rows: &[Compared],
    pairing: Pairing,
) -> String {
    let mut out = String::new();
    for (label, reports) in [("before", before), ("after", after)] {
        for (name, report) in reports {
            let env = &report.env;
            let machine = [env.cpu.as_deref(), env.os.as_deref(), env.date.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" · ");
            let _ = writeln!(out, "{label}: {name} ({}; {machine})", report.scenario);
        }
    }
    let scenarios: std::collections::BTreeSet<&str> = before
        .iter()
        .chain(after)
        .map(|(_, r)| r.scenario.as_str())
        .collect();
    if scenarios.len() > 1 {
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
        "\n{:<v$} {:<e$} {:<i$} {:>10} {:>10}  {}CHANGE (95% CI)",
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
    let how = if pairing == Pairing::OneLoop {
        "Student's t on the logarithms of the paired per-run ratios after[k] / before[k], each pair taken side by side in one process (`run --against`), so that what moves a whole invocation moves both of a pair"
    } else if before.len() == 1 && after.len() == 1 {
        "Student's t on the logarithms of the paired per-run ratios after[k] / before[k]. One Report a side: the interval holds the noise within the runs, not what moves a whole invocation (two invocations of the same code differ by a few percent); give several Reports a side (--before … --after …) for an interval that does"
    } else {
        "Welch's t on the logarithms of each invocation's median, so that what moves a whole invocation is in it; BEFORE and AFTER are the medians of the invocations' medians"
    };
    let _ = writeln!(
        out,
        "\n(a change is said when its 95% interval excludes no change and it is at least {:.0}%; the interval: {how}. INSTR: the change in instructions per operation, exact)",
        overhead_bench::change::NOISE_THRESHOLD * 100.0
    );
    out
}
