//! `must_match`: two fields are equal (`PartialEq`), e.g. a password and its
//! confirmation. Strings compare byte for byte. It compares a pair, so it is
//! not a [`Rule`](crate::Rule) of one value; the violation goes on the field
//! that carries the attribute and names the `other`.

use crate::Violation;
use crate::rules::registry;

/// This field equals the field `other` (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MustMatch {
    /// The other field's name, as the user sees it (after `rename`).
    pub other: &'static str,
}

impl MustMatch {
    #[inline]
    pub fn check_pair<A: PartialEq<B> + ?Sized, B: ?Sized>(&self, a: &A, b: &B) -> bool {
        a == b
    }

    #[cold]
    pub fn violation(&self) -> Violation {
        Violation::of(&registry::MUST_MATCH, "").with_param("other", self.other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIRM: MustMatch = MustMatch { other: "password" };

    #[test]
    fn equal_values_match() {
        assert!(CONFIRM.check_pair("hunter2", "hunter2"));
        assert!(!CONFIRM.check_pair("hunter2", "Hunter2"));
        assert!(CONFIRM.check_pair("", ""));
        assert!(!CONFIRM.check_pair("é", "e\u{301}"));
        assert!(CONFIRM.check_pair(&String::from("a"), "a"));
        assert!(CONFIRM.check_pair(&3u8, &3u8));
        assert!(!CONFIRM.check_pair(&f64::NAN, &f64::NAN));
    }

    #[test]
    fn violation_names_the_other_field() {
        let v = CONFIRM.violation();
        assert_eq!(v.code, "must_match");
        assert_eq!(v.message(), "must match password");
    }
}
