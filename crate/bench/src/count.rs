//! Instructions per operation, counted by Valgrind's callgrind.
//!
//! The process runs under `valgrind --tool=callgrind` with collection on only
//! inside [`counted`] (`--toggle-collect`) and a dump of the counts after each
//! of its calls (`--dump-after`), so each call's instructions land in a file of
//! their own. Each job is warmed (not counted), then counted twice, with
//! `small` and `large` iterations: `(large's count − small's) / (large −
//! small)` is one operation's cost, with everything a call does once (its
//! clock reads, the first call's lazy set-up) cancelled out. An operation that
//! does nothing is counted the same way first: the timed loop's own cost per
//! iteration, taken out of every job's.
//!
//! This side runs the jobs and says what it ran ([`Plan`]); the side that
//! started Valgrind reads the dumps (`overhead_cli`'s `instructions`).

use std::hint::black_box;

use serde::{Deserialize, Serialize};

use crate::{Clock, Job};

/// The name callgrind is given for [`counted`]: its `--toggle-collect` and
/// `--dump-after` patterns (callgrind's names are demangled, without hash).
pub const COUNTED_FUNCTION: &str = "overhead_bench::count::counted";

/// Under callgrind a counted call should last about this long (≈50× the
/// native time), so that the difference of two counts spans many operations.
const TARGET_NS: f64 = 150e6;
/// Fewest operations between the two counts.
const MIN_SPAN: u64 = 8;
/// Most operations between the two counts (an operation of a few
/// instructions would otherwise loop for millions of iterations).
const MAX_SPAN: u64 = 1 << 17;

/// What was counted, in dump order: the empty operation's two calls, then
/// each job's two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    pub floor: Counts,
    pub jobs: Vec<CountedJob>,
}

/// One job's two counted calls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountedJob {
    pub variant: crate::Variant,
    pub engine: crate::Engine,
    pub input: String,
    #[serde(flatten)]
    pub counts: Counts,
}

/// The iterations of the two counted calls.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    pub small: u64,
    pub large: u64,
}

impl Counts {
    /// Instructions per operation, from the two calls' counts.
    pub fn per_op(&self, small_count: u64, large_count: u64) -> f64 {
        (large_count as f64 - small_count as f64) / (self.large - self.small) as f64
    }
}

/// The one function callgrind counts: `batch(iterations)` and nothing else.
#[inline(never)]
pub fn counted(batch: &mut dyn FnMut(u64), iterations: u64) {
    batch(black_box(iterations));
}

/// Prepares `scenario`'s jobs as a run would (compiled code from `code`),
/// counts them, and answers the [`Plan`] as JSON.
pub fn plan_json(
    scenario: &crate::Scenario,
    request: &crate::RunRequest,
    code: &dyn crate::prepare::CompiledCode,
) -> Result<String, String> {
    let mut bench =
        crate::Benchmark::prepare(scenario, request, crate::CompiledSource::Built(code))
            .map_err(|e| e.to_string())?;
    let plan = bench.count_instructions(&crate::SystemClock::new());
    serde_json::to_string(&plan).map_err(|e| e.to_string())
}

/// Warms each job and counts it twice (see the module's comment). Jobs that
/// time a rule alone (the breakdown's) are not counted.
pub fn count(jobs: &mut [Job], clock: &dyn Clock) -> Plan {
    let mut nothing = |iterations: u64| {
        overhead_clock::time_loop(clock, iterations, &mut || ());
    };
    let floor = count_one(&mut nothing, clock);
    let jobs = jobs
        .iter_mut()
        .filter(|job| job.info.part.is_none())
        .map(|job| {
            let counts = count_one(
                &mut |n| {
                    job.time(clock, n);
                },
                clock,
            );
            CountedJob {
                variant: job.info.variant,
                engine: job.info.engine.clone(),
                input: job.info.input.clone(),
                counts,
            }
        })
        .collect();
    Plan { floor, jobs }
}

/// Warms `batch` (doubling until a call lasts a tenth of the target, which
/// also sizes the counted calls), then makes the two counted calls.
fn count_one(batch: &mut dyn FnMut(u64), clock: &dyn Clock) -> Counts {
    let mut iterations = 1u64;
    let per_op = loop {
        let start = clock.now_ns();
        batch(iterations);
        let elapsed = clock.now_ns() - start;
        if elapsed >= TARGET_NS / 10.0 || iterations >= MAX_SPAN {
            break elapsed / iterations as f64;
        }
        iterations *= 2;
    };
    let span = if per_op > 0.0 {
        (TARGET_NS / per_op) as u64
    } else {
        MAX_SPAN
    };
    // A power of two: the same span on most invocations despite the timer,
    // so that operations whose cost varies a little from one to the next
    // (a buffer that grows now and then) are counted over the same ones.
    let span = span.clamp(MIN_SPAN, MAX_SPAN);
    let span = 1u64 << span.ilog2();
    let counts = Counts {
        small: (span / 4).max(1),
        large: (span / 4).max(1) + span,
    };
    counted(batch, counts.small);
    counted(batch, counts.large);
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{FakeClock, job};

    #[test]
    fn per_op_is_the_difference_over_the_span() {
        let counts = Counts {
            small: 100,
            large: 500,
        };
        // 1,000 instructions once per call, 37 per operation.
        assert_eq!(counts.per_op(1_000 + 3_700, 1_000 + 18_500), 37.0);
    }

    #[test]
    fn counts_every_job_but_the_breakdown_s_with_spans_sized_by_their_cost() {
        let clock = FakeClock::default();
        let mut jobs = vec![
            job("cheap", &clock, |_| 10_000.0),
            job("dear", &clock, |_| 1e8),
            job("rule", &clock, |_| 100.0),
        ];
        jobs[2].info.part = Some(crate::report::RulePart {
            path: "a".into(),
            rule: "email".into(),
            detail: String::new(),
            values: 1,
        });
        let plan = count(&mut jobs, &clock);
        let inputs: Vec<_> = plan.jobs.iter().map(|j| j.input.as_str()).collect();
        assert_eq!(inputs, ["cheap", "dear"]);
        // 15,000 operations would last the target: the power of two below.
        let cheap = plan.jobs[0].counts;
        assert_eq!(cheap.large - cheap.small, 8_192);
        // An operation of 100 ms: the fewest operations allowed between the counts.
        assert_eq!(
            plan.jobs[1].counts.large - plan.jobs[1].counts.small,
            MIN_SPAN
        );
        assert!(plan.jobs.iter().all(|j| j.counts.small >= 1));
    }
}
