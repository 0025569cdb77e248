//! `contains` and `does_not_contain`: a substring, matched byte for byte
//! (`str::contains`): case-sensitive and without Unicode normalization, so "é"
//! (U+00E9) is not found in "e\u{301}". The empty pattern is in every string.

use crate::rules::registry;
use crate::{Rule, Violation};

/// The value contains the pattern (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contains<'a>(pub &'a str);

/// The value does not contain the pattern (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoesNotContain<'a>(pub &'a str);

impl Rule<str> for Contains<'_> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        value.contains(self.0)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::CONTAINS, "").with_param("pattern", self.0.to_owned())
    }
}

impl Rule<str> for DoesNotContain<'_> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        !value.contains(self.0)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::DOES_NOT_CONTAIN, "").with_param("pattern", self.0.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_is_an_exact_substring_match() {
        assert!(Contains("@").check("a@b"));
        assert!(Contains("ab").check("ab"));
        assert!(!Contains("AB").check("ab"));
        assert!(!Contains("abc").check("ab"));
        assert!(!Contains("x").check(""));
        assert!(Contains("").check(""));
        assert!(Contains("日本").check("ようこそ日本へ"));
        assert!(Contains("😀").check("a😀b"));
        assert!(!Contains("é").check("e\u{301}")); // no normalization
    }

    #[test]
    fn does_not_contain_is_the_negation() {
        assert!(DoesNotContain("admin").check("user"));
        assert!(!DoesNotContain("admin").check("superadmin"));
        assert!(DoesNotContain("Admin").check("admin"));
        assert!(!DoesNotContain("").check("anything"));
        assert!(DoesNotContain("x").check(""));
        assert!(!DoesNotContain("本").check("日本"));
    }

    #[test]
    fn violations_carry_the_pattern() {
        let v = Contains("@").violation("ab");
        assert_eq!(v.code, "contains");
        assert_eq!(v.message(), "must contain “@”");
        let v = DoesNotContain("admin").violation("admin");
        assert_eq!(v.code, "does_not_contain");
        assert_eq!(v.message(), "must not contain “admin”");
    }
}
