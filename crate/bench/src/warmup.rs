//! Warm-up that lasts until the code is warm: batches run until their time per
//! operation stops falling (a JIT tiering up, as wasm does from Liftoff to
//! TurboFan in a background thread, or caches filling). It runs at least the
//! iterations the settings ask for and at least `MIN_WARM_UP_NS`, so that a
//! tier-up compiled in the background has time to land, and gives up on
//! settling after `MAX_WARM_UP_NS`. Batches double until each lasts
//! `MIN_BATCH_NS`, so that a coarse timer still tells 2% apart. The first
//! batch's time is kept: it is what cold code costs, reported apart.

use crate::{Clock, Job};

/// Batches per requested warm-up, to start with: small enough to see the first, cold ones.
const BATCHES: u64 = 5;
/// A batch this much faster than the best so far means still warming.
const STILL_FALLING: f64 = 0.98;
/// Batches in a row without a new best that count as settled.
const SETTLED_AFTER: u32 = 2;
/// A batch shorter than this is doubled: 1 ms is 200 steps of a 5 µs browser timer.
const MIN_BATCH_NS: f64 = 1e6;
/// Warm-up lasts at least this long.
const MIN_WARM_UP_NS: f64 = 20e6;
/// Warm-up stops trying to settle after this long, or after `MAX_WARM_UP_OPS`.
const MAX_WARM_UP_NS: f64 = 1e9;
const MAX_WARM_UP_OPS: u64 = 100_000_000;
/// A batch this large that the clock did not see means a clock that does not move.
const FROZEN_BATCH: u64 = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WarmUp {
    /// ns/op of the first batch; `None` when no warm-up was asked for.
    pub cold_ns: Option<f64>,
    /// Operations run while warming up.
    pub iterations: u64,
    /// Nanoseconds spent warming up.
    pub elapsed_ns: f64,
    /// Whether the time per operation stopped falling before the limits.
    pub settled: bool,
}

pub fn warm_up(job: &mut Job, clock: &dyn Clock, warmup: u64) -> WarmUp {
    let mut w = WarmUp {
        cold_ns: None,
        iterations: 0,
        elapsed_ns: 0.0,
        settled: true,
    };
    if warmup == 0 {
        return w;
    }
    let mut batch = (warmup / BATCHES).max(1);
    let mut best = f64::INFINITY;
    let mut calm = 0;
    loop {
        let elapsed = job.time(clock, batch);
        let ns = elapsed / batch as f64;
        w.iterations += batch;
        w.elapsed_ns += elapsed;
        w.cold_ns.get_or_insert(ns);
        if ns < best * STILL_FALLING {
            calm = 0;
        } else {
            calm += 1;
        }
        best = best.min(ns);
        w.settled = calm >= SETTLED_AFTER;
        if w.iterations >= warmup {
            let long_enough = w.elapsed_ns >= MIN_WARM_UP_NS;
            let too_long = w.elapsed_ns >= MAX_WARM_UP_NS || w.iterations >= MAX_WARM_UP_OPS;
            let frozen = w.elapsed_ns <= 0.0 && batch >= FROZEN_BATCH;
            if (long_enough && w.settled) || too_long || frozen {
                return w;
            }
        }
        if elapsed < MIN_BATCH_NS {
            batch = batch.saturating_mul(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{self, FakeClock};

    /// A job whose n-th operation costs `cost(n)` ns.
    fn job(clock: &FakeClock, cost: impl FnMut(u64) -> f64 + 'static) -> Job {
        test_support::job("valid", clock, cost)
    }

    #[test]
    fn steady_code_warms_up_for_the_minimum_time_and_iterations() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |_| 50.0), &clock, 1000);
        assert_eq!(w.cold_ns, Some(50.0));
        assert!(w.settled);
        assert!(w.iterations >= 1000 && w.elapsed_ns >= MIN_WARM_UP_NS);
        // Not much longer than needed: batches double, so at most twice over.
        assert!(
            w.elapsed_ns < 2.0 * MIN_WARM_UP_NS + 2.0 * MIN_BATCH_NS,
            "{w:?}"
        );
    }

    #[test]
    fn the_requested_iterations_come_first_when_they_take_longer() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |_| 100_000.0), &clock, 1000);
        assert_eq!(w.iterations, 1000);
        assert!(w.settled);
    }

    #[test]
    fn code_that_gets_faster_warms_up_until_it_stops() {
        let clock = FakeClock::default();
        // 1000 ns an operation, then 100 ns from the 15,000th: a tier-up landing
        // after 15 ms, within the minimum warm-up, is waited for.
        let w = warm_up(
            &mut job(&clock, |n| if n < 15_000 { 1000.0 } else { 100.0 }),
            &clock,
            1000,
        );
        assert_eq!(w.cold_ns, Some(1000.0));
        assert!(w.settled);
        assert!(w.iterations > 15_000, "{w:?}");
        // Measured warm afterwards: what is left of the warm-up ran at 100 ns.
        assert!(w.elapsed_ns < 15e6 + (w.iterations - 15_000) as f64 * 100.0 + 1.0);
    }

    #[test]
    fn code_that_keeps_getting_faster_stops_at_a_limit_unsettled() {
        let clock = FakeClock::default();
        // 3% faster after every simulated millisecond, for ever.
        let (mut cost, mut spent, mut next) = (1000.0, 0.0, 1e6);
        let w = warm_up(
            &mut job(&clock, move |_| {
                spent += cost;
                if spent >= next {
                    cost *= 0.97;
                    next += 1e6;
                }
                cost
            }),
            &clock,
            100,
        );
        assert!(!w.settled);
        assert!(
            w.elapsed_ns >= MAX_WARM_UP_NS || w.iterations >= MAX_WARM_UP_OPS,
            "{w:?}"
        );
    }

    #[test]
    fn a_clock_that_never_moves_does_not_hang_it() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |_| 0.0), &clock, 100);
        assert!(w.iterations >= FROZEN_BATCH);
    }

    #[test]
    fn no_warm_up_asked_is_none() {
        let clock = FakeClock::default();
        let w = warm_up(&mut job(&clock, |_| 5.0), &clock, 0);
        assert_eq!((w.cold_ns, w.iterations), (None, 0));
    }
}
