//! Validate-on-deserialize needs somewhere to put violations while serde drives
//! the decoding, and `Deserialize::deserialize` has no parameter for it. Derived
//! code therefore reports failures to a per-thread collector, and only when a
//! field fails: a valid value never touches it beyond one read per struct.
//!
//! The collector is installed by whoever starts the decoding: [`crate::json`]'s
//! functions, or the root type's own `Deserialize` impl when called through plain
//! serde (which then turns the violations into one `D::Error`).

use std::cell::RefCell;

use crate::{Segment, Violations};

/// Whether decoding goes on after a violation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Decode everything and report every violation.
    CollectAll,
    /// Stop decoding at the first violation.
    FailFast,
}

struct Collector {
    violations: Violations,
    mode: Mode,
    /// Inside a value whose field is not marked `nested`: its violations do not count.
    muted: u32,
}

thread_local! {
    static ACTIVE: RefCell<Option<Collector>> = const { RefCell::new(None) };
}

/// The message of the error that aborts decoding in fail-fast mode; the caller
/// that installed the collector reports the violation instead of this.
pub const STOPPED: &str = "validation failed";

/// Runs `decode` with a fresh collector and returns what it returned with the
/// violations reported meanwhile. Nests: an outer collector is restored after.
pub fn collect<R>(mode: Mode, decode: impl FnOnce() -> R) -> (R, Violations) {
    let outer = ACTIVE.with(|a| {
        a.borrow_mut().replace(Collector {
            violations: Violations::new(),
            mode,
            muted: 0,
        })
    });
    // Restores the outer collector even if `decode` panics.
    struct Restore(Option<Option<Collector>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                ACTIVE.with(|a| *a.borrow_mut() = outer);
            }
        }
    }
    let mut restore = Restore(Some(outer));
    let result = decode();
    let mine = ACTIVE.with(|a| a.borrow_mut().take());
    if let Some(outer) = restore.0.take() {
        ACTIVE.with(|a| *a.borrow_mut() = outer);
    }
    (result, mine.map(|c| c.violations).unwrap_or_default())
}

/// Whether a collector is installed (so this value is part of a larger decode).
#[inline]
pub fn is_active() -> bool {
    ACTIVE.with(|a| a.borrow().is_some())
}

/// How many violations the active collector holds (0 without one); taken before
/// a nested value is decoded, to find its violations after.
#[inline]
pub fn len() -> usize {
    ACTIVE.with(|a| a.borrow().as_ref().map_or(0, |c| c.violations.len()))
}

/// Puts the violations recorded since `start` under `segment`.
#[cold]
pub fn nest_since(start: usize, segment: &Segment) {
    ACTIVE.with(|a| {
        if let Some(c) = a.borrow_mut().as_mut() {
            c.violations.nest_since(start, segment);
        }
    });
}

/// Hands a failed field's violations to the active collector. Returns true when
/// decoding must stop (fail-fast).
#[cold]
#[inline(never)]
pub fn report(violations: Violations) -> bool {
    ACTIVE.with(|a| match a.borrow_mut().as_mut() {
        Some(c) if c.muted > 0 => false,
        Some(c) => {
            for v in violations {
                c.violations.push(v);
            }
            c.mode == Mode::FailFast
        }
        None => false,
    })
}

/// Decodes a value whose own rules must not count here: a field of a validating
/// type that is not marked `nested` (validator, garde and the seed validate
/// nested values only when asked).
pub fn muted<R>(decode: impl FnOnce() -> R) -> R {
    let set = |delta: i32| {
        ACTIVE.with(|a| {
            if let Some(c) = a.borrow_mut().as_mut() {
                c.muted = c.muted.saturating_add_signed(delta);
            }
        })
    };
    set(1);
    struct Unmute<F: Fn(i32)>(F);
    impl<F: Fn(i32)> Drop for Unmute<F> {
        fn drop(&mut self) {
            (self.0)(-1);
        }
    }
    let _unmute = Unmute(set);
    decode()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Violation;

    #[test]
    fn collects_nests_and_restores() {
        assert!(!is_active());
        let ((), outer) = collect(Mode::CollectAll, || {
            assert!(is_active());
            assert!(!report(Violation::new("a", "a").into()));
            let start = len();
            let (stop, inner) = collect(Mode::FailFast, || report(Violation::new("b", "b").into()));
            assert!(stop);
            assert_eq!(inner.len(), 1);
            assert_eq!(len(), 1, "the outer collector is back");
            report(Violation::new("c", "c").into());
            nest_since(start, &Segment::Field("child".into()));
        });
        assert!(!is_active());
        let paths: Vec<String> = outer
            .iter()
            .map(|v| format!("{}:{}", v.path, v.code))
            .collect();
        assert_eq!(paths, [":a", "child:c"]);
    }

    #[test]
    fn muted_values_do_not_count() {
        let ((), violations) = collect(Mode::FailFast, || {
            let stop = muted(|| report(Violation::new("a", "a").into()));
            assert!(!stop, "a muted violation does not stop decoding");
            report(Violation::new("b", "b").into());
        });
        let codes: Vec<&str> = violations.iter().map(|v| v.code.as_ref()).collect();
        assert_eq!(codes, ["b"]);
    }

    #[test]
    fn reporting_without_a_collector_is_harmless() {
        assert!(!report(Violation::new("a", "a").into()));
        assert_eq!(len(), 0);
    }
}
