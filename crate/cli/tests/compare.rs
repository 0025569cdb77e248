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
fn several_invocations_a_side_are_compared_by_their_medians() {
    // Each invocation steady within, the invocations a few percent apart.
    let at = |m: f64| [m, m * 1.01, m * 0.99, m, m];
    let paths: Vec<PathBuf> = [100.0, 104.0, 97.0, 90.0, 93.0, 88.0]
        .iter()
        .enumerate()
        .map(|(k, m)| {
            write(
                &format!("inv{k}"),
                &report(&[("de", "valid", &at(*m), None)]),
            )
        })
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_overhead"))
        .arg("compare")
        .arg("--before")
        .args(&paths[..3])
        .arg("--after")
        .args(&paths[3..])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    // The invocations' medians (99, 103, 96 and 89, 92, 87): the middle one a
    // side, and Welch's interval on their logs.
    let de = table
        .lines()
        .find(|l| l.starts_with("de "))
        .expect("the de row");
    assert!(de.contains("99.0 ns") && de.contains("89.1 ns"), "{table}");
    assert!(de.ends_with("faster by 10.0% (CI 2.3–17.0%)"), "{table}");
    assert!(table.contains("Welch's t on the logarithms of each invocation's median"));
    // Two invocations of the same code a few percent apart are not a change.
    let out = Command::new(env!("CARGO_BIN_EXE_overhead"))
        .arg("compare")
        .arg("--before")
        .args(&paths[..2])
        .arg("--after")
        .args(&paths[2..3])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("no detectable change"));
    for path in paths {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn compare_wants_two_reports_or_both_sides() {
    let out = Command::new(env!("CARGO_BIN_EXE_overhead"))
        .args(["compare", "only-one.json"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give two Reports"));
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

/// `overhead run` from the workspace.
fn overhead_run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_overhead"))
        .arg("run")
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the overhead binary runs")
}

/// user-signup as a document, its definitions changed by `edit` (an added rule).
fn user_signup_document(name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let out = Command::new(env!("CARGO_BIN_EXE_overhead"))
        .args(["document", "scenarios/user-signup"])
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the overhead binary runs");
    let mut doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a document");
    let schema = doc["schema"].as_str().expect("schema").to_owned();
    doc["schema"] = serde_json::json!(edit(&schema));
    write(name, &doc)
}

const TINY: [&str; 6] = ["--iterations", "300", "--runs", "3", "--warmup", "30"];

#[test]
fn against_runs_both_documents_in_one_loop_and_compares_them() {
    let after = user_signup_document("against-after", |s| {
        s.replacen(
            "pub email: String",
            "#[validate(length(min = 3))]\n    pub email: String",
            1,
        )
    });
    let mut args = vec![
        "scenarios/user-signup",
        "--against",
        after.to_str().expect("utf-8"),
        "--engine",
        "interpreted",
        "--variants",
        "de,de+validate",
        "--json",
    ];
    args.extend(TINY);
    let out = overhead_run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    for side in ["before", "after"] {
        let results = answer[side]["results"].as_array().expect("results");
        assert_eq!(results.len(), 4, "{side}: de and de+validate on two inputs");
        assert!(
            results
                .iter()
                .all(|r| r["runs_ns"].as_array().map(Vec::len) == Some(3))
        );
    }
    let rows = answer["comparison"].as_array().expect("comparison");
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| r["change"]["pairs"] == 3), "{rows:?}");
    // The table says the pairs were taken in one loop.
    args.retain(|a| *a != "--json");
    let out = overhead_run(&args);
    std::fs::remove_file(&after).ok();
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.contains("each pair taken side by side in one process"),
        "{table}"
    );
}

#[test]
fn against_builds_compiled_code_for_both_documents_in_one_crate() {
    // Edited definitions have no bundled code: both documents' compiled
    // code is built on demand in one crate and measured in its one loop.
    let after = user_signup_document("against-ondemand", |s| {
        s.replacen(
            "pub email: String",
            "#[validate(length(min = 3))]\n    pub email: String",
            1,
        )
    });
    let path = after.to_str().expect("utf-8");
    let mut args = vec![
        "scenarios/user-signup",
        "--against",
        path,
        "--engine",
        "compiled",
        "--variants",
        "de,de+validate",
        "--json",
    ];
    args.extend(TINY);
    let out = overhead_run(&args);
    std::fs::remove_file(&after).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = answer["comparison"].as_array().expect("comparison");
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert!(
        rows.iter()
            .all(|r| r["engine"] == "compiled" && r["change"]["pairs"] == 3),
        "{rows:?}"
    );
    let notes = answer["after"]["notes"].to_string();
    assert!(notes.contains("code built on demand"), "{notes}");
}

#[test]
fn against_counts_nothing_but_time() {
    let out = overhead_run(&[
        "scenarios/user-signup",
        "--against",
        "scenarios/user-signup",
        "--measure",
        "instructions",
    ]);
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(error.contains("--against measures time"), "{error}");
}
