//! The corpora of real-world request types (`crate/engine/tests/real_world`,
//! `crate/engine/tests/shipped_pastes`) through the crate `overhead` builds
//! for a person's definitions (`overhead verdicts`), both builds of it:
//!
//! - **as shipped** (the paste with its own derives, validator's or garde's):
//!   on each case's own three inputs it must give the library's outcomes the
//!   case records (valid `ok`, broken with exactly its violations, malformed
//!   a decoding error) — the library is the reference;
//! - **ours** (our derives' compiled code): held to the library's outcomes on
//!   the case's inputs as the as-shipped build is, compared with the library
//!   on every input (outcome, violation paths and codes), and beside the
//!   interpreter on the case's inputs and on inputs generated from the
//!   definitions (the decoded value, `de+validate`'s violations, validating
//!   while decoding, collecting all and failing fast): where the two part,
//!   ours must be the library's;
//! - and the interpreter against the as-shipped build on the same inputs:
//!   counted and listed, as the conformance of the interpreter to the
//!   libraries (the next issue's work).
//!
//! Where the paste's own functions decide rules (custom validators), ours is
//! compared on decoding only, since the interpreter runs no pasted code.

use std::path::{Path, PathBuf};
use std::process::Command;

use overhead_engine::assume::complete;
use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use serde_json::Value as Json;

