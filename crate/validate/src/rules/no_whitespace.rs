//! `no_whitespace` (domainstack's): no char is whitespace, as
//! `char::is_whitespace` says (Unicode White_Space: spaces, tabs, newlines,
//! U+0085, U+00A0, U+3000, …; not U+200B or U+FEFF). The empty string passes.

use crate::rules::registry;
use crate::{Rule, Violation};

/// No whitespace anywhere (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoWhitespace;

impl Rule<str> for NoWhitespace {
    #[inline]
    fn check(&self, value: &str) -> bool {
        !value.chars().any(char::is_whitespace)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::NO_WHITESPACE, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_without_white_space_passes() {
        for s in ["", "abc", "a\u{200B}b", "a\u{FEFF}b", "a_b-c"] {
            assert!(NoWhitespace.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn any_white_space_fails() {
        for s in [
            " ",
            "a b",
            "a\tb",
            "a\nb",
            "a\u{85}b",
            "a\u{A0}b",
            "a\u{3000}b",
        ] {
            assert!(!NoWhitespace.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = NoWhitespace.violation(" ");
        assert_eq!(v.code, "no_whitespace");
        assert_eq!(v.message(), "must not contain whitespace");
    }
}
