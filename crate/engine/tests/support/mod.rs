//! What the tests of pasted code read of a run: each input's outcome and
//! the plan's notes, as text.

use overhead_engine::run::{Error, Interpreter};

/// `path:code` of each violation, or `syntax: …` for a decoding error;
/// empty when the input is valid.
pub fn outcome(engine: &Interpreter, input: &str) -> Vec<String> {
    match engine.decode_validated(input) {
        Ok(_) => Vec::new(),
        Err(Error::Invalid(v)) => v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect(),
        Err(Error::Syntax(e)) => vec![format!("syntax: {e}")],
    }
}

pub fn notes(engine: &Interpreter) -> Vec<String> {
    engine.plan().notes.iter().map(|d| d.to_string()).collect()
}
