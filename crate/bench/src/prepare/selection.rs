//! What a run measures: the definitions as they run (the paste completed with
//! what it may assume), the settings, the variants, the inputs and the data.

use std::borrow::Cow;

use crate::benchmark::RunRequest;
use crate::variant::Family;
use crate::{Data, Error, Input, Scenario, Settings, Variant, interpreted};

/// How many values a random-data job cycles through, and the seed that makes
/// them the same on every machine.
const POOL: usize = 64;
const POOL_SEED: u64 = 0x0001_5EED;

pub struct Selection<'a> {
    /// The scenario with its definitions completed (`assume::complete`).
    pub scenario: Cow<'a, Scenario>,
    pub settings: Settings,
    pub variants: Vec<Variant>,
    /// Whether the variants are the request's (asked for by name).
    pub asked: bool,
    /// The requested inputs' names, or every input.
    pub inputs: Vec<String>,
    pub data: Data,
    /// With `data = "random"`: the values every engine decodes, as JSON.
    pub pool: Vec<String>,
    /// What was assumed of the paste, one note each.
    pub notes: Vec<String>,
}

impl<'a> Selection<'a> {
    pub fn of(scenario: &'a Scenario, request: &RunRequest) -> Result<Selection<'a>, Error> {
        // Types the paste names and does not define are read in the form the
        // inputs show (each assumption a note): the definitions still run.
        let texts: Vec<&str> = scenario.inputs.iter().map(|i| i.text.as_str()).collect();
        let completion =
            overhead_engine::assume::complete(&scenario.schema, scenario.root.as_deref(), &texts);
        let notes = completion
            .warnings()
            .map(|d| format!("assumed: {d}"))
            .collect();
        let scenario = if completion.text == scenario.schema {
            Cow::Borrowed(scenario)
        } else {
            Cow::Owned(Scenario {
                schema: completion.text,
                ..scenario.clone()
            })
        };
        let settings = request.settings.unwrap_or(scenario.settings);
        settings.validate()?;
        let variants = match (&request.variants[..], &scenario.variants[..]) {
            ([], []) => Variant::DEFAULT.to_vec(),
            ([], from_scenario) => from_scenario.to_vec(),
            (requested, _) => requested.to_vec(),
        };
        let inputs = if request.inputs.is_empty() {
            scenario.inputs.iter().map(|i| i.name.clone()).collect()
        } else {
            for name in &request.inputs {
                if scenario.input(name).is_none() {
                    let known: Vec<&str> =
                        scenario.inputs.iter().map(|i| i.name.as_str()).collect();
                    return Err(Error::Run(format!(
                        "no input named `{name}`; the scenario has: {}",
                        known.join(", ")
                    )));
                }
            }
            request.inputs.clone()
        };
        let data = request.data.unwrap_or(scenario.data);
        let pool = match data {
            Data::Random => random_pool(&scenario)?,
            Data::Serial => Vec::new(),
        };
        Ok(Selection {
            settings,
            variants,
            asked: !request.variants.is_empty(),
            inputs,
            data,
            pool,
            notes,
            scenario,
        })
    }

    /// The inputs to run, in the scenario's order of the names.
    pub fn inputs(&self) -> Vec<&Input> {
        self.inputs
            .iter()
            .filter_map(|name| self.scenario.input(name))
            .collect()
    }

    /// Why `variant` cannot run here: `Ok(Some(note))` skips it (a variant the
    /// scenario lists), `Err` refuses it (one the user asked for by name).
    pub fn unsupported(&self, variant: Variant) -> Result<Option<String>, Error> {
        let why = if variant.wasm_only() && !cfg!(target_arch = "wasm32") {
            format!("`{variant}` runs only in the browser (serde-wasm-bindgen needs JavaScript)")
        } else if self.scenario.repeat.is_some_and(|n| n > 1) && variant.family() != Family::Flatten
        {
            format!(
                "`{variant}` handles one value; `repeat` applies to the flatten variants (de/…, ser/… of seed 003)"
            )
        } else if self.data == Data::Random
            && matches!(variant.family(), Family::Validation | Family::Flatten)
        {
            format!(
                "`{variant}` reads the input text as written; `data = \"random\"` applies to the encode/decode and conversion variants"
            )
        } else {
            return Ok(None);
        };
        if self.asked {
            Err(Error::Run(why))
        } else {
            Ok(Some(format!("{why}; skipped")))
        }
    }
}

/// `data = "random"`: values generated from the definitions (keeping their
/// rules), as JSON, for every engine to decode the same.
fn random_pool(scenario: &Scenario) -> Result<Vec<String>, Error> {
    let engine = interpreted::compile(&scenario.schema, scenario.root.as_deref())?;
    let mut generator = overhead_engine::generate::Generator::new(engine.plan(), POOL_SEED);
    (0..POOL)
        .map(|_| {
            engine
                .to_json(&generator.valid())
                .map_err(|e| Error::Run(format!("cannot write a generated value: {e}")))
        })
        .collect()
}
