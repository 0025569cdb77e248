//! The seed-style table: one line per run in the layout of seed 001
//! (`PROV RUN TYPE SIZE MED MEAN`), then a summary line per result.

mod breakdown;

use std::fmt::Write;
use std::io::Write as _;

use overhead_bench::Report;
use overhead_bench::analysis::analyse;
use overhead_bench::change::signed_percent;
use overhead_bench::quality::Flag;
use overhead_bench::runner::{Phase, Progress};

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    let env = &report.env;
    let machine = [env.cpu.as_deref(), env.os.as_deref(), env.rustc.as_deref()];
    let machine: Vec<&str> = machine.into_iter().flatten().collect();
    let _ = writeln!(
        out,
        "{} · {} · {}",
        report.scenario,
        env.target.name(),
        machine.join(" · ")
    );
    let resolution = report.timer.resolution_ns.map_or("unknown".to_owned(), ns);
    let _ = writeln!(
        out,
        "timer: resolution {resolution}, {} per read; the timed loop itself costs {} per iteration",
        ns(report.timer.overhead_ns),
        ns(report.timer.loop_ns)
    );
    let s = &report.settings;
    let _ = writeln!(
        out,
        "warm-up {} · {} runs × {} iterations · runs interleaved, order rotating\n",
        s.warmup, s.runs, s.iterations
    );

    // Seed 001's per-run table; PROV is the engine and the data, as the seed's
    // `rumi.xbuf2.serial`.
    let provider = |r: &overhead_bench::ResultRow| {
        let data = match r.data {
            overhead_bench::Data::Serial => "serial",
            overhead_bench::Data::Random => "random",
        };
        format!("{}.{data}", r.engine.name())
    };
    let prov = width(report.results.iter().map(|r| provider(r).len()), "PROV");
    let kind = width(
        report.results.iter().map(|r| r.variant.code().len()),
        "TYPE",
    );
    let input = width(report.results.iter().map(|r| r.input.len()), "INPUT");
    let _ = writeln!(
        out,
        "{:<prov$} {:>3} {:<kind$} {:<input$} {:>6} {:>10} {:>10}",
        "PROV", "RUN", "TYPE", "INPUT", "SIZE", "MED", "MEAN"
    );
    let runs = report
        .results
        .iter()
        .map(|r| r.runs_ns.len())
        .max()
        .unwrap_or(0);
    for k in 0..runs {
        for r in &report.results {
            if let Some(v) = r.runs_ns.get(k) {
                let _ = writeln!(
                    out,
                    "{:<prov$} {:>3} {:<kind$} {:<input$} {:>6} {:>10.1} {:>10.1}",
                    provider(r),
                    k + 1,
                    r.variant.code(),
                    r.input,
                    r.size,
                    v,
                    v
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "(ns/op; a run is one timed batch, so its MED and MEAN are one figure)\n"
    );

    // One summary line per result; instructions when they were counted.
    let counted = report.results.iter().any(|r| r.instructions.is_some());
    let instr_header = if counted {
        format!(" {:>11}", "INSTR/OP")
    } else {
        String::new()
    };
    // And the bytes each engine's code adds to the module, when measured.
    let sized = !report.code_size.is_empty();
    let code_header = if sized {
        format!(" {:>10}", "CODE")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{:<kind$} {:<prov$} {:<input$} {:<8} {:>10} {:>18} {:>10} {:>5} {:>10}{instr_header}{code_header}  FLAGS",
        "TYPE", "ENGINE", "INPUT", "OUTCOME", "MEDIAN", "RANGE", "MEAN", "RUNS", "COLD"
    );
    for r in &report.results {
        let flags: Vec<&str> = r.flags.iter().map(|f| f.code()).collect();
        let instr = match (counted, r.instructions) {
            (false, _) => String::new(),
            (true, Some(n)) => format!(" {:>11}", instructions(n)),
            (true, None) => format!(" {:>11}", "—"),
        };
        let code = if sized {
            let size = report.code_size.iter().find(|c| c.engine == r.engine);
            format!(
                " {:>10}",
                size.map_or_else(|| "—".to_owned(), |c| bytes(c.bytes))
            )
        } else {
            String::new()
        };
        let line = format!(
            "{:<kind$} {:<prov$} {:<input$} {:<8} {:>10} {:>18} {:>10} {:>5} {:>10}{instr}{code}  {}",
            r.variant.code(),
            r.engine.name(),
            r.input,
            r.outcome.name(),
            ns(r.median_ns),
            range(r.min_ns, r.max_ns),
            ns(r.mean_ns),
            r.runs_ns.len(),
            r.cold_ns.map_or_else(|| "—".to_owned(), ns),
            flags.join(" "),
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let flagged: std::collections::BTreeSet<Flag> = report
        .results
        .iter()
        .flat_map(|r| r.flags.iter().copied())
        .collect();
    if !flagged.is_empty() || report.results.iter().any(|r| r.cold_ns.is_some()) {
        let _ = writeln!(
            out,
            "(COLD: ns/op of the first warm-up batch, before the code was warm)"
        );
    }
    if counted {
        let _ = writeln!(
            out,
            "(INSTR/OP: instructions per operation, counted by callgrind: the same under any load and at any clock speed)"
        );
    }
    if sized {
        let _ = writeln!(
            out,
            "(CODE: bytes the engine's code adds to the page's wasm module for these definitions: the module built with it less the module built without it; cargo's release profile without LTO, no wasm-opt, as the page's module for them is built)"
        );
    }
    for flag in flagged {
        let _ = writeln!(out, "{}: {}", flag.code(), flag.meaning());
    }
    for r in &report.results {
        if let Some(message) = &r.message {
            let _ = writeln!(
                out,
                "{} {}/{}: {}: {message}",
                r.engine.name(),
                r.variant,
                r.input,
                r.outcome.name()
            );
        }
    }
    for note in &report.notes {
        let _ = writeln!(out, "note: {note}");
    }

    // Seed 000's analysis, paired run by run.
    for input in analyse(report) {
        let _ = writeln!(
            out,
            "\nANALYSIS, input `{}` (medians of per-run differences and ratios; 95% CI of the ratio)",
            input.input
        );
        let label = width(input.comparisons.iter().map(|c| c.label.len()), "");
        for c in &input.comparisons {
            let interval = c.interval.map_or_else(String::new, |i| {
                format!(", CI {}–{}", signed_percent(i.low), signed_percent(i.high))
            });
            let _ = writeln!(
                out,
                "  {:<label$}  {:>10}  {:>6.3}×  ({:+.1}%{interval})",
                c.label,
                signed_ns(c.difference_ns),
                c.ratio,
                (c.ratio - 1.0) * 100.0
            );
        }
    }
    breakdown::render(&mut out, report);
    let invalid = report
        .results
        .iter()
        .find(|r| r.engine == overhead_bench::Engine::Compiled && !r.violations.is_empty());
    if let Some(r) = invalid {
        let _ = writeln!(out, "\nViolations of input `{}` ({}):", r.input, r.variant);
        for v in &r.violations {
            let _ = writeln!(out, "  {}: {} ({})", v.path, v.message, v.code);
        }
    }
    out
}

fn width(lengths: impl Iterator<Item = usize>, header: &str) -> usize {
    lengths.max().unwrap_or(0).max(header.chars().count())
}

fn signed_ns(x: f64) -> String {
    if x < 0.0 {
        format!("−{}", ns(-x))
    } else {
        format!("+{}", ns(x))
    }
}

/// A duration in the unit that suits it: "126 ns", "1.37 µs".
pub fn ns(x: f64) -> String {
    let (value, unit) = scaled(x, x);
    format!("{} {unit}", digits(value))
}

/// An instruction count, grouped by thousands: "1,759".
pub fn instructions(x: f64) -> String {
    let whole = format!("{:.0}", x.max(0.0));
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// A byte count in binary units: "6.6 KiB", "130 KiB", "3.03 MiB".
pub fn bytes(n: u64) -> String {
    let n = n as f64;
    if n < 1024.0 {
        format!("{n} B")
    } else if n < 1024.0 * 1024.0 {
        format!("{} KiB", digits(n / 1024.0))
    } else {
        format!("{} MiB", digits(n / (1024.0 * 1024.0)))
    }
}

/// A min–max range in the unit of its maximum: "125–137 ns".
pub fn range(min: f64, max: f64) -> String {
    let (lo, unit) = scaled(min, max);
    let (hi, _) = scaled(max, max);
    format!("{}–{} {unit}", digits(lo), digits(hi))
}

fn scaled(x: f64, by: f64) -> (f64, &'static str) {
    match by.abs() {
        m if m >= 1e9 => (x / 1e9, "s"),
        m if m >= 1e6 => (x / 1e6, "ms"),
        m if m >= 1e3 => (x / 1e3, "µs"),
        _ => (x, "ns"),
    }
}

fn digits(x: f64) -> String {
    match x.abs() {
        a if a >= 100.0 => format!("{x:.0}"),
        a if a >= 10.0 => format!("{x:.1}"),
        _ => format!("{x:.2}"),
    }
}

pub fn progress_line(p: &Progress) {
    let what = match (p.phase, p.job) {
        (_, None) => "done".to_owned(),
        (Phase::WarmUp, Some(j)) => format!("warm-up {} {}", j.info.variant, j.info.input),
        (Phase::Run, Some(j)) => format!(
            "run {}/{} {} {}",
            p.run, p.runs, j.info.variant, j.info.input
        ),
    };
    eprint!("\r\x1b[2K[{}/{}] {what}", p.done, p.total);
    let _ = std::io::stderr().flush();
}

/// One status line, overwritten by the next (`building: Compiling …`).
pub fn status_line(text: &str) {
    let text: String = text.chars().take(100).collect();
    eprint!("\r\x1b[2K{text}");
    let _ = std::io::stderr().flush();
}

/// A progress line of a run in another process (`ondemand::progress_json`),
/// shown as [`progress_line`] shows one of this process.
pub fn progress_json_line(json: &str) {
    let Ok(p) = serde_json::from_str::<serde_json::Value>(json) else {
        return;
    };
    let text = |key: &str| p[key].as_str().unwrap_or_default().to_owned();
    let what = match (p["phase"].as_str(), p["variant"].is_null()) {
        (_, true) => "done".to_owned(),
        (Some("warmup"), false) => format!("warm-up {} {}", text("variant"), text("input")),
        _ => format!(
            "run {}/{} {} {}",
            p["run"],
            p["runs"],
            text("variant"),
            text("input")
        ),
    };
    status_line(&format!("[{}/{}] {what}", p["done"], p["total"]));
}

pub fn clear_progress_line() {
    eprint!("\r\x1b[2K");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_pick_their_unit() {
        assert_eq!(ns(126.4), "126 ns");
        assert_eq!(ns(1370.0), "1.37 µs");
        assert_eq!(ns(279_890.0), "280 µs");
        assert_eq!(ns(22.25), "22.2 ns");
        assert_eq!(range(125.0, 137.0), "125–137 ns");
        assert_eq!(range(1330.0, 1370.0), "1.33–1.37 µs");
    }

    #[test]
    fn instruction_counts_group_thousands() {
        assert_eq!(bytes(900), "900 B");
        assert_eq!(bytes(6_772), "6.61 KiB");
        assert_eq!(bytes(131_548), "128 KiB");
        assert_eq!(bytes(3_181_220), "3.03 MiB");
        assert_eq!(instructions(7.0), "7");
        assert_eq!(instructions(1759.0), "1,759");
        assert_eq!(instructions(123_456.4), "123,456");
        assert_eq!(instructions(1_234_567.0), "1,234,567");
        assert_eq!(instructions(6_162_970.0), "6,162,970");
        assert_eq!(instructions(16_162_970.0), "16,162,970");
    }
}
