// Modelled on victor-software-house/qctl, src/schema.rs: the constructs as written there, in our own words.
//! What a `chores.yaml` is, said once.
//!
//! serde reads and writes the file, garde refuses the values a type cannot
//! refuse by itself, and schemars writes `schema/chores.schema.json` from the
//! very same declarations, so the editor's schema and the binary that writes
//! the file never drift apart.
//!
//! Checks that need several rows at once (unique ids, blockers that come
//! earlier, `current` being the head of the backlog) live elsewhere: a JSON
//! Schema cannot say them, so [`crate::ledger::cross_row_problems`] does.

use garde::Validate;
use regex::Regex;
use schemars::{JsonSchema, schema_for};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::path::{Component, Path};
use std::sync::LazyLock;

/// The one layout version a ledger may declare.
pub const LAYOUT: u32 = 3;

/// Where the generated schema says it lives.
const SCHEMA_ID: &str = "https://example.org/allotment/chores.schema.json";

/// A plan note: relative, inside the plot folder, markdown. The lookaheads are
/// why the schema carries this pattern and garde does not: the `regex` crate has
/// no lookaheads, so [`stays_in_the_plot`] enforces the same thing.
const NOTE_PATTERN: &str = r"^(?!/)(?!.*\.\.).+\.md$";

/// The one description of a link, since neither garde nor schemars puts a
/// `format` on the items of a list.
static LINK_ITEMS: LazyLock<Value> = LazyLock::new(|| json!({"type": "string", "format": "uri"}));

/// One pattern, compiled once, read by garde to check and by schemars to
/// document: a field cannot be checked one way and described another.
macro_rules! pattern {
    ($name:ident = $source:literal, $what:literal) => {
        #[doc = $what]
        static $name: LazyLock<Regex> =
            LazyLock::new(|| Regex::new($source).expect(concat!($source, " does not compile")));
    };
}

pattern!(
    PLOT = r"^[A-Z][A-Z0-9]{1,5}$",
    "A plot's chore prefix: BED, HERB, GH2."
);
pattern!(
    CHORE_ID = r"^[A-Z][A-Z0-9]{1,5}-[0-9]{3,}$",
    "A chore id: the prefix, a dash, three or more digits."
);
pattern!(
    BATCH = r"^[a-z][a-z0-9-]*$",
    "A seed batch name, used as a file stem."
);
pattern!(
    MOMENT = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$",
    "A moment to the second, in UTC, so stamps sort as they happened."
);

/// One plot's chore ledger.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
#[schemars(
    title = "allotment chore ledger",
    extend("$id" = SCHEMA_ID)
)]
pub struct ChoreLedger {
    /// Layout version, the one this tool writes and reads.
    #[garde(skip)]
    #[schemars(extend("const" = LAYOUT))]
    pub layout: u32,

    /// Stable id prefix for this plot.
    #[garde(pattern(*PLOT))]
    pub plot: String,

    /// The chore being done right now, or null when the plot rests.
    #[garde(inner(pattern(*CHORE_ID)))]
    #[schemars(required, pattern(*CHORE_ID), extend("type" = ["string", "null"]))]
    pub current: Option<String>,

    /// Chores still to do, most urgent first.
    #[garde(dive)]
    pub backlog: Vec<OpenChore>,

    /// Chores done or given up, newest first. Their ids are never reused.
    #[garde(dive)]
    pub done: Vec<ClosedChore>,

    /// Chores mapped out but not scheduled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[garde(dive)]
    pub someday: Vec<SomedayChore>,
}

/// A chore in the backlog.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct OpenChore {
    /// This chore's id, unique for the life of the plot.
    #[garde(pattern(*CHORE_ID))]
    pub id: String,

    /// The chore, in one line.
    #[garde(length(min = 1))]
    pub title: String,

    /// Which bed or shed it touches.
    #[garde(length(min = 1))]
    pub area: String,

    /// What is true once it is done.
    #[garde(length(min = 1))]
    pub result: String,

    /// Chores that must be done first.
    #[garde(inner(pattern(*CHORE_ID)))]
    #[schemars(extend("uniqueItems" = true))]
    pub waits_for: Vec<String>,

    /// What must visibly hold to call it done.
    #[garde(length(min = 1), inner(length(min = 1)))]
    #[schemars(extend("uniqueItems" = true))]
    pub done_when: Vec<String>,

    /// The seed batch this chore belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(pattern(*BATCH)))]
    #[schemars(pattern(*BATCH))]
    pub batch: Option<String>,

    /// A plan note in the plot folder, when the chore needs one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(custom(stays_in_the_plot)))]
    #[schemars(pattern(NOTE_PATTERN))]
    pub note: Option<String>,

    /// Anything outside the plot worth reading.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[garde(inner(length(min = 1)))]
    #[schemars(extend("uniqueItems" = true, "items" = *LINK_ITEMS))]
    pub links: Vec<String>,

    /// What a reader needs that the other fields cannot carry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(length(min = 1)))]
    #[schemars(length(min = 1))]
    pub remarks: Option<String>,
}

