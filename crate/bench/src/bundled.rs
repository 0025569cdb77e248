//! The scenarios under `scenarios/`, built into the binary with their compiled
//! code, so the CLI, the wasm module and the page share one source.

use crate::compiled::CompiledType;
use crate::{Error, Scenario};

/// A bundled scenario's files and compiled types, as `build.rs` found them.
pub struct Bundled {
    pub name: &'static str,
    /// `scenario.toml`, as JSON (`build.rs` converts it).
    pub manifest: &'static str,
    pub schema: &'static str,
    pub inputs: &'static [(&'static str, &'static str)],
    /// Its position in `BUNDLED` and in `COMPILED`.
    index: usize,
}

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

impl Bundled {
    /// Every struct and enum of `schema`, in source order, with its compiled code.
    pub fn types(&self) -> &'static [(&'static str, &'static dyn CompiledType)] {
        COMPILED[self.index]
    }

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

/// The compiled code for `scenario`'s definitions and root type, if this build has it:
/// only a bundled scenario's definitions, unchanged, have compiled code.
pub fn compiled_root(scenario: &Scenario) -> Result<&'static dyn CompiledType, Error> {
    let schema = normalise(&scenario.schema);
    let bundled = BUNDLED
        .iter()
        .find(|b| normalise(b.schema) == schema)
        .ok_or_else(|| {
            Error::Run(
                "the compiled engine has code only for the bundled scenarios' definitions, and \
             these definitions differ from all of them; the interpreted engine runs any \
             definition"
                    .into(),
            )
        })?;
    let root = match &scenario.root {
        Some(root) => root.as_str(),
        None => bundled
            .types()
            .first()
            .map(|(name, _)| *name)
            .unwrap_or_default(),
    };
    bundled
        .types()
        .iter()
        .find(|(name, _)| *name == root)
        .map(|(_, ty)| *ty)
        .ok_or_else(|| {
            let names: Vec<&str> = bundled.types().iter().map(|(n, _)| *n).collect();
            Error::Run(format!(
                "root `{root}` is not defined; the definitions define: {}",
                names.join(", ")
            ))
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_scenarios_parse_and_have_compiled_roots() {
        let scenarios = scenarios().expect("bundled scenarios parse");
        assert!(scenarios.iter().any(|s| s.name == "user-signup"));
        for s in &scenarios {
            assert!(compiled_root(s).is_ok(), "{}", s.name);
        }
    }

    #[test]
    fn edited_definitions_have_no_compiled_code() {
        let mut s = scenarios().expect("parse").remove(0);
        s.schema.push_str("\nstruct Extra { x: u8 }\n");
        assert!(compiled_root(&s).is_err());
    }

    #[test]
    fn whitespace_at_line_ends_does_not_count_as_an_edit() {
        let mut s = scenarios().expect("parse").remove(0);
        s.schema = s.schema.replace('\n', "  \r\n");
        assert!(compiled_root(&s).is_ok());
    }

    #[test]
    fn an_unknown_root_lists_the_defined_types() {
        let mut s = scenarios().expect("parse").remove(0);
        s.root = Some("Nope".into());
        let err = compiled_root(&s).err().expect("unknown root").to_string();
        assert!(err.contains("`Nope` is not defined"), "{err}");
    }
}
