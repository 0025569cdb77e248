//! A benchmark of one scenario: which jobs to measure, measuring them, and the
//! Report that comes out.

use serde::{Deserialize, Serialize};

use crate::compiled::JobRequest;
use crate::interpreted;
use crate::quality;
use crate::runner::{self, Measured, Progress};
use crate::stats::Summary;
use crate::variant::Family;
use crate::{
    Clock, Engine, Env, Error, Job, Outcome, Report, ResultRow, RuleCost, Scenario, Settings,
    Variant, bundled, peers, timer,
};

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

/// The breakdown's harness site (`RuleSite::harness`).
const HARNESS: &str = "harness";

/// How many values a random-data job cycles through, and the seed that makes
/// them the same on every machine.
const POOL: usize = 64;
const POOL_SEED: u64 = 0x0001_5EED;

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

/// Keeps `job` when its outcome agrees with the reference (figures compare only
/// for the same answer); otherwise says so in a note and leaves it untimed.
fn admit(
    job: Job,
    reference: Option<Outcome>,
    variant: Variant,
    input: &crate::Input,
    jobs: &mut Vec<Job>,
    notes: &mut Vec<String>,
) {
    match reference {
        Some(ours) if job.info.outcome != ours => notes.push(format!(
            "{} disagrees on `{variant}` with input `{}`: {} where the compiled engine's is {}; not timed",
            job.info.engine.name(),
            input.name,
            job.info.outcome.name(),
            ours.name()
        )),
        _ => jobs.push(job),
    }
}

/// Why `variant` cannot run here: `Ok(Some(note))` skips it (a variant the
/// scenario lists), `Err` refuses it (one the user asked for by name).
fn unsupported(
    variant: Variant,
    scenario: &Scenario,
    data: crate::Data,
    asked: bool,
) -> Result<Option<String>, Error> {
    let why = if variant.wasm_only() && !cfg!(target_arch = "wasm32") {
        format!("`{variant}` runs only in the browser (serde-wasm-bindgen needs JavaScript)")
    } else if scenario.repeat.is_some_and(|n| n > 1) && variant.family() != Family::Flatten {
        format!(
            "`{variant}` handles one value; `repeat` applies to the flatten variants (de/…, ser/… of seed 003)"
        )
    } else if data == crate::Data::Random
        && matches!(variant.family(), Family::Validation | Family::Flatten)
    {
        format!(
            "`{variant}` reads the input text as written; `data = \"random\"` applies to the encode/decode and conversion variants"
        )
    } else {
        return Ok(None);
    };
    if asked {
        Err(Error::Run(why))
    } else {
        Ok(Some(format!("{why}; skipped")))
    }
}

/// Jobs prepared and checked, ready to be timed.
pub struct Benchmark {
    scenario: String,
    settings: Settings,
    data: crate::Data,
    jobs: Vec<Job>,
    notes: Vec<String>,
    /// The inputs' names in the scenario's order.
    inputs: Vec<String>,
    /// How long the timed runs may take in all (`with_time_limit`).
    time_limit_ns: f64,
}

