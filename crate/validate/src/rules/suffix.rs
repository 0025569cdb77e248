//! `ends_with`: the value ends with the suffix, byte for byte
//! (`str::ends_with`): case-sensitive, no Unicode normalization. The empty
//! suffix matches every string.

use crate::rules::registry;
use crate::{Rule, Violation};

/// The value ends with the suffix (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndsWith<'a>(pub &'a str);

impl Rule<str> for EndsWith<'_> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        value.ends_with(self.0)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::ENDS_WITH, "").with_param("suffix", self.0.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes() {
        assert!(EndsWith(".com").check("a.com"));
        assert!(!EndsWith(".com").check("a.co"));
        assert!(!EndsWith(".COM").check("a.com"));
        assert!(EndsWith("").check(""));
        assert!(!EndsWith("a").check(""));
        assert!(EndsWith("abc").check("abc"));
        assert!(!EndsWith("xabc").check("abc"));
        assert!(EndsWith("本").check("日本"));
        assert!(!EndsWith("\u{301}").check("é")); // precomposed: no combining mark to find
        assert!(EndsWith("😀").check("a😀"));
    }

    #[test]
    fn violation_carries_the_suffix() {
        let v = EndsWith(".com").violation("a.org");
        assert_eq!(v.code, "ends_with");
        assert_eq!(v.message(), "must end with “.com”");
    }
}
