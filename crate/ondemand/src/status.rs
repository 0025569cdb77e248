//! What the front door says when a run has no compiled code of its own, and
//! what happens meanwhile: below every other module of the crate.

use super::cargo::{BuildError, RustcMessage};

/// Why pasted code is not compiled natively without the person's leave.
pub const NEEDS_LEAVE: &str = "the definitions carry code of their own, which compiled code runs natively on this machine only when you allow it (`--allow-code`; the page asks); in the browser it runs in the page's sandbox";

/// Why a run has no compiled code built on demand, said in the Report's notes
/// (and, when only the compiled engine was asked for, as the error).
pub struct Unavailable {
    pub reason: String,
    /// rustc's messages on the definitions, or the refused constructs, each
    /// at its line and column in them.
    pub messages: Vec<RustcMessage>,
}

impl Unavailable {
    pub(crate) fn because(reason: impl Into<String>) -> Unavailable {
        Unavailable {
            reason: reason.into(),
            messages: Vec::new(),
        }
    }
}

pub(crate) fn unavailable(e: BuildError) -> Unavailable {
    match e {
        BuildError::Rustc(messages) => Unavailable {
            reason: "rustc refuses these definitions".into(),
            messages,
        },
        BuildError::Cargo(why) => Unavailable::because(why),
    }
}

/// What is happening, for the terminal or the page.
pub enum Status<'a> {
    /// A line of cargo's progress (`Compiling …`).
    Cargo(&'a str),
    /// A progress line of the run, as JSON (`ondemand::progress_json`).
    Run(&'a str),
}
