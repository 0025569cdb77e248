//! `range`: a number within bounds. `min` and `max` are inclusive,
//! `exclusive_min` and `exclusive_max` exclusive; every bound set must hold.
//!
//! Bounds are `i128` or `f64`. Against `i128` bounds every value compares
//! exactly: integers as `i128` (a `u128` above `i128::MAX` is above any bound),
//! floats by their exact value (`2.5` is above `2` and below `3`, with no
//! rounding of the bound). Against `f64` bounds the value is converted to `f64`
//! first, so integers beyond 2^53 round. NaN fails every bound (and passes a
//! range with none).

use std::cmp::Ordering;

use crate::rules::registry;
use crate::{Param, Rule, Violation};

/// Bounds on a number; `B` is `i128` or `f64`. Built in consts:
/// `Range::integer().min(18).max(130)`, `Range::float().exclusive_min(0.0)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range<B> {
    pub min: Option<B>,
    pub max: Option<B>,
    pub exclusive_min: Option<B>,
    pub exclusive_max: Option<B>,
}

impl<B> Range<B> {
    /// No bounds: every number (even NaN) passes.
    pub const NONE: Self = Range {
        min: None,
        max: None,
        exclusive_min: None,
        exclusive_max: None,
    };
}

// Builders per bound type: a generic `const fn` could not drop the replaced
// `Option<B>`. The constructors have distinct names so that `Range::integer()`
// needs no type annotation.
macro_rules! builders {
    ($($new:ident: $bound:ty),*) => {$(
        impl Range<$bound> {
            /// No bounds yet.
            pub const fn $new() -> Self {
                Range::NONE
            }
            pub const fn min(self, min: $bound) -> Self {
                Range { min: Some(min), ..self }
            }
            pub const fn max(self, max: $bound) -> Self {
                Range { max: Some(max), ..self }
            }
            pub const fn exclusive_min(self, bound: $bound) -> Self {
                Range { exclusive_min: Some(bound), ..self }
            }
            pub const fn exclusive_max(self, bound: $bound) -> Self {
                Range { exclusive_max: Some(bound), ..self }
            }
        }
    )*};
}
builders!(integer: i128, float: f64);

/// A primitive number, as the two bound types see it.
pub trait Number: Copy {
    /// The value when it is an integer that fits `i128`: every integer type
    /// but large `u128`s, and integral floats.
    fn as_i128(self) -> Option<i128>;
    /// The value as the nearest `f64`.
    fn as_f64(self) -> f64;
}

macro_rules! integers {
    ($($int:ty),*) => {$(
        impl Number for $int {
            #[inline]
            fn as_i128(self) -> Option<i128> {
                i128::try_from(self).ok()
            }
            #[inline]
            fn as_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
integers!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

/// 2^127: floats at or beyond it are outside `i128`.
const TWO_POW_127: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;

macro_rules! floats {
    ($($float:ty),*) => {$(
        impl Number for $float {
            #[inline]
            fn as_i128(self) -> Option<i128> {
                let x = f64::from(self);
                // In range and integral, the cast is exact.
                (x.fract() == 0.0 && (-TWO_POW_127..TWO_POW_127).contains(&x)).then_some(x as i128)
            }
            #[inline]
            fn as_f64(self) -> f64 {
                f64::from(self)
            }
        }
    )*};
}
floats!(f32, f64);

/// How `value` compares to an integer bound, exactly; `None` for NaN.
fn cmp_int<N: Number>(value: N, bound: i128) -> Option<Ordering> {
    if let Some(v) = value.as_i128() {
        return Some(v.cmp(&bound));
    }
    // A u128 beyond i128, or a float that is fractional or beyond i128.
    let x = value.as_f64();
    if x.is_nan() {
        None
    } else if x >= TWO_POW_127 {
        Some(Ordering::Greater)
    } else if x < -TWO_POW_127 {
        Some(Ordering::Less)
    } else {
        // Integer part exact in i128; the fraction breaks a tie.
        let whole = x.trunc();
        Some(
            (whole as i128)
                .cmp(&bound)
                .then((x - whole).partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
        )
    }
}

/// Which bounds a value breaks, in the order messages prefer them.
struct Broken {
    min: bool,
    max: bool,
    exclusive_min: bool,
    exclusive_max: bool,
}

impl<B: Copy> Range<B> {
    fn broken(&self, cmp: impl Fn(B) -> Option<Ordering>) -> Broken {
        let breaks = |bound: Option<B>, ok: fn(Ordering) -> bool| {
            bound.is_some_and(|b| !cmp(b).is_some_and(ok))
        };
        Broken {
            min: breaks(self.min, Ordering::is_ge),
            max: breaks(self.max, Ordering::is_le),
            exclusive_min: breaks(self.exclusive_min, Ordering::is_gt),
            exclusive_max: breaks(self.exclusive_max, Ordering::is_lt),
        }
    }

    fn passes(&self, cmp: impl Fn(B) -> Option<Ordering>) -> bool {
        let b = self.broken(cmp);
        !(b.min || b.max || b.exclusive_min || b.exclusive_max)
    }

    /// Describes the bound that failed: `min` and `max` together when both are
    /// set, then the exclusive ones. For a value that broke nothing, the first
    /// bound set.
    #[cold]
    fn describe(&self, cmp: impl Fn(B) -> Option<Ordering>) -> Violation
    where
        Param: From<B>,
    {
        let mut b = self.broken(cmp);
        if !(b.min || b.max || b.exclusive_min || b.exclusive_max) {
            b = Broken {
                min: self.min.is_some(),
                max: self.max.is_some(),
                exclusive_min: self.exclusive_min.is_some(),
                exclusive_max: self.exclusive_max.is_some(),
            };
        }
        match (self.min, self.max) {
            (Some(min), Some(max)) if b.min || b.max => Violation::of(&registry::RANGE, "between")
                .with_param("min", min)
                .with_param("max", max),
            (Some(min), _) if b.min => {
                Violation::of(&registry::RANGE, "at_least").with_param("min", min)
            }
            (_, Some(max)) if b.max => {
                Violation::of(&registry::RANGE, "at_most").with_param("max", max)
            }
            _ => match (self.exclusive_min, self.exclusive_max) {
                (Some(bound), _) if b.exclusive_min => {
                    Violation::of(&registry::RANGE, "greater_than")
                        .with_param("exclusive_min", bound)
                }
                (_, Some(bound)) if b.exclusive_max => {
                    Violation::of(&registry::RANGE, "less_than").with_param("exclusive_max", bound)
                }
                _ => Violation::of(&registry::RANGE, "in_range"),
            },
        }
    }
}

impl<N: Number> Rule<N> for Range<i128> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        self.passes(|bound| cmp_int(*value, bound))
    }

    #[cold]
    fn violation(&self, value: &N) -> Violation {
        self.describe(|bound| cmp_int(*value, bound))
    }
}

impl<N: Number> Rule<N> for Range<f64> {
    #[inline]
    fn check(&self, value: &N) -> bool {
        let x = value.as_f64();
        self.passes(|bound| x.partial_cmp(&bound))
    }

    #[cold]
    fn violation(&self, value: &N) -> Violation {
        let x = value.as_f64();
        self.describe(|bound| x.partial_cmp(&bound))
    }
}

#[cfg(test)]
mod tests;
