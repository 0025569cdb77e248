//! The real-world corpus against compiled code: every case whose paste is
//! self-contained (see `build/corpus.rs`) is built with our derives, and the
//! interpreter must agree with it — outcome, value and violations, in every
//! variant — on the case's own inputs and on inputs made from them.

mod agreement;

use std::panic::{AssertUnwindSafe, catch_unwind};

use agreement::{Kind, agree};
use overhead_engine::generate::Rng;
use overhead_engine::run::Interpreter;
use serde_json::Value as Json;

/// One compiled case.
pub struct CorpusCase {
    name: &'static str,
    paste: &'static str,
    /// The case's JSON (`root`, `valid`, `broken`, `malformed`).
    case: &'static str,
    agree: fn(&Interpreter, &str) -> Kind,
}

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// How many inputs are made from each case's own.
const MADE: usize = 2_000;

fn inputs(case: &Json) -> Vec<String> {
    vec![
        case["valid"].to_string(),
        case["broken"]["input"].to_string(),
        case["malformed"].as_str().unwrap_or_default().to_owned(),
    ]
}

/// Inputs made from `seeds` by random edits: a value changed, a key dropped.
fn made(seeds: &[String], seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let docs: Vec<Json> = seeds
        .iter()
        .filter_map(|t| serde_json::from_str(t).ok())
        .collect();
    (0..MADE)
        .map(|_| {
            let mut doc = docs[rng.below(docs.len() as u64) as usize].clone();
            edit(&mut doc, &mut rng);
            doc.to_string()
        })
        .collect()
}

fn edit(doc: &mut Json, rng: &mut Rng) {
    match doc {
        Json::Object(map) if !map.is_empty() && rng.below(4) > 0 => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[rng.below(keys.len() as u64) as usize];
            if rng.below(8) == 0 {
                map.remove(key);
            } else if let Some(v) = map.get_mut(key) {
                edit(v, rng);
            }
        }
        Json::Array(items) if !items.is_empty() && rng.below(4) > 0 => {
            let i = rng.below(items.len() as u64) as usize;
            edit(&mut items[i], rng);
        }
        Json::String(s) => match rng.below(4) {
            0 => s.clear(),
            1 => s.push_str("x@y"),
            2 => *doc = Json::from(rng.below(100)),
            _ => s.truncate(s.len() / 2),
        },
        Json::Number(_) => {
            *doc = match rng.below(4) {
                0 => Json::from(rng.below(1_000) as i64 - 500),
                1 => Json::from(rng.below(1_000) as f64 / 7.0),
                2 => Json::from("7"),
                _ => Json::from(0),
            }
        }
        other => {
            *other = match rng.below(3) {
                0 => Json::Null,
                1 => Json::from(true),
                _ => Json::from("a"),
            }
        }
    }
}

#[test]
fn self_contained_corpus_cases_agree_with_compiled_code() {
    assert!(
        CORPUS.len() >= 10,
        "only {} corpus cases compile; skipped: {SKIPPED:?}",
        CORPUS.len()
    );
    let mut failures = Vec::new();
    for (n, case) in CORPUS.iter().enumerate() {
        let json: Json = serde_json::from_str(case.case).expect("the case's JSON");
        let root = json["root"].as_str();
        let engine = match Interpreter::new(case.paste, root) {
            Ok(engine) => engine,
            Err(d) => {
                failures.push(format!("{}: the interpreter refuses it: {d:?}", case.name));
                continue;
            }
        };
        let own = inputs(&json);
        let mut tally = std::collections::HashMap::new();
        let result = catch_unwind(AssertUnwindSafe(|| {
            for text in own.iter().chain(&made(&own, 0xC0_2905 ^ n as u64)) {
                *tally.entry((case.agree)(&engine, text)).or_insert(0) += 1;
            }
        }));
        match result {
            Ok(()) => eprintln!("{}: {tally:?}", case.name),
            Err(panic) => failures.push(format!(
                "{}: {}",
                case.name,
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default()
            )),
        }
    }
    eprintln!(
        "{} corpus cases compiled and agree; {} not self-contained",
        CORPUS.len() - failures.len(),
        SKIPPED.len()
    );
    for (name, why) in SKIPPED {
        eprintln!("  skipped {name}: {why}");
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
