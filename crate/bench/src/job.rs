//! A prepared operation: its input ready, its outcome known, its timed loop
//! compiled for exactly this operation.

use crate::report::ViolationRecord;
use crate::{Clock, Engine, Outcome, Variant};

/// Runs an operation `iterations` times and returns the elapsed nanoseconds.
type Batch = Box<dyn FnMut(&dyn Clock, u64) -> f64>;

/// One (variant, engine, input) to be measured.
pub struct Job {
    pub info: JobInfo,
    batch: Batch,
}

/// What a job is, apart from the operation itself. The page describes its
/// own JavaScript jobs in this shape, as JSON.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JobInfo {
    pub variant: Variant,
    pub engine: Engine,
    pub input: String,
    pub outcome: Outcome,
    #[serde(default)]
    pub message: Option<String>,
    #[serde(default)]
    pub violations: Vec<ViolationRecord>,
    pub size: usize,
    /// Set for a breakdown job: the one rule it times.
    #[serde(skip)]
    pub part: Option<crate::report::RulePart>,
}

impl JobInfo {
    /// What a job of `engine` is, for a request, before its violations are known.
    pub fn of(
        request: &crate::compiled::JobRequest<'_>,
        engine: Engine,
        outcome: Outcome,
        message: Option<String>,
    ) -> JobInfo {
        JobInfo {
            variant: request.variant,
            engine,
            input: request.input.name.clone(),
            outcome,
            message,
            violations: Vec::new(),
            size: request.input.text.len(),
            part: None,
        }
    }

    /// A job whose input breaks rules: the violations, as the report lists them.
    pub fn invalid(
        request: &crate::compiled::JobRequest<'_>,
        engine: Engine,
        violations: &overhead_validate::Violations,
    ) -> JobInfo {
        JobInfo {
            violations: violations.iter().map(ViolationRecord::from).collect(),
            ..JobInfo::of(request, engine, Outcome::Invalid, None)
        }
    }
}

impl Job {
    /// `op` is one operation; it must read its input through `black_box` so the
    /// optimiser cannot hoist the work out of the loop.
    pub fn new<R>(info: JobInfo, mut op: impl FnMut() -> R + 'static) -> Job {
        Job {
            info,
            batch: Box::new(move |clock, iterations| {
                overhead_clock::time_loop(clock, iterations, &mut op)
            }),
        }
    }

    /// A job whose loop lives elsewhere (a JavaScript engine in the page):
    /// `batch(n)` runs `n` operations, and the clock is read around the call,
    /// as around the loop of every other job.
    pub fn batched(info: JobInfo, mut batch: impl FnMut(u64) + 'static) -> Job {
        Job {
            info,
            batch: Box::new(move |clock, iterations| {
                let start = clock.now_ns();
                batch(iterations);
                clock.now_ns() - start
            }),
        }
    }

    /// A job timed in another module (compiled code built on demand for the
    /// page): `timed(n)` runs `n` operations between its own two reads of the
    /// same clock and returns the nanoseconds between them.
    pub fn timed_elsewhere(info: JobInfo, mut timed: impl FnMut(u64) -> f64 + 'static) -> Job {
        Job {
            info,
            batch: Box::new(move |_, iterations| timed(iterations)),
        }
    }

    /// Elapsed nanoseconds for `iterations` operations.
    pub fn time(&mut self, clock: &dyn Clock, iterations: u64) -> f64 {
        (self.batch)(clock, iterations)
    }
}
