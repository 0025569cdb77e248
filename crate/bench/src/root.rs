//! The root a scenario runs at: the one it names, else the automatic choice
//! (`overhead_engine::root`) for its definitions and inputs. Every engine asks
//! here, so compiled code, its peers and the interpreter decode the same type.

use crate::Scenario;

/// The root type's name, or `None` when the definitions define no concrete type.
pub fn of(scenario: &Scenario) -> Option<String> {
    if let Some(root) = &scenario.root {
        return Some(root.clone());
    }
    let texts: Vec<&str> = scenario.inputs.iter().map(|i| i.text.as_str()).collect();
    overhead_engine::root::automatic(&scenario.schema, None, &texts).map(|a| a.name)
}
