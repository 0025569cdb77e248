//! `alpha_only` (domainstack's): every char is a Unicode letter, as
//! `char::is_alphabetic` says (the Alphabetic property: letters of any script,
//! and marks and numbers counted as letters, such as "Ⅻ"). Digits fail. The
//! empty string passes.

use crate::rules::registry;
use crate::{Rule, Violation};

/// Only letters (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AlphaOnly;

impl Rule<str> for AlphaOnly {
    #[inline]
    fn check(&self, value: &str) -> bool {
        // ASCII first: most text never needs the Unicode tables.
        value.bytes().all(|b| b.is_ascii_alphabetic()) || value.chars().all(char::is_alphabetic)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::ALPHA_ONLY, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_of_any_script_pass() {
        for s in ["", "abc", "Zoë", "日本", "Ⅻ", "ß"] {
            assert!(AlphaOnly.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn digits_spaces_and_signs_fail() {
        for s in ["a1", "a b", "a-b", "٣", "😀", "a_b"] {
            assert!(!AlphaOnly.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = AlphaOnly.violation("1");
        assert_eq!(v.code, "alpha_only");
        assert_eq!(v.message(), "must contain only letters");
    }
}
