//! `alphanumeric`: every char is a Unicode letter or digit
//! (`char::is_alphanumeric`, the Alphabetic or Numeric property), as garde and
//! domainstack define it. "Zoë42", "日本語", "١٢٣" pass; "a_b", "a b", "a-b"
//! and "e\u{301}" (a combining mark is neither) do not. The empty string passes.

use crate::rules::email::is_ascii_let_dig;
use crate::rules::registry;
use crate::{Rule, Violation};

/// Only letters and digits (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Alphanumeric;

impl Rule<str> for Alphanumeric {
    #[inline]
    fn check(&self, value: &str) -> bool {
        is_alphanumeric(value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::ALPHANUMERIC, "")
    }
}

fn is_alphanumeric(s: &str) -> bool {
    // Bytes first: ASCII text never decodes a char. At the first byte that is
    // not an ASCII letter or digit, an ASCII byte fails and a non-ASCII one
    // starts a char (everything before it was ASCII), decoded from there on.
    match s.bytes().position(|b| !is_ascii_let_dig(b)) {
        None => true,
        Some(i) if s.as_bytes()[i].is_ascii() => false,
        Some(i) => s[i..].chars().all(char::is_alphanumeric),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_digits_of_any_script_pass() {
        for s in [
            "",
            "a",
            "Z9",
            "abc123",
            "Zoë42",
            "日本語",
            "١٢٣",
            "Ⅻ",
            "straße",
            "Ωmega",
        ] {
            assert!(Alphanumeric.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn anything_else_fails() {
        for s in [
            " ",
            "a b",
            "a_b",
            "a-b",
            "a.b",
            "abc!",
            "ab\0",
            "e\u{301}",
            "日本語!",
            "😀",
            "a\u{200B}b",
            "ü ",
        ] {
            assert!(!Alphanumeric.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn agrees_with_the_char_definition() {
        for s in ["abcé", "é_", "aé1", "x😀", "12٣"] {
            assert_eq!(
                is_alphanumeric(s),
                s.chars().all(char::is_alphanumeric),
                "{s:?}"
            );
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Alphanumeric.violation("a b");
        assert_eq!(v.code, "alphanumeric");
        assert_eq!(v.message(), "must contain only letters and digits");
    }
}
