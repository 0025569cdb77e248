//! `starts_with`: the value begins with the prefix, byte for byte
//! (`str::starts_with`): case-sensitive, no Unicode normalization. The empty
//! prefix matches every string.

use crate::rules::registry;
use crate::{Rule, Violation};

/// The value starts with the prefix (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartsWith<'a>(pub &'a str);

impl Rule<str> for StartsWith<'_> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        value.starts_with(self.0)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::STARTS_WITH, "").with_param("prefix", self.0.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes() {
        assert!(StartsWith("https://").check("https://a.b"));
        assert!(!StartsWith("https://").check("http://a.b"));
        assert!(!StartsWith("A").check("abc"));
        assert!(StartsWith("").check(""));
        assert!(!StartsWith("a").check(""));
        assert!(StartsWith("abc").check("abc"));
        assert!(!StartsWith("abcd").check("abc"));
        assert!(StartsWith("日").check("日本"));
        assert!(!StartsWith("é").check("e\u{301}")); // no normalization
        assert!(!StartsWith(" a").check("a"));
    }

    #[test]
    fn violation_carries_the_prefix() {
        let v = StartsWith("https://").violation("ftp://x");
        assert_eq!(v.code, "starts_with");
        assert_eq!(v.message(), "must start with “https://”");
    }
}
