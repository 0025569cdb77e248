//! `not_equals` and `multiple_of`: a number compared with one number the rule
//! names, as domainstack 1.1's rules compare them (its `non_zero` is
//! `not_equals = 0`).
//!
//! The named number is an integer (`i128`) or a float (`f64`). An integer
//! value against an integer compares exactly (`i64::MAX` is not
//! `i64::MAX - 1`); anything else compares as `f64`, so `-0.0` equals `0` and
//! NaN equals nothing. `multiple_of` is `value % n == 0`: an integer's
//! remainder is exact (`i128::MIN % -1` counts as a multiple, which it is);
//! a float's is `%` on `f64` (`7.5 % 2.5` is `0.0`, NaN and ±∞ are multiples
//! of nothing). A zero `n` is refused where the rule is read (domainstack
//! panics building it).

use super::Number;
use crate::rules::registry::NumberRule;
use crate::{Rule, Violation};

/// The number is not `n` (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NotEquals<T>(pub T);

/// The number divides by `n` with no remainder (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MultipleOf<T>(pub T);

impl<N: Number> Rule<N> for NotEquals<i128> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        match value.as_i128() {
            Some(v) => v != self.0,
            None => value.as_f64() != self.0 as f64,
        }
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        violation(NumberRule::NotEquals, self.0)
    }
}

impl<N: Number> Rule<N> for NotEquals<f64> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        value.as_f64() != self.0
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        violation(NumberRule::NotEquals, self.0)
    }
}

impl<N: Number> Rule<N> for MultipleOf<i128> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        match value.as_i128() {
            // `None` only for `MIN % -1`, whose remainder is zero.
            Some(v) if self.0 != 0 => v.checked_rem(self.0).is_none_or(|r| r == 0),
            Some(_) => false,
            None => value.as_f64() % self.0 as f64 == 0.0,
        }
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        violation(NumberRule::MultipleOf, self.0)
    }
}

impl<N: Number> Rule<N> for MultipleOf<f64> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        value.as_f64() % self.0 == 0.0
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        violation(NumberRule::MultipleOf, self.0)
    }
}

#[cold]
fn violation(rule: NumberRule, n: impl ToString) -> Violation {
    Violation::of(rule.info(), "").with_param("value", n.to_string())
}

/// Whether `value` keeps the number rule `rule` with its number `n`: one
/// exhaustive match, so a new [`NumberRule`] is checked here or this crate
/// does not compile.
#[inline]
pub fn number_rule_passes<N: Number, T: Copy>(rule: NumberRule, value: &N, n: T) -> bool
where
    NotEquals<T>: Rule<N>,
    MultipleOf<T>: Rule<N>,
{
    match rule {
        NumberRule::NotEquals => NotEquals(n).check(value),
        NumberRule::MultipleOf => MultipleOf(n).check(value),
    }
}

/// A number rule chosen at run time (the interpreter's); derived code names
/// the rule's own struct instead.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Numeric<T>(pub NumberRule, pub T);

impl<N: Number, T: Copy + ToString> Rule<N> for Numeric<T>
where
    NotEquals<T>: Rule<N>,
    MultipleOf<T>: Rule<N>,
{
    #[inline]
    fn check(&self, value: &N) -> bool {
        number_rule_passes(self.0, value, self.1)
    }

    #[cold]
    fn violation(&self, _value: &N) -> Violation {
        violation(self.0, self.1)
    }
}

/// For generated inputs: a number at or near `x` (in `lo..=hi` where it can
/// be) that keeps the rule with its number `n`.
pub fn keep_int(rule: NumberRule, n: i128, x: i128, lo: i128, hi: i128) -> i128 {
    match rule {
        NumberRule::NotEquals if x == n => {
            if x < hi {
                x + 1
            } else {
                x - 1
            }
        }
        NumberRule::NotEquals => x,
        NumberRule::MultipleOf if n == 0 => x,
        NumberRule::MultipleOf => {
            let m = n.saturating_abs();
            let down = x - x.rem_euclid(m);
            if down >= lo {
                down
            } else {
                down.saturating_add(m)
            }
        }
    }
}

