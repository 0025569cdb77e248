//! The real-world corpus (`crate/engine/tests/real_world`) against compiled
//! code built on demand: each case's paste goes, as pasted, through the crate
//! `overhead` builds for a person's definitions (`overhead verdicts`), and the
//! interpreter must agree with it on the case's own three inputs and on inputs
//! generated from the definitions — the decoded value, `de+validate`'s
//! violations (path and code) and validating while decoding, collecting all
//! and failing fast. A paste rustc does not compile as it stands (a type or a
//! crate from elsewhere in its codebase) is listed with rustc's reason; where
//! the paste's own functions decide (custom validators), only decoding is
//! compared, since the interpreter runs no pasted code.

use std::path::{Path, PathBuf};
use std::process::Command;

use overhead_engine::assume::complete;
use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use serde_json::Value as Json;

mod verdict;
use verdict::interpreted;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_corpus_agrees_with_compiled_code_built_on_demand() {
    let folder = workspace().join("crate/engine/tests/real_world");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&folder)
        .expect("the corpus")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    cases.sort();
    let scratch = std::env::temp_dir().join(format!("overhead-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    let (mut agreed, mut decoding_only, mut not_compiled, mut failures) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
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
        let own = vec![
            case["valid"].to_string(),
            case["broken"]["input"].to_string(),
            case["malformed"].as_str().expect("malformed").to_owned(),
        ];
        // The paste completed as `overhead run` completes it for both
        // engines: a type it names and does not define, read as its inputs show.
        let inputs: Vec<&str> = own.iter().map(String::as_str).collect();
        let completed = complete(&paste, Some(root), &inputs).text;
        let Ok(engine) = Interpreter::new(&completed, Some(root)) else {
            not_compiled.push(format!(
                "{name}: the interpreter needs what the paste assumes"
            ));
            continue;
        };
        let mut texts = own;
        let mut generator = Generator::new(engine.plan(), 0x0DD5 ^ n as u64);
        for _ in 0..40 {
            texts.push(engine.to_json(&generator.valid()).expect("writes"));
        }
        for target in generator.targets() {
            if let Some(value) = generator.violating(target) {
                texts.push(engine.to_json(&value).expect("writes"));
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
            not_compiled.push(format!(
                "{name}: {}",
                why.lines().take(2).collect::<Vec<_>>().join(" / ")
            ));
            continue;
        }
        let compiled: Vec<Json> = serde_json::from_slice(&out.stdout).expect("verdicts");
        // The paste's own functions decide some rules: the interpreter does not run them.
        let runs_code = paste.contains("custom(") || paste.contains("function =");
        let mut differs = None;
        for (text, compiled) in texts.iter().zip(&compiled) {
            let ours = interpreted(&engine, text);
            let same = if runs_code {
                compiled["value"] == ours["value"]
            } else {
                *compiled == ours
            };
            if !same {
                differs = Some(format!(
                    "{name} on {text}:\n  compiled    {compiled}\n  interpreted {ours}"
                ));
                break;
            }
        }
        match (differs, runs_code) {
            (Some(why), _) => failures.push(why),
            (None, true) => decoding_only.push(format!("{name} ({} inputs)", texts.len())),
            (None, false) => agreed.push(format!("{name} ({} inputs)", texts.len())),
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    eprintln!(
        "{} of {} corpus cases compiled on demand and agree in every variant, {} more in decoding (their own functions decide rules); {} not compiled as pasted",
        agreed.len(),
        cases.len(),
        decoding_only.len(),
        not_compiled.len()
    );
    for line in agreed.iter().chain(&decoding_only) {
        eprintln!("  agrees: {line}");
    }
    for line in &not_compiled {
        eprintln!("  not compiled: {line}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // 45 of 65 agree and 9 more decode alike when this was written (20 before
    // pastes compiled as their codebase has them): a case that stops
    // compiling is a regression.
    assert!(
        agreed.len() >= 45,
        "only {} cases compiled and agree",
        agreed.len()
    );
    assert!(
        agreed.len() + decoding_only.len() >= 54,
        "only {} cases compiled",
        agreed.len() + decoding_only.len()
    );
}
