//! overhead-bench: scenarios, variants, the timing loop, statistics and reports.
//!
//! Text goes in (a scenario), a [`Report`] comes out. The loop lives here so that
//! the CLI and the wasm module measure the same way: inputs are prepared before
//! timing, a run is one clock read before and one after, results pass through
//! `black_box`, and the runs of all jobs interleave (see [`runner`]).

pub mod analysis;
pub mod benchmark;
pub mod bundled;
pub mod change;
pub mod compiled;
pub mod count;
pub mod formats;
pub mod heap_shift;
pub mod interpreted;
pub mod job;
pub mod ondemand;
pub mod peers;
pub mod prepare;
pub mod quality;
pub mod request;
pub mod root;
pub mod runner;
pub mod stats;
#[cfg(test)]
mod test_support;
pub mod warmup;

// The formats are `overhead-contract`'s; their modules are re-exported under
// the names this crate has always given them.
pub use overhead_contract::{report, scenario, settings, variant};
// The clock and its costs are `overhead-clock`'s.
pub use overhead_clock::timer;

pub use benchmark::{Benchmark, CompiledAlone, CompiledSource, Source};
pub use job::{Job, JobInfo};
pub use overhead_clock::{Clock, SystemClock};
pub use overhead_contract::{
    CodeSize, Data, Engine, Env, Error, Input, Outcome, Report, ResultRow, RuleCost, RulePart,
    Scenario, Settings, Target, Variant, ViolationRecord,
};
pub use request::{Engines, RunRequest};
