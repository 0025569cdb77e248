//! `regex`: the regular expression matches somewhere in the value
//! (`Regex::is_match`, unanchored, as the `regex` crate, validator and garde
//! do): `[0-9]+` accepts "abc1". Anchor with `^…$` to match the whole value.
//! Syntax and Unicode classes are the `regex` crate's (`\w`, `\d` are Unicode).

use regex::Regex;

use crate::rules::registry;
use crate::{Rule, Violation};

/// The pattern matches (see the [module docs](self)). The regex is compiled
/// once by whoever holds it (derived code keeps it in a `LazyLock`).
#[derive(Debug, Clone, Copy)]
pub struct Pattern<'a>(pub &'a Regex);

impl Rule<str> for Pattern<'_> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        self.0.is_match(value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::REGEX, "").with_param("pattern", self.0.as_str().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regex(pattern: &str) -> Regex {
        Regex::new(pattern).expect("valid test pattern")
    }

    #[test]
    fn matches_anywhere_unless_anchored() {
        let digits = regex("[0-9]+");
        assert!(Pattern(&digits).check("abc1"));
        assert!(!Pattern(&digits).check("abc"));
        assert!(!Pattern(&digits).check(""));
        let whole = regex("^[0-9]+$");
        assert!(!Pattern(&whole).check("abc1"));
        assert!(Pattern(&whole).check("123"));
    }

    #[test]
    fn unicode_classes_and_empty_input() {
        let word = regex(r"^\w+$");
        assert!(Pattern(&word).check("straße日本"));
        assert!(!Pattern(&word).check("a b"));
        assert!(Pattern(&regex("")).check(""));
        assert!(Pattern(&regex("^$")).check(""));
        assert!(Pattern(&regex(r"^\d$")).check("٣")); // Unicode digit
    }

    #[test]
    fn violation_carries_the_pattern_text() {
        let re = regex("^[a-z]+$");
        let v = Pattern(&re).violation("A");
        assert_eq!(v.code, "regex");
        assert_eq!(v.message(), "must match the pattern ^[a-z]+$");
    }
}
