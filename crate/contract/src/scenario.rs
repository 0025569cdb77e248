//! Scenarios: a folder under `scenarios/` or the one-document JSON form that share
//! links and downloads hold (DESIGN.md, "Scenario").

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::{Data, Error, Report, Settings, Variant};

/// A scenario, whichever form it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub title: String,
    /// Markdown.
    pub summary: String,
    /// The type to decode; the first item of `schema` when absent.
    pub root: Option<String>,
    /// Rust struct and enum definitions, as a user writes them.
    pub schema: String,
    /// `valid` and `invalid` first, then the rest by name.
    pub inputs: Vec<Input>,
    pub variants: Vec<Variant>,
    pub settings: Settings,
    pub data: Data,
    /// Each operation handles a JSON array of this many copies of the input value
    /// (seed 003's workload: 1,000 values serialized once, then timed).
    pub repeat: Option<u32>,
    /// Results carried by a document (a shared run).
    pub results: Option<Report>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    pub name: String,
    /// One JSON document.
    pub text: String,
}

/// `scenario.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    title: String,
    #[serde(default)]
    summary: String,
    root: Option<String>,
    #[serde(default)]
    variants: Vec<Variant>,
    #[serde(default)]
    settings: Settings,
    #[serde(default)]
    data: Data,
    repeat: Option<u32>,
}

/// The one-document form.
#[derive(Debug, Serialize, Deserialize)]
pub struct Document {
    pub version: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub title: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    pub schema: String,
    pub inputs: BTreeMap<String, String>,
    #[serde(default)]
    pub variants: Vec<Variant>,
    #[serde(default)]
    pub settings: Settings,
    #[serde(default)]
    pub data: Data,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeat: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Report>,
}

/// Documents come from links and uploads: cap them before parsing.
pub const MAX_DOCUMENT_BYTES: usize = 4 << 20;
const DOCUMENT_VERSION: u32 = 1;

impl Scenario {
    /// Reads `scenarios/<name>/`: `scenario.toml`, `schema.rs`, `inputs/*.json`.
    pub fn from_folder(dir: &Path) -> Result<Scenario, Error> {
        let read = |path: &Path| {
            fs::read_to_string(path)
                .map_err(|e| Error::Scenario(format!("cannot read {}: {e}", path.display())))
        };
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "scenario".to_owned());
        let manifest = read(&dir.join("scenario.toml"))?;
        let schema = read(&dir.join("schema.rs"))?;
        let inputs_dir = dir.join("inputs");
        let entries = fs::read_dir(&inputs_dir)
            .map_err(|e| Error::Scenario(format!("cannot read {}: {e}", inputs_dir.display())))?;
        let mut inputs = Vec::new();
        for entry in entries {
            let path = entry
                .map_err(|e| Error::Scenario(format!("cannot read {}: {e}", inputs_dir.display())))?
                .path();
            if path.extension().is_some_and(|e| e == "json") {
                let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                inputs.push((stem.unwrap_or_default(), read(&path)?));
            }
        }
        Scenario::from_parts(&name, &manifest, &schema, inputs)
    }

    /// Builds a scenario from the texts of its files.
    pub fn from_parts(
        name: &str,
        manifest: &str,
        schema: &str,
        inputs: Vec<(String, String)>,
    ) -> Result<Scenario, Error> {
        let m: Manifest = toml::from_str(manifest)
            .map_err(|e| Error::Scenario(format!("{name}/scenario.toml: {e}")))?;
        Scenario::from_manifest(name, m, schema, inputs)
    }

    /// [`from_parts`](Scenario::from_parts) with the manifest as JSON: how
    /// `build.rs` embeds a bundled scenario's, so that code reading only the
    /// bundled scenarios (the page's analyzer module) carries no TOML parser.
    pub fn from_json_parts(
        name: &str,
        manifest: &str,
        schema: &str,
        inputs: Vec<(String, String)>,
    ) -> Result<Scenario, Error> {
        let m: Manifest = serde_json::from_str(manifest)
            .map_err(|e| Error::Scenario(format!("{name}/scenario.toml: {e}")))?;
        Scenario::from_manifest(name, m, schema, inputs)
    }

    fn from_manifest(
        name: &str,
        m: Manifest,
        schema: &str,
        inputs: Vec<(String, String)>,
    ) -> Result<Scenario, Error> {
        Ok(Scenario {
            name: name.to_owned(),
            title: m.title,
            summary: m.summary,
            root: m.root,
            schema: schema.to_owned(),
            inputs: ordered_inputs(inputs)?,
            variants: m.variants,
            settings: m.settings,
            data: m.data,
            repeat: checked_repeat(m.repeat)?,
            results: None,
        })
    }

    /// Parses the one-document form; `text` is untrusted.
    pub fn from_document(text: &str) -> Result<Scenario, Error> {
        if text.len() > MAX_DOCUMENT_BYTES {
            return Err(Error::Scenario(format!(
                "the document is {} bytes; the limit is {MAX_DOCUMENT_BYTES}",
                text.len()
            )));
        }
        let doc: Document =
            serde_json::from_str(text).map_err(|e| Error::Scenario(format!("document: {e}")))?;
        Scenario::try_from(doc)
    }

    pub fn to_document(&self) -> Document {
        Document {
            version: DOCUMENT_VERSION,
            name: Some(self.name.clone()),
            title: self.title.clone(),
            summary: self.summary.clone(),
            root: self.root.clone(),
            schema: self.schema.clone(),
            inputs: self
                .inputs
                .iter()
                .map(|i| (i.name.clone(), i.text.clone()))
                .collect(),
            variants: self.variants.clone(),
            settings: self.settings,
            data: self.data,
            repeat: self.repeat,
            results: self.results.clone(),
        }
    }

    pub fn input(&self, name: &str) -> Option<&Input> {
        self.inputs.iter().find(|i| i.name == name)
    }
}

