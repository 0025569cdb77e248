//! A benchmark of one scenario: which jobs to measure, measuring them, and the
//! Report that comes out.

use crate::compiled::JobRequest;
use crate::interpreted;
use crate::prepare::compiled::CompiledJobs;
use crate::prepare::interpreted::InterpretedJobs;
use crate::prepare::peers::PeerJobs;
use crate::prepare::selection::Selection;
use crate::prepare::{Builder, CompiledCode, Shipped, Slot, breakdown};
use crate::quality;
use crate::request::{Engines, RunRequest};
use crate::runner::{self, Measured, Progress};
use crate::stats::Summary;
use crate::{
    Clock, Engine, Env, Error, Job, JobInfo, Outcome, Report, ResultRow, RuleCost, Scenario,
    Settings, bundled, timer,
};

/// The breakdown's harness site (`RuleSite::harness`).
const HARNESS: &str = "harness";

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
    /// Prepares every (variant, input) of the request, running each once, so
    /// that what cannot run is an error before any timing starts: the one way
    /// into a run, whatever its compiled code (a [`Source`]: a
    /// [`CompiledSource`], or [`CompiledAlone`] for a module without the
    /// interpreter).
    pub fn prepare(
        scenario: &Scenario,
        request: &RunRequest,
        source: impl Source,
    ) -> Result<Benchmark, Error> {
        source.prepare(scenario, request)
    }

    fn prepare_families(
        scenario: &Scenario,
        request: &RunRequest,
        code: Compiled<'_>,
    ) -> Result<Benchmark, Error> {
        let selection = Selection::of(scenario, request)?;
        let scenario = &*selection.scenario;
        let mut notes = selection.notes.clone();
        let shipped = match (request.engines, &code) {
            (Engines::All, Compiled::Here(code)) => code.shipped(scenario),
            _ => Shipped::default(),
        };
        let any_shipped = shipped.own.is_some() || !shipped.translations.is_empty();
        let compiled = match (request.engines, &code) {
            (Engines::Interpreted, _) => None,
            (Engines::Compiled, Compiled::None) => {
                return Err(Error::Run("no compiled code for these definitions".into()));
            }
            (_, Compiled::None) => None,
            (_, Compiled::Elsewhere(_)) => Some(None),
            (_, Compiled::Here(code)) => match code.root(scenario) {
                Some(Ok(root)) => Some(Some(root)),
                // Compiled code that has no root for these definitions (a
                // generic root it was not built at) leaves the interpreter
                // its rows, with why: one side's refusal never removes the other's.
                Some(Err(e)) if request.engines == Engines::All => {
                    notes.push(format!("compiled code not run: {e}"));
                    None
                }
                Some(Err(e)) => return Err(e),
                None if request.engines == Engines::Compiled => return Err(code.unavailable()),
                // The paste's own build runs without ours (which said why at its build).
                None if any_shipped => None,
                None => {
                    notes.push(code.unavailable_note());
                    None
                }
            },
        };
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
        // The families in the order they answer: the first job's outcome is the
        // reference the others are held to.
        let mut builders: Vec<Box<dyn Builder + '_>> = Vec::new();
        builders.extend(shipped.own.map(|root| PeerJobs::shipped(root, true)));
        match (&code, compiled) {
            (Compiled::Here(code), Some(Some(root))) => {
                builders.push(Box::new(CompiledJobs { root }));
                if request.engines == Engines::All {
                    builders.push(Box::new(PeerJobs {
                        hand_written: code.hand_written_peers(scenario),
                        root,
                        reference: false,
                    }));
                }
            }
            (Compiled::Elsewhere(elsewhere), Some(_)) => builders.push(Box::new(*elsewhere)),
            _ => {}
        }
        builders.extend(
            shipped
                .translations
                .iter()
                .map(|root| PeerJobs::shipped(*root, false)),
        );
        if let Some(engine) = &interpreter {
            builders.push(Box::new(InterpretedJobs {
                engine: engine.clone(),
                schema: &scenario.schema,
                root: scenario.root.as_deref(),
                beside_compiled: compiled.is_some() || any_shipped,
            }));
        }
        let inputs = selection.inputs();
        let mut jobs = Vec::new();
        for_each_slot(&selection, &builders, &mut jobs, &mut notes)?;
        breakdown::jobs(
            request.breakdown,
            &selection.variants,
            interpreter.as_ref(),
            &inputs,
            &mut jobs,
            &mut notes,
        );
        Ok(Benchmark::of(&selection, jobs, notes))
    }

    /// The compiled engine's and its peers' jobs alone, for the page's module
    /// built on demand, which carries no interpreter: the definitions are
    /// taken as written (nothing assumed; rustc compiled them), and random data
    /// (generated by the interpreter) is refused.
    fn prepare_compiled(
        scenario: &Scenario,
        request: &RunRequest,
        code: &dyn CompiledCode,
    ) -> Result<Benchmark, Error> {
        let selection = Selection::as_written(scenario, request)?;
        let shipped = match request.engines {
            Engines::All => code.shipped(&selection.scenario),
            _ => Shipped::default(),
        };
        let any_shipped = shipped.own.is_some() || !shipped.translations.is_empty();
        let root = match (code.root(&selection.scenario), any_shipped) {
            (Some(root), _) => Some(root?),
            (None, true) => None,
            (None, false) => return Err(code.unavailable()),
        };
        let mut builders: Vec<Box<dyn Builder + '_>> = Vec::new();
        builders.extend(shipped.own.map(|root| PeerJobs::shipped(root, true)));
        if let Some(root) = root {
            builders.push(Box::new(CompiledJobs { root }));
            if request.engines == Engines::All {
                builders.push(Box::new(PeerJobs {
                    hand_written: None,
                    root,
                    reference: false,
                }));
            }
        }
        builders.extend(
            shipped
                .translations
                .iter()
                .map(|root| PeerJobs::shipped(*root, false)),
        );
        let mut jobs = Vec::new();
        let mut notes = selection.notes.clone();
        for_each_slot(&selection, &builders, &mut jobs, &mut notes)?;
        Ok(Benchmark::of(&selection, jobs, notes))
    }

    fn of(selection: &Selection<'_>, jobs: Vec<Job>, notes: Vec<String>) -> Benchmark {
        let mut bench = Benchmark {
            scenario: selection.scenario.name.clone(),
            settings: selection.settings,
            data: selection.data,
            jobs,
            notes,
            inputs: selection.inputs.clone(),
            time_limit_ns: f64::INFINITY,
        };
        bench.sort();
        bench
    }

    /// The prepared jobs and the notes, for a module whose jobs another
    /// module's loop times (`ondemand::browser`).
    pub fn into_parts(self) -> (Vec<Job>, Vec<String>) {
        (self.jobs, self.notes)
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

    /// Adds a note to the Report (what the caller left out and why).
    /// Adds a note, once: code built elsewhere (the page's module built on
    /// demand) makes the same choices (the automatic root, what is assumed)
    /// and says so too.
    pub fn note(&mut self, note: String) {
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
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

    /// Counts every job's instructions (under callgrind: see [`crate::count`]).
    pub fn count_instructions(&mut self, clock: &dyn Clock) -> crate::count::Plan {
        crate::count::count(&mut self.jobs, clock)
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
        Ok(self.report(measured, timer, env))
    }

    /// Measures this benchmark and `other` (the same work on other
    /// definitions, say after a change) in one interleaved loop, each job
    /// beside its counterpart: run k of a job here and run k of the same job
    /// there are taken one after the other, in the same process, under the
    /// same machine noise, so that their ratio is a real pair (tango-bench's
    /// pairing; `overhead run A --against B`). Both run with this one's
    /// settings; the Reports come in the same order.
    pub fn run_against(
        mut self,
        mut other: Benchmark,
        clock: &dyn Clock,
        env: Env,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<(Report, Report), Error> {
        let timer = timer::measure(clock);
        other.settings = self.settings;
        // A job and its counterpart make a group, measured side by side in
        // every run (taking turns to go first).
        let (ours, theirs) = (self.jobs.len(), other.jobs.len());
        let mut sides = Vec::with_capacity(ours + theirs);
        let mut jobs = Vec::with_capacity(ours + theirs);
        let mut groups = Vec::with_capacity(ours + theirs);
        let mut counterparts: Vec<Option<Job>> = other.jobs.drain(..).map(Some).collect();
        let same = |a: &JobInfo, b: &JobInfo| {
            (a.variant, &a.engine, &a.input, &a.part) == (b.variant, &b.engine, &b.input, &b.part)
        };
        for job in self.jobs.drain(..) {
            let start = jobs.len();
            let counterpart = counterparts
                .iter_mut()
                .find(|c| c.as_ref().is_some_and(|c| same(&c.info, &job.info)))
                .and_then(Option::take);
            sides.push(0);
            jobs.push(job);
            if let Some(counterpart) = counterpart {
                sides.push(1);
                jobs.push(counterpart);
            }
            groups.push(start..jobs.len());
        }
        // What only the other definitions have runs alone.
        for job in counterparts.into_iter().flatten() {
            groups.push(jobs.len()..jobs.len() + 1);
            sides.push(1);
            jobs.push(job);
        }
        let measured = runner::measure_grouped(
            &mut jobs,
            &groups,
            &self.settings,
            clock,
            self.time_limit_ns,
            progress,
        )?;
        let (mut mine, mut yours) = (Vec::with_capacity(ours), Vec::with_capacity(theirs));
        for ((side, job), m) in sides.into_iter().zip(jobs).zip(measured) {
            if side == 0 {
                self.jobs.push(job);
                mine.push(m);
            } else {
                other.jobs.push(job);
                yours.push(m);
            }
        }
        let theirs = other.report(yours, timer, env.clone());
        Ok((self.report(mine, timer, env), theirs))
    }

    /// The Report of `measured` (one per job, in job order).
    fn report(self, measured: Vec<Measured>, timer: crate::report::TimerInfo, env: Env) -> Report {
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
                instructions: None,
                flags,
            });
        }
        Report {
            scenario: self.scenario,
            env,
            settings: self.settings,
            timer,
            results,
            breakdown,
            notes: self.notes,
            code_size: Vec::new(),
        }
    }
}

