//! `ascii`: every byte is ASCII (U+0000–U+007F, control characters included),
//! as `str::is_ascii` says. The empty string passes.

use crate::rules::registry;
use crate::{Rule, Violation};

/// Only ASCII characters (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ascii;

impl Rule<str> for Ascii {
    #[inline]
    fn check(&self, value: &str) -> bool {
        value.is_ascii()
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::ASCII, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_passes_including_controls() {
        for s in ["", "hello", "a b\t\n", "\0\x7f", "~!@#"] {
            assert!(Ascii.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn anything_beyond_u007f_fails() {
        for s in [
            "é",
            "abc\u{80}",
            "naïve",
            "日本",
            "😀",
            "\u{A0}",
            "a\u{200B}",
        ] {
            assert!(!Ascii.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Ascii.violation("é");
        assert_eq!(v.code, "ascii");
        assert_eq!(v.message(), "must contain only ASCII characters");
    }
}
