//! overhead-clock: where every figure's time comes from, the timed loop that
//! reads it (one clock read before and one after), and what the clock itself
//! costs (`TimerInfo`, reported beside every result). Its own crate so that
//! the page's first module can measure the clock without the benchmark.

mod clock;
pub mod timer;

pub use clock::{Clock, SystemClock, time_loop};
