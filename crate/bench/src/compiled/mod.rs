//! The compiled engine: real derive-generated code for the bundled scenarios,
//! produced by `build.rs` from `scenarios/*/schema.rs`. Each type of a scenario
//! has codecs by family of variants: validation (seed 000), conversion (002),
//! formats (001) and, for definitions that flatten, the three flatten forms (003).

mod flatten;
mod validation;

pub use flatten::{FlattenCodec, FlattenPeer};
pub use validation::Codec;

use crate::scenario::Input;
use crate::{Data, Engine, Job, JobInfo, Outcome, Variant};

/// What one job is asked to do.
pub struct JobRequest<'a> {
    pub variant: Variant,
    pub input: &'a Input,
    pub data: Data,
    /// Copies of the input value per operation (flatten variants).
    pub repeat: u32,
    /// With `data = "random"`: the values to cycle through, as JSON texts,
    /// generated from the definitions (the same for every engine).
    pub pool: &'a [String],
}

/// One compiled type of a bundled scenario.
pub trait CompiledType: Sync {
    /// Prepares the job, running it once to learn its outcome. `None` when this
    /// type has no code for the variant; `Some(Err(why))` when the job cannot run
    /// on this input (e.g. encoding an input that does not decode).
    fn job(&self, request: &JobRequest<'_>) -> Option<Result<Job, String>>;

    /// Peer crates' jobs for the same request (measured in the same loop).
    fn peer_jobs(&self, _request: &JobRequest<'_>) -> Vec<Job> {
        Vec::new()
    }

    /// What this code makes of `text` in every validation variant (the
    /// differential test against the interpreter); `None` for a type without
    /// validation code.
    fn verdict(&self, _text: &str) -> Option<Verdict> {
        None
    }

    /// What the paste's own library makes of `text`, for the as-shipped
    /// build's root (`peers::shipped`); `None` for our codecs.
    fn library_verdict(&self, _text: &str) -> Option<crate::peers::shipped::LibraryVerdict> {
        None
    }
}

/// What compiled code makes of one text: `de`'s value written back as JSON
/// (`None` when it does not decode), `de+validate`'s violations as
/// `path:code` in order, and validating while decoding, collecting all
/// (violations sorted) and failing fast.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Verdict {
    pub value: Option<serde_json::Value>,
    pub two_step: Vec<String>,
    pub on_de: OnDe,
    pub fail_fast: OnDe,
}

/// Validating while decoding: how it ended.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnDe {
    Ok,
    Syntax,
    Invalid(Vec<String>),
}

impl<T: CompiledType + ?Sized> CompiledType for &T {
    fn job(&self, request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        (**self).job(request)
    }

    fn peer_jobs(&self, request: &JobRequest<'_>) -> Vec<Job> {
        (**self).peer_jobs(request)
    }

    fn verdict(&self, text: &str) -> Option<Verdict> {
        (**self).verdict(text)
    }

    fn library_verdict(&self, text: &str) -> Option<crate::peers::shipped::LibraryVerdict> {
        (**self).library_verdict(text)
    }
}

/// A type with codecs from two families: the first that has code for a variant
/// answers.
impl<A: CompiledType, B: CompiledType> CompiledType for (A, B) {
    fn job(&self, request: &JobRequest<'_>) -> Option<Result<Job, String>> {
        self.0.job(request).or_else(|| self.1.job(request))
    }

    fn peer_jobs(&self, request: &JobRequest<'_>) -> Vec<Job> {
        let mut jobs = self.0.peer_jobs(request);
        jobs.extend(self.1.peer_jobs(request));
        jobs
    }

    fn verdict(&self, text: &str) -> Option<Verdict> {
        self.0.verdict(text).or_else(|| self.1.verdict(text))
    }
}

fn info(request: &JobRequest<'_>, outcome: Outcome, message: Option<String>) -> JobInfo {
    JobInfo::of(request, Engine::Compiled, outcome, message)
}

fn invalid(request: &JobRequest<'_>, violations: &overhead_validate::Violations) -> JobInfo {
    JobInfo::invalid(request, Engine::Compiled, violations)
}
