//! Everything worth telling about definitions as they are typed: the analysis's
//! diagnostics and the planner's (an unknown type, a rule it cannot run, a
//! custom validator it will skip), together and in text order. The editor and
//! `overhead check` show the same list.

use overhead_schema::{Diagnostic, Severity};
use serde::Serialize;

use crate::assume::{Assumed, complete_analyzed};
use crate::plan::Plan;
use crate::root::Automatic;

#[derive(Debug, Serialize)]
pub struct Diagnosis {
    /// The types that can be the root, by name: `User`, `Envelope<User>`.
    pub types: Vec<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the definitions can run (no errors).
    pub runnable: bool,
    /// The types the paste names and does not define, each with the
    /// definition that is assumed (the editor's quick fix inserts it).
    pub assumed: Vec<Assumed>,
    /// The root a run uses when none is named, and why (the picker's
    /// "automatic" says it); `None` when a root is named.
    pub automatic: Option<Automatic>,
    /// For each input, in the order given: why it is not a value of the root
    /// (`root::misfit`), or `None` when it may be (the page marks its tab).
    pub misfits: Vec<Option<String>>,
}

/// [`diagnose_with`] without inputs: an undefined type reads any JSON value.
pub fn diagnose(schema: &str, root: Option<&str>) -> Diagnosis {
    diagnose_with(schema, root, &[])
}

/// The diagnosis of `schema` as it runs against `inputs` (JSON texts): an
/// undefined type takes the form they show.
pub fn diagnose_with(schema: &str, root: Option<&str>, inputs: &[&str]) -> Diagnosis {
    // Each input parsed once: the completion reads the ones that parse, and
    // each is held to the root (the page marks the ones that do not fit).
    let mut values = Vec::with_capacity(inputs.len());
    let parsed: Vec<Result<usize, String>> = inputs
        .iter()
        .map(|text| match serde_json::from_str(text) {
            Ok(value) => {
                values.push(value);
                Ok(values.len() - 1)
            }
            Err(e) => Err(format!("not JSON: {e}")),
        })
        .collect();
    // The completed text's analysis, made by the completion.
    let (completion, analysis) = complete_analyzed(schema, root, &values);
    // Checked at the root a run would use.
    let root = root.or(completion.root.as_ref().map(|a| a.name.as_str()));
    // What can be the root: each definition, a generic one at the arguments
    // the definitions (or the root) give it.
    let instances = crate::generic::instantiate(&analysis.types, root);
    let types = instances
        .types
        .iter()
        .zip(instances.keys)
        .filter(|(t, _)| t.type_params.is_empty())
        .map(|(_, key)| key)
        .filter(|name| {
            completion.assumed.iter().all(|a| a.name != *name) && !completion.known.contains(name)
        })
        .collect();
    let mut diagnostics = analysis.diagnostics.clone();
    diagnostics.extend(completion.warnings().cloned());
    match Plan::check(&analysis, root) {
        Ok(notes) => diagnostics.extend(notes),
        Err(errors) => {
            for d in errors.0 {
                if !diagnostics.contains(&d) {
                    diagnostics.push(d);
                }
            }
        }
    }
    diagnostics.sort_by_key(|d| (d.line, d.column));
    let runnable =
        !analysis.types.is_empty() && diagnostics.iter().all(|d| d.severity != Severity::Error);
    let misfits = match root {
        Some(root) if runnable => parsed
            .into_iter()
            .map(|input| match input {
                Ok(at) => crate::root::misfit(&analysis.types, root, &values[at]),
                Err(not_json) => Some(not_json),
            })
            .collect(),
        _ => vec![None; inputs.len()],
    };
    Diagnosis {
        types,
        diagnostics,
        runnable,
        assumed: completion.assumed,
        automatic: completion.root,
        misfits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(schema: &str) -> Vec<(usize, String)> {
        diagnose(schema, None)
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| (d.line, d.message))
            .collect()
    }

    #[test]
    fn a_broken_pattern_is_reported_once_at_its_line() {
        let errors =
            errors("struct A {\n    #[validate(regex(pattern = \"[a-\"))]\n    code: String,\n}\n");
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, 2);
        assert!(
            errors[0].1.starts_with("invalid regular expression"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_broken_static_pattern_is_reported_without_building_it() {
        let errors = errors(
            "static CODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(\"(\").unwrap());\n\
             struct A {\n    #[validate(regex(path = *CODE))]\n    code: String,\n}\n",
        );
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0]
                .1
                .contains("the static regex `CODE` does not compile"),
            "{errors:?}"
        );
    }

    #[test]
    fn a_valid_pattern_leaves_the_definitions_runnable() {
        let diagnosis = diagnose(
            "struct A {\n    #[garde(pattern(r\"^\\p{Greek}+$\"))]\n    name: String,\n}\n",
            None,
        );
        assert!(diagnosis.runnable, "{:?}", diagnosis.diagnostics);
    }
}
