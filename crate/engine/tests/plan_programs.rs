//! The plan compiled for postcard reads what the plan's seed reads: the same
//! value from the same bytes, and the same error from bytes cut short or
//! corrupted; and its writer writes the bytes `Typed` writes. For every paste
//! of the corpora (their roots, values generated from their definitions) and
//! the bundled scenarios.

use std::path::{Path, PathBuf};

use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use overhead_engine::{Flatten, Value};

/// Definitions with their root, from `tests/<folder>/` (each `.json` names
/// its `.rs`'s root) and the scenarios.
fn pastes() -> Vec<(String, String, String)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for folder in ["real_world", "unseen_pastes", "shipped_pastes"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(manifest.join("tests").join(folder))
            .expect("the folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for json in files {
            let meta: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&json).expect("read")).expect("json");
            let (Some(root), Ok(schema)) = (
                meta["root"].as_str(),
                std::fs::read_to_string(json.with_extension("rs")),
            ) else {
                continue;
            };
            out.push((json.display().to_string(), schema, root.to_owned()));
        }
    }
    for scenario in ["user-signup", "api-payload", "car", "nested-flatten"] {
        let dir = manifest.join("../../scenarios").join(scenario);
        let toml = std::fs::read_to_string(dir.join("scenario.toml")).expect("scenario.toml");
        let root = toml
            .lines()
            .find_map(|l| l.strip_prefix("root = \""))
            .and_then(|r| r.strip_suffix('"'))
            .expect("a root");
        let schema = std::fs::read_to_string(dir.join("schema.rs")).expect("schema.rs");
        out.push((scenario.to_owned(), schema, root.to_owned()));
    }
    out
}

/// The two readers on `bytes`: the same value, or errors of the same kind
/// (postcard's error is its kind alone).
fn agree(engine: &Interpreter, bytes: &[u8], what: &str) {
    let program = engine.read_postcard(bytes);
    let seed = engine.read(&mut postcard::Deserializer::from_bytes(bytes));
    // By their `Debug` form: a NaN is the same NaN.
    assert_eq!(
        format!("{program:?}"),
        format!("{seed:?}"),
        "{what}: {bytes:?}"
    );
}

/// Every cut of `bytes` and, for each byte, the corruptions that move a
/// varint, a tag or a length the most.
fn agree_when_damaged(engine: &Interpreter, bytes: &[u8], what: &str) {
    for end in 0..bytes.len() {
        agree(engine, &bytes[..end], what);
    }
    let mut damaged = bytes.to_vec();
    for i in 0..bytes.len() {
        for corrupt in [0x00, 0x01, 0x02, 0x7f, 0x80, 0xff, bytes[i].wrapping_add(1)] {
            damaged[i] = corrupt;
            agree(engine, &damaged, what);
        }
        damaged[i] = bytes[i];
    }
}

#[test]
fn the_program_reads_what_the_seed_reads() {
    let mut read = 0;
    for (name, schema, root) in pastes() {
        let completion = overhead_engine::assume::complete(&schema, Some(&root), &[]);
        for flatten in [Flatten::Serde, Flatten::Fast] {
            let Ok(engine) = Interpreter::with_flatten(&completion.text, Some(&root), flatten)
            else {
                continue;
            };
            let mut generator = Generator::new(engine.plan(), 11);
            for n in 0..6 {
                let value: Value = generator.valid();
                // The plan's writer writes what `Typed` writes, or fails
                // alike, in a sequence format and in a text one.
                let typed = postcard::to_allocvec(&engine.typed(&value));
                assert_eq!(
                    postcard::to_allocvec(&engine.written(&value)),
                    typed,
                    "{name} ({root}, {flatten:?}): written"
                );
                assert_eq!(
                    serde_json::to_string(&engine.written(&value)).ok(),
                    serde_json::to_string(&engine.typed(&value)).ok(),
                    "{name} ({root}, {flatten:?}): written as JSON"
                );
                let Ok(bytes) = typed else {
                    continue;
                };
                let what = format!("{name} ({root}, {flatten:?}, value {n})");
                agree(&engine, &bytes, &what);
                if n < 2 {
                    agree_when_damaged(&engine, &bytes, &what);
                }
                read += 1;
            }
        }
    }
    // Most pastes write to postcard (serde's flatten and `deserialize_any`
    // do not): the test must have read many.
    assert!(read > 1000, "only {read} values were written to postcard");
}

#[test]
fn the_bundled_car_reads_back_by_the_program() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/car");
    let schema = std::fs::read_to_string(dir.join("schema.rs")).expect("schema");
    let input = std::fs::read_to_string(dir.join("inputs/valid.json")).expect("input");
    let engine = Interpreter::new(&schema, Some("Car")).expect("a plan");
    let value = engine.decode(&input).expect("decodes");
    let bytes = postcard::to_allocvec(&engine.typed(&value)).expect("writes");
    assert_eq!(engine.read_postcard(&bytes).expect("reads"), value);
    agree_when_damaged(&engine, &bytes, "car");
}