/// [`keep_int`] for floats: a multiple is the first from `x` up whose
/// remainder is exactly zero (`3.0 * 0.3 % 0.3` is not), else zero, which
/// always is.
pub fn keep_float(rule: NumberRule, n: f64, x: f64, lo: f64) -> f64 {
    match rule {
        NumberRule::NotEquals if x == n => x + 0.25,
        NumberRule::NotEquals => x,
        NumberRule::MultipleOf if n == 0.0 || !n.is_finite() => x,
        NumberRule::MultipleOf => {
            let start = (x / n).floor();
            (0..64)
                .map(|k| (start + k as f64) * n)
                .find(|v| v % n == 0.0 && *v >= lo)
                .unwrap_or(0.0)
        }
    }
}

/// For generated inputs: a number that breaks the rule with its number `n`,
/// when one surely does (every integer is a multiple of ±1).
pub fn break_int(rule: NumberRule, n: i128) -> Option<i128> {
    match rule {
        NumberRule::NotEquals => Some(n),
        NumberRule::MultipleOf => (n.saturating_abs() > 1).then(|| n.saturating_add(1)),
    }
}

/// [`break_int`] for floats.
pub fn break_float(rule: NumberRule, n: f64) -> Option<f64> {
    let x = match rule {
        NumberRule::NotEquals => n,
        NumberRule::MultipleOf => n * 1.5,
    };
    x.is_finite().then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_equals_compares_integers_exactly_and_floats_by_value() {
        assert!(!NotEquals(0i128).check(&0u8));
        assert!(NotEquals(0i128).check(&1i64));
        assert!(!NotEquals(0i128).check(&-0.0f64));
        assert!(NotEquals(0i128).check(&f64::NAN));
        assert!(NotEquals(i64::MAX as i128).check(&(i64::MAX - 1)));
        assert!(!NotEquals(2.5f64).check(&2.5f32));
        assert!(NotEquals(2.5f64).check(&2i32));
    }

    #[test]
    fn multiple_of_takes_the_remainder() {
        assert!(MultipleOf(5i128).check(&-15i32));
        assert!(!MultipleOf(5i128).check(&7u64));
        assert!(MultipleOf(-1i128).check(&i128::MIN));
        assert!(!MultipleOf(0i128).check(&0i32));
        assert!(MultipleOf(2.5f64).check(&7.5f64));
        assert!(!MultipleOf(2.5f64).check(&7.0f64));
        assert!(!MultipleOf(2.5f64).check(&f64::INFINITY));
        assert!(!MultipleOf(2i128).check(&f64::NAN));
        assert!(MultipleOf(2i128).check(&4.0f64));
    }

    #[test]
    fn generated_numbers_keep_and_break_each_rule() {
        for &rule in NumberRule::ALL {
            for n in [-7i128, -1, 0, 1, 3, 10] {
                for x in [-20i128, 0, 3, 9, 1000] {
                    let kept = keep_int(rule, n, x, -1000, 1000);
                    let passes = number_rule_passes(rule, &kept, n);
                    assert!(
                        passes || (rule == NumberRule::MultipleOf && n == 0),
                        "{rule:?} {n} {x}"
                    );
                }
                if let Some(broken) = break_int(rule, n) {
                    assert!(!number_rule_passes(rule, &broken, n), "{rule:?} {n}");
                }
            }
            for n in [0.3f64, 2.5, -0.5, 1.0] {
                for x in [0.0f64, 0.25, 7.75, 999.0] {
                    let kept = keep_float(rule, n, x, 0.0);
                    assert!(number_rule_passes(rule, &kept, n), "{rule:?} {n} {x}");
                }
                if let Some(broken) = break_float(rule, n) {
                    assert!(!number_rule_passes(rule, &broken, n), "{rule:?} {n}");
                }
            }
        }
    }

    #[test]
    fn violations_name_the_number() {
        let v = <NotEquals<i128> as Rule<i32>>::violation(&NotEquals(0), &0);
        assert_eq!(v.code, "not_equals");
        assert_eq!(v.to_string(), "must not equal 0 (not_equals)");
        let v = Numeric(NumberRule::MultipleOf, 2.5f64).violation(&1.0f64);
        assert_eq!(v.code, "multiple_of");
        assert_eq!(v.to_string(), "must be a multiple of 2.5 (multiple_of)");
    }
}