mod verdict;
use verdict::{interpreted, interpreted_outcome, library_path};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cases() -> Vec<PathBuf> {
    let mut cases = Vec::new();
    for folder in ["real_world", "shipped_pastes"] {
        let Ok(entries) = std::fs::read_dir(workspace().join("crate/engine/tests").join(folder))
        else {
            continue;
        };
        cases.extend(
            entries
                .map(|e| e.expect("entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "json")),
        );
    }
    cases.sort();
    cases
}

/// What the library's build must say of the case's own inputs, in the
/// shape `overhead verdicts` gives the as-shipped build's
/// (`LibraryVerdict`): validator's violations as `path:code`, garde's as
/// paths (its errors carry no code), sorted.
fn expected(case: &Json) -> [Json; 3] {
    let garde = case["library"]
        .as_str()
        .unwrap_or_default()
        .starts_with("garde");
    let mut found: Vec<String> = case["broken"]["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            let path = v["path"].as_str().expect("path");
            if garde {
                path.to_owned()
            } else {
                format!("{path}:{}", v["code"].as_str().expect("code"))
            }
        })
        .collect();
    found.sort();
    [
        serde_json::json!("ok"),
        serde_json::json!({ "invalid": found }),
        serde_json::json!("error"),
    ]
}

#[derive(Default)]
struct Tally {
    shipped: Vec<String>,
    shipped_missing: Vec<String>,
    shipped_differs: Vec<String>,
    /// Pastes whose compiled rows give the library's outcomes on the case's inputs.
    ours: Vec<String>,
    ours_wrong: Vec<String>,
    ours_missing: Vec<String>,
    /// Ours and the interpreter part where ours is not the library's.
    ours_differs: Vec<String>,
    /// Ours and the interpreter part where ours is the library's.
    interpreter_behind: Vec<String>,
    interpreter_agrees: usize,
    interpreter_compared: usize,
    /// Per paste: the inputs where the interpreter is not the library, of
    /// those compared, and the first of them.
    interpreter_differs: std::collections::BTreeMap<String, (usize, usize, String)>,
    ours_library_agrees: usize,
    ours_library_compared: usize,
    ours_library_differs: Vec<String>,
}

/// Where a build's outcomes on the case's three inputs differ from the
/// library's the case records.
fn against_case(found: &[Json], expected: &[Json; 3]) -> Vec<String> {
    found
        .iter()
        .zip(expected)
        .enumerate()
        .filter(|(_, (found, expected))| found != expected)
        .map(|(i, (found, expected))| format!("input {i}: {found} where the case says {expected}"))
        .collect()
}

/// Our compiled code's `de+validate` verdict in the as-shipped build's terms.
fn ours_outcome(verdict: &Json, garde: bool) -> Json {
    if verdict["value"].is_null() {
        return serde_json::json!("error");
    }
    let found = verdict["two_step"].as_array().cloned().unwrap_or_default();
    if found.is_empty() {
        return serde_json::json!("ok");
    }
    let mut found: Vec<String> = found
        .iter()
        .filter_map(Json::as_str)
        .map(|v| {
            let (path, code) = v.rsplit_once(':').unwrap_or((v, ""));
            let path = library_path(path, garde);
            if garde {
                path
            } else {
                format!("{path}:{code}")
            }
        })
        .collect();
    found.sort();
    serde_json::json!({ "invalid": found })
}

#[test]
fn both_builds_of_each_paste_give_the_librarys_outcomes() {
    // `OVERHEAD_CORPUS_ONLY=a,b` runs those pastes alone (the floors then
    // do not apply): a quick loop while mending one.
    let only = std::env::var("OVERHEAD_CORPUS_ONLY").ok();
    let cases: Vec<PathBuf> = cases()
        .into_iter()
        .filter(|p| {
            only.as_deref().is_none_or(|only| {
                let stem = p.file_stem().unwrap_or_default().to_string_lossy();
                only.split(',').any(|n| n == stem)
            })
        })
        .collect();
    let scratch = std::env::temp_dir().join(format!("overhead-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    let mut tally = Tally::default();
    for (n, path) in cases.iter().enumerate() {
        let name = path
            .file_stem()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let case: Json =
            serde_json::from_str(&std::fs::read_to_string(path).expect("case")).expect("json");
        let paste = std::fs::read_to_string(path.with_extension("rs")).expect("paste");
        let root = case["root"].as_str().expect("root");
        let garde = case["library"]
            .as_str()
            .unwrap_or_default()
            .starts_with("garde");
        let own = vec![
            case["valid"].to_string(),
            case["broken"]["input"].to_string(),
            case["malformed"].as_str().expect("malformed").to_owned(),
        ];
        // The paste completed as `overhead run` completes it for every
        // engine: a type it names and does not define, read as its inputs show.
        let inputs: Vec<&str> = own.iter().map(String::as_str).collect();
        let completed = complete(&paste, Some(root), &inputs).text;
        let engine = Interpreter::new(&completed, Some(root)).ok();
        let mut texts = own;
        if let Some(engine) = &engine {
            let mut generator = Generator::new(engine.plan(), 0x0DD5 ^ n as u64);
            for _ in 0..40 {
                texts.push(engine.to_json(&generator.valid()).expect("writes"));
            }
            for target in generator.targets() {
                if let Some(value) = generator.violating(target) {
                    texts.push(engine.to_json(&value).expect("writes"));
                }
            }
        }
        let doc = scratch.join(format!("{name}.json"));
        let doc_json = serde_json::json!({
            "version": 1, "title": name, "schema": paste, "root": root,
            "inputs": { "valid": texts[0], "broken": texts[1], "malformed": texts[2] },
        });
        std::fs::write(&doc, doc_json.to_string()).expect("doc");
        let texts_file = scratch.join(format!("{name}.texts.json"));
        std::fs::write(&texts_file, serde_json::to_string(&texts).expect("texts")).expect("texts");
        let out = Command::new(env!("CARGO_BIN_EXE_overhead"))
            .arg("verdicts")
            .arg(&doc)
            .arg(&texts_file)
            .arg("--allow-code")
            .output()
            .expect("overhead runs");
        if !out.status.success() {
            let why = String::from_utf8_lossy(&out.stderr);
            let why = why.lines().take(3).collect::<Vec<_>>().join(" / ");
            tally.shipped_missing.push(format!("{name}: {why}"));
            tally.ours_missing.push(format!("{name}: {why}"));
            continue;
        }
        let answer: Json = serde_json::from_slice(&out.stdout).expect("verdicts");
        let notes = || -> String {
            answer["notes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Json::as_str)
                .filter(|n| n.starts_with("as shipped") || n.starts_with("compiled: our"))
                .collect::<Vec<_>>()
                .join(" / ")
        };
        // As shipped: the library's own outcomes on the case's inputs.
        match answer["shipped"].as_array() {
            None => tally.shipped_missing.push(format!("{name}: {}", notes())),
            Some(library) => {
                let wrong = against_case(&library[..3], &expected(&case));
                if wrong.is_empty() {
                    tally.shipped.push(name.clone());
                } else {
                    tally
                        .shipped_differs
                        .push(format!("{name}: {}", wrong.join("; ")));
                }
                // The interpreter against the library on every input.
                if let Some(engine) = &engine {
                    let (mut differs, mut compared, mut first) = (0, 0, String::new());
                    for (text, library) in texts.iter().zip(library) {
                        compared += 1;
                        let ours = interpreted_outcome(engine, text, garde);
                        if ours == *library {
                            tally.interpreter_agrees += 1;
                        } else {
                            if differs == 0 {
                                first = format!(
                                    "on {text}:\n    library     {library}\n    interpreted {ours}"
                                );
                            }
                            differs += 1;
                        }
                    }
                    tally.interpreter_compared += compared;
                    if differs > 0 {
                        tally
                            .interpreter_differs
                            .insert(name.clone(), (differs, compared, first));
                    }
                }
            }
        }
        // Ours against the library, input by input.
        let mut ours_as_library = vec![false; texts.len()];
        if let (Some(compiled), Some(library)) =
            (answer["compiled"].as_array(), answer["shipped"].as_array())
        {
            for (i, ((text, ours), library)) in texts.iter().zip(compiled).zip(library).enumerate()
            {
                tally.ours_library_compared += 1;
                let ours = ours_outcome(ours, garde);
                if ours == *library {
                    tally.ours_library_agrees += 1;
                    ours_as_library[i] = true;
                } else if tally.ours_library_differs.len() < 40 {
                    tally.ours_library_differs.push(format!(
                        "{name} on {text}:\n    library {library}\n    ours    {ours}"
                    ));
                }
            }
        }
        let Some(compiled) = answer["compiled"].as_array() else {
            tally.ours_missing.push(format!("{name}: {}", notes()));
            continue;
        };
        // Ours: the library's outcomes on the case's own inputs, as the
        // as-shipped build is held to them.
        let ours: Vec<Json> = compiled[..3]
            .iter()
            .map(|v| ours_outcome(v, garde))
            .collect();
        let wrong = against_case(&ours, &expected(&case));
        if wrong.is_empty() {
            tally.ours.push(name.clone());
        } else {
            tally
                .ours_wrong
                .push(format!("{name}: {}", wrong.join("; ")));
        }
        // Ours beside the interpreter, variant by variant (the decoded value,
        // validating while decoding, failing fast). Where they part and ours
        // gives the library's outcome, the interpreter is behind (the
        // conformance issue's work); otherwise ours is wrong.
        let Some(engine) = &engine else {
            continue;
        };
        let runs_code = paste.contains("custom(") || paste.contains("function =");
        for (i, (text, compiled)) in texts.iter().zip(compiled).enumerate() {
            let interpreted = interpreted(engine, text);
            let same = if runs_code {
                compiled["value"] == interpreted["value"]
            } else {
                *compiled == interpreted
            };
            if same {
                continue;
            }
            let why =
                format!("{name} on {text}:\n  compiled    {compiled}\n  interpreted {interpreted}");
            if ours_as_library[i] {
                tally.interpreter_behind.push(why);
            } else {
                tally.ours_differs.push(why);
            }
            break;
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    let total = cases.len();
    eprintln!(
        "as shipped: {} of {total} pastes give the library's outcomes; {} built and differ; {} not built",
        tally.shipped.len(),
        tally.shipped_differs.len(),
        tally.shipped_missing.len()
    );
    eprintln!(
        "ours: {} of {total} pastes give the library's outcomes; {} built and differ; {} not built; beside the interpreter, ours is the library's where they part on {} pastes, and not on {}",
        tally.ours.len(),
        tally.ours_wrong.len(),
        tally.ours_missing.len(),
        tally.interpreter_behind.len(),
        tally.ours_differs.len()
    );
    eprintln!(
        "interpreter against the library: {} of {} inputs alike",
        tally.interpreter_agrees, tally.interpreter_compared
    );
    eprintln!(
        "ours against the library: {} of {} inputs alike",
        tally.ours_library_agrees, tally.ours_library_compared
    );
    for line in &tally.shipped_missing {
        eprintln!("  as shipped, not built: {line}");
    }
    for line in &tally.shipped_differs {
        eprintln!("  as shipped, differs from the case: {line}");
    }
    for line in &tally.ours_missing {
        eprintln!("  ours, not built: {line}");
    }
    for line in &tally.ours_wrong {
        eprintln!("  ours, differs from the case: {line}");
    }
    for line in &tally.interpreter_behind {
        eprintln!("  the interpreter is behind ours (ours is the library's): {line}");
    }
    for (name, (differs, compared, first)) in &tally.interpreter_differs {
        eprintln!(
            "  interpreter differs from the library: {name}, {differs} of {compared} inputs; first {first}"
        );
    }
    for line in &tally.ours_library_differs {
        eprintln!("  ours differs from the library: {line}");
    }
    for line in &tally.ours_differs {
        eprintln!("  ours differs from the interpreter: {line}");
    }
    // Our compiled code and the interpreter share one model of the paste:
    // where they part and ours is not the library's, ours is wrong.
    assert!(
        tally.ours_differs.is_empty(),
        "{}",
        tally.ours_differs.join("\n")
    );
    // Floors at what was measured when this was written: a paste that stops
    // building, or a library outcome that stops matching, is a regression.
    if only.is_some() {
        return;
    }
    assert!(
        tally.shipped.len() * 100 >= total * SHIPPED_FLOOR_PERCENT,
        "only {} of {total} pastes give the library's outcomes as shipped",
        tally.shipped.len()
    );
    assert!(
        tally.ours.len() * 100 >= total * OURS_FLOOR_PERCENT,
        "only {} of {total} pastes give the library's outcomes with our derives",
        tally.ours.len()
    );
    assert!(
        tally.interpreter_agrees * 100 >= tally.interpreter_compared * INTERPRETER_FLOOR_PERCENT,
        "the interpreter gives the library's outcome on only {} of {} inputs",
        tally.interpreter_agrees,
        tally.interpreter_compared
    );
}

/// The share of inputs on which the interpreter gives the library's outcome
/// (issue 32's target; measured when this was written: see the closing
/// note). The rest are custom functions that call other crates (chrono,
/// uuid, `std::path`) and a `thread_local!`, which the interpreter does not
/// run and says so.
const INTERPRETER_FLOOR_PERCENT: usize = 97;

/// The share of pastes whose as-shipped build gives the library's outcomes
/// (measured when this was written: 96 of 99; the rest are a paste that
/// reads a file, one whose root does not derive `Deserialize`, and one whose
/// type from elsewhere is stricter than the form its inputs show).
const SHIPPED_FLOOR_PERCENT: usize = 95;
/// The share of pastes whose compiled rows (our derives) give the library's
/// outcomes (measured when this was written: 91 of 99; the rest are four
/// pastes that do not build — a `tracing` import in a `with` module, an
/// assumed type compared with `==`, a type's `Display` from elsewhere, a
/// file read — and four whose struct-level or pasted checks ours does not
/// run, one of them the as-shipped build's miss too).
const OURS_FLOOR_PERCENT: usize = 89;

#[test]
fn library_paths_show_map_keys_as_each_library_does() {
    assert_eq!(
        library_path("rates[\"eu\"].value", false),
        "rates[eu].value"
    );
    assert_eq!(library_path("rates[\"eu\"].value", true), "rates.eu.value");
    assert_eq!(library_path("[\"eu\"]", true), "eu");
}
