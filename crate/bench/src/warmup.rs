//! Warm-up that lasts until the code is warm: batches run until their time per
//! operation stops falling (a JIT tiering up, as wasm does from Liftoff to
//! TurboFan, or caches filling), at least the iterations the settings ask for
//! and at most `MAX_FACTOR` times that. The first batch's time is kept: it is
//! what a cold call costs, reported apart from the warm runs.

use crate::{Clock, Job};

/// Batches per requested warm-up: small enough to see the time fall.
const BATCHES: u64 = 5;
/// A batch this much faster than the best so far means still warming.
const STILL_FALLING: f64 = 0.98;
/// Batches in a row without a new best that count as settled.
const SETTLED_AFTER: u32 = 2;
/// The warm-up never runs more than this many times the requested iterations.
const MAX_FACTOR: u64 = 10;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WarmUp {
    /// ns/op of the first batch; `None` when no warm-up was asked for.
    pub cold_ns: Option<f64>,
    /// Operations run while warming up.
    pub iterations: u64,
    /// Whether the time per operation stopped falling before the cap.
    pub settled: bool,
}

pub fn warm_up(job: &mut Job, clock: &dyn Clock, warmup: u64) -> WarmUp {
    if warmup == 0 {
        return WarmUp {
            cold_ns: None,
            iterations: 0,
            settled: true,
        };
    }
    let batch = (warmup / BATCHES).max(1);
    let cap = warmup.saturating_mul(MAX_FACTOR);
    let mut cold_ns = None;
    let mut best = f64::INFINITY;
    let mut calm = 0;
    let mut done = 0;
    loop {
        let ns = job.time(clock, batch) / batch as f64;
        done += batch;
        cold_ns.get_or_insert(ns);
        if ns < best * STILL_FALLING {
            calm = 0;
        } else {
            calm += 1;
        }
        best = best.min(ns);
        let settled = calm >= SETTLED_AFTER;
        if (done >= warmup && settled) || done >= cap {
            return WarmUp {
                cold_ns,
                iterations: done,
                settled,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{self, FakeClock};

    /// A job whose n-th operation costs `cost(n)` ns.
    fn job(clock: &FakeClock, cost: impl Fn(u64) -> f64 + 'static) -> Job {
        test_support::job("valid", clock, cost)
    }

    #[test]
    fn steady_code_warms_up_for_what_was_asked() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |_| 50.0), &clock, 1000);
        assert_eq!(w.cold_ns, Some(50.0));
        assert_eq!(w.iterations, 1000);
        assert!(w.settled);
    }

    #[test]
    fn code_that_gets_faster_warms_up_until_it_stops() {
        let clock = FakeClock::default();
        // From 1000 ns an operation down to 100 ns at the 2,000th (a JIT tiering up).
        let w = warm_up(
            &mut job(&clock, |n| (1000.0 - 0.45 * n as f64).max(100.0)),
            &clock,
            1000,
        );
        assert!((w.cold_ns.expect("cold") - 955.225).abs() < 1e-9);
        // Batches of 200: falling until 2,000, then a new best, then two calm batches.
        assert_eq!(w.iterations, 2600);
        assert!(w.settled);
    }

    #[test]
    fn code_that_keeps_getting_faster_stops_at_the_cap_unsettled() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |n| 1e6 / (n + 1) as f64), &clock, 100);
        assert_eq!(w.iterations, 1000);
        assert!(!w.settled);
    }

    #[test]
    fn no_warm_up_asked_is_none() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |_| 5.0), &clock, 0);
        assert_eq!((w.cold_ns, w.iterations), (None, 0));
    }
}
