//! overhead-bench: scenarios, variants, the timing loop, statistics and reports.
//!
//! Text goes in (a scenario), a [`Report`] comes out. The loop lives here so that
//! the CLI and the wasm module measure the same way: inputs are prepared before
//! timing, a run is one clock read before and one after, results pass through
//! `black_box`, and the runs of all jobs interleave (see [`runner`]).

pub mod analysis;
pub mod benchmark;
pub mod bundled;
pub mod clock;
pub mod compiled;
mod error;
pub mod formats;
pub mod interpreted;
pub mod job;
pub mod peers;
pub mod quality;
pub mod report;
pub mod runner;
pub mod scenario;
pub mod settings;
pub mod stats;
#[cfg(test)]
mod test_support;
pub mod timer;
pub mod variant;
pub mod warmup;

pub use benchmark::{Benchmark, Engines, RunRequest};
pub use clock::{Clock, SystemClock};
pub use error::Error;
pub use job::{Job, JobInfo};
pub use report::{
    Data, Engine, Env, Outcome, Report, ResultRow, RuleCost, RulePart, Target, ViolationRecord,
};
pub use scenario::{Input, Scenario};
pub use settings::Settings;
pub use variant::Variant;
