//! A prepared operation: its input ready, its outcome known, its timed loop
//! compiled for exactly this operation.

use std::hint::black_box;

use crate::heap_shift::HeapShift;
use crate::report::ViolationRecord;
use crate::{Clock, Engine, Outcome, Variant};

/// Runs an operation `iterations` times on the job's input text and returns
/// the elapsed nanoseconds.
type Batch = Box<dyn FnMut(&dyn Clock, u64, &str) -> f64>;

/// One (variant, engine, input) to be measured.
pub struct Job {
    pub info: JobInfo,
    batch: Batch,
    input: Seat,
}

/// The input text a job reads ([`Job::on_text`]), moved to another place in
/// memory before each run ([`Job::time_run`]). Where it lies relative to what
/// the operation allocates decides how fast the operation runs (see
/// `heap_shift`), and a text fixed for the life of the process would give a
/// job one placement for all its runs, and its counterpart on other
/// definitions (`run --against`) another: measured on identical definitions,
/// compiled `de` rows then differed by up to 5.6%, and by up to 3.2% with
/// the text moved per run.
#[derive(Default)]
struct Seat {
    text: Box<str>,
    /// Held while the text is where it is, so that its next copy lands elsewhere.
    pad: Vec<u8>,
}

/// The pads are multiples of this many bytes, up to [`PAD_STEPS`] of them.
const PAD_UNIT: usize = 16;
const PAD_STEPS: usize = 250;

impl Seat {
    fn move_to(&mut self, step: usize) {
        if self.text.is_empty() {
            return;
        }
        // The pad first, then the copy, then the old ones go: the copy cannot
        // take the old text's place.
        let pad = Vec::with_capacity(PAD_UNIT * (1 + step.wrapping_mul(7) % PAD_STEPS));
        let text: Box<str> = Box::from(&*self.text);
        self.pad = std::hint::black_box(pad);
        self.text = text;
    }
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
            batch: Box::new(move |clock, iterations, _| {
                overhead_clock::time_loop(clock, iterations, &mut op)
            }),
            input: Seat::default(),
        }
    }

    /// A job whose one operation is `op` on the input `text`, which the job
    /// keeps and moves before each run ([`Job::time_run`]); `op` gets it
    /// through `black_box`.
    pub fn on_text<R>(
        info: JobInfo,
        text: impl Into<Box<str>>,
        mut op: impl FnMut(&str) -> R + 'static,
    ) -> Job {
        Job {
            info,
            batch: Box::new(move |clock, iterations, text| {
                overhead_clock::time_loop(clock, iterations, &mut || op(black_box(text)))
            }),
            input: Seat {
                text: text.into(),
                pad: Vec::new(),
            },
        }
    }

    /// A job whose loop lives elsewhere (a JavaScript engine in the page):
    /// `batch(n)` runs `n` operations, and the clock is read around the call,
    /// as around the loop of every other job.
    pub fn batched(info: JobInfo, mut batch: impl FnMut(u64) + 'static) -> Job {
        Job {
            info,
            batch: Box::new(move |clock, iterations, _| {
                let start = clock.now_ns();
                batch(iterations);
                clock.now_ns() - start
            }),
            input: Seat::default(),
        }
    }

    /// A job timed in another module (compiled code built on demand for the
    /// page): `timed(n)` runs `n` operations between its own two reads of the
    /// same clock and returns the nanoseconds between them.
    pub fn timed_elsewhere(info: JobInfo, mut timed: impl FnMut(u64) -> f64 + 'static) -> Job {
        Job {
            info,
            batch: Box::new(move |_, iterations, _| timed(iterations)),
            input: Seat::default(),
        }
    }

    /// Elapsed nanoseconds for `iterations` operations.
    pub fn time(&mut self, clock: &dyn Clock, iterations: u64) -> f64 {
        (self.batch)(clock, iterations, &self.input.text)
    }

    /// One timed run, [`time`](Job::time) on a memory layout of its own: the
    /// input text moved and the heap shifted first (`heap_shift`), `step`
    /// telling runs apart, so that each run samples another layout.
    pub fn time_run(&mut self, clock: &dyn Clock, iterations: u64, step: usize) -> f64 {
        self.input.move_to(step);
        let _shift = HeapShift::new(step);
        self.time(clock, iterations)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;
    use crate::test_support::FakeClock;

    #[test]
    fn the_input_text_moves_between_runs_and_reads_the_same() {
        let seen: Rc<RefCell<Vec<(usize, String)>>> = Rc::default();
        let record = seen.clone();
        let info = JobInfo {
            variant: Variant::De,
            engine: crate::Engine::Compiled,
            input: "valid".into(),
            outcome: Outcome::Ok,
            message: None,
            violations: Vec::new(),
            size: 9,
            part: None,
        };
        let mut job = Job::on_text(info, "{\"n\": 1}", move |text| {
            record
                .borrow_mut()
                .push((text.as_ptr() as usize, text.to_owned()));
        });
        let clock = FakeClock::default();
        for step in 0..6 {
            job.time_run(&clock, 2, step);
        }
        let seen = seen.borrow();
        assert_eq!(seen.len(), 12);
        assert!(seen.iter().all(|(_, text)| text == "{\"n\": 1}"));
        // Both operations of a run read one place; the runs, several.
        let places: std::collections::HashSet<usize> = seen.iter().map(|(at, _)| *at).collect();
        assert!(places.len() >= 4, "{seen:?}");
    }
}