impl Benchmark {
    /// Prepares every (variant, input) of the request, running each once, so that
    /// what cannot run is an error before any timing starts.
    pub fn prepare(scenario: &Scenario, request: &RunRequest) -> Result<Benchmark, Error> {
        // Types the paste names and does not define are read in the form the
        // inputs show (each assumption a note): the definitions still run.
        let texts: Vec<&str> = scenario.inputs.iter().map(|i| i.text.as_str()).collect();
        let completion =
            overhead_engine::assume::complete(&scenario.schema, scenario.root.as_deref(), &texts);
        let completed;
        let scenario = if completion.text == scenario.schema {
            scenario
        } else {
            completed = Scenario {
                schema: completion.text.clone(),
                ..scenario.clone()
            };
            &completed
        };
        let settings = request.settings.unwrap_or(scenario.settings);
        settings.validate()?;
        let variants: &[Variant] = match (&request.variants[..], &scenario.variants[..]) {
            ([], []) => Variant::DEFAULT,
            ([], from_scenario) => from_scenario,
            (requested, _) => requested,
        };
        let inputs = if request.inputs.is_empty() {
            scenario.inputs.iter().collect::<Vec<_>>()
        } else {
            request
                .inputs
                .iter()
                .map(|name| {
                    scenario.input(name).ok_or_else(|| {
                        let known: Vec<&str> =
                            scenario.inputs.iter().map(|i| i.name.as_str()).collect();
                        Error::Run(format!(
                            "no input named `{name}`; the scenario has: {}",
                            known.join(", ")
                        ))
                    })
                })
                .collect::<Result<Vec<_>, Error>>()?
        };
        let bundled_match = bundled::matching(scenario);
        let compiled = match request.engines {
            Engines::Interpreted => None,
            // Edited definitions have no compiled code: the interpreter runs them.
            Engines::All if bundled_match.is_none() => None,
            _ => Some(bundled::compiled_root(scenario)?),
        };
        let mut notes: Vec<String> = completion
            .warnings()
            .map(|d| format!("assumed: {d}"))
            .collect();
        let interpreter = match request.engines {
            Engines::Compiled => None,
            // Beside compiled code, definitions the interpreter cannot run yet are a
            // note; alone, they are the error.
            Engines::All if compiled.is_some() => {
                match interpreted::compile(&scenario.schema, scenario.root.as_deref()) {
                    Ok(engine) => Some(engine),
                    Err(e) => {
                        notes.push(format!(
                            "the interpreted engine does not run these definitions: {e}"
                        ));
                        None
                    }
                }
            }
            _ => Some(interpreted::compile(
                &scenario.schema,
                scenario.root.as_deref(),
            )?),
        };
        // What the interpreter runs differently (a custom validator it cannot
        // call, a default function it replaces with `Default::default()`).
        if let Some(engine) = &interpreter {
            notes.extend(
                engine
                    .plan()
                    .notes
                    .iter()
                    .map(|d| format!("interpreted: {d}")),
            );
        }
        let peers_of = match (request.engines, bundled_match) {
            (Engines::All, Some(b)) => Some(b.name),
            _ => None,
        };
        let data = request.data.unwrap_or(scenario.data);
        let pool = match data {
            crate::Data::Random => random_pool(scenario)?,
            crate::Data::Serial => Vec::new(),
        };
        let mut jobs = Vec::new();
        if request.engines == Engines::All && bundled_match.is_none() {
            notes.push(
                "the definitions differ from the bundled scenarios', so only the interpreted engine runs them (compiled code and peers exist for the bundled definitions)"
                    .to_owned(),
            );
        }
        for &variant in variants {
            if let Some(skip) = unsupported(variant, scenario, data, !request.variants.is_empty())?
            {
                notes.push(skip);
                continue;
            }
            for input in &inputs {
                let job_request = JobRequest {
                    variant,
                    input,
                    data,
                    repeat: scenario.repeat.unwrap_or(1),
                    pool: &pool,
                };
                // The reference outcome: the compiled engine's when it runs.
                let mut reference: Option<Outcome> = None;
                if let Some(root) = compiled {
                    match root.job(&job_request) {
                        None => {
                            return Err(Error::Run(format!(
                                "the compiled engine has no code for `{variant}` on these definitions{}",
                                match variant.family() {
                                    Family::Flatten =>
                                        " (the flatten variants need a `#[serde(flatten)]` field)",
                                    _ => "",
                                }
                            )));
                        }
                        Some(Err(why)) => {
                            notes.push(format!(
                                "`{variant}` with input `{}` not timed: {why}",
                                input.name
                            ));
                        }
                        Some(Ok(job)) => {
                            reference = Some(job.info.outcome);
                            jobs.push(job);
                        }
                    }
                    let mut peers = peers_of
                        .map(|name| peers::jobs(name, variant, input))
                        .unwrap_or_default();
                    if request.engines == Engines::All {
                        peers.extend(root.peer_jobs(&job_request));
                    }
                    for peer in peers {
                        admit(peer, reference, variant, input, &mut jobs, &mut notes);
                    }
                }
                // Handing text to wasm is the same for both engines: once is enough.
                let same_for_both = variant == Variant::StrIn && compiled.is_some();
                if let (Some(interpreter), false) = (&interpreter, same_for_both) {
                    let job = match variant.family() {
                        Family::Flatten => interpreted::flatten_job(
                            &scenario.schema,
                            scenario.root.as_deref(),
                            &job_request,
                        ),
                        _ => interpreted::job(interpreter, &job_request),
                    };
                    match job {
                        None if compiled.is_none() => {
                            return Err(Error::Run(format!(
                                "the interpreted engine cannot run `{variant}` on these definitions in this version"
                            )));
                        }
                        None => notes.push(format!(
                            "the interpreted engine does not run `{variant}` in this version"
                        )),
                        Some(Err(why)) => notes.push(format!(
                            "interpreted `{variant}` with input `{}` not timed: {why}",
                            input.name
                        )),
                        Some(Ok(job)) => {
                            admit(job, reference, variant, input, &mut jobs, &mut notes)
                        }
                    }
                }
            }
        }
        let validates = variants
            .iter()
            .any(|v| matches!(v, Variant::DeValidate | Variant::ValidateOnDe));
        match (request.breakdown, validates, &interpreter) {
            (true, true, Some(interpreter)) => {
                for input in &inputs {
                    match interpreted::rule_jobs(interpreter, input) {
                        Ok(rule_jobs) => jobs.extend(rule_jobs),
                        Err(why) => notes.push(format!("no breakdown of rules: {why}")),
                    }
                }
            }
            (true, false, _) => notes.push(
                "no breakdown of rules: no validation variant (de+validate, validate-on-de) runs"
                    .to_owned(),
            ),
            (true, true, None) => notes.push(
                "no breakdown of rules: it times the interpreted engine's rules, which this run leaves out"
                    .to_owned(),
            ),
            _ => {}
        }
        let mut bench = Benchmark {
            scenario: scenario.name.clone(),
            settings,
            data,
            jobs,
            notes,
            inputs: inputs.iter().map(|i| i.name.clone()).collect(),
            time_limit_ns: f64::INFINITY,
        };
        bench.sort();
        Ok(bench)
    }

