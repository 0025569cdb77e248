//! `unique`: no two items of a sequence are equal (`Eq`). Empty and
//! one-item sequences pass. Up to 16 items are compared pairwise, which
//! allocates nothing and beats hashing at that size; longer sequences use a
//! `HashSet` of references.

use std::collections::HashSet;
use std::hash::Hash;

use crate::rules::registry;
use crate::{Rule, Violation};

/// No duplicates (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unique;

/// The longest slice compared pairwise (at most 120 comparisons).
const PAIRWISE_MAX: usize = 16;

fn all_distinct<T: Eq + Hash>(items: &[T]) -> bool {
    if items.len() <= PAIRWISE_MAX {
        return items
            .iter()
            .enumerate()
            .all(|(i, item)| !items[..i].contains(item));
    }
    let mut seen = HashSet::with_capacity(items.len());
    items.iter().all(|item| seen.insert(item))
}

impl<T: Eq + Hash> Rule<[T]> for Unique {
    #[inline]
    fn check(&self, value: &[T]) -> bool {
        all_distinct(value)
    }

    #[cold]
    fn violation(&self, _value: &[T]) -> Violation {
        violation()
    }
}

impl<T: Eq + Hash> Rule<Vec<T>> for Unique {
    #[inline]
    fn check(&self, value: &Vec<T>) -> bool {
        all_distinct(value)
    }

    #[cold]
    fn violation(&self, _value: &Vec<T>) -> Violation {
        violation()
    }
}

impl<T: Eq + Hash, const N: usize> Rule<[T; N]> for Unique {
    #[inline]
    fn check(&self, value: &[T; N]) -> bool {
        all_distinct(value)
    }

    #[cold]
    fn violation(&self, _value: &[T; N]) -> Violation {
        violation()
    }
}

fn violation() -> Violation {
    Violation::of(&registry::UNIQUE, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_sequences_compare_pairwise() {
        assert!(Unique.check(&Vec::<u8>::new()));
        assert!(Unique.check(&[1]));
        assert!(Unique.check(&[1, 2, 3]));
        assert!(!Unique.check(&[1, 2, 1]));
        assert!(!Unique.check(&[7, 7]));
        assert!(Unique.check(&vec!["a", "A", "á", "a\u{301}"])); // distinct strings
        assert!(!Unique.check(&vec!["日本".to_string(), "日本".to_string()]));
    }

    #[test]
    fn both_strategies_at_the_boundary() {
        for len in [PAIRWISE_MAX - 1, PAIRWISE_MAX, PAIRWISE_MAX + 1, 1000] {
            let distinct: Vec<usize> = (0..len).collect();
            assert!(Unique.check(&distinct), "{len} distinct");
            let mut repeated = distinct.clone();
            repeated[len - 1] = 0;
            assert!(!Unique.check(&repeated), "{len} with a repeat");
            assert!(!Unique.check(repeated.as_slice()));
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Unique.violation(&[1, 1]);
        assert_eq!(v.code, "unique");
        assert_eq!(v.message(), "must not contain duplicates");
    }
}
