//! `non_blank`: at least one char that is not whitespace by
//! `char::is_whitespace` (Unicode White_Space: space, tab, newlines, U+000B,
//! U+0085, U+00A0, U+2028, U+3000, …). The empty string fails. Zero-width
//! characters such as U+200B and U+FEFF, and controls such as U+0000, are not
//! White_Space, so they pass.

use crate::rules::registry;
use crate::{Rule, Violation};

/// Not empty and not only whitespace (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NonBlank;

impl Rule<str> for NonBlank {
    #[inline]
    fn check(&self, value: &str) -> bool {
        // Stops at the first visible char, usually the first.
        value.chars().any(|c| !c.is_whitespace())
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::NON_BLANK, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_strings_fail() {
        for s in [
            "",
            " ",
            "\t\n\r",
            "\u{0B}\u{0C}",
            "\u{85}",
            "\u{A0}",
            "\u{2003}\u{2028}",
            "\u{3000}",
        ] {
            assert!(!NonBlank.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn anything_visible_passes() {
        for s in [
            "a",
            "  a  ",
            "\n.",
            "\u{3000}日",
            "\u{200B}",
            "\u{FEFF}",
            "\0",
            "😀",
        ] {
            assert!(NonBlank.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = NonBlank.violation(" ");
        assert_eq!(v.code, "non_blank");
        assert_eq!(v.message(), "must not be blank");
    }
}
