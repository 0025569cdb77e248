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
    /// The text, after `at` bytes of padding. Each run gets a new block of
    /// a size of its own: glibc hands a freed block straight back to the
    /// next request of its size, so a plain copy of the text went back and
    /// forth between two or three places.
    buf: String,
    at: usize,
}

/// The padding is a multiple of this many bytes, up to [`PAD_STEPS`] of them.
const PAD_UNIT: usize = 16;
const PAD_STEPS: usize = 250;

impl Seat {
    fn new(text: String) -> Seat {
        Seat { buf: text, at: 0 }
    }

    fn text(&self) -> &str {
        // The padding is ASCII, so `at` is a character boundary.
        self.buf.get(self.at..).unwrap_or_default()
    }

    fn move_to(&mut self, step: usize) {
        let text = self.text();
        if text.is_empty() {
            return;
        }
        // The new block is taken while the old one is held: the text cannot
        // land where it was.
        let at = PAD_UNIT * (step.wrapping_mul(7) % PAD_STEPS);
        let mut buf = String::with_capacity(at + text.len());
        buf.extend(std::iter::repeat_n(' ', at));
        buf.push_str(text);
        self.buf = buf;
        self.at = at;
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
        text: impl Into<String>,
        mut op: impl FnMut(&str) -> R + 'static,
    ) -> Job {
        Job {
            info,
            batch: Box::new(move |clock, iterations, text| {
                overhead_clock::time_loop(clock, iterations, &mut || op(black_box(text)))
            }),
            input: Seat::new(text.into()),
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
        (self.batch)(clock, iterations, self.input.text())
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
        // Both operations of a run read one place, and each run another.
        let places: Vec<usize> = seen.iter().map(|(at, _)| *at).collect();
        assert!(places.chunks(2).all(|run| run[0] == run[1]), "{seen:?}");
        let runs: std::collections::HashSet<usize> = places.iter().step_by(2).copied().collect();
        assert_eq!(runs.len(), 6, "{seen:?}");
    }
}
