//! A clock that only moves when an operation says so, and jobs that move it:
//! timing logic tested without timing anything.

use std::cell::Cell;
use std::rc::Rc;

use crate::{Clock, Engine, Job, JobInfo, Outcome, Variant};

#[derive(Clone, Default)]
pub struct FakeClock(Rc<Cell<f64>>);

impl Clock for FakeClock {
    fn now_ns(&self) -> f64 {
        self.0.get()
    }
}

/// A `de` job on input `input` whose n-th operation costs `cost(n)` ns on `clock`.
pub fn job(input: &str, clock: &FakeClock, mut cost: impl FnMut(u64) -> f64 + 'static) -> Job {
    let time = clock.0.clone();
    let mut n = 0;
    let info = JobInfo {
        variant: Variant::De,
        engine: Engine::Compiled,
        input: input.to_owned(),
        outcome: Outcome::Ok,
        message: None,
        violations: Vec::new(),
        part: None,
        size: 1,
    };
    Job::new(info, move || {
        time.set(time.get() + cost(n));
        n += 1;
    })
}