impl TryFrom<Document> for Scenario {
    type Error = Error;

    fn try_from(doc: Document) -> Result<Scenario, Error> {
        if doc.version != DOCUMENT_VERSION {
            return Err(Error::Scenario(format!(
                "document version {} is not supported (this build reads version {DOCUMENT_VERSION})",
                doc.version
            )));
        }
        let name = match doc.name {
            Some(name) => check_name("name", name)?,
            None => slug(&doc.title),
        };
        Ok(Scenario {
            name,
            title: doc.title,
            summary: doc.summary,
            root: doc.root,
            schema: doc.schema,
            inputs: ordered_inputs(doc.inputs.into_iter().collect())?,
            variants: doc.variants,
            settings: doc.settings,
            data: doc.data,
            repeat: checked_repeat(doc.repeat)?,
            results: doc.results,
        })
    }
}

/// The largest `repeat`: a million copies of even a small value is hundreds of MB.
pub const MAX_REPEAT: u32 = 100_000;

fn checked_repeat(repeat: Option<u32>) -> Result<Option<u32>, Error> {
    match repeat {
        Some(0) => Err(Error::Scenario("`repeat` must be at least 1".into())),
        Some(n) if n > MAX_REPEAT => Err(Error::Scenario(format!(
            "`repeat` is {n}; the limit is {MAX_REPEAT}"
        ))),
        other => Ok(other),
    }
}

/// Input and scenario names appear in tables, file names and URLs: keep them plain.
fn check_name(what: &str, name: String) -> Result<String, Error> {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if name.is_empty() || name.len() > 64 || !name.chars().all(plain) {
        return Err(Error::Scenario(format!(
            "{what} {name:?} must be 1–64 letters, digits, '-' or '_'"
        )));
    }
    Ok(name)
}

fn ordered_inputs(inputs: Vec<(String, String)>) -> Result<Vec<Input>, Error> {
    if inputs.is_empty() {
        return Err(Error::Scenario(
            "a scenario needs at least one input".into(),
        ));
    }
    let mut inputs = inputs
        .into_iter()
        .map(|(name, text)| {
            Ok(Input {
                name: check_name("input name", name)?,
                text,
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    let rank = |name: &str| match name {
        "valid" => 0,
        "invalid" => 1,
        _ => 2,
    };
    inputs.sort_by(|a, b| (rank(&a.name), &a.name).cmp(&(rank(&b.name), &b.name)));
    Ok(inputs)
}

fn slug(title: &str) -> String {
    let mut slug = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 64 {
            break;
        }
    }
    let slug = slug.trim_end_matches('-');
    if slug.is_empty() {
        "scenario".to_owned()
    } else {
        slug.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "title = \"T\"\nvariants = [\"de\"]\n[settings]\nruns = 3\n";

    fn parts(inputs: &[(&str, &str)]) -> Result<Scenario, Error> {
        let inputs = inputs
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        Scenario::from_parts("s", MANIFEST, "struct A { x: u8 }", inputs)
    }

    #[test]
    fn inputs_are_ordered_valid_invalid_then_by_name() {
        let s = parts(&[
            ("zeta", "1"),
            ("invalid", "2"),
            ("alpha", "3"),
            ("valid", "4"),
        ])
        .expect("ok");
        let names: Vec<_> = s.inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["valid", "invalid", "alpha", "zeta"]);
        assert_eq!(
            s.settings,
            Settings {
                runs: 3,
                ..Settings::SEED
            }
        );
    }

    #[test]
    fn manifest_errors_name_the_file() {
        let err = Scenario::from_parts("s", "titel = 1", "", vec![("valid".into(), "1".into())])
            .expect_err("typo")
            .to_string();
        assert!(
            err.contains("s/scenario.toml") && err.contains("titel"),
            "{err}"
        );
    }

    #[test]
    fn document_round_trip() {
        let s = parts(&[("valid", "{}")]).expect("ok");
        let text = serde_json::to_string(&s.to_document()).expect("serialises");
        assert_eq!(Scenario::from_document(&text).expect("parses"), s);
    }

    #[test]
    fn hostile_documents_are_refused_with_a_reason() {
        let cases = [
            (
                r#"{"version":2,"title":"t","schema":"","inputs":{"v":"1"}}"#,
                "version 2",
            ),
            (
                r#"{"version":1,"title":"t","schema":"","inputs":{"<img>":"1"}}"#,
                "input name",
            ),
            (
                r#"{"version":1,"title":"t","schema":"","inputs":{}}"#,
                "at least one input",
            ),
            (r#"{"version":1,"title":5}"#, "document:"),
        ];
        for (doc, expected) in cases {
            let err = Scenario::from_document(doc).expect_err(doc).to_string();
            assert!(err.contains(expected), "{doc}: {err}");
        }
        let big = "x".repeat(MAX_DOCUMENT_BYTES + 1);
        assert!(
            Scenario::from_document(&big)
                .expect_err("big")
                .to_string()
                .contains("limit")
        );
    }

    #[test]
    fn a_document_without_a_name_is_named_after_its_title() {
        let doc =
            r#"{"version":1,"title":"User signup: seed 000!","schema":"","inputs":{"valid":"1"}}"#;
        assert_eq!(
            Scenario::from_document(doc).expect("ok").name,
            "user-signup-seed-000"
        );
    }
}
