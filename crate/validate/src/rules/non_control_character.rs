//! `non_control_character` (validator): no char is a control character, as
//! `char::is_control` says — general category Cc, U+0000–U+001F and
//! U+007F–U+009F, so tabs and newlines fail too. validator asks unic's
//! `is_control`, the same category. Format characters (U+200B, U+FEFF) are
//! not controls and pass. The empty string passes.

use crate::rules::registry;
use crate::{Rule, Violation};

/// No control characters (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NonControlCharacter;

impl Rule<str> for NonControlCharacter {
    #[inline]
    fn check(&self, value: &str) -> bool {
        // Every control character is below U+00A0: ASCII text needs no decoding.
        if value.is_ascii() {
            return !value.bytes().any(|b| b.is_ascii_control());
        }
        !value.chars().any(char::is_control)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::NON_CONTROL_CHARACTER, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_in_any_script_passes() {
        for s in [
            "",
            "Himmel",
            "आकाश",
            "하늘",
            "небо",
            "2H₂ + O₂ ⇌ 2H₂O",
            "a\u{200B}b",
            "\u{A0}",
        ] {
            assert!(NonControlCharacter.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn c0_c1_and_delete_fail() {
        for s in [
            "\u{000c}", "\u{009F}", "a\tb", "line\n", "\0", "\u{7f}", "é\u{85}",
        ] {
            assert!(!NonControlCharacter.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = NonControlCharacter.violation("\n");
        assert_eq!(v.code, "non_control_character");
        assert_eq!(v.message(), "must not contain control characters");
    }
}
