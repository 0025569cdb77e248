//! The one trait every rule implements. `check` is the hot path and must not
//! allocate; `violation` runs only for a value that failed.

use crate::Violation;

pub trait Rule<T: ?Sized> {
    /// True when `value` satisfies the rule.
    fn check(&self, value: &T) -> bool;

    /// What failed, for a value `check` refused: code, message template, params.
    /// The path is empty; whoever holds the value puts it under its field.
    fn violation(&self, value: &T) -> Violation;
}