    /// Compiled, interpreted, then the peers and JavaScript, variant by variant:
    /// the table's order; the breakdown's rules last, in the order validation
    /// meets them.
    fn sort(&mut self) {
        let inputs = &self.inputs;
        // An input the scenario does not list sorts last.
        let rank = |name: &str| inputs.iter().position(|i| i == name).unwrap_or(usize::MAX);
        self.jobs.sort_by_key(|j| {
            (
                j.info.part.is_some(),
                j.info.variant,
                rank(&j.info.input),
                match j.info.engine {
                    Engine::Compiled => 0,
                    Engine::Interpreted => 1,
                    Engine::Peer(_) => 2,
                    Engine::Js => 3,
                },
            )
        });
    }

    /// Adds jobs whose loop runs outside this module (the page's JavaScript
    /// engines). Like a peer, a job that disagrees with our engines' outcome
    /// for its variant and input is left out with a note.
    pub fn add_jobs(&mut self, jobs: Vec<Job>) {
        for job in jobs {
            let reference = self
                .jobs
                .iter()
                .find(|j| {
                    j.info.part.is_none()
                        && j.info.variant == job.info.variant
                        && j.info.input == job.info.input
                        && matches!(j.info.engine, Engine::Compiled | Engine::Interpreted)
                })
                .map(|j| (j.info.outcome, j.info.engine.name()));
            match reference {
                Some((ours, engine)) if ours != job.info.outcome => self.notes.push(format!(
                    "{} disagrees on `{}` with input `{}`: {} where the {engine} engine's is {}; not timed",
                    job.info.engine.name(),
                    job.info.variant,
                    job.info.input,
                    job.info.outcome.name(),
                    ours.name()
                )),
                _ => self.jobs.push(job),
            }
        }
        self.sort();
    }

