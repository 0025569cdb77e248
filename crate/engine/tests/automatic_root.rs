//! "automatic" finds the root a person means. Each request type of the
//! real-world corpus (`tests/real_world/`, modelled on public repositories,
//! with their helper types, enums and use lines as written) is given without
//! its root, with its valid and broken inputs as a person pastes them: the
//! automatic choice must be the corpus's root, and the paste must diagnose as
//! runnable at it, as `overhead check` and `overhead run` then read it.

use overhead_engine::diagnose::diagnose_with;
use overhead_engine::root::automatic;
use serde_json::Value as Json;

struct Case {
    name: String,
    schema: String,
    root: String,
    inputs: Vec<String>,
}

fn corpus() -> Vec<Case> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real_world");
    let mut cases = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the corpus folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    for json in files {
        let meta: Json =
            serde_json::from_str(&std::fs::read_to_string(&json).expect("read")).expect("json");
        let schema = std::fs::read_to_string(json.with_extension("rs")).expect("its definitions");
        let mut inputs = vec![meta["valid"].to_string()];
        if let Some(broken) = meta["broken"].get("input") {
            inputs.push(broken.to_string());
        }
        cases.push(Case {
            name: json
                .file_stem()
                .expect("a name")
                .to_string_lossy()
                .into_owned(),
            schema,
            root: meta["root"].as_str().expect("a root").to_owned(),
            inputs,
        });
    }
    cases
}

#[test]
fn automatic_is_the_root_of_every_request_in_the_corpus() {
    let cases = corpus();
    assert!(cases.len() >= 60, "the corpus has {} cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let inputs: Vec<&str> = case.inputs.iter().map(String::as_str).collect();
        let chosen = automatic(&case.schema, None, &inputs).map(|a| a.name);
        if chosen.as_deref() != Some(case.root.as_str()) {
            wrong.push(format!(
                "{}: chose {chosen:?}, the root is {}",
                case.name, case.root
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        cases.len(),
        wrong.join("\n")
    );
}

#[test]
fn with_the_valid_input_alone_too() {
    for case in corpus() {
        let chosen = automatic(&case.schema, None, &[case.inputs[0].as_str()]).map(|a| a.name);
        assert_eq!(chosen.as_deref(), Some(case.root.as_str()), "{}", case.name);
    }
}

#[test]
fn every_paste_diagnoses_runnable_at_its_automatic_root() {
    for case in corpus() {
        let inputs: Vec<&str> = case.inputs.iter().map(String::as_str).collect();
        let diagnosis = diagnose_with(&case.schema, None, &inputs);
        assert!(
            diagnosis.runnable,
            "{}: {:?}",
            case.name, diagnosis.diagnostics
        );
        assert_eq!(
            diagnosis.automatic.map(|a| a.name).as_deref(),
            Some(case.root.as_str()),
            "{}",
            case.name
        );
        assert!(
            diagnosis.misfits.iter().all(Option::is_none),
            "{}: an input of its own root is marked: {:?}",
            case.name,
            diagnosis.misfits
        );
    }
}
