//! Conformance: the interpreter beside the libraries themselves. Each
//! definition is built as the person ships it (`overhead verdicts`: the
//! paste with its own derives, garde's, validator's or domainstack's) and
//! read by the interpreter; both are handed the same inputs, and their
//! outcomes (decoded or not; every violation's path, and validator's and
//! domainstack's code) must be the same.
//!
//! The definitions: the struct definitions of garde's own published test
//! suite, read at test time from the locked version in cargo's registry,
//! with the inputs its tests build; one request type per library holding
//! the acceptance table's forms (`forms.rs`); and definitions generated from
//! a seed that combine rules and serde attributes. (The corpus of real-world
//! pastes is compared the same way by `corpus_ondemand`.) The inputs:
//! the definitions' own, the engine's generator's (valid, and breaking each
//! rule), and mutations of a valid one at the JSON level.
//!
//! A disagreement fails the test with the smallest input that shows it.
//! CI runs a fixed seed and budget; `OVERHEAD_CONFORMANCE_SEED` and
//! `OVERHEAD_CONFORMANCE_GENERATED` (how many generated definitions) run
//! further, and `OVERHEAD_CONFORMANCE_ONLY=length,generated` a part.

#[path = "conformance/forms.rs"]
mod forms;
#[path = "conformance/garde_suite.rs"]
mod garde_suite;
#[path = "conformance/generated.rs"]
mod generated;
#[path = "conformance/mutate.rs"]
mod mutate;
#[path = "verdict/mod.rs"]
mod verdict;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use overhead_engine::assume::complete;
use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use serde_json::Value as Json;

use verdict::interpreted_outcome;

/// A paste and the roots to read it from, each with its own inputs.
pub struct Definition {
    /// Where it comes from, for the report.
    pub source: String,
    pub paste: String,
    /// garde's violations carry no code: compared by path.
    pub garde: bool,
    pub roots: Vec<(String, Vec<String>)>,
}

/// The forms of garde's own suite the interpreter does not yet read as
/// garde does, each with what differs (the acceptance table lists them).
/// The test fails when one of these agrees (take it off the list) as when
/// any other root parts: the list only shrinks.
/// (Empty since `dive((self.min, self.max))` with `length(min = ctx.0)`,
/// in `dive_with_ctx.rs`, is read as garde reads it.)
const KNOWN: &[(&str, &str, &str)] = &[];

fn known(source: &str, root: &str) -> Option<&'static str> {
    KNOWN
        .iter()
        .find(|(file, r, _)| source.ends_with(file) && *r == root)
        .map(|(_, _, why)| *why)
}

/// Where the interpreter and the library part.
struct Disagreement {
    source: String,
    /// The document's file in the scratch folder.
    document: String,
    root: String,
    input: String,
    library: Json,
    interpreter: Json,
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The library's outcome on each text, from the as-shipped build of
/// `paste` read from `root`; `Err` with why when it does not build.
fn library(
    scratch: &Path,
    name: &str,
    paste: &str,
    root: &str,
    texts: &[String],
) -> Result<Vec<Json>, String> {
    let pad = |i: usize| texts.get(i).cloned().unwrap_or_else(|| "{}".to_owned());
    let doc = scratch.join(format!("{name}.json"));
    let document = serde_json::json!({
        "version": 1, "title": name, "schema": paste, "root": root,
        "inputs": { "valid": pad(0), "broken": pad(1), "malformed": pad(2) },
    });
    std::fs::write(&doc, document.to_string()).expect("writes the document");
    let list = scratch.join(format!("{name}.texts.json"));
    std::fs::write(&list, serde_json::to_string(texts).expect("texts")).expect("writes");
    let out = Command::new(env!("CARGO_BIN_EXE_overhead"))
        .arg("verdicts")
        .arg(&doc)
        .arg(&list)
        .arg("--allow-code")
        .output()
        .expect("overhead runs");
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        return Err(why.lines().take(4).collect::<Vec<_>>().join(" / "));
    }
    let answer: Json = serde_json::from_slice(&out.stdout).expect("verdicts");
    match answer["shipped"].as_array() {
        Some(verdicts) => Ok(verdicts.clone()),
        None => Err(format!(
            "the library's build is not made: {}",
            answer["notes"]
        )),
    }
}

