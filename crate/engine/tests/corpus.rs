//! The real-world corpus: request types modelled on public code, each with
//! what its own library (validator or garde) does with three inputs. A case
//! runs "with the library's outcome" when the interpreter accepts the paste
//! and gives the same answers:
//! - `valid`: `validate-on-de` and `de` + validate are both Ok;
//! - `broken`: both are invalid, with exactly the listed (path, code) pairs;
//! - `malformed`: the decode is an error (serde_json rejects the text).
//!
//! Every `tests/real_world/<name>.json` is a case, its paste in `<name>.rs`
//! (read at run time: adding a case is adding two files). The expectations
//! were taken from the real crates, not from Overhead.
//!
//! The test fails when a case without `"miss"` does not run with the library's
//! outcome, or a case with `"miss"` does (so the list of misses stays honest).
//! `OVERHEAD_CORPUS_REPORT=1` only reports, to measure:
//! `OVERHEAD_CORPUS_REPORT=1 cargo test -p overhead-engine --test corpus -- --nocapture`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path as FsPath, PathBuf};

use overhead_engine::Flatten;
use overhead_engine::assume::{complete_analyzed, parsed};
use overhead_engine::run::{Error as RunError, Interpreter};
use overhead_schema::{Analysis, Severity, analyze};
use overhead_validate::{Segment, Violation, Violations};
use serde_json::Value as Json;

/// One case as its JSON file states it.
struct Case {
    name: String,
    paste: String,
    root: String,
    valid: String,
    broken: String,
    /// (path, code), sorted: what the library reports for `broken`.
    violations: Vec<(String, String)>,
    malformed: String,
    /// `validator 0.18`, `garde 0.22`: whose outcomes these are.
    library: String,
    miss: Option<String>,
}

fn fixtures() -> PathBuf {
    FsPath::new(env!("CARGO_MANIFEST_DIR")).join("tests/real_world")
}

fn field<'a>(json: &'a Json, key: &str, name: &str) -> &'a Json {
    json.get(key)
        .unwrap_or_else(|| panic!("{name}.json: no `{key}`"))
}

fn string(json: &Json, key: &str, name: &str) -> String {
    field(json, key, name)
        .as_str()
        .unwrap_or_else(|| panic!("{name}.json: `{key}` is not a string"))
        .to_owned()
}

fn load(json_path: &FsPath) -> Case {
    let name = json_path
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("a UTF-8 file name")
        .to_owned();
    let text = std::fs::read_to_string(json_path).expect("the case's JSON");
    let json: Json =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}.json is not JSON: {e}"));
    let paste = std::fs::read_to_string(json_path.with_extension("rs"))
        .unwrap_or_else(|e| panic!("{name}.rs: {e}"));
    assert!(
        paste.starts_with("// Modelled on "),
        "{name}.rs: the first line names the source"
    );
    string(&json, "source", &name);
    let broken = field(&json, "broken", &name);
    let mut violations: Vec<(String, String)> = field(broken, "violations", &name)
        .as_array()
        .unwrap_or_else(|| panic!("{name}.json: `broken.violations` is not an array"))
        .iter()
        .map(|v| (string(v, "path", &name), string(v, "code", &name)))
        .collect();
    violations.sort();
    assert!(
        !violations.is_empty(),
        "{name}.json: a broken input breaks at least one rule"
    );
    Case {
        root: string(&json, "root", &name),
        valid: field(&json, "valid", &name).to_string(),
        broken: field(broken, "input", &name).to_string(),
        violations,
        malformed: string(&json, "malformed", &name),
        library: string(&json, "library", &name),
        miss: json.get("miss").and_then(Json::as_str).map(str::to_owned),
        paste,
        name,
    }
}

/// A path as the library displays it: `list[0].email`; a map's key is
/// `[key]` for validator and `.key` for garde (its report shows a string key
/// as a field).
fn library_path(violation: &Violation, garde: bool) -> String {
    let mut out = String::new();
    for segment in violation.path.segments() {
        match segment {
            Segment::Field(name) if out.is_empty() => out.push_str(name),
            Segment::Key(key) if garde && out.is_empty() => out.push_str(key),
            Segment::Field(name) => {
                out.push('.');
                out.push_str(name);
            }
            Segment::Key(key) if garde => {
                out.push('.');
                out.push_str(key);
            }
            Segment::Index(index) => out.push_str(&format!("[{index}]")),
            Segment::Key(key) => out.push_str(&format!("[{key}]")),
        }
    }
    out
}

fn pairs(violations: &Violations, garde: bool) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = violations
        .iter()
        .map(|v| (library_path(v, garde), v.code.to_string()))
        .collect();
    pairs.sort();
    pairs
}

/// What one variant gave, in the terms the JSON states.
#[derive(Debug, PartialEq)]
enum Outcome {
    Ok,
    Invalid(Vec<(String, String)>),
    Error(String),
}

fn on_de(engine: &Interpreter, text: &str, garde: bool) -> Outcome {
    match engine.decode_validated(text) {
        Ok(_) => Outcome::Ok,
        Err(RunError::Invalid(v)) => Outcome::Invalid(pairs(&v, garde)),
        Err(RunError::Syntax(e)) => Outcome::Error(e.to_string()),
    }
}

