//! The scenarios under `scenarios/`, their files built into every binary that
//! reads them (the CLI, both wasm modules), so that all share one source.
//! Their compiled code is `overhead-bench`'s (`bundled::types`), in the same
//! order; code that reads only the files links none of it.

use crate::{Error, Scenario};

/// A bundled scenario's files, as `build.rs` found them.
pub struct Bundled {
    pub name: &'static str,
    /// `scenario.toml`, as JSON (`build.rs` converts it).
    pub manifest: &'static str,
    pub schema: &'static str,
    pub inputs: &'static [(&'static str, &'static str)],
    /// Its position in `BUNDLED` (and in the compiled table of `overhead-bench`).
    pub index: usize,
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

impl Bundled {
    pub fn scenario(&self) -> Result<Scenario, Error> {
        let inputs = self
            .inputs
            .iter()
            .map(|(name, text)| (name.to_string(), text.to_string()))
            .collect();
        Scenario::from_json_parts(self.name, self.manifest, self.schema, inputs)
    }
}

/// Every bundled scenario, parsed.
pub fn scenarios() -> Result<Vec<Scenario>, Error> {
    BUNDLED.iter().map(Bundled::scenario).collect()
}

/// The bundled scenario whose definitions `scenario` has, unchanged.
pub fn matching(scenario: &Scenario) -> Option<&'static Bundled> {
    let schema = normalise(&scenario.schema);
    BUNDLED.iter().find(|b| normalise(b.schema) == schema)
}

/// Line endings and trailing blanks do not change what definitions mean.
fn normalise(schema: &str) -> String {
    let mut out = String::with_capacity(schema.len());
    for line in schema.trim().lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
