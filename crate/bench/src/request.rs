//! What a run asks for: the variants, inputs, engines, settings and data
//! of a scenario to measure (the rest comes from the scenario). Its own
//! module, below both the selection and the benchmark that read it.

use serde::{Deserialize, Serialize};

use crate::{Settings, Variant};

/// What to measure; anything left out comes from the scenario.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunRequest {
    /// The scenario's settings when absent.
    pub settings: Option<Settings>,
    /// The scenario's variants (or every variant) when empty.
    pub variants: Vec<Variant>,
    /// Every input when empty.
    pub inputs: Vec<String>,
    pub engines: Engines,
    /// The scenario's data when absent.
    pub data: Option<crate::Data>,
    /// Also time each rule alone on each input's values (the report's
    /// `breakdown`), when the definitions have rules and a validation variant runs.
    pub breakdown: bool,
}

/// Which engines run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engines {
    /// The derive-generated code only (bundled definitions).
    Compiled,
    /// The interpreter only (any definitions).
    Interpreted,
    /// Both of ours, and every peer crate that implements the scenario; for
    /// edited definitions, the interpreter alone.
    #[default]
    All,
}
