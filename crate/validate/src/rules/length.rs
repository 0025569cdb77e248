//! `length`: how long a string or collection is, in a chosen unit.
//!
//! A string's length depends on what is counted ([`LengthMode`]); a collection's
//! is its number of items in every mode. Bounds are inclusive; `equal` is an
//! exact length. `min`, `max` and `equal` may be combined and must all hold.
//!
//! `check` decides from the byte length alone whenever it can, because a char
//! is 1–4 bytes and 1–2 UTF-16 units: a 10-byte string has 3 to 10 chars, so
//! `max = 20` passes and `min = 11` fails without counting. Counting happens
//! only when the byte length leaves the answer open.

mod count;

pub use count::{HasLength, LengthMode};

use crate::rules::registry;
use crate::{Rule, Violation};

/// Which of the registry's length templates fits: the unit of `mode`, and
/// which bounds are set (`equal`, `between`, `at_least`, `at_most`).
fn template_case(mode: LengthMode, bounds: &str) -> &'static str {
    macro_rules! cases {
        ($($mode:ident => $unit:literal),*) => {
            match mode {
                $(LengthMode::$mode => match bounds {
                    "equal" => concat!($unit, ".equal"),
                    "between" => concat!($unit, ".between"),
                    "at_least" => concat!($unit, ".at_least"),
                    _ => concat!($unit, ".at_most"),
                },)*
            }
        };
    }
    cases!(Chars => "chars", Bytes => "bytes", Utf16 => "utf16", Items => "items")
}

/// The length, in `mode`, is at least `min`, at most `max` and exactly `equal`,
/// for each that is set. Built in consts: `Length::chars().min(3).max(20)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Length {
    pub min: Option<usize>,
    pub max: Option<usize>,
    pub equal: Option<usize>,
    pub mode: LengthMode,
}

impl Length {
    /// No bounds yet: every length passes.
    pub const fn new(mode: LengthMode) -> Self {
        Length {
            min: None,
            max: None,
            equal: None,
            mode,
        }
    }
    pub const fn chars() -> Self {
        Length::new(LengthMode::Chars)
    }
    pub const fn bytes() -> Self {
        Length::new(LengthMode::Bytes)
    }
    pub const fn utf16() -> Self {
        Length::new(LengthMode::Utf16)
    }
    pub const fn items() -> Self {
        Length::new(LengthMode::Items)
    }
    pub const fn min(self, min: usize) -> Self {
        Length {
            min: Some(min),
            ..self
        }
    }
    pub const fn max(self, max: usize) -> Self {
        Length {
            max: Some(max),
            ..self
        }
    }
    pub const fn equal(self, equal: usize) -> Self {
        Length {
            equal: Some(equal),
            ..self
        }
    }

    /// The accepted lengths `lo..=hi`, with every bound applied.
    pub const fn interval(&self) -> (usize, usize) {
        let mut lo = 0;
        let mut hi = usize::MAX;
        if let Some(min) = self.min {
            lo = min;
        }
        if let Some(max) = self.max {
            hi = max;
        }
        if let Some(equal) = self.equal {
            if equal > lo {
                lo = equal;
            }
            if equal < hi {
                hi = equal;
            }
        }
        (lo, hi)
    }

    /// Whether `value`'s length in `mode` is within `lo..=hi`: decided from
    /// the bounds its byte length gives when they do, counted otherwise.
    /// What [`check`](Rule::check) runs once its interval is known; the
    /// interpreter's compiled checks call it with theirs.
    #[inline(always)]
    pub fn within<T: HasLength + ?Sized>(
        value: &T,
        mode: LengthMode,
        lo: usize,
        hi: usize,
    ) -> bool {
        let (at_least, at_most) = value.length_bounds(mode);
        if lo <= at_least && at_most <= hi {
            return true;
        }
        if at_most < lo || hi < at_least {
            return false;
        }
        let n = value.length(mode);
        lo <= n && n <= hi
    }
}

impl<T: HasLength + ?Sized> Rule<T> for Length {
    #[inline]
    fn check(&self, value: &T) -> bool {
        let (lo, hi) = self.interval();
        if lo == 0 && hi == usize::MAX {
            return true;
        }
        Length::within(value, self.mode, lo, hi)
    }

    #[cold]
    fn violation(&self, _value: &T) -> Violation {
        let bounds = match (self.equal, self.min, self.max) {
            (Some(_), _, _) => "equal",
            (None, Some(_), Some(_)) => "between",
            (None, Some(_), None) => "at_least",
            // Only `max`, or no bound (then nothing fails and any message will do).
            (None, None, _) => "at_most",
        };
        let case = template_case(self.mode, bounds);
        let mut violation = Violation::of(&registry::LENGTH, case);
        if let Some(min) = self.min {
            violation = violation.with_param("min", min);
        }
        if let Some(max) = self.max {
            violation = violation.with_param("max", max);
        }
        if let Some(equal) = self.equal {
            violation = violation.with_param("equal", equal);
        }
        violation
    }
}

#[cfg(test)]
mod tests;