/// A chore that has left the backlog, finished or abandoned.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct ClosedChore {
    /// The id it had in the backlog.
    #[garde(pattern(*CHORE_ID))]
    pub id: String,

    /// The chore, in one line.
    #[garde(length(min = 1))]
    pub title: String,

    /// Which bed or shed it touched.
    #[garde(length(min = 1))]
    pub area: String,

    /// When it left the backlog, as `YYYY-MM-DDThh:mm:ssZ`.
    #[garde(pattern(*MOMENT), custom(a_moment_that_exists))]
    #[schemars(pattern(*MOMENT), extend("format" = "date-time"))]
    pub closed_at: String,

    /// What became true.
    #[garde(length(min = 1))]
    pub result: String,

    /// Where to look to see it.
    #[garde(length(min = 1), inner(length(min = 1)))]
    #[schemars(extend("uniqueItems" = true))]
    pub proof: Vec<String>,

    /// Finished or abandoned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(skip)]
    pub outcome: Option<Outcome>,

    /// The seed batch it belonged to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(pattern(*BATCH)))]
    #[schemars(pattern(*BATCH))]
    pub batch: Option<String>,

    /// The plan note it followed, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(custom(stays_in_the_plot)))]
    #[schemars(pattern(NOTE_PATTERN))]
    pub note: Option<String>,

    /// Anything outside the plot worth reading.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[garde(inner(length(min = 1)))]
    #[schemars(extend("uniqueItems" = true, "items" = *LINK_ITEMS))]
    pub links: Vec<String>,

    /// What a later reader will want to know.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(length(min = 1)))]
    #[schemars(length(min = 1))]
    pub remarks: Option<String>,
}

/// A chore mapped out but not in the backlog yet.
#[derive(Debug, Serialize, Deserialize, JsonSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct SomedayChore {
    /// Its id, from the same sequence as the backlog's.
    #[garde(pattern(*CHORE_ID))]
    pub id: String,

    /// The chore, in one line.
    #[garde(length(min = 1))]
    pub title: String,

    /// Which bed or shed it would touch.
    #[garde(length(min = 1))]
    pub area: String,

    /// What would be true once done.
    #[garde(length(min = 1))]
    pub result: String,

    /// Why it waits.
    #[garde(skip)]
    pub reason: Reason,

    /// The question that keeps it out of the backlog.
    #[garde(length(min = 1))]
    pub open_question: String,

    /// The seed batch it would belong to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[garde(inner(pattern(*BATCH)))]
    #[schemars(pattern(*BATCH))]
    pub batch: Option<String>,

    /// Anything outside the plot worth reading.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[garde(inner(length(min = 1)))]
    #[schemars(extend("uniqueItems" = true, "items" = *LINK_ITEMS))]
    pub links: Vec<String>,
}

/// How a chore left the backlog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The result was reached.
    Finished,
    /// Given up on purpose; the row says why.
    Abandoned,
}

/// Why a chore waits outside the backlog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Reason {
    /// Something must be found out first.
    Unknown,
    /// The options are known, the season is not.
    Seasonal,
    /// It waits on a stated condition.
    Blocked,
}

impl std::fmt::Display for Reason {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = match self {
            Self::Unknown => "unknown",
            Self::Seasonal => "seasonal",
            Self::Blocked => "blocked",
        };
        formatter.write_str(word)
    }
}

/// Somewhere in the plot folder: relative, never climbing out, and markdown.
fn stays_in_the_plot<C>(path: &str, _: &C) -> garde::Result {
    let candidate = Path::new(path);
    if candidate.is_absolute()
        || candidate
            .components()
            .any(|part| matches!(part, Component::ParentDir))
    {
        return Err(garde::Error::new("must stay inside the plot folder"));
    }
    if candidate.extension().is_none_or(|kind| kind != "md") {
        return Err(garde::Error::new("must be a markdown note"));
    }
    Ok(())
}

/// A moment the calendar has: [`MOMENT`] checks the shape, this checks that
/// `2025-02-30T00:00:00Z` never lands in the ledger.
fn a_moment_that_exists<C>(value: &str, _: &C) -> garde::Result {
    if time::OffsetDateTime::parse(value, &time::format_description::well_known::Rfc3339).is_err() {
        return Err(garde::Error::new("must be a moment that exists"));
    }
    Ok(())
}

/// Where the generated schema is committed.
pub const COMMITTED: &str = "schema/chores.schema.json";

/// The schema these types describe, tab-indented, as it belongs on disk.
pub fn generated() -> anyhow::Result<String> {
    let schema = serde_json::to_value(schema_for!(ChoreLedger))?;
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(
        &mut out,
        serde_json::ser::PrettyFormatter::with_indent(b"\t"),
    );
    schema.serialize(&mut serializer)?;
    out.push(b'\n');
    Ok(String::from_utf8(out)?)
}