    /// Stops a run whose estimate, once the warm-up tells it, exceeds `limit`
    /// (the page's protection against settings that would keep it busy for
    /// hours); none by default.
    pub fn with_time_limit(mut self, limit: std::time::Duration) -> Benchmark {
        self.time_limit_ns = limit.as_secs_f64() * 1e9;
        self
    }

    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// What was left out and why (e.g. a peer that disagrees on an outcome).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Measures the timer, then every job with interleaved runs.
    pub fn run(
        mut self,
        clock: &dyn Clock,
        env: Env,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Report, Error> {
        let timer = timer::measure(clock);
        let measured = runner::measure(
            &mut self.jobs,
            &self.settings,
            clock,
            self.time_limit_ns,
            progress,
        )?;
        let mut results = Vec::new();
        let mut breakdown = Vec::new();
        // Each input's harness runs (a rule site that checks nothing), taken out
        // of its sites' runs, run by run.
        let harness: Vec<(String, Vec<f64>)> = self
            .jobs
            .iter()
            .zip(&measured)
            .filter(|(j, _)| j.info.part.as_ref().is_some_and(|p| p.rule == HARNESS))
            .map(|(j, m)| (j.info.input.clone(), m.runs_ns.clone()))
            .collect();
        for (
            job,
            Measured {
                warm_up,
                mut runs_ns,
            },
        ) in self.jobs.into_iter().zip(measured)
        {
            if let Some(part) = &job.info.part {
                if part.rule == HARNESS {
                    continue;
                }
                if let Some((_, floor)) = harness.iter().find(|(i, _)| *i == job.info.input) {
                    for (run, floor) in runs_ns.iter_mut().zip(floor) {
                        *run = (*run - floor).max(0.0);
                    }
                }
                for run in &mut runs_ns {
                    *run /= f64::from(interpreted::RULE_REPEATS);
                }
            }
            // `runs` is at least 1 (Settings::validate), so there is a summary.
            let s = Summary::of(&runs_ns).unwrap_or(Summary {
                median_ns: f64::NAN,
                min_ns: f64::NAN,
                max_ns: f64::NAN,
                mean_ns: f64::NAN,
            });
            let flags = quality::flags(&runs_ns, &s, warm_up.settled);
            if let Some(part) = job.info.part {
                breakdown.push(RuleCost {
                    input: job.info.input,
                    part,
                    failed: job.info.outcome != Outcome::Ok,
                    runs_ns,
                    median_ns: s.median_ns,
                    min_ns: s.min_ns,
                    max_ns: s.max_ns,
                    flags,
                });
                continue;
            }
            results.push(ResultRow {
                variant: job.info.variant,
                engine: job.info.engine,
                input: job.info.input,
                data: self.data,
                outcome: job.info.outcome,
                message: job.info.message,
                violations: job.info.violations,
                size: job.info.size,
                runs_ns,
                median_ns: s.median_ns,
                min_ns: s.min_ns,
                max_ns: s.max_ns,
                mean_ns: s.mean_ns,
                cold_ns: warm_up.cold_ns,
                flags,
            });
        }
        Ok(Report {
            scenario: self.scenario,
            env,
            settings: self.settings,
            timer,
            results,
            breakdown,
            notes: self.notes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outcome, SystemClock};

    fn user_signup() -> Scenario {
        bundled::scenarios()
            .expect("bundled")
            .into_iter()
            .find(|s| s.name == "user-signup")
            .expect("user-signup is bundled")
    }

    const TINY: Settings = Settings {
        iterations: 50,
        runs: 3,
        warmup: 10,
    };

    #[test]
    fn user_signup_de_decodes_both_inputs() {
        let request = RunRequest {
            settings: Some(TINY),
            variants: vec![Variant::De],
            ..RunRequest::default()
        };
        let bench = Benchmark::prepare(&user_signup(), &request).expect("prepares");
        let outcomes: Vec<_> = bench
            .jobs()
            .iter()
            .map(|j| (j.info.input.as_str(), j.info.outcome))
            .collect();
        // `de` ignores validation attributes: the invalid input decodes too, in
        // both engines.
        assert_eq!(
            outcomes,
            [
                ("valid", Outcome::Ok),
                ("valid", Outcome::Ok),
                ("invalid", Outcome::Ok),
                ("invalid", Outcome::Ok)
            ]
        );
        let report = bench
            .run(&SystemClock::new(), Env::of_this_build(), &mut |_| {})
            .expect("no time limit");
        assert_eq!(report.results.len(), 4);
        for r in &report.results {
            assert_eq!(r.runs_ns.len(), 3);
            assert!(r.median_ns.is_finite() && r.median_ns > 0.0, "{r:?}");
            assert!(r.min_ns <= r.median_ns && r.median_ns <= r.max_ns);
        }
    }

    #[test]
    fn every_variant_and_peer_agrees_on_the_seed_inputs() {
        let request = RunRequest {
            settings: Some(TINY),
            ..RunRequest::default()
        };
        let bench = Benchmark::prepare(&user_signup(), &request).expect("prepares");
        assert!(bench.notes().is_empty(), "{:?}", bench.notes());
        let rows: Vec<String> = bench
            .jobs()
            .iter()
            .map(|j| {
                format!(
                    "{} {} {} {}",
                    j.info.variant,
                    j.info.engine.name(),
                    j.info.input,
                    j.info.outcome.name()
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                "de compiled valid ok",
                "de interpreted valid ok",
                "de compiled invalid ok",
                "de interpreted invalid ok",
                "de+validate compiled valid ok",
                "de+validate interpreted valid ok",
                "de+validate peer:validator valid ok",
                "de+validate peer:garde valid ok",
                "de+validate peer:domainstack valid ok",
                "de+validate compiled invalid invalid",
                "de+validate interpreted invalid invalid",
                "de+validate peer:validator invalid invalid",
                "de+validate peer:garde invalid invalid",
                "de+validate peer:domainstack invalid invalid",
                "validate-on-de compiled valid ok",
                "validate-on-de interpreted valid ok",
                "validate-on-de peer:domainstack valid ok",
                "validate-on-de compiled invalid invalid",
                "validate-on-de interpreted invalid invalid",
                "validate-on-de peer:domainstack invalid invalid",
                "validate-on-de/fail-fast compiled valid ok",
                "validate-on-de/fail-fast interpreted valid ok",
                "validate-on-de/fail-fast compiled invalid invalid",
                "validate-on-de/fail-fast interpreted invalid invalid",
            ]
        );
        // The interpreter reports the same violations as the compiled code.
        for invalid in [&bench.jobs()[9], &bench.jobs()[10]] {
            let paths: Vec<&str> = invalid
                .info
                .violations
                .iter()
                .map(|v| v.path.as_str())
                .collect();
            assert_eq!(paths, ["email", "age", "username", "username"]);
        }
        let invalid = &bench.jobs()[9];
        let paths: Vec<&str> = invalid
            .info
            .violations
            .iter()
            .map(|v| v.path.as_str())
            .collect();
        assert_eq!(paths, ["email", "age", "username", "username"]);
    }

    #[test]
    fn a_peer_that_disagrees_is_left_out_with_a_note() {
        let mut scenario = user_signup();
        // 20 characters but 21 bytes: validator counts characters (passes), garde
        // and domainstack count bytes (fail), as do we... for `validate` we count
        // characters, so ours passes and the byte-counting peers disagree.
        scenario.inputs[0].text =
            r#"{"email": "a@b.co", "age": 30, "username": "aaaaaaaaaaaaaaaaaaaé"}"#.into();
        let request = RunRequest {
            settings: Some(TINY),
            variants: vec![Variant::DeValidate],
            inputs: vec!["valid".into()],
            ..RunRequest::default()
        };
        let bench = Benchmark::prepare(&scenario, &request).expect("prepares");
        let engines: Vec<String> = bench
            .jobs()
            .iter()
            .map(|j| j.info.engine.name().into_owned())
            .collect();
        assert_eq!(engines, ["compiled", "interpreted", "peer:validator"]);
        assert_eq!(bench.notes().len(), 2, "{:?}", bench.notes());
        assert!(bench.notes()[0].contains(
            "peer:garde disagrees on `de+validate` with input `valid`: invalid where the compiled engine's is ok"
        ));
    }

    #[test]
    fn malformed_json_is_an_error_outcome_with_serdes_message() {
        let mut scenario = user_signup();
        scenario.inputs[0].text = r#"{"email": "a@b.c", "age": 300, "#.into();
        let request = RunRequest {
            settings: Some(TINY),
            inputs: vec!["valid".into()],
            ..RunRequest::default()
        };
        let bench = Benchmark::prepare(&scenario, &request).expect("prepares");
        let job = &bench.jobs()[0];
        assert_eq!(job.info.outcome, Outcome::Error);
        let message = job.info.message.as_deref().unwrap_or_default();
        assert!(message.contains("line 1 column"), "{message}");
    }

    #[test]
    fn unknown_inputs_and_bad_settings_are_refused_before_timing() {
        let unknown = RunRequest {
            inputs: vec!["nope".into()],
            ..RunRequest::default()
        };
        let err = Benchmark::prepare(&user_signup(), &unknown)
            .err()
            .expect("unknown input")
            .to_string();
        assert!(
            err.contains("no input named `nope`") && err.contains("valid, invalid"),
            "{err}"
        );
        let bad = RunRequest {
            settings: Some(Settings { runs: 0, ..TINY }),
            ..RunRequest::default()
        };
        assert!(Benchmark::prepare(&user_signup(), &bad).is_err());
    }
}