/// The inputs of a root: its own, the generator's and mutations.
fn inputs(engine: &Interpreter, own: &[String], seed: u64) -> Vec<String> {
    let mut texts: Vec<String> = own.to_vec();
    let mut generator = Generator::new(engine.plan(), seed);
    let mut valid = Vec::new();
    for _ in 0..6 {
        valid.push(engine.to_json(&generator.valid()).expect("writes"));
    }
    for target in generator.targets() {
        if let Some(value) = generator.violating(target) {
            texts.push(engine.to_json(&value).expect("writes"));
        }
    }
    let base: Option<Json> = own
        .iter()
        .chain(&valid)
        .find_map(|t| serde_json::from_str(t).ok());
    texts.extend(valid);
    if let Some(base) = base {
        texts.extend(mutate::mutations(&base, 6));
    }
    texts.dedup();
    texts
}

/// The smallest input near `input` on which the two still part: one step
/// smaller at a time, every candidate of a step read by one build.
fn shrink(
    scratch: &Path,
    name: &str,
    definition: &Definition,
    root: &str,
    engine: &Interpreter,
    input: &str,
) -> String {
    let Ok(mut current) = serde_json::from_str::<Json>(input) else {
        return input.to_owned();
    };
    // The smallest text that still parts; the input itself until one does
    // (its text may hold what a parsed value drops: a key written twice).
    let mut smallest = input.to_owned();
    for _ in 0..24 {
        let candidates: Vec<String> = mutate::smaller(&current)
            .iter()
            .map(Json::to_string)
            .collect();
        if candidates.is_empty() {
            break;
        }
        let Ok(verdicts) = library(scratch, name, &definition.paste, root, &candidates) else {
            break;
        };
        let parted = candidates.iter().zip(&verdicts).find(|(text, library)| {
            interpreted_outcome(engine, text, definition.garde) != **library
        });
        match parted {
            Some((text, _)) => {
                current = serde_json::from_str(text).expect("json");
                smallest = text.clone();
            }
            None => break,
        }
    }
    smallest
}

