//! How fine the clock is and what reading it costs, reported beside every result
//! (seed 001 prints "nanoTime() overhead").

use overhead_contract::TimerInfo;

use crate::Clock;

/// Bounded by read count, so a clock that never moves cannot hang it.
const MAX_READS: u32 = 2_000_000;
const STEPS_WANTED: u32 = 50;
const OVERHEAD_READS: u32 = 20_000;
/// Empty iterations timed for the loop's own cost (well over a millisecond's worth
/// natively, so a 5 µs browser clock adds under 1%).
const LOOP_ITERATIONS: u64 = 2_000_000;

pub fn measure(clock: &dyn Clock) -> TimerInfo {
    TimerInfo {
        resolution_ns: resolution(clock),
        overhead_ns: overhead(clock),
        loop_ns: loop_cost(clock),
    }
}

/// The per-iteration cost of `time_loop` around an operation that does nothing.
fn loop_cost(clock: &dyn Clock) -> f64 {
    let elapsed = crate::time_loop(clock, LOOP_ITERATIONS, &mut || ());
    (elapsed / LOOP_ITERATIONS as f64).max(0.0)
}

fn resolution(clock: &dyn Clock) -> Option<f64> {
    let mut smallest = f64::INFINITY;
    let mut steps = 0;
    let mut last = clock.now_ns();
    for _ in 0..MAX_READS {
        let now = clock.now_ns();
        if now > last {
            smallest = smallest.min(now - last);
            steps += 1;
            if steps == STEPS_WANTED {
                break;
            }
        }
        last = now;
    }
    smallest.is_finite().then_some(smallest)
}

fn overhead(clock: &dyn Clock) -> f64 {
    let start = clock.now_ns();
    let mut last = start;
    for _ in 0..OVERHEAD_READS {
        last = std::hint::black_box(clock.now_ns());
    }
    (last - start) / f64::from(OVERHEAD_READS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct Ticking {
        t: Cell<f64>,
        step: f64,
    }
    impl Clock for Ticking {
        fn now_ns(&self) -> f64 {
            self.t.set(self.t.get() + self.step);
            self.t.get()
        }
    }

    struct Frozen;
    impl Clock for Frozen {
        fn now_ns(&self) -> f64 {
            7.0
        }
    }

    #[test]
    fn measures_step_and_read_cost() {
        let info = measure(&Ticking {
            t: Cell::new(0.0),
            step: 25.0,
        });
        assert_eq!(info.resolution_ns, Some(25.0));
        assert!((info.overhead_ns - 25.0).abs() < 1e-9);
    }

    #[test]
    fn a_frozen_clock_has_no_resolution_and_does_not_hang() {
        let info = measure(&Frozen);
        assert_eq!(info.resolution_ns, None);
        assert_eq!(info.overhead_ns, 0.0);
    }
}