/// Where the compiled engine's jobs come from.
enum Compiled<'c> {
    /// Code this build carries.
    Here(&'c dyn CompiledCode),
    /// Jobs prepared in another module.
    Elsewhere(&'c Elsewhere),
    /// No compiled code: the interpreter's rows alone.
    None,
}

/// Where a run's compiled rows come from: the one choice [`Benchmark::prepare`]
/// takes beside the scenario and the request. A trait rather than one enum so
/// that a module which carries no interpreter ([`CompiledAlone`]) links none.
pub trait Source {
    fn prepare(self, scenario: &Scenario, request: &RunRequest) -> Result<Benchmark, Error>;
}

/// Compiled rows beside the interpreter's.
pub enum CompiledSource<'a> {
    /// This build's code for the bundled scenarios (a document of other
    /// definitions gets the interpreter's rows, with a note).
    Bundled,
    /// A crate built on demand for these definitions, run in this process
    /// beside the interpreter (`overhead run`'s crate).
    Built(&'a dyn CompiledCode),
    /// The jobs such a module prepared, timed here beside the interpreter.
    Elsewhere(Vec<Job>),
    /// No compiled code, and why (a note in the Report).
    None(String),
}

impl Source for CompiledSource<'_> {
    fn prepare(self, scenario: &Scenario, request: &RunRequest) -> Result<Benchmark, Error> {
        match self {
            CompiledSource::Bundled => Benchmark::prepare_families(
                scenario,
                request,
                Compiled::Here(&bundled::BundledCode),
            ),
            CompiledSource::Built(code) => {
                Benchmark::prepare_families(scenario, request, Compiled::Here(code))
            }
            CompiledSource::Elsewhere(jobs) => {
                let elsewhere = Elsewhere(std::cell::RefCell::new(
                    jobs.into_iter().map(Some).collect(),
                ));
                Benchmark::prepare_families(scenario, request, Compiled::Elsewhere(&elsewhere))
            }
            CompiledSource::None(why) => {
                let mut bench = Benchmark::prepare_families(scenario, request, Compiled::None)?;
                bench.note(why);
                Ok(bench)
            }
        }
    }
}

