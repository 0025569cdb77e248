//! Preparing a benchmark, by idea: what to run ([`selection`]); the jobs of
//! each engine family, one builder each ([`compiled`], [`peers`],
//! [`interpreted`]; the page's JavaScript jobs join through
//! `Benchmark::add_jobs`); and the rule breakdown ([`breakdown`]). Where
//! compiled code comes from is a [`CompiledCode`]: the bundled scenarios', or
//! a crate built on demand for one document.

pub mod breakdown;
pub mod compiled;
pub mod interpreted;
pub mod peers;
pub mod selection;

use crate::compiled::{CompiledType, JobRequest};
use crate::{Error, Job, Outcome, Scenario};

/// Compiled code a build carries for some definitions.
/// Every hand-written peer's jobs for a variant and an input.
pub type HandWritten = fn(crate::Variant, &crate::Input) -> Vec<crate::Job>;

pub trait CompiledCode {
    /// The compiled root type of `scenario`'s definitions; `None` when this
    /// code is not for them.
    fn root(&self, scenario: &Scenario) -> Option<Result<&'static dyn CompiledType, Error>>;

    /// The hand-written peers' jobs for these definitions, if any (a bundled
    /// scenario's, `peers::jobs`). A function, not a name: code that has
    /// none (a crate built on demand) then does not link theirs.
    fn hand_written_peers(&self, _scenario: &Scenario) -> Option<HandWritten> {
        None
    }

    /// The paste's root as its library's own derive compiles it
    /// (`peers::shipped`), where there is such a build.
    fn shipped(&self, _scenario: &Scenario) -> Shipped {
        Shipped::default()
    }

    /// Why there is no compiled code for definitions it is not for, when only
    /// the compiled engine was asked for.
    fn unavailable(&self) -> Error;

    /// The note beside interpreted-only results for definitions it is not for.
    fn unavailable_note(&self) -> String;
}

/// The roots a paste's libraries compile: the paste as shipped (its jobs
/// are the library's, the reference the other engines are held to), and
/// translations of it into other libraries' forms (peers, held to it).
#[derive(Default)]
pub struct Shipped {
    pub own: Option<&'static dyn CompiledType>,
    pub translations: Vec<&'static dyn CompiledType>,
}

/// What the builders gather for one (variant, input), and the outcome every
/// job after the first is held to: figures compare only for the same answer.
pub struct Slot<'a> {
    pub request: JobRequest<'a>,
    /// The first job's outcome and its engine's name.
    pub reference: Option<(Outcome, &'static str)>,
    pub jobs: &'a mut Vec<Job>,
    pub notes: &'a mut Vec<String>,
}

impl Slot<'_> {
    /// Keeps one of our engines' jobs; the first sets the reference.
    pub fn answer(&mut self, job: Job, engine: &'static str) {
        if self.reference.is_none() {
            self.reference = Some((job.info.outcome, engine));
            self.jobs.push(job);
        } else {
            self.admit(job);
        }
    }

    /// Keeps `job` when its outcome agrees with the reference; otherwise says
    /// so in a note and leaves it untimed.
    pub fn admit(&mut self, job: Job) {
        match self.reference {
            Some((ours, reference)) if job.info.outcome != ours => self.notes.push(format!(
                "{} disagrees on `{}` with input `{}`: {} where the {reference} engine's is {}; not timed",
                job.info.engine.name(),
                self.request.variant,
                self.request.input.name,
                job.info.outcome.name(),
                ours.name()
            )),
            _ => self.jobs.push(job),
        }
    }
}

/// One engine family's jobs for a (variant, input).
pub trait Builder {
    /// Adds its jobs (and notes) to `slot`; an error stops the preparation
    /// (a variant asked for that this family must run and cannot).
    fn build(&self, slot: &mut Slot<'_>) -> Result<(), Error>;
}
