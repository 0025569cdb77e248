//! The bundled scenarios' compiled code, which `build.rs` generates from
//! each `scenarios/<name>/schema.rs` through `overhead-codegen`; their files
//! are `overhead-contract`'s.

pub use overhead_contract::bundled::{BUNDLED, Bundled, matching, scenarios};

use crate::Error;
use crate::Scenario;
use crate::compiled::CompiledType;
use crate::prepare::CompiledCode;

include!(concat!(env!("OUT_DIR"), "/compiled.rs"));

/// The bundled scenarios' compiled code, for their definitions unchanged.
pub struct BundledCode;

impl CompiledCode for BundledCode {
    fn root(&self, scenario: &Scenario) -> Option<Result<&'static dyn CompiledType, Error>> {
        matching(scenario).map(|_| compiled_root(scenario))
    }

    fn hand_written_peers(&self, scenario: &Scenario) -> Option<crate::prepare::HandWritten> {
        matching(scenario).and_then(|b| crate::peers::jobs_of(b.name))
    }

    fn unavailable(&self) -> Error {
        Error::Run(
            "the compiled engine has code only for the bundled scenarios' definitions, and \
             these definitions differ from all of them; the interpreted engine runs any \
             definition"
                .into(),
        )
    }

    fn unavailable_note(&self) -> String {
        "the definitions differ from the bundled scenarios', so only the interpreted engine runs them here: compiled code and peers for any definitions are built on demand with cargo, for this page by the local server (`npm start`) and natively by the CLI (`overhead run`) and \"Run natively\"".to_owned()
    }
}

/// Every struct and enum of a bundled scenario's schema, in source order, with
/// its compiled code.
pub fn types(bundled: &Bundled) -> &'static [(&'static str, &'static dyn CompiledType)] {
    COMPILED[bundled.index]
}

/// The compiled code for `scenario`'s definitions and root type, if this build has it:
/// only a bundled scenario's definitions, unchanged, have compiled code.
pub fn compiled_root(scenario: &Scenario) -> Result<&'static dyn CompiledType, Error> {
    let bundled = matching(scenario).ok_or_else(|| {
        Error::Run(
            "the compiled engine has code only for the bundled scenarios' definitions, and \
             these definitions differ from all of them; the interpreted engine runs any \
             definition"
                .into(),
        )
    })?;
    let root = crate::root::of(scenario).unwrap_or_else(|| {
        types(bundled)
            .first()
            .map(|(name, _)| (*name).to_owned())
            .unwrap_or_default()
    });
    types(bundled)
        .iter()
        .find(|(name, _)| *name == root)
        .map(|(_, ty)| *ty)
        .ok_or_else(|| {
            let names: Vec<&str> = types(bundled).iter().map(|(n, _)| *n).collect();
            Error::Run(format!(
                "root `{root}` is not defined; the definitions define: {}",
                names.join(", ")
            ))
        })
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