fn de_then_validate(engine: &Interpreter, text: &str, garde: bool) -> Outcome {
    match engine.decode(text) {
        Ok(value) => match engine.validate(&value) {
            Ok(()) => Outcome::Ok,
            Err(v) => Outcome::Invalid(pairs(&v, garde)),
        },
        Err(e) => Outcome::Error(e.to_string()),
    }
}

/// Ok, or the first reason the case does not run with the library's outcome.
fn check(case: &Case) -> Result<(), String> {
    // The person's input tabs: what an undefined type's form is read from.
    // The engine is built as the page builds it, from the completion's analysis.
    let inputs = parsed(&[&case.valid, &case.broken]);
    let (_, analysis) = complete_analyzed(&case.paste, Some(&case.root), &inputs);
    if let Some(d) = analysis
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return Err(format!("refused: {d}"));
    }
    let root = Some(case.root.as_str());
    let engine =
        Interpreter::of_analysis(&analysis, root, Flatten::Serde).map_err(|diagnostics| {
            let first = diagnostics.first().map(ToString::to_string);
            format!("no plan: {}", first.unwrap_or_default())
        })?;
    let expected = Outcome::Invalid(case.violations.clone());
    for (variant, run) in [
        (
            "validate-on-de",
            on_de as fn(&Interpreter, &str, bool) -> Outcome,
        ),
        ("de+validate", de_then_validate),
    ] {
        let garde = case.library.starts_with("garde");
        let run = |text: &str| run(&engine, text, garde);
        let got = run(&case.valid);
        if got != Outcome::Ok {
            return Err(format!("valid input, {variant}: {got:?}"));
        }
        let got = run(&case.broken);
        if got != expected {
            return Err(format!(
                "broken input, {variant}: {got:?}, the library: {expected:?}"
            ));
        }
        let got = run(&case.malformed);
        if !matches!(got, Outcome::Error(_)) {
            return Err(format!("malformed input, {variant}: {got:?}"));
        }
    }
    Ok(())
}

/// [`check`], with a panic in the engine counted as a miss, not a crash.
fn check_caught(case: &Case) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| check(case))).unwrap_or_else(|panic| {
        let why = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("(no message)");
        Err(format!("panicked: {why}"))
    })
}

/// Every case, in the order of its file's name.
fn cases() -> Vec<Case> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("the fixtures' directory")
        .map(|entry| entry.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

#[test]
fn corpus_runs_with_the_libraries_outcomes() {
    let cases = cases();

    let mut passed = 0;
    let mut dishonest = Vec::new();
    for case in &cases {
        let result = check_caught(case);
        match &result {
            Ok(()) => {
                passed += 1;
                println!("PASS {}", case.name);
            }
            Err(why) => println!("MISS {}: {}", case.name, first_line(why)),
        }
        match (&result, &case.miss) {
            (Err(why), None) => dishonest.push(format!("{} fails: {why}", case.name)),
            (Ok(()), Some(miss)) => dishonest.push(format!(
                "{} runs, yet is listed as a miss ({miss})",
                case.name
            )),
            (Ok(()), None) | (Err(_), Some(_)) => {}
        }
    }
    let total = cases.len();
    let percent = if total == 0 {
        0.0
    } else {
        100.0 * passed as f64 / total as f64
    };
    println!("corpus: {passed} of {total} run with the library's outcome ({percent:.0}%)");

    if std::env::var_os("OVERHEAD_CORPUS_REPORT").is_some_and(|v| v == "1") {
        return;
    }
    assert!(
        dishonest.is_empty(),
        "the corpus disagrees with its list of misses:\n{}",
        dishonest.join("\n")
    );
}

/// An analysis as text, with each span's place in proc-macro2's source map
/// (which grows with every text parsed) left out: two analyses of one text
/// then read the same.
fn shown(analysis: &Analysis) -> String {
    let places = regex::Regex::new(r"bytes\(\d+\.\.\d+\)").expect("a pattern");
    let regexes: std::collections::BTreeMap<_, _> = analysis.regexes.iter().collect();
    let text = format!(
        "{:?}\n{:?}\n{:?}\n{:?}",
        analysis.types, analysis.diagnostics, regexes, analysis.code
    );
    places.replace_all(&text, "bytes(..)").into_owned()
}

/// The editor's diagnosis and the interpreter take the analysis the
/// completion made of the completed text, rather than parsing it again: it
/// must be that text's analysis, whether the completion added nothing,
/// one round of definitions, or definitions inside definitions.
#[test]
fn the_completion_hands_on_the_analysis_of_its_completed_text() {
    let (mut added, mut compared) = (0, 0);
    for case in cases() {
        for (root, inputs) in [
            (Some(case.root.as_str()), vec![&*case.valid, &*case.broken]),
            (None, vec![&*case.valid]),
            (None, vec![]),
        ] {
            let (completion, analysis) = complete_analyzed(&case.paste, root, &parsed(&inputs));
            assert_eq!(
                shown(&analysis),
                shown(&analyze(&completion.text)),
                "{}: the completion's analysis is not its text's",
                case.name
            );
            compared += 1;
            added += usize::from(completion.text != case.paste);
        }
    }
    // Both kinds were seen: pastes completed and pastes left as they are.
    assert!(added > 0 && added < compared, "{added} of {compared}");
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}
