//! overhead-contract: the formats tests, tools and the page rely on
//! (DESIGN.md, "Contracts"): a scenario as a folder and as one JSON document,
//! its settings, the variant codes, and the Report — plus the bundled
//! scenarios' files. Small on purpose: the page's analyzer module reads these
//! and nothing of the benchmark.

pub mod bundled;
mod error;
pub mod report;
pub mod scenario;
pub mod settings;
pub mod variant;

pub use error::Error;
pub use report::{
    CodeSize, Data, Engine, Env, Flag, Outcome, Report, ResultRow, RuleCost, RulePart, Target,
    TimerInfo, ViolationRecord,
};
pub use scenario::{Input, Scenario};
pub use settings::Settings;
pub use variant::Variant;