#[test]
fn the_interpreter_reads_as_the_libraries_do() {
    let started = Instant::now();
    let seed = env_number("OVERHEAD_CONFORMANCE_SEED", 0x5EED_2026);
    let generated_count = env_number("OVERHEAD_CONFORMANCE_GENERATED", 12) as usize;
    let only = std::env::var("OVERHEAD_CONFORMANCE_ONLY").ok();
    let mut definitions = Vec::new();
    match garde_suite::folder(&workspace()) {
        Some(folder) => definitions.extend(garde_suite::definitions(&folder)),
        // The registry holds garde once the workspace is built (it is a
        // dependency of the peers): its absence is a broken setup.
        None => panic!("garde's source is not in cargo's registry: build the workspace first"),
    }
    definitions.extend(forms::definitions());
    definitions.extend(generated::definitions(seed, generated_count));
    definitions.retain(|d| {
        only.as_deref()
            .is_none_or(|only| only.split(',').any(|o| d.source.contains(o)))
    });
    let from_garde = definitions
        .iter()
        .filter(|d| d.source.starts_with("garde "))
        .count();
    let scratch = std::env::temp_dir().join(format!("overhead-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    let (mut roots, mut compared, mut agreed) = (0, 0, 0);
    let mut not_built = Vec::new();
    let mut disagreements = Vec::new();
    // The roots both read (built by the library, read by the interpreter).
    let mut compared_roots: Vec<(String, String)> = Vec::new();
    for (n, definition) in definitions.iter().enumerate() {
        for (r, (root, own)) in definition.roots.iter().enumerate() {
            let name = format!("def{n}-{r}");
            let owned: Vec<&str> = own.iter().map(String::as_str).collect();
            let completed = complete(&definition.paste, Some(root), &owned).text;
            let engine = match Interpreter::new(&completed, Some(root)) {
                Ok(engine) => engine,
                Err(e) => {
                    // The library builds what the interpreter refuses: a
                    // disagreement on every input.
                    if library(
                        &scratch,
                        &name,
                        &definition.paste,
                        root,
                        &own[..own.len().min(1)],
                    )
                    .is_ok()
                    {
                        disagreements.push(Disagreement {
                            document: format!("{name}.json"),
                            source: definition.source.clone(),
                            root: root.to_string(),
                            input: String::new(),
                            library: Json::from("builds"),
                            interpreter: Json::from(format!("refuses: {e:?}")),
                        });
                    }
                    continue;
                }
            };
            let texts = inputs(&engine, own, seed ^ n as u64);
            let verdicts = match library(&scratch, &name, &definition.paste, root, &texts) {
                Ok(verdicts) => verdicts,
                Err(why) => {
                    not_built.push(format!("{} ({root}): {why}", definition.source));
                    continue;
                }
            };
            roots += 1;
            compared_roots.push((definition.source.clone(), root.clone()));
            let mut first = None;
            for (text, library) in texts.iter().zip(&verdicts) {
                compared += 1;
                let ours = interpreted_outcome(&engine, text, definition.garde);
                if ours == *library {
                    agreed += 1;
                } else if first.is_none() {
                    first = Some(text.clone());
                }
            }
            if let Some(text) = first {
                let small = shrink(&scratch, &name, definition, root, &engine, &text);
                let verdict = library(
                    &scratch,
                    &name,
                    &definition.paste,
                    root,
                    std::slice::from_ref(&small),
                )
                .ok()
                .and_then(|v| v.into_iter().next())
                .unwrap_or(Json::Null);
                disagreements.push(Disagreement {
                    document: format!("{name}.json"),
                    source: definition.source.clone(),
                    root: root.to_string(),
                    interpreter: interpreted_outcome(&engine, &small, definition.garde),
                    input: small,
                    library: verdict,
                });
            }
        }
    }
    let from_forms = definitions
        .iter()
        .filter(|d| d.source.starts_with("forms "))
        .count();
    println!(
        "conformance: {} definitions ({from_garde} from garde's tests, {from_forms} of the table's forms, {} generated from seed {seed:#x}), {roots} roots, {compared} inputs, {agreed} agreed, {} roots part; {:.0} s",
        definitions.len(),
        definitions.len().saturating_sub(from_garde + from_forms),
        disagreements.len(),
        started.elapsed().as_secs_f64()
    );
    let generated_roots = |library: &str| {
        compared_roots
            .iter()
            .filter(|(source, _)| {
                source.starts_with("generated") && source.ends_with(&format!("({library})"))
            })
            .count()
    };
    println!(
        "conformance: generated roots compared: {} validator, {} garde, {} domainstack",
        generated_roots("validator"),
        generated_roots("garde"),
        generated_roots("domainstack"),
    );
    for why in &not_built {
        println!("  not built: {why}");
    }
    // The known ones that still part, said; those that agree now, a failure.
    let mut still_known = Vec::new();
    for (file, root, why) in KNOWN {
        let ran = compared_roots
            .iter()
            .any(|(source, r)| source.ends_with(file) && r == root);
        let parts = disagreements
            .iter()
            .any(|d| d.source.ends_with(file) && d.root == *root);
        if ran && !parts {
            disagreements.push(Disagreement {
                document: String::new(),
                source: format!("garde tests/rules/{file}"),
                root: (*root).to_owned(),
                input: "its inputs, which it now reads as garde does".to_owned(),
                library: Json::from("listed in KNOWN as parting"),
                interpreter: Json::from("agrees: take it off the list"),
            });
        } else if ran {
            still_known.push(format!("{file} ({root}): {why}"));
        }
    }
    disagreements.retain(|d| {
        known(&d.source, &d.root).is_none() || d.library == "listed in KNOWN as parting"
    });
    // Kept when the two part where they should not: each root's document
    // is there to open.
    if disagreements.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
    } else {
        println!("conformance: the documents are in {}", scratch.display());
    }
    println!(
        "conformance: {} known to part, each listed:",
        still_known.len()
    );
    for known in &still_known {
        println!("  known: {known}");
    }
    let report: Vec<String> = disagreements
        .iter()
        .map(|d| {
            format!(
                "{} (root {}, {}): on {}\n    library     {}\n    interpreter {}",
                d.source, d.root, d.document, d.input, d.library, d.interpreter
            )
        })
        .collect();
    assert!(
        report.is_empty(),
        "the interpreter parts from the library:\n{}",
        report.join("\n")
    );
    // Some of garde's tests need what a JSON input cannot give (a context
    // with no `Default`, garde's optional features, wasm's `js_sys`): each
    // is listed above. Most must build, or the harness is broken.
    assert!(
        not_built.len() * 4 <= roots + not_built.len(),
        "{} of {} roots the library's build does not make (a broken harness?)",
        not_built.len(),
        roots + not_built.len()
    );
}