/// A crate built on demand in a module that carries no interpreter (the
/// page's on-demand module, an ejected project): its compiled and library
/// rows alone, the definitions taken as written, random data refused.
pub struct CompiledAlone<'a>(pub &'a dyn CompiledCode);

impl Source for CompiledAlone<'_> {
    fn prepare(self, scenario: &Scenario, request: &RunRequest) -> Result<Benchmark, Error> {
        Benchmark::prepare_compiled(scenario, request, self.0)
    }
}

/// Compiled and peer jobs prepared elsewhere, each taken by its slot.
struct Elsewhere(std::cell::RefCell<Vec<Option<Job>>>);

impl Builder for &Elsewhere {
    fn build(&self, slot: &mut Slot<'_>) -> Result<(), Error> {
        let request = &slot.request;
        let mine: Vec<Job> = self
            .0
            .borrow_mut()
            .iter_mut()
            .filter(|j| {
                j.as_ref().is_some_and(|j| {
                    j.info.variant == request.variant && j.info.input == request.input.name
                })
            })
            .filter_map(Option::take)
            .collect();
        for job in mine {
            if job.info.engine == Engine::Compiled {
                slot.answer(job, "compiled");
            } else {
                slot.admit(job);
            }
        }
        Ok(())
    }
}

/// Runs every builder on each (variant, input) of the selection.
fn for_each_slot(
    selection: &Selection<'_>,
    builders: &[Box<dyn Builder + '_>],
    jobs: &mut Vec<Job>,
    notes: &mut Vec<String>,
) -> Result<(), Error> {
    let inputs = selection.inputs();
    for &variant in &selection.variants {
        if let Some(skip) = selection.unsupported(variant)? {
            notes.push(skip);
            continue;
        }
        for input in &inputs {
            let mut slot = Slot {
                request: JobRequest {
                    variant,
                    input,
                    data: selection.data,
                    repeat: selection.scenario.repeat.unwrap_or(1),
                    pool: &selection.pool,
                },
                reference: None,
                jobs,
                notes,
            };
            for builder in builders {
                builder.build(&mut slot)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outcome, SystemClock, Variant};

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
    fn against_measures_both_in_one_loop_each_job_beside_its_counterpart() {
        let before = user_signup();
        // After: the same definitions, with an input of its own.
        let mut after = user_signup();
        let extra = after.inputs[0].clone();
        after.inputs.push(crate::Input {
            name: "extra".into(),
            ..extra
        });
        let request = RunRequest {
            settings: Some(TINY),
            variants: vec![Variant::De],
            engines: Engines::Interpreted,
            ..RunRequest::default()
        };
        let a = Benchmark::prepare(&before, &request, CompiledSource::Bundled)
            .expect("before prepares");
        let b =
            Benchmark::prepare(&after, &request, CompiledSource::Bundled).expect("after prepares");
        let mut order: Vec<(u32, String)> = Vec::new();
        let mut progress = |p: &Progress| {
            if let (crate::runner::Phase::Run, Some(job)) = (p.phase, p.job) {
                order.push((p.run, job.info.input.clone()));
            }
        };
        let (a, b) = a
            .run_against(b, &SystemClock::new(), Env::of_this_build(), &mut progress)
            .expect("runs");
        let inputs = |r: &Report| {
            r.results
                .iter()
                .map(|r| r.input.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(inputs(&a), ["valid", "invalid"]);
        assert_eq!(inputs(&b), ["valid", "invalid", "extra"]);
        assert!(
            a.results
                .iter()
                .chain(&b.results)
                .all(|r| r.runs_ns.len() == 3)
        );
        // Run 1 takes each job beside its counterpart: valid, valid, invalid, invalid, extra.
        let first: Vec<&str> = order
            .iter()
            .filter(|(run, _)| *run == 1)
            .map(|(_, input)| input.as_str())
            .collect();
        assert_eq!(first, ["valid", "valid", "invalid", "invalid", "extra"]);
    }

    #[test]
    fn compiled_jobs_prepared_elsewhere_answer_first_beside_the_interpreter() {
        // What the page's module built on demand prepares (compiled code and
        // peers, no interpreter), handed to the benchmark module's loop.
        let mut scenario = user_signup();
        let request = RunRequest {
            settings: Some(TINY),
            variants: vec![Variant::De, Variant::DeValidate],
            ..RunRequest::default()
        };
        let code = bundled::BundledCode;
        let (elsewhere, _) = Benchmark::prepare(&scenario, &request, CompiledAlone(&code))
            .expect("compiled code prepares")
            .into_parts();
        assert!(
            elsewhere
                .iter()
                .all(|j| j.info.engine != Engine::Interpreted)
        );
        // Edited definitions (a comment): the benchmark module has no compiled
        // code of its own for them, and says nothing about that.
        scenario.schema.push_str("\n// edited\n");
        let bench = Benchmark::prepare(&scenario, &request, CompiledSource::Elsewhere(elsewhere))
            .expect("prepares");
        let engines = |variant: Variant, input: &str| -> Vec<String> {
            bench
                .jobs()
                .iter()
                .filter(|j| {
                    j.info.variant == variant && j.info.input == input && j.info.part.is_none()
                })
                .map(|j| j.info.engine.name().into_owned())
                .collect()
        };
        assert_eq!(engines(Variant::De, "valid"), ["compiled", "interpreted"]);
        assert_eq!(
            engines(Variant::DeValidate, "invalid")[..2],
            ["compiled", "interpreted"]
        );
        assert!(
            bench
                .notes()
                .iter()
                .all(|n| !n.contains("differ from the bundled")),
            "{:?}",
            bench.notes()
        );
        let report = bench
            .run(&SystemClock::new(), Env::of_this_build(), &mut |_| {})
            .expect("runs");
        assert!(report.results.iter().all(|r| r.median_ns > 0.0));
    }

    #[test]
    fn compiled_code_alone_refuses_random_data_and_runs_no_interpreter() {
        let mut scenario = user_signup();
        scenario.data = crate::Data::Random;
        let request = RunRequest {
            settings: Some(TINY),
            variants: vec![Variant::De],
            ..RunRequest::default()
        };
        let error = Benchmark::prepare(&scenario, &request, CompiledAlone(&bundled::BundledCode))
            .err()
            .expect("refused")
            .to_string();
        assert!(error.contains("random"), "{error}");
    }

    #[test]
    fn user_signup_de_decodes_both_inputs() {
        let request = RunRequest {
            settings: Some(TINY),
            variants: vec![Variant::De],
            ..RunRequest::default()
        };
        let bench = Benchmark::prepare(&user_signup(), &request, CompiledSource::Bundled)
            .expect("prepares");
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
        let bench = Benchmark::prepare(&user_signup(), &request, CompiledSource::Bundled)
            .expect("prepares");
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
        let bench =
            Benchmark::prepare(&scenario, &request, CompiledSource::Bundled).expect("prepares");
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
        let bench =
            Benchmark::prepare(&scenario, &request, CompiledSource::Bundled).expect("prepares");
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
        let err = Benchmark::prepare(&user_signup(), &unknown, CompiledSource::Bundled)
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
        assert!(Benchmark::prepare(&user_signup(), &bad, CompiledSource::Bundled).is_err());
    }
}
