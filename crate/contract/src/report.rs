//! The Report: the same JSON from the CLI, the wasm module and the page
//! (DESIGN.md, "Report").

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::{Settings, Variant};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub scenario: String,
    pub env: Env,
    pub settings: Settings,
    pub timer: TimerInfo,
    pub results: Vec<ResultRow>,
    /// Where validation time goes: each rule timed on the values of an input.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breakdown: Vec<RuleCost>,
    /// What was left out of the run and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The bytes each engine's and peer's code adds to the wasm module for
    /// the scenario's definitions (`overhead run --measure size`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub code_size: Vec<CodeSize>,
}

/// What one engine's or peer's code adds to the page's wasm module: the
/// module built with it less the module built without it, all else the same.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CodeSize {
    pub engine: Engine,
    /// Bytes it adds to the module.
    pub bytes: u64,
    /// The module's bytes with it.
    pub module_bytes: u64,
}

/// Where the figures were taken. Fields the running side cannot know are absent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Env {
    pub target: Target,
    pub engine_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rustc: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

impl Env {
    /// What this build knows of itself; the caller adds the machine and the date.
    pub fn of_this_build() -> Self {
        Env {
            target: if cfg!(target_arch = "wasm32") {
                Target::Wasm
            } else {
                Target::Native
            },
            engine_version: env!("CARGO_PKG_VERSION").to_owned(),
            rustc: Some(env!("OVERHEAD_RUSTC").to_owned()),
            cpu: None,
            os: None,
            browser: None,
            date: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    Native,
    Wasm,
}

impl Target {
    pub fn name(self) -> &'static str {
        match self {
            Target::Native => "native",
            Target::Wasm => "wasm",
        }
    }
}

/// Which implementation did the work.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Engine {
    /// Derive-generated Rust code, compiled into this build.
    Compiled,
    /// `overhead-engine` running the definitions' text.
    Interpreted,
    /// Another crate doing the same job, e.g. `peer:validator`, or a JS
    /// library (`peer:zod`).
    Peer(Cow<'static, str>),
    /// Plain JavaScript in the page: `JSON.parse` and a validator built from
    /// the same definitions.
    Js,
}

impl Engine {
    pub fn name(&self) -> Cow<'static, str> {
        match self {
            Engine::Compiled => Cow::Borrowed("compiled"),
            Engine::Interpreted => Cow::Borrowed("interpreted"),
            Engine::Js => Cow::Borrowed("js"),
            Engine::Peer(name) => Cow::Owned(format!("peer:{name}")),
        }
    }
}

impl TryFrom<String> for Engine {
    type Error = String;
    fn try_from(name: String) -> Result<Self, String> {
        match name.as_str() {
            "compiled" => Ok(Engine::Compiled),
            "interpreted" => Ok(Engine::Interpreted),
            "js" => Ok(Engine::Js),
            _ => match name.strip_prefix("peer:") {
                Some(peer) if !peer.is_empty() => Ok(Engine::Peer(Cow::Owned(peer.to_owned()))),
                _ => Err(format!("unknown engine `{name}`")),
            },
        }
    }
}

impl From<Engine> for String {
    fn from(engine: Engine) -> String {
        engine.name().into_owned()
    }
}

/// What one operation returned for an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Ok,
    /// Decoded, but a validation rule was violated.
    Invalid,
    /// The input could not be decoded.
    Error,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Invalid => "invalid",
            Outcome::Error => "error",
        }
    }
}

/// How the input data was produced (seed 001).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Data {
    #[default]
    Serial,
    Random,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultRow {
    pub variant: Variant,
    pub engine: Engine,
    pub input: String,
    pub data: Data,
    pub outcome: Outcome,
    /// What the operation said when it did not succeed (serde's message).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// What an API would answer for an invalid input.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub violations: Vec<ViolationRecord>,
    /// Bytes of the operation's input (decoding) or output (encoding).
    pub size: usize,
    /// ns/op of each run, in run order; index k of two results was measured side by side.
    pub runs_ns: Vec<f64>,
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    pub mean_ns: f64,
    /// ns/op of the first warm-up batch: the cold code, before any tiering up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cold_ns: Option<f64>,
    /// Instructions per operation, counted by callgrind (`overhead run
    /// --measure instructions`), the timed loop's own taken out: unlike time,
    /// the same under any load and at any clock speed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<f64>,
    /// What the runs say about how far to trust the figures (noisy, still warming, …).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
}

/// One rule at one place of the definitions, timed alone on the values an
/// input holds there: ns per validated decode of that input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleCost {
    pub input: String,
    #[serde(flatten)]
    pub part: RulePart,
    /// Whether the rule failed on some value here (the error path: the cost
    /// includes building its violations).
    pub failed: bool,
    pub runs_ns: Vec<f64>,
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<Flag>,
}

/// Which rule a breakdown job times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RulePart {
    /// The field as the JSON reads, `[]` for every element (`items[].sku`).
    pub path: String,
    /// The rule's keyword.
    pub rule: String,
    /// Its bounds or operand (`min 3`), to tell two rules of a keyword apart.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// How many values it checks there.
    pub values: usize,
}

/// One violation as reports carry it (the shape of `overhead_validate::Violation`'s JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViolationRecord {
    pub path: String,
    pub code: String,
    pub message: String,
}

impl From<&overhead_validate::Violation> for ViolationRecord {
    fn from(v: &overhead_validate::Violation) -> Self {
        ViolationRecord {
            path: v.path.to_string(),
            code: v.code.to_string(),
            message: v.message().into_owned(),
        }
    }
}

/// How far to trust a row's figures, as the runs show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flag {
    /// The min–max range exceeds 10% of the median.
    Noisy,
    /// Still warming: the warm-up did not settle, or the runs get faster.
    Warming,
    /// The runs get slower (throttling, GC, other load on the machine).
    Drifting,
    /// Fewer than 3 runs: the "median" is one or two runs.
    FewRuns,
}

impl Flag {
    pub fn code(self) -> &'static str {
        match self {
            Flag::Noisy => "noisy",
            Flag::Warming => "warming",
            Flag::Drifting => "drifting",
            Flag::FewRuns => "few-runs",
        }
    }

    /// What the flag means, for a legend under a table.
    pub fn meaning(self) -> &'static str {
        match self {
            Flag::Noisy => {
                "the min–max range exceeds 10% of the median; run again on a quieter machine, or with more iterations"
            }
            Flag::Warming => {
                "the time per operation was still falling (warm-up did not settle, or the runs get faster); warm up longer"
            }
            Flag::Drifting => {
                "the runs get slower one after another (thermal throttling, GC, or other load)"
            }
            Flag::FewRuns => {
                "fewer than 3 runs: the median is one or two runs, and the range says little"
            }
        }
    }
}

/// How fine the clock is and what reading it costs, reported beside every
/// result (seed 001 prints "nanoTime() overhead").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TimerInfo {
    /// Smallest step the clock was seen to take; `None` if it never moved.
    pub resolution_ns: Option<f64>,
    /// Mean cost of one clock read.
    pub overhead_ns: f64,
    /// What the timed loop itself costs per iteration (an operation that does
    /// nothing, through `black_box`): the floor under every ns/op figure.
    #[serde(default)]
    pub loop_ns: f64,
}
