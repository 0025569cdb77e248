//! The rule breakdown: each rule timed alone on the values an input holds
//! where the rule sits (the interpreter's rule sites).

use std::rc::Rc;

use overhead_engine::run::Interpreter;

use crate::{Input, Job, Variant, interpreted};

/// The breakdown's jobs, or the note that says why there is none.
pub fn jobs(
    asked: bool,
    variants: &[Variant],
    interpreter: Option<&Rc<Interpreter>>,
    inputs: &[&Input],
    jobs: &mut Vec<Job>,
    notes: &mut Vec<String>,
) {
    if !asked {
        return;
    }
    let validates = variants
        .iter()
        .any(|v| matches!(v, Variant::DeValidate | Variant::ValidateOnDe));
    match (validates, interpreter) {
        (true, Some(interpreter)) => {
            for input in inputs {
                match interpreted::rule_jobs(interpreter, input) {
                    Ok(rule_jobs) => jobs.extend(rule_jobs),
                    Err(why) => notes.push(format!("no breakdown of rules: {why}")),
                }
            }
        }
        (false, _) => notes.push(
            "no breakdown of rules: no validation variant (de+validate, validate-on-de) runs"
                .to_owned(),
        ),
        (true, None) => notes.push(
            "no breakdown of rules: it times the interpreted engine's rules, which this run leaves out"
                .to_owned(),
        ),
    }
}
