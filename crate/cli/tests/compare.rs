//! `overhead compare before.json after.json` on Reports with fixed runs.

use std::path::PathBuf;
use std::process::Command;

fn report(runs: &[(&str, &str, &[f64], Option<f64>)]) -> serde_json::Value {
    let results: Vec<serde_json::Value> = runs
        .iter()
        .map(|(variant, input, runs_ns, instructions)| {
            let median = runs_ns[runs_ns.len() / 2];
            let mut row = serde_json::json!({
                "variant": variant, "engine": "compiled", "input": input, "data": "serial",
                "outcome": "ok", "size": 66, "runs_ns": runs_ns, "median_ns": median,
                "min_ns": median, "max_ns": median, "mean_ns": median,
            });
            if let Some(n) = instructions {
                row["instructions"] = serde_json::json!(n);
            }
            row
        })
        .collect();
    serde_json::json!({
        "scenario": "user-signup",
        "env": {"target": "native", "engine_version": "0.1.0", "cpu": "Test CPU"},
        "settings": {"iterations": 1000, "runs": 5, "warmup": 10},
        "timer": {"resolution_ns": 30.0, "overhead_ns": 29.0},
        "results": results,
    })
}

fn write(name: &str, value: &serde_json::Value) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "overhead-compare-{}-{name}.json",
        std::process::id()
    ));
    std::fs::write(&path, value.to_string()).expect("write the Report");
    path
}

fn compare(before: &PathBuf, after: &PathBuf, json: bool) -> std::process::Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_overhead"));
    command.arg("compare").arg(before).arg(after);
    if json {
        command.arg("--json");
    }
    command.output().expect("the overhead binary runs")
}

#[test]
fn each_row_gets_its_change_its_interval_and_a_verdict() {
    let steady = [100.0, 102.0, 99.0, 101.0, 100.0];
    let ten_percent_faster: Vec<f64> = steady.iter().map(|x| x * 0.9).collect();
    let noisy = [100.0, 120.0, 85.0, 110.0, 95.0];
    let before = write(
        "before",
        &report(&[
            ("de", "valid", &steady, Some(1759.0)),
            ("de+validate", "valid", &steady, None),
            ("validate-on-de", "valid", &steady, None),
        ]),
    );
    let after = write(
        "after",
        &report(&[
            ("de", "valid", &ten_percent_faster, Some(1583.1)),
            ("de+validate", "valid", &noisy, None),
            ("ser", "valid", &steady, None),
        ]),
    );
    let out = compare(&before, &after, false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    let line = |variant: &str| {
        table
            .lines()
            .find(|l| l.starts_with(&format!("{variant} ")))
            .unwrap_or_else(|| panic!("no {variant} line in\n{table}"))
            .to_owned()
    };
    assert!(
        line("de").contains("faster by 10.0% (CI 10.0–10.0%)"),
        "{table}"
    );
    assert!(
        line("de").contains("−10.0%"),
        "the instructions' change: {table}"
    );
    assert!(
        line("de+validate").contains("no detectable change ("),
        "{table}"
    );
    assert!(line("ser").ends_with("only after"), "{table}");
    assert!(line("validate-on-de").ends_with("only before"), "{table}");
    assert!(table.contains("Student's t on the logarithms"));

    let out = compare(&before, &after, true);
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(rows[0]["verdict"], "faster");
    assert!((rows[0]["change"]["estimate"].as_f64().expect("estimate") + 0.1).abs() < 1e-9);
    assert_eq!(rows[1]["verdict"], "no-detectable-change");
    assert!(rows[2]["change"].is_null());
    let _ = std::fs::remove_file(before);
    let _ = std::fs::remove_file(after);
}

#[test]
fn a_file_that_is_not_a_report_is_a_clear_error() {
    let bad = write("bad", &serde_json::json!({"version": 2}));
    let out = compare(&bad, &bad, false);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("is not a Report"), "{said}");
    let _ = std::fs::remove_file(bad);
}
