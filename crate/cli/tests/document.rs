//! `overhead document`: a scenario folder as the one JSON document the page and
//! the site's scenario catalog read.

use std::path::{Path, PathBuf};
use std::process::Output;

fn overhead(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_overhead"))
        .args(args)
        .output()
        .expect("the overhead binary runs")
}

/// A scenario folder named `name` in a temporary folder of its own; the
/// caller removes `.0`.
fn folder(name: &str, manifest: &str) -> (PathBuf, PathBuf) {
    let base =
        std::env::temp_dir().join(format!("overhead-document-{name}-{}", std::process::id()));
    let dir = base.join(name);
    std::fs::create_dir_all(dir.join("inputs")).expect("temp dir");
    std::fs::write(dir.join("scenario.toml"), manifest).expect("manifest");
    std::fs::write(
        dir.join("schema.rs"),
        "#[derive(Deserialize, Validate)]\r\npub struct Note {\n    #[validate(length(min = 1))]\n    pub text: String,\n}\n",
    )
    .expect("schema");
    std::fs::write(dir.join("inputs/zeta.json"), "{\"text\":\"z\"}").expect("input");
    std::fs::write(dir.join("inputs/valid.json"), "{\"text\":\"a\"}\n").expect("input");
    std::fs::write(dir.join("inputs/notes.txt"), "not an input").expect("other file");
    (base, dir)
}

fn document_of(path: &Path) -> serde_json::Value {
    let out = overhead(&["document", path.to_str().expect("utf-8 path")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON document")
}

#[test]
fn a_folder_prints_as_its_document_named_after_the_folder() {
    let manifest = "title = \"Notes\"\nsummary = \"One *field*.\"\nroot = \"Note\"\nvariants = [\"de\", \"validate-on-de\"]\ndata = \"random\"\n[settings]\nruns = 3\n";
    let (base, dir) = folder("my-notes", manifest);
    let doc = document_of(&dir);
    let schema = std::fs::read_to_string(dir.join("schema.rs")).expect("schema");
    assert_eq!(
        doc,
        serde_json::json!({
            "version": 1,
            "name": "my-notes",
            "title": "Notes",
            "summary": "One *field*.",
            "root": "Note",
            "schema": schema,
            "inputs": { "valid": "{\"text\":\"a\"}\n", "zeta": "{\"text\":\"z\"}" },
            "variants": ["de", "validate-on-de"],
            "settings": { "iterations": 500000, "runs": 3, "warmup": 50000 },
            "data": "random",
        })
    );
    // The document reads back as the same scenario.
    let file = base.join("doc.json");
    std::fs::write(&file, doc.to_string()).expect("write");
    let again = document_of(&file);
    std::fs::remove_dir_all(&base).ok();
    assert_eq!(again, doc);
}

#[test]
fn a_folder_that_is_not_a_scenario_is_an_error_naming_the_file() {
    let (base, dir) = folder("broken", "titel = \"typo\"\n");
    let out = overhead(&["document", dir.to_str().expect("utf-8 path")]);
    std::fs::remove_dir_all(&base).ok();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("broken/scenario.toml") && err.contains("titel"),
        "{err}"
    );
}
