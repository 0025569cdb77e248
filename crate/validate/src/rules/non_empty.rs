//! `non_empty`: the length is not zero — a string has at least one byte (so
//! at least one char), a collection at least one item. `" "` passes; see
//! [`NonBlank`](super::NonBlank) for text that must show something.

use super::{HasLength, LengthMode};
use crate::rules::registry;
use crate::{Rule, Violation};

/// Not empty (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NonEmpty;

impl<T: HasLength + ?Sized> Rule<T> for NonEmpty {
    #[inline]
    fn check(&self, value: &T) -> bool {
        // Bytes: for a string it is `len()`, no counting, and zero exactly when
        // chars are; for a collection every mode counts items.
        value.length(LengthMode::Bytes) > 0
    }

    #[cold]
    fn violation(&self, _value: &T) -> Violation {
        Violation::of(&registry::NON_EMPTY, "")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, HashSet};

    use super::*;

    #[test]
    fn strings() {
        assert!(!NonEmpty.check(""));
        assert!(!NonEmpty.check(&String::new()));
        assert!(NonEmpty.check(" "));
        assert!(NonEmpty.check("\0"));
        assert!(NonEmpty.check("é"));
        assert!(NonEmpty.check(&String::from("😀")));
    }

    #[test]
    fn collections() {
        assert!(!NonEmpty.check(&Vec::<u8>::new()));
        assert!(NonEmpty.check(&vec![""]));
        assert!(!NonEmpty.check(&[0u8; 0]));
        assert!(NonEmpty.check(&[0u8; 1]));
        assert!(!NonEmpty.check(&BTreeMap::<u8, u8>::new()));
        assert!(NonEmpty.check(&HashSet::from([1])));
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Rule::<str>::violation(&NonEmpty, "");
        assert_eq!(v.code, "non_empty");
        assert_eq!(v.message(), "must not be empty");
    }
}
