//! `one_of`: the value equals one of a list.
//!
//! Strings compare byte for byte (case-sensitive, no normalization). Numbers
//! compare by value across types: against `i128` values an integer of any type,
//! or an integral float (`3.0` is `3`), matches; against `f64` values the number
//! is converted to `f64` and compared with `==`, so `-0.0` matches `0.0` and
//! NaN matches nothing. An empty list accepts nothing.

use std::fmt::Display;

use super::Number;
use crate::rules::registry;
use crate::{Rule, Violation};

/// The value is one of these (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OneOf<'a, T>(pub &'a [T]);

impl<T: Display> OneOf<'_, T> {
    /// "must be one of red, green, blue".
    #[cold]
    fn describe(&self) -> Violation {
        let values = self
            .0
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        Violation::of(&registry::ONE_OF, "").with_param("values", values)
    }
}

impl Rule<str> for OneOf<'_, &str> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        self.0.contains(&value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        self.describe()
    }
}

impl<N: Number> Rule<N> for OneOf<'_, i128> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        value.as_i128().is_some_and(|v| self.0.contains(&v))
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        self.describe()
    }
}

impl<N: Number> Rule<N> for OneOf<'_, f64> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        let x = value.as_f64();
        self.0.contains(&x)
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        self.describe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLORS: OneOf<'static, &str> = OneOf(&["red", "green", "blue"]);

    #[test]
    fn strings_match_exactly() {
        assert!(COLORS.check("red"));
        assert!(!COLORS.check("Red"));
        assert!(!COLORS.check("re"));
        assert!(!COLORS.check(""));
        assert!(OneOf(&["", "x"]).check(""));
        assert!(OneOf(&["café"]).check("café"));
        assert!(!OneOf(&["café"]).check("cafe\u{301}"));
        assert!(!OneOf::<&str>(&[]).check("red"));
    }

    #[test]
    fn integers_match_by_value_across_types() {
        let sizes: OneOf<'_, i128> = OneOf(&[1, 2, 3]);
        assert!(sizes.check(&2u8));
        assert!(sizes.check(&3i64));
        assert!(sizes.check(&3.0f64));
        assert!(!sizes.check(&2.5f64));
        assert!(!sizes.check(&4usize));
        assert!(!sizes.check(&f64::NAN));
        assert!(!OneOf(&[-1i128]).check(&u128::MAX));
    }

    #[test]
    fn floats_match_with_float_equality() {
        let halves: OneOf<'_, f64> = OneOf(&[0.0, 0.5, 1.0]);
        assert!(halves.check(&0.5f32));
        assert!(halves.check(&1u8));
        assert!(halves.check(&-0.0f64));
        assert!(!halves.check(&0.25f64));
        assert!(!OneOf(&[f64::NAN]).check(&f64::NAN));
    }

    #[test]
    fn violation_lists_the_values() {
        let v = COLORS.violation("pink");
        assert_eq!(v.code, "one_of");
        assert_eq!(v.message(), "must be one of red, green, blue");
        assert_eq!(
            OneOf(&[1i128, 2]).violation(&3u8).message(),
            "must be one of 1, 2"
        );
        assert_eq!(
            OneOf(&[0.5f64, 2.0]).violation(&3u8).message(),
            "must be one of 0.5, 2"
        );
    }
}
