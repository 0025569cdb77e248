//! Definitions that flatten, as compiled code built on demand runs them: a
//! flattened struct with rules (`nested`) is validated while decoding as the
//! interpreter validates it, and a field declared after the flattened one,
//! which serde_fast_flatten's derive refuses, leaves out that peer alone.

use std::path::PathBuf;
use std::process::{Command, Output};

use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use serde_json::Value as Json;

mod verdict;
use verdict::interpreted;

/// A webhook: the delivery's keys flattened in beside the envelope's, with
/// rules the envelope asks for, and `created` declared after it; the event's
/// kind an enum (the flatten forms derive serde's for it).
const SCHEMA: &str = r#"use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct Event {
    #[validate(length(min = 5))]
    pub id: String,
    #[serde(rename = "type")]
    pub kind: Kind,
    #[serde(flatten)]
    #[validate(nested)]
    pub delivery: Delivery,
    #[validate(range(min = 1))]
    pub created: u64,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    ChargeSucceeded,
    ChargeRefunded,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct Delivery {
    #[validate(range(min = 1, max = 10))]
    pub attempt: u32,
    #[validate(length(min = 3))]
    pub endpoint: String,
}
"#;

const VALID: &str = r#"{"id":"evt_12345","type":"charge_succeeded","attempt":1,"endpoint":"https://a.b/c","created":9}"#;
/// Only the flattened struct's rules break.
const INVALID: &str =
    r#"{"id":"evt_12345","type":"charge_refunded","attempt":0,"endpoint":"x","created":9}"#;

fn overhead(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_overhead"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the overhead binary runs")
}

/// The document in a folder of its own; the caller removes the folder.
fn document(name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("overhead-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let doc = serde_json::json!({
        "version": 1, "title": name, "schema": SCHEMA, "root": "Event",
        "inputs": { "valid": VALID, "invalid": INVALID },
        "variants": ["de+validate", "validate-on-de", "validate-on-de/fail-fast", "de/fast-flatten"],
    });
    let path = dir.join("doc.json");
    std::fs::write(&path, doc.to_string()).expect("write doc");
    (dir, path)
}

#[test]
fn a_peer_rustc_refuses_is_left_out_and_ours_and_the_other_peer_run() {
    let (dir, path) = document("flatten-peer");
    let out = overhead(&[
        "run",
        path.to_str().expect("utf-8"),
        "--json",
        "--iterations",
        "300",
        "--runs",
        "3",
        "--warmup",
        "30",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: Json = serde_json::from_slice(&out.stdout).expect("JSON");
    let rows = report["results"].as_array().expect("rows");
    let outcome = |variant: &str, engine: &str, input: &str| -> Option<String> {
        rows.iter()
            .find(|r| r["variant"] == variant && r["engine"] == engine && r["input"] == input)
            .map(|r| r["outcome"].as_str().unwrap_or_default().to_owned())
    };
    for variant in ["de+validate", "validate-on-de", "validate-on-de/fail-fast"] {
        for (input, expected) in [("valid", "ok"), ("invalid", "invalid")] {
            assert_eq!(
                outcome(variant, "compiled", input).as_deref(),
                Some(expected),
                "{variant} {input}: {report}"
            );
            assert_eq!(
                outcome(variant, "interpreted", input).as_deref(),
                Some(expected),
                "{variant} {input}"
            );
        }
    }
    for input in ["valid", "invalid"] {
        assert_eq!(
            outcome("de/fast-flatten", "compiled", input).as_deref(),
            Some("ok"),
            "{input}"
        );
    }
    // The dialect's peer still runs; serde_fast_flatten's is left out, saying why.
    assert_eq!(
        outcome("de+validate", "peer:validator", "invalid").as_deref(),
        Some("invalid")
    );
    assert!(
        !rows
            .iter()
            .any(|r| r["engine"] == "peer:serde_fast_flatten"),
        "{report}"
    );
    let notes = report["notes"].to_string();
    assert!(
        notes.contains(
            "peers: serde_fast_flatten's derive refuses these definitions, so it is not timed (error: "
        ),
        "{notes}"
    );
    assert!(!notes.contains("validator's derive refuses"), "{notes}");
}

#[test]
fn a_flattened_struct_is_validated_as_the_interpreter_validates_it() {
    let engine = Interpreter::new(SCHEMA, Some("Event")).expect("runs");
    let mut texts: Vec<String> = [
        VALID,
        INVALID,
        r#"{"id":"evt","type":"charge_succeeded","attempt":0,"endpoint":"x","created":0}"#,
        r#"{"created":0,"endpoint":"x","attempt":11,"type":"charge_refunded","id":"evt_12345"}"#,
        r#"{"id":"evt_12345","type":"charge_succeeded","attempt":1,"created":9}"#,
        r#"{"id":"evt_12345","type":"charge","attempt":1,"endpoint":"https://a.b/c","created":9}"#,
    ]
    .map(str::to_owned)
    .into();
    let mut generator = Generator::new(engine.plan(), 0xF1A7);
    for _ in 0..20 {
        texts.push(engine.to_json(&generator.valid()).expect("writes"));
    }
    for target in generator.targets() {
        if let Some(value) = generator.violating(target) {
            texts.push(engine.to_json(&value).expect("writes"));
        }
    }
    let (dir, path) = document("flatten-verdicts");
    let texts_file = dir.join("texts.json");
    std::fs::write(&texts_file, serde_json::to_string(&texts).expect("texts")).expect("texts");
    let out = overhead(&[
        "verdicts",
        path.to_str().expect("utf-8"),
        texts_file.to_str().expect("utf-8"),
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: Json = serde_json::from_slice(&out.stdout).expect("verdicts");
    let compiled: Vec<Json> =
        serde_json::from_value(answer["compiled"].clone()).expect("our verdicts");
    assert_eq!(compiled.len(), texts.len());
    for (text, compiled) in texts.iter().zip(&compiled) {
        assert_eq!(*compiled, interpreted(&engine, text), "on {text}");
    }
    // The flattened struct's violations are under its field, in both.
    assert_eq!(
        compiled[1]["on_de"]["invalid"],
        serde_json::json!(["delivery.attempt:range", "delivery.endpoint:length"])
    );
    assert_eq!(
        compiled[1]["fail_fast"]["invalid"],
        serde_json::json!(["delivery.attempt:range"])
    );
}
