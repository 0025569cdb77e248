//! The `overhead` binary as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn overhead(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_overhead"))
        .args(args)
        .current_dir(workspace())
        .output()
        .expect("the overhead binary runs")
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const TINY: [&str; 6] = ["--iterations", "300", "--runs", "3", "--warmup", "30"];

#[test]
fn json_report_has_the_design_shape_and_real_figures() {
    let out = overhead(
        &[
            &["run", "scenarios/user-signup", "--json", "--variants", "de"],
            &TINY[..],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("stdout is JSON");
    assert_eq!(report["scenario"], "user-signup");
    assert_eq!(report["env"]["target"], "native");
    assert!(
        report["env"]["rustc"]
            .as_str()
            .is_some_and(|v| v.starts_with("rustc "))
    );
    assert!(
        report["env"]["date"]
            .as_str()
            .is_some_and(|d| d.ends_with('Z'))
    );
    assert_eq!(
        report["settings"],
        serde_json::json!({"iterations": 300, "runs": 3, "warmup": 30})
    );
    assert!(
        report["timer"]["overhead_ns"]
            .as_f64()
            .is_some_and(|v| v > 0.0)
    );
    let results = report["results"].as_array().expect("results");
    let keys: Vec<(&str, &str, &str)> = results
        .iter()
        .map(|r| {
            (
                r["variant"].as_str().unwrap_or(""),
                r["engine"].as_str().unwrap_or(""),
                r["input"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        keys,
        [
            ("de", "compiled", "valid"),
            ("de", "interpreted", "valid"),
            ("de", "compiled", "invalid"),
            ("de", "interpreted", "invalid")
        ]
    );
    for r in results {
        assert_eq!(r["outcome"], "ok");
        assert_eq!(r["data"], "serial");
        assert!(r["size"].as_u64().is_some_and(|s| s > 0));
        let runs = r["runs_ns"].as_array().expect("runs_ns");
        assert_eq!(runs.len(), 3);
        for key in ["median_ns", "min_ns", "max_ns", "mean_ns"] {
            let v = r[key].as_f64().unwrap_or(f64::NAN);
            assert!(v.is_finite() && v > 0.0, "{key} = {v}");
        }
        assert!(r["min_ns"].as_f64() <= r["median_ns"].as_f64());
        assert!(r["median_ns"].as_f64() <= r["max_ns"].as_f64());
    }
}

#[test]
fn table_has_the_seed_001_layout_and_a_summary() {
    let out = overhead(
        &[
            &["run", "scenarios/user-signup", "--input", "valid"],
            &TINY[..],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let header = text
        .lines()
        .find(|l| l.starts_with("PROV"))
        .expect("table header");
    let columns: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(
        columns,
        ["PROV", "RUN", "TYPE", "INPUT", "SIZE", "MED", "MEAN"]
    );
    let run_lines = text
        .lines()
        .filter(|l| l.starts_with("compiled.serial ") && l.contains(" de "))
        .count();
    assert_eq!(run_lines, 3, "{text}");
    let summary = text
        .lines()
        .find(|l| l.starts_with("de "))
        .expect("summary line");
    assert!(
        summary.contains(" ok ") && summary.contains('–'),
        "{summary}"
    );
    assert!(text.contains("timer: resolution"), "{text}");
}

#[test]
fn save_writes_the_report_while_the_table_prints() {
    let path = std::env::temp_dir().join(format!("overhead-save-{}.json", std::process::id()));
    let out = overhead(
        &[
            &["run", "scenarios/car", "--engine", "compiled"][..],
            &["--save", path.to_str().expect("utf-8 path")],
            &TINY[..],
        ]
        .concat(),
    );
    let saved = std::fs::read_to_string(&path);
    std::fs::remove_file(&path).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("PROV"), "the table still prints");
    let report: serde_json::Value =
        serde_json::from_str(&saved.expect("the Report was saved")).expect("JSON");
    assert_eq!(report["scenario"], "car");
    assert_eq!(report["env"]["target"], "native");
    assert!(report["env"]["cpu"].is_string() || cfg!(not(target_os = "linux")));
    assert!(report["results"][0]["median_ns"].as_f64() > Some(0.0));
}

#[test]
fn progress_lines_are_json_on_stderr_ending_at_the_total() {
    let out = overhead(
        &[
            &["run", "scenarios/car", "--engine", "compiled", "--json"][..],
            &["--progress-lines"],
            &TINY[..],
        ]
        .concat(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stderr(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let first = lines.first().expect("progress");
    assert_eq!(first["phase"], "warmup");
    assert_eq!(first["engine"], "compiled");
    let last = lines.last().expect("progress");
    assert_eq!(last["done"], last["total"]);
    assert!(last["variant"].is_null());
    let report: serde_json::Value =
        serde_json::from_str(&stdout(&out)).expect("the Report on stdout");
    assert_eq!(report["scenario"], "car");
}

#[test]
fn a_scenario_document_runs_like_its_folder() {
    let dir = std::env::temp_dir().join(format!("overhead-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let schema = std::fs::read_to_string(workspace().join("scenarios/user-signup/schema.rs"))
        .expect("schema");
    let doc = serde_json::json!({
        "version": 1, "title": "From a link", "schema": schema,
        "inputs": {"valid": "{\"email\":\"a@b.c\",\"age\":30,\"username\":\"abc\"}"},
    });
    let path = dir.join("doc.json");
    std::fs::write(&path, doc.to_string()).expect("write doc");
    let out = overhead(
        &[
            &["run", path.to_str().expect("utf-8 path"), "--json"],
            &TINY[..],
        ]
        .concat(),
    );
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(report["scenario"], "from-a-link");
    assert_eq!(report["results"][0]["outcome"], "ok");
}

#[test]
fn bad_input_is_a_clear_error_and_exit_1() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["run", "scenarios/user-signup", "--runs", "0"],
            "runs must be between 1 and 1000, got 0",
        ),
        (
            &["run", "scenarios/user-signup", "--input", "nope"],
            "no input named `nope`",
        ),
        (
            &[
                "run",
                "scenarios/user-signup",
                "--variants",
                "de/fast-flatten",
            ],
            "the flatten variants need a `#[serde(flatten)]` field",
        ),
        (
            &["run", "scenarios/user-signup", "--variants", "from-js"],
            "`from-js` runs only in the browser",
        ),
        (
            &[
                "run",
                "scenarios/user-signup",
                "--variants",
                "de",
                "--data",
                "random",
            ],
            "`data = \"random\"` applies to the encode/decode and conversion variants",
        ),
        (
            &["run", "scenarios/user-signup", "--variants", "sre"],
            "`sre` is not a variant code",
        ),
        (&["run", "scenarios/does-not-exist"], "cannot read"),
    ];
    for (args, expected) in cases {
        let out = overhead(args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = stderr(&out);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn list_names_the_bundled_scenarios_and_variants() {
    let out = overhead(&["list"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("user-signup") && text.contains("User signup (seed 000)"),
        "{text}"
    );
    assert!(text.contains("de ") && text.contains("baseline"), "{text}");
}

#[test]
fn the_validation_run_has_four_variants_two_inputs_peers_and_the_analysis() {
    let out = overhead(&[&["run", "scenarios/user-signup", "--json"], &TINY[..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let rows: Vec<String> = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            format!(
                "{} {} {} {}",
                r["variant"], r["engine"], r["input"], r["outcome"]
            )
            .replace('"', "")
        })
        .collect();
    for expected in [
        "de compiled valid ok",
        "de+validate compiled invalid invalid",
        "validate-on-de compiled invalid invalid",
        "validate-on-de/fail-fast compiled valid ok",
        "de+validate peer:validator invalid invalid",
        "de+validate peer:garde valid ok",
        "validate-on-de peer:domainstack invalid invalid",
    ] {
        assert!(
            rows.iter().any(|r| r == expected),
            "{expected} missing from {rows:#?}"
        );
    }
    let invalid = report["results"]
        .as_array()
        .and_then(|r| {
            r.iter()
                .find(|r| r["variant"] == "validate-on-de" && r["input"] == "invalid")
        })
        .expect("validate-on-de on invalid");
    assert_eq!(invalid["violations"][0]["path"], "email");
    assert_eq!(invalid["violations"][1]["code"], "range");

    let table = overhead(
        &[
            &["run", "scenarios/user-signup", "--engine", "compiled"],
            &TINY[..],
        ]
        .concat(),
    );
    let text = stdout(&table);
    assert!(
        text.contains("ANALYSIS, input `valid`") && text.contains("ANALYSIS, input `invalid`"),
        "{text}"
    );
    assert!(
        text.contains("integrated vs two-step: validate-on-de − de+validate"),
        "{text}"
    );
    assert!(
        !text.contains("peer:"),
        "--engine compiled runs no peer: {text}"
    );
    assert!(
        text.contains("age: must be between 18 and 120 (range)"),
        "{text}"
    );
}

#[test]
fn check_reports_diagnostics_with_positions_and_the_exit_code() {
    let dir = std::env::temp_dir().join(format!("overhead-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.rs");
    std::fs::write(
        &bad,
        "struct A {\n    #[validate(emial)]\n    email: String,\n    when: Widget,\n}\n",
    )
    .expect("write");
    let out = overhead(&["check", bad.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    // The analysis's error, and what is assumed, in text order.
    assert!(
        stdout(&out)
            .contains("bad.rs:2:16: error: unknown validation rule `emial`; did you mean `email`?"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains(
            "bad.rs:4:11: warning: `Widget` is not defined in the paste; it is read as any JSON value"
        ),
        "{}",
        stdout(&out)
    );
    let good = overhead(&["check", "scenarios/user-signup/schema.rs"]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(good.status.success(), "{}", stderr(&good));
    assert!(stdout(&good).contains("ok: 1 type(s): UserSignup"));
}

#[test]
fn car_prints_the_seed_001_table_with_serial_and_random_data() {
    let tiny = ["--iterations", "50", "--runs", "2", "--warmup", "0"];
    for data in ["serial", "random"] {
        let out = overhead(&[&["run", "scenarios/car", "--data", data][..], &tiny[..]].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("PROV"), "{text}");
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with(&format!("compiled.{data} ")))
            .collect();
        // 6 variants × 2 runs.
        assert_eq!(rows.len(), 12, "{text}");
        assert!(text.contains("postcard vs JSON, encode"), "{text}");
    }
}

#[test]
fn nested_flatten_runs_every_form_and_the_seed_crate() {
    let out = overhead(&[
        "run",
        "scenarios/nested-flatten",
        "--json",
        "--iterations",
        "2",
        "--runs",
        "1",
        "--warmup",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let rows: Vec<String> = report["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| format!("{} {} {}", r["variant"], r["engine"], r["outcome"]).replace('"', ""))
        .collect();
    assert_eq!(
        rows,
        [
            "de/serde-flatten compiled ok",
            "de/serde-flatten interpreted ok",
            "de/fast-flatten compiled ok",
            "de/fast-flatten interpreted ok",
            "de/fast-flatten peer:serde_fast_flatten ok",
            "de/unflattened compiled ok",
            "de/unflattened interpreted ok",
            "ser/serde-flatten compiled ok",
            "ser/serde-flatten interpreted ok",
            "ser/fast-flatten compiled ok",
            "ser/fast-flatten interpreted ok",
            "ser/fast-flatten peer:serde_fast_flatten ok",
            "ser/unflattened compiled ok",
            "ser/unflattened interpreted ok",
        ]
    );
    // Both engines read and write the same texts: the flat one, and the nested
    // one of the unflattened form.
    let results = report["results"].as_array().expect("results");
    for r in results.iter().filter(|r| r["engine"] == "interpreted") {
        let compiled = results
            .iter()
            .find(|c| c["engine"] == "compiled" && c["variant"] == r["variant"])
            .expect("compiled row");
        assert_eq!(r["size"], compiled["size"], "{}", r["variant"]);
    }
}

#[test]
fn breakdown_times_each_rule_and_adds_up_to_the_whole() {
    let args = [
        &[
            "run",
            "scenarios/user-signup",
            "--breakdown",
            "--engine",
            "interpreted",
            "--variants",
            "de,validate-on-de",
        ],
        &TINY[..],
    ]
    .concat();
    let out = overhead(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    for input in ["valid", "invalid"] {
        assert!(
            text.contains(&format!("WHERE VALIDATION TIME GOES, input `{input}`")),
            "{text}"
        );
    }
    for site in [
        "email · email",
        "email · length (max 255)",
        "age · range (18–120)",
        "username · alphanumeric",
        "username · length (min 3)",
    ] {
        assert!(text.contains(site), "{site} missing:\n{text}");
    }
    assert_eq!(text.matches("interpreted: decoding ").count(), 2, "{text}");
    assert!(text.contains("1 value(s), fails"), "{text}");

    let json = overhead(&[&args[..], &["--json"]].concat());
    let report: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("stdout is JSON");
    let costs = report["breakdown"].as_array().expect("breakdown");
    assert_eq!(costs.len(), 12, "six rule sites per input");
    // Every rule site of each input has a figure of its own (how they compare
    // with the whole is a measurement, not something a test may assert).
    for cost in costs {
        assert!(
            cost["median_ns"].as_f64().is_some_and(|ns| ns >= 0.0),
            "{cost}"
        );
    }
}

#[test]
fn breakdown_beside_compiled_code_takes_its_totals_from_compiled_rows() {
    let args = [
        &[
            "run",
            "scenarios/user-signup",
            "--breakdown",
            "--variants",
            "de,validate-on-de",
        ],
        &TINY[..],
    ]
    .concat();
    let out = overhead(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Per input: compiled totals, then the interpreted engine's own parts
    // (each rule's share of compiled validation is the unit tests' matter:
    // whether it prints depends on the rules taking measurable time).
    assert_eq!(text.matches("  compiled: decoding ").count(), 2, "{text}");
    assert_eq!(
        text.matches("  interpreted: decoding ").count(),
        2,
        "{text}"
    );
    assert!(
        text.contains("(each rule timed alone by the interpreted engine; ns per decode)"),
        "{text}"
    );
}

/// A scenario document of `schema` with user-signup's inputs, in a folder of
/// its own; the caller removes the folder.
fn document(name: &str, schema: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("overhead-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let doc = serde_json::json!({
        "version": 1, "title": name, "schema": schema,
        "inputs": {
            "valid": "{\"email\":\"a@b.co\",\"age\":30,\"username\":\"abc\"}",
            "invalid": "{\"email\":\"nope\",\"age\":3,\"username\":\"a\"}",
        },
        "variants": ["de", "de+validate", "validate-on-de"],
    });
    let path = dir.join("doc.json");
    std::fs::write(&path, doc.to_string()).expect("write doc");
    (dir, path)
}

/// user-signup's definitions with `line` first in its struct, and that line's
/// number (1-based).
fn signup_with(line: &str) -> (String, usize) {
    let schema = signup_schema().replacen(
        "pub struct UserSignup {",
        &format!("pub struct UserSignup {{\n    {line}"),
        1,
    );
    let at = schema
        .lines()
        .position(|l| l.contains(line))
        .expect("the line")
        + 1;
    (schema, at)
}

/// `schema` run with the compiled engine alone, and with every engine (`de`,
/// as JSON).
fn compiled_and_all(name: &str, schema: &str) -> (Output, Output) {
    let (dir, path) = document(name, schema);
    let doc = path.to_str().expect("utf-8 path");
    let compiled = overhead(&[&["run", doc, "--engine", "compiled"], &TINY[..]].concat());
    let all = overhead(&[&["run", doc, "--json", "--variants", "de"], &TINY[..]].concat());
    std::fs::remove_dir_all(&dir).ok();
    (compiled, all)
}

fn signup_schema() -> String {
    std::fs::read_to_string(workspace().join("scenarios/user-signup/schema.rs")).expect("schema")
}

#[test]
fn edited_definitions_run_as_compiled_code_built_on_demand() {
    // The bundled definitions and one more type: no bundled compiled code.
    let schema = format!(
        "{}\n#[derive(Deserialize, Validate)]\npub struct Extra {{\n    #[validate(length(min = 1))]\n    pub note: String,\n}}\n",
        signup_schema()
    );
    let (dir, path) = document("edited", &schema);
    let doc = path.to_str().expect("utf-8 path");
    let out = overhead(&[&["run", doc, "--json"], &TINY[..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    let rows = report["results"].as_array().expect("results");
    for engine in ["compiled", "interpreted"] {
        for variant in ["de", "de+validate", "validate-on-de"] {
            for (input, outcome) in [
                ("valid", "ok"),
                ("invalid", if variant == "de" { "ok" } else { "invalid" }),
            ] {
                let row = rows
                    .iter()
                    .find(|r| {
                        r["engine"] == engine && r["variant"] == variant && r["input"] == input
                    })
                    .unwrap_or_else(|| panic!("no {engine} {variant} {input} row: {report}"));
                assert_eq!(row["outcome"], outcome, "{engine} {variant} {input}");
                assert!(row["median_ns"].as_f64().is_some_and(|ns| ns > 0.0));
            }
        }
    }
    // The paste as shipped: domainstack's derive of the seed's dialect, with
    // its own validate-on-deserialize as well as decode-then-validate.
    for variant in ["de+validate", "validate-on-de"] {
        for (input, outcome) in [("valid", "ok"), ("invalid", "invalid")] {
            let row = rows
                .iter()
                .find(|r| {
                    r["engine"] == "peer:domainstack"
                        && r["variant"] == variant
                        && r["input"] == input
                })
                .unwrap_or_else(|| panic!("no peer:domainstack {variant} {input} row: {report}"));
            assert_eq!(
                row["outcome"], outcome,
                "peer:domainstack {variant} {input}"
            );
        }
    }
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("compiled: code built on demand for these definitions"),
        "{notes}"
    );
    // The same definitions again: the binary is in the cache.
    let again = overhead(&[&["run", doc, "--json", "--variants", "de"], &TINY[..]].concat());
    std::fs::remove_dir_all(&dir).ok();
    assert!(again.status.success(), "{}", stderr(&again));
    let report: serde_json::Value = serde_json::from_str(&stdout(&again)).expect("JSON");
    assert!(
        report["notes"].to_string().contains("(from the cache)"),
        "{report}"
    );
}

#[test]
fn a_macro_that_reads_the_machine_is_refused_at_its_line() {
    let (schema, line) = signup_with("#[doc = include_str!(\"/etc/hostname\")]");
    let (compiled, all) = compiled_and_all("refused", &schema);
    assert_eq!(compiled.status.code(), Some(1));
    let err = stderr(&compiled);
    assert!(
        err.contains(&format!(
            "(schema):{line}:13: error: `include_str!` reads the machine"
        )),
        "{err}"
    );
    // With every engine, the interpreter still runs, and the note says why
    // compiled rows are missing.
    assert!(all.status.success(), "{}", stderr(&all));
    let report: serde_json::Value = serde_json::from_str(&stdout(&all)).expect("JSON");
    assert!(
        report["results"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["engine"] == "interpreted")
    );
    assert!(
        report["notes"]
            .to_string()
            .contains("no compiled code built on demand"),
        "{report}"
    );
}

#[test]
fn rustc_errors_come_back_at_the_definitions_line_and_column() {
    // `Instant` has no serde form: the interpreter reads it as any value (an
    // assumption it notes); rustc refuses to derive `Deserialize` over it.
    let (schema, line) = signup_with("pub seen: Option<std::time::Instant>,");
    let (compiled, all) = compiled_and_all("rustc-error", &schema);
    assert_eq!(compiled.status.code(), Some(1));
    let err = stderr(&compiled);
    assert!(err.contains("rustc refuses these definitions"), "{err}");
    assert!(
        err.contains(&format!(
            "(schema):{line}:15: error: the trait bound `std::time::Instant: serde::Deserialize"
        )),
        "{err}"
    );
    assert!(all.status.success(), "{}", stderr(&all));
    let report: serde_json::Value = serde_json::from_str(&stdout(&all)).expect("JSON");
    let notes = report["notes"].to_string();
    assert!(notes.contains("assumed:"), "{notes}");
    assert!(
        notes.contains("no compiled code built on demand: rustc refuses these definitions"),
        "{notes}"
    );
}

#[test]
fn the_dialects_own_crate_runs_as_a_peer_or_says_why_not() {
    let validator = "use serde::Deserialize;\nuse validator::Validate;\n\n#[derive(Deserialize, Validate)]\npub struct Signup {\n    #[validate(email)]\n    pub email: String,\n    #[validate(range(min = 18, max = 120))]\n    pub age: u8,\n}\n";
    // validator's derive does not take `nested` on an enum; ours does.
    let refused = "use serde::Deserialize;\nuse validator::Validate;\n\n#[derive(Deserialize, Validate)]\npub enum Plan { Free, Pro }\n\n#[derive(Deserialize, Validate)]\npub struct Signup {\n    #[validate(email)]\n    pub email: String,\n    #[validate(nested)]\n    pub plan: Plan,\n}\n";
    let inputs = serde_json::json!({
        "valid": "{\"email\":\"a@b.co\",\"age\":30,\"plan\":\"Free\"}",
        "invalid": "{\"email\":\"nope\",\"age\":3,\"plan\":\"Pro\"}",
    });
    let mut reports = Vec::new();
    for (name, schema) in [("peer", validator), ("peer-refused", refused)] {
        let (dir, path) = document(name, schema);
        let mut doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("doc")).expect("JSON");
        doc["inputs"] = inputs.clone();
        doc["variants"] = serde_json::json!(["de+validate"]);
        std::fs::write(&path, doc.to_string()).expect("write doc");
        let out =
            overhead(&[&["run", path.to_str().expect("utf-8"), "--json"], &TINY[..]].concat());
        std::fs::remove_dir_all(&dir).ok();
        assert!(out.status.success(), "{}", stderr(&out));
        reports.push(serde_json::from_str::<serde_json::Value>(&stdout(&out)).expect("JSON"));
    }
    let rows = |report: &serde_json::Value, engine: &str| -> Vec<(String, String)> {
        report["results"]
            .as_array()
            .expect("rows")
            .iter()
            .filter(|r| r["engine"] == engine)
            .map(|r| {
                (
                    r["input"].as_str().unwrap_or_default().to_owned(),
                    r["outcome"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    };
    let expected = vec![
        ("valid".to_owned(), "ok".to_owned()),
        ("invalid".to_owned(), "invalid".to_owned()),
    ];
    assert_eq!(
        rows(&reports[0], "peer:validator"),
        expected,
        "{}",
        reports[0]
    );
    assert_eq!(rows(&reports[0], "compiled"), expected);
    // The refused peer is missing, with validator's own first error; ours ran.
    assert!(rows(&reports[1], "peer:validator").is_empty());
    assert_eq!(rows(&reports[1], "compiled").len(), 2, "{}", reports[1]);
    let notes = reports[1]["notes"].to_string();
    assert!(
        notes.contains("as shipped: rustc refuses the paste with validator's derive"),
        "{notes}"
    );
}

/// The page's module for a document (`overhead build-browser`), as the local
/// server asks for it: one JSON answer on stdout.
fn build_browser(schema: &str, name: &str) -> (Option<i32>, serde_json::Value) {
    let (dir, path) = document(name, schema);
    let out = overhead(&["build-browser", path.to_str().expect("utf-8 path")]);
    std::fs::remove_dir_all(&dir).ok();
    let answer = serde_json::from_str(stdout(&out).trim())
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", stdout(&out), stderr(&out)));
    (out.status.code(), answer)
}

#[test]
fn the_pages_module_is_built_with_its_peer_then_found_in_the_cache() {
    let schema = "use validator::Validate;\n\n#[derive(Deserialize, Validate)]\npub struct Signup {\n    #[validate(email)]\n    pub email: String,\n    #[validate(range(min = 18, max = 120))]\n    pub age: u8,\n}\n";
    let (code, built) = build_browser(schema, "browser");
    assert_eq!(code, Some(0), "{built}");
    let dir = PathBuf::from(built["dir"].as_str().expect("dir"));
    for file in ["overhead_ondemand.js", "overhead_ondemand_bg.wasm"] {
        assert!(dir.join(file).is_file(), "{file} in {}", dir.display());
    }
    let glue = std::fs::read_to_string(dir.join("overhead_ondemand.js")).expect("glue");
    assert!(glue.contains("export function prepare") && glue.contains("export function timed"));
    // Only the page's API: no interpreter, so no `run` or `analyze` of its own.
    assert!(!glue.contains("export function run"), "{glue}");
    let notes = built["notes"].to_string();
    assert!(
        notes.contains("compiled (wasm): code built on demand"),
        "{notes}"
    );
    assert!(built["seconds"]["cargo"].as_f64().is_some_and(|s| s > 0.0));
    let (code, again) = build_browser(schema, "browser-again");
    assert_eq!(code, Some(0), "{again}");
    assert_eq!(again["key"], built["key"]);
    assert_eq!(again["seconds"]["cargo"], 0.0);
    assert!(again["notes"].to_string().contains("(from the cache)"));
}

/// The Report's `code_size`, by engine name.
fn code_sizes(report: &serde_json::Value) -> Vec<(String, u64)> {
    report["code_size"]
        .as_array()
        .expect("code_size")
        .iter()
        .map(|c| {
            let engine = c["engine"].as_str().expect("engine").to_owned();
            (engine, c["bytes"].as_u64().expect("bytes"))
        })
        .collect()
}

#[test]
fn measure_size_says_what_each_engines_and_peers_code_adds_to_the_module() {
    let schema = "use garde::Validate;\n\n#[derive(Deserialize, Validate)]\npub struct Signup {\n    #[garde(email)]\n    pub email: String,\n    #[garde(range(min = 18, max = 120))]\n    pub age: u8,\n    #[garde(length(min = 3))]\n    pub username: String,\n}\n";
    let (dir, path) = document("size", schema);
    let path = path.to_str().expect("utf-8 path");
    let run = |json: bool| {
        let mut args = vec!["run", path, "--engine", "all", "--measure", "size"];
        args.extend(TINY);
        if json {
            args.push("--json");
        }
        overhead(&args)
    };
    let out = run(true);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let sizes = code_sizes(&report);
    let of = |engine: &str| {
        sizes
            .iter()
            .find(|(e, _)| e == engine)
            .map(|(_, b)| *b)
            .unwrap_or_else(|| panic!("no size for {engine}: {sizes:?}"))
    };
    // Each engine's code is there and weighs what such code weighs: the
    // interpreter (every rule, every format) more than the code derived for
    // three fields; garde's derive beside ours adds garde and the crates its
    // rules use (regex for `email`).
    assert!(of("compiled") > 10_000, "{sizes:?}");
    assert!(of("interpreted") > of("compiled"), "{sizes:?}");
    assert!(of("peer:garde") > 10_000, "{sizes:?}");
    assert_eq!(sizes.len(), 3, "{sizes:?}");
    // A second run reads them from the cache: the same figures, in the table.
    let out = run(false);
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    let table = stdout(&out);
    assert!(table.contains("CODE"), "{table}");
    assert!(
        table.contains("(CODE: bytes the engine's code adds"),
        "{table}"
    );
    let compiled_line = table
        .lines()
        .find(|l| l.starts_with("de ") && l.contains(" compiled "))
        .expect("a compiled de row");
    assert!(compiled_line.contains("KiB"), "{compiled_line}");
}

#[test]
fn measure_size_of_a_bundled_scenario_weighs_its_hand_written_peers_too() {
    let mut args = vec![
        "run",
        "scenarios/user-signup",
        "--engine",
        "compiled",
        "--variants",
        "de",
        "--measure",
        "size",
        "--json",
    ];
    args.extend(TINY);
    let out = overhead(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let sizes = code_sizes(&report);
    let names: Vec<&str> = sizes.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(
        names,
        [
            "compiled",
            "interpreted",
            // The paste as shipped (domainstack's derive reads the seed's
            // dialect), then its translations into the other libraries' forms.
            "peer:domainstack",
            "peer:validator",
            "peer:garde"
        ]
    );
    assert!(sizes.iter().all(|(_, bytes)| *bytes > 10_000), "{sizes:?}");
    // The page's module for these definitions holds ours, not the peers that
    // only bundled code runs: lighter than ours with any one of them.
    let module = |engine: &str| {
        report["code_size"]
            .as_array()
            .and_then(|all| all.iter().find(|c| c["engine"] == engine))
            .and_then(|c| c["module_bytes"].as_u64())
            .expect("module_bytes")
    };
    assert!(module("compiled") < module("peer:validator"));
}

#[test]
fn measure_size_of_definitions_rustc_refuses_is_a_clear_error() {
    let (schema, line) = signup_with("pub seen: Option<std::time::Instant>,");
    let (dir, path) = document("size-refused", &schema);
    let mut args = vec![
        "run",
        path.to_str().expect("utf-8 path"),
        "--engine",
        "interpreted",
        "--measure",
        "size",
    ];
    args.extend(TINY);
    let out = overhead(&args);
    std::fs::remove_dir_all(&dir).ok();
    assert!(!out.status.success());
    let error = stderr(&out);
    assert!(
        error.contains("cannot measure code size: rustc refuses"),
        "{error}"
    );
    assert!(error.contains(&format!(":{line}:")), "{error}");
}

#[test]
fn the_pages_module_says_where_rustc_refuses_and_what_the_guard_refuses() {
    let (schema, line) = signup_with("pub seen: Option<std::time::Instant>,");
    let (code, answer) = build_browser(&schema, "browser-rustc");
    assert_eq!(code, Some(1), "{answer}");
    assert_eq!(answer["error"], "rustc refuses these definitions");
    let first = answer["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .find(|m| !m["line"].is_null())
        .expect("a message at a place");
    assert_eq!(first["level"], "error", "{answer}");
    assert_eq!(first["line"], line, "{answer}");
    assert_eq!(first["column"], 15, "{answer}");
    assert!(
        first["message"]
            .as_str()
            .is_some_and(|m| m.contains("the trait bound `std::time::Instant: serde::Deserialize"))
    );

    let schema = signup_schema().replacen("pub age: u8,", "pub age: [u8; env!(\"N\").len()],", 1);
    let (code, answer) = build_browser(&schema, "browser-guard");
    assert_eq!(code, Some(1), "{answer}");
    let first = &answer["messages"][0];
    assert!(
        first["message"]
            .as_str()
            .is_some_and(|m| m.contains("`env!` reads the machine")),
        "{answer}"
    );
}

#[test]
fn eject_writes_a_project_whose_cargo_bench_runs_the_same_jobs() {
    let schema = "use validator::Validate;\n\n#[derive(Deserialize, Validate)]\npub struct Signup {\n    #[validate(email)]\n    pub email: String,\n    #[validate(range(min = 18, max = 120))]\n    pub age: u8,\n}\n";
    let (dir, path) = document("eject", schema);
    let out = dir.join("project");
    let ejected = overhead(&[
        "eject",
        path.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(ejected.status.success(), "{}", stderr(&ejected));
    assert!(stdout(&ejected).contains("cargo bench"));
    let again = overhead(&[
        "eject",
        path.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("is not empty"),
        "{}",
        stderr(&again)
    );
    // The project travels: moved away from where it was written, it builds
    // offline, with what it needs of Overhead inside it.
    let moved = dir.join("elsewhere").join("project");
    std::fs::create_dir_all(moved.parent().expect("parent")).expect("elsewhere");
    std::fs::rename(&out, &moved).expect("moved");
    let manifest = std::fs::read_to_string(moved.join("Cargo.toml")).expect("manifest");
    assert!(
        !manifest.contains(&workspace().display().to_string()),
        "{manifest}"
    );
    assert!(moved.join("overhead/crate/bench/src/lib.rs").is_file());
    // criterion's test mode: every benchmark runs once, nothing is measured.
    // The workspace's target dir for crates built on demand keeps the build
    // of the dependencies between runs of this test.
    let bench =
        std::process::Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args([
                "bench",
                "--offline",
                "--quiet",
                "--bench",
                "overhead",
                "--",
                "--test",
            ])
            .current_dir(&moved)
            .env(
                "CARGO_TARGET_DIR",
                workspace().join("target/ondemand-target"),
            )
            .output()
            .expect("cargo runs");
    std::fs::remove_dir_all(&dir).ok();
    let text = format!("{}{}", stdout(&bench), stderr(&bench));
    assert!(bench.status.success(), "{text}");
    for job in [
        "de+validate/valid/compiled",
        "de+validate/invalid/peer:validator",
        "validate-on-de/invalid/compiled",
    ] {
        assert!(text.contains(&format!("Testing {job}")), "{job}: {text}");
    }
}

/// Validator's dialect with a custom function pasted beside the type.
const WITH_CODE: &str = "use validator::{Validate, ValidationError};\n\nfn check_region(text: &str) -> Result<(), ValidationError> {\n    if text.len() == 3 && text.bytes().all(|b| b.is_ascii_uppercase()) {\n        Ok(())\n    } else {\n        Err(ValidationError::new(\"region\"))\n    }\n}\n\n#[derive(Deserialize, Validate)]\npub struct Member {\n    #[validate(custom(function = \"check_region\"))]\n    pub region: String,\n}\n";

#[test]
fn pasted_code_runs_natively_only_when_allowed() {
    let dir = std::env::temp_dir().join(format!("overhead-cli-code-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("doc.json");
    let doc = serde_json::json!({
        "version": 1, "title": "code", "schema": WITH_CODE,
        "inputs": { "valid": "{\"region\":\"NRW\"}", "invalid": "{\"region\":\"nrw\"}" },
        "variants": ["de+validate"],
    });
    std::fs::write(&path, doc.to_string()).expect("write doc");
    let doc = path.to_str().expect("utf-8 path");
    // Not allowed: the interpreter runs, and the note says why compiled code does not.
    let refused = overhead(&[&["run", doc, "--json"], &TINY[..]].concat());
    assert!(refused.status.success(), "{}", stderr(&refused));
    let report: serde_json::Value = serde_json::from_str(&stdout(&refused)).expect("JSON");
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("only when you allow it (`--allow-code`"),
        "{notes}"
    );
    assert!(
        notes.contains("(schema):3:4: error: `fn check_region` is pasted code"),
        "{notes}"
    );
    assert!(
        report["results"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["engine"] == "interpreted")
    );
    // The local server's form: stop before building, and ask.
    let asked = overhead(
        &[
            &["run", doc, "--json", "--ask-code", "--progress-lines"],
            &TINY[..],
        ]
        .concat(),
    );
    assert_eq!(asked.status.code(), Some(3));
    assert!(stderr(&asked).contains("\"confirm\""), "{}", stderr(&asked));
    // Allowed: the function runs in compiled code and in the peer, and breaks the invalid input.
    let allowed = overhead(&[&["run", doc, "--json", "--allow-code"], &TINY[..]].concat());
    std::fs::remove_dir_all(&dir).ok();
    assert!(allowed.status.success(), "{}", stderr(&allowed));
    let report: serde_json::Value = serde_json::from_str(&stdout(&allowed)).expect("JSON");
    for engine in ["compiled", "peer:validator"] {
        let row = report["results"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["engine"] == engine && r["input"] == "invalid")
            .unwrap_or_else(|| panic!("no {engine} row: {report}"));
        assert_eq!(row["outcome"], "invalid", "{engine}");
    }
    let compiled = report["results"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["engine"] == "compiled" && r["input"] == "invalid")
        .expect("row");
    assert_eq!(compiled["violations"][0]["code"], "region", "{compiled}");
}

/// `overhead run <doc> --json --allow-code` (light settings) on `doc`: the Report.
fn run_allowed(name: &str, doc: serde_json::Value) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("overhead-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("doc.json");
    std::fs::write(&path, doc.to_string()).expect("write doc");
    let doc = path.to_str().expect("utf-8 path");
    let out = overhead(&[&["run", doc, "--json", "--allow-code"], &TINY[..]].concat());
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("JSON")
}

/// A request type as cut from a service: its `use` lines of other crates
/// (uuid, chrono) and of its own (`crate::…`), a type defined elsewhere, a
/// custom function under a module path and a default function that reads a
/// constant from elsewhere.
const AS_PASTED: &str = r#"use chrono::{DateTime, Utc};
use serde::Deserialize;
use uuid::Uuid;
use validator::Validate;

use crate::config::DEFAULT_SHELF;

#[derive(Debug, Deserialize, Validate)]
pub struct Loan {
    pub id: Uuid,
    pub due: DateTime<Utc>,
    #[validate(length(min = 1, max = 40))]
    pub title: String,
    #[serde(default = "default_shelf")]
    pub shelf: String,
    #[validate(custom(function = crate::rules::check_member))]
    pub member: MemberId,
}

fn default_shelf() -> String {
    DEFAULT_SHELF.to_owned()
}
"#;

#[test]
fn a_paste_as_cut_from_its_codebase_compiles_with_what_it_lacks_left_out() {
    let doc = serde_json::json!({
        "version": 1, "title": "loan", "schema": AS_PASTED,
        "inputs": {
            "valid": "{\"id\":\"67e55044-10b1-426f-9247-bb680e5fe0c8\",\"due\":\"2024-05-17T09:30:00Z\",\"title\":\"Dune\",\"member\":\"m-1\"}",
            "invalid": "{\"id\":\"67e55044-10b1-426f-9247-bb680e5fe0c8\",\"due\":\"2024-05-17T09:30:00Z\",\"title\":\"\",\"member\":\"m-1\"}",
            "not-a-date": "{\"id\":\"67e55044-10b1-426f-9247-bb680e5fe0c8\",\"due\":\"soon\",\"title\":\"Dune\",\"member\":\"m-1\"}",
        },
        "variants": ["de", "de+validate"],
    });
    // Run twice: the second run's crate comes from the cache and still says
    // what the build left out.
    let first = run_allowed("pasted", doc.clone());
    let again = run_allowed("pasted", doc);
    let said = again["notes"].to_string();
    assert!(said.contains("(from the cache)"), "{said}");
    for report in [first, again] {
        says_what_it_lacks(&report);
    }
}

fn says_what_it_lacks(report: &serde_json::Value) {
    let rows = report["results"].as_array().expect("rows");
    // Both engines agree: chrono's parser refuses "soon", the empty title breaks its rule.
    for engine in ["compiled", "interpreted", "peer:validator"] {
        let outcome = |variant: &str, input: &str| {
            rows.iter()
                .find(|r| r["engine"] == engine && r["variant"] == variant && r["input"] == input)
                .unwrap_or_else(|| panic!("no {engine} {variant} {input} row: {report}"))["outcome"]
                .clone()
        };
        assert_eq!(outcome("de+validate", "valid"), "ok", "{engine}");
        assert_eq!(outcome("de+validate", "invalid"), "invalid", "{engine}");
        assert_eq!(outcome("de+validate", "not-a-date"), "error", "{engine}");
    }
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("compiled: left out `fn default_shelf` (line 20), which rustc refuses here (21:5: error: cannot find value `DEFAULT_SHELF`"),
        "{notes}"
    );
    assert!(
        notes.contains("assumed:") && notes.contains("`MemberId`"),
        "{notes}"
    );
}

/// garde's custom functions take the value and a context.
const GARDE_CUSTOM: &str = r#"use garde::Validate;
use serde::Deserialize;

fn plot_code(value: &str, _context: &()) -> garde::Result {
    if value.len() == 3 && value.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(garde::Error::new("a plot code is three capitals"))
    }
}

#[derive(Deserialize, Validate)]
pub struct Plot {
    #[garde(custom(plot_code))]
    pub code: String,
    #[garde(custom(|v: &u8, _: &()| if *v <= 12 { Ok(()) } else { Err(garde::Error::new("at most 12")) }))]
    pub beds: u8,
}
"#;

#[test]
fn gardes_custom_functions_and_closures_run_in_compiled_code_and_its_peer() {
    let doc = serde_json::json!({
        "version": 1, "title": "plot", "schema": GARDE_CUSTOM,
        "inputs": {
            "valid": "{\"code\":\"BED\",\"beds\":4}",
            "invalid": "{\"code\":\"bed\",\"beds\":40}",
        },
        "variants": ["de+validate"],
    });
    let report = run_allowed("garde", doc);
    let rows = report["results"].as_array().expect("rows");
    for engine in ["compiled", "peer:garde"] {
        for (input, outcome) in [("valid", "ok"), ("invalid", "invalid")] {
            let row = rows
                .iter()
                .find(|r| r["engine"] == engine && r["input"] == input)
                .unwrap_or_else(|| panic!("no {engine} {input} row: {report}"));
            assert_eq!(row["outcome"], outcome, "{engine} {input}: {row}");
        }
    }
    let compiled = rows
        .iter()
        .find(|r| r["engine"] == "compiled" && r["input"] == "invalid")
        .expect("row");
    let found: Vec<(&str, &str)> = compiled["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            (
                v["path"].as_str().unwrap_or(""),
                v["message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("code", "a plot code is three capitals"),
            ("beds", "at most 12")
        ]
    );
}

/// Writes `files` (name, text) into a fresh folder of the test's own.
fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("overhead-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (file, text) in files {
        std::fs::write(dir.join(file), text).expect("write");
    }
    dir
}

/// A scenario document of `schema` with a valid and an invalid input, as the page downloads it.
fn pasted_document(schema: &str, valid: &str, invalid: &str) -> String {
    serde_json::json!({
        "version": 1, "title": "Your definitions", "summary": "", "schema": schema,
        "inputs": {"valid": valid, "invalid": invalid}, "variants": ["de+validate"],
        "settings": {"iterations": 50, "runs": 2, "warmup": 5}
    })
    .to_string()
}

/// `overhead check` and `overhead run` read a paste with the same
/// assumptions: the root a run would use (automatic: the type the inputs fit),
/// and a type from elsewhere in the form the inputs show, or without inputs
/// the form its rules imply. Each paste below used to be refused by check
/// while run ran it.
#[test]
fn check_exits_0_exactly_for_what_run_runs_with_the_same_root_and_inputs() {
    // A generic envelope first, the request it carries second.
    let envelope = "#[derive(Deserialize, Validate)]\npub struct Envelope<T> {\n    #[validate(nested)]\n    pub data: T,\n    pub request_id: String,\n}\n\n#[derive(Deserialize, Validate)]\npub struct CreateUser {\n    #[validate(length(min = 3))]\n    pub name: String,\n}\n";
    // A rule on a type from elsewhere, and a helper type before the request.
    let imported = "use crate::catalog::Sku;\n\n#[derive(Deserialize)]\npub struct Money {\n    pub cents: u64,\n}\n\n#[derive(Deserialize, Validate)]\npub struct AddItem {\n    #[validate(length(min = 3))]\n    pub sku: Sku,\n    pub price: Money,\n}\n";
    let cases = [
        (
            "envelope",
            envelope,
            r#"{"data": {"name": "Ada"}, "request_id": "r-1"}"#,
            r#"{"data": {"name": "A"}, "request_id": "r-2"}"#,
            "Envelope<CreateUser>",
        ),
        (
            "imported",
            imported,
            r#"{"sku": "ABC-1", "price": {"cents": 100}}"#,
            r#"{"sku": "A", "price": {"cents": 100}}"#,
            "AddItem",
        ),
    ];
    for (name, schema, valid, invalid, root) in cases {
        let dir = folder(
            &format!("agree-{name}"),
            &[
                ("types.rs", schema),
                ("valid.json", valid),
                ("invalid.json", invalid),
                ("doc.json", &pasted_document(schema, valid, invalid)),
            ],
        );
        let path = |f: &str| dir.join(f).to_str().expect("utf-8").to_owned();
        // Without inputs: the root no other type refers to, the imported type read as its rule implies.
        let bare = overhead(&["check", &path("types.rs")]);
        assert!(bare.status.success(), "{name}: {}", stdout(&bare));
        let with_inputs = overhead(&[
            "check",
            &path("types.rs"),
            "--input",
            &path("valid.json"),
            &path("invalid.json"),
        ]);
        assert!(
            with_inputs.status.success(),
            "{name}: {}",
            stdout(&with_inputs)
        );
        assert!(
            stdout(&with_inputs).contains(&format!("runs at `{root}` (the inputs fit it")),
            "{name}: {}",
            stdout(&with_inputs)
        );
        let named = overhead(&[
            "check",
            &path("types.rs"),
            "--root",
            root,
            "--input",
            &path("valid.json"),
        ]);
        assert!(named.status.success(), "{name}: {}", stdout(&named));
        // And run runs it, at that root, with the library's outcomes.
        let run = overhead(&[
            "run",
            &path("doc.json"),
            "--engine",
            "interpreted",
            "--json",
        ]);
        assert!(run.status.success(), "{name}: {}", stderr(&run));
        let report: serde_json::Value = serde_json::from_str(&stdout(&run)).expect("a Report");
        let outcomes: Vec<(&str, &str)> = report["results"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                (
                    r["input"].as_str().unwrap_or(""),
                    r["outcome"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(
            outcomes,
            [("valid", "ok"), ("invalid", "invalid")],
            "{name}"
        );
        let notes = report["notes"].to_string();
        assert!(
            notes.contains(&format!("automatic: the root is `{root}`")),
            "{name}: {notes}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
    // A root that is not there is still an error, as for run.
    let dir = folder("agree-missing", &[("types.rs", imported)]);
    let missing = overhead(&[
        "check",
        dir.join("types.rs").to_str().expect("utf-8"),
        "--root",
        "Nope",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(missing.status.code(), Some(1), "{}", stdout(&missing));
}

#[test]
fn a_build_killed_midway_is_rebuilt_not_served_from_the_cache() {
    // A fresh comment: a crate the cache has not seen.
    let schema = format!(
        "// {}\nuse validator::Validate;\n#[derive(Deserialize, Validate)]\npub struct Signup {{\n    #[validate(email)]\n    pub email: String,\n    #[validate(range(min = 18))]\n    pub age: u8,\n    pub username: String,\n}}\n",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    );
    let (dir, path) = document("killed", &schema);
    let build = || {
        let out = overhead(&["build-browser", path.to_str().expect("utf-8")]);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str::<serde_json::Value>(&stdout(&out)).expect("json")
    };
    let first = build();
    let pkg = PathBuf::from(first["dir"].as_str().expect("dir"));
    let module = pkg.join("overhead_ondemand_bg.wasm");
    let whole = std::fs::metadata(&module).expect("the module").len();
    // What a build stopped between writing the module and settling leaves:
    // half a module, and no record that the build was complete.
    let half = std::fs::read(&module).expect("module");
    std::fs::write(&module, &half[..half.len() / 2]).expect("half");
    std::fs::remove_file(pkg.parent().expect("crate").join("settled.json")).expect("settled");
    let again = build();
    let notes = again["notes"].to_string();
    assert!(!notes.contains("from the cache"), "{notes}");
    assert!(
        notes.contains("built on demand for these definitions in"),
        "{notes}"
    );
    assert_eq!(std::fs::metadata(&module).expect("module").len(), whole);
    // Settled now: the next build is a cache hit.
    assert!(build()["notes"].to_string().contains("from the cache"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_paste_our_derives_refuse_gets_its_librarys_rows_and_says_why_ours_are_missing() {
    // A nested struct read through the paste's own `deserialize_with`,
    // validated by validator: validator's derive takes it, Overhead's
    // `ValidateOnDeserialize` does not (it cannot put the nested value's
    // violations under the field when another function decodes it).
    let schema = "use serde::{Deserialize, Deserializer};\nuse validator::Validate;\n\nfn trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<Item, D::Error> {\n    let mut item = Item::deserialize(d)?;\n    item.name = item.name.trim().to_owned();\n    Ok(item)\n}\n\n#[derive(Deserialize, Validate)]\npub struct Item {\n    #[validate(length(min = 3))]\n    pub name: String,\n}\n\n#[derive(Deserialize, Validate)]\npub struct Page {\n    #[validate(nested)]\n    #[serde(deserialize_with = \"trimmed\")]\n    pub item: Item,\n    #[validate(range(max = 50))]\n    pub size: u32,\n}\n";
    let item_line = schema
        .lines()
        .position(|l| l.contains("pub item: Item"))
        .expect("the field")
        + 1;
    let dir = std::env::temp_dir().join(format!("overhead-cli-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("doc.json");
    let doc = serde_json::json!({
        "version": 1, "title": "refused", "schema": schema, "root": "Page",
        "inputs": { "valid": "{\"item\":{\"name\":\" abcd \"},\"size\":2}", "invalid": "{\"item\":{\"name\":\" a \"},\"size\":99}" },
        "variants": ["de", "de+validate"],
    });
    std::fs::write(&path, doc.to_string()).expect("write doc");
    let mut args = vec![
        "run",
        path.to_str().expect("utf-8"),
        "--engine",
        "all",
        "--json",
        "--allow-code",
    ];
    args.extend(TINY);
    let out = overhead(&args);
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{}", stderr(&out));
    let report: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("json");
    let rows = report["results"].as_array().expect("rows");
    let outcome = |engine: &str, variant: &str, input: &str| {
        rows.iter()
            .find(|r| r["engine"] == engine && r["variant"] == variant && r["input"] == input)
            .map(|r| r["outcome"].as_str().unwrap_or_default().to_owned())
    };
    assert_eq!(
        outcome("peer:validator", "de+validate", "valid").as_deref(),
        Some("ok"),
        "{report}"
    );
    assert_eq!(
        outcome("peer:validator", "de+validate", "invalid").as_deref(),
        Some("invalid")
    );
    assert_eq!(
        outcome("peer:validator", "de", "invalid").as_deref(),
        Some("ok")
    );
    assert!(rows.iter().all(|r| r["engine"] != "compiled"), "{report}");
    let violations = rows
        .iter()
        .find(|r| {
            r["engine"] == "peer:validator"
                && r["variant"] == "de+validate"
                && r["input"] == "invalid"
        })
        .map(|r| r["violations"].to_string())
        .unwrap_or_default();
    assert!(
        violations.contains("\"size\"") && violations.contains("\"item.name\""),
        "{violations}"
    );
    let notes = report["notes"].to_string();
    assert!(
        notes.contains(&format!(
            "compiled: our derives do not take these definitions, so Overhead's codecs are missing ({item_line}:"
        )),
        "{notes}"
    );
}
