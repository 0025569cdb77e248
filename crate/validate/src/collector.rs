//! Validate-on-deserialize needs somewhere to put violations while serde drives
//! the decoding, and `Deserialize::deserialize` has no parameter for it. Derived
//! code therefore reports failures to a per-thread collector, and only when a
//! field fails: a valid value never touches it beyond one read per struct.
//!
//! The collector is installed by whoever starts the decoding: [`crate::json`]'s
//! functions, or the root type's own `Deserialize` impl when called through plain
//! serde (which then turns the violations into one `D::Error`).

use std::cell::{Cell, RefCell};

use crate::{Segment, Violations};

/// Whether decoding goes on after a violation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Decode everything and report every violation.
    CollectAll,
    /// Stop decoding at the first violation.
    FailFast,
}

/// Whether a collector is installed, how it treats a violation, and whether the
/// value being decoded is muted. `Copy`, so one `Cell` read answers each question.
#[derive(Clone, Copy)]
struct State {
    active: bool,
    mode: Mode,
    /// Inside a value whose field is not marked `nested`: its violations do not count.
    muted: u32,
    /// No value has started decoding yet: the next one is the root.
    root_pending: bool,
}

const IDLE: State = State {
    active: false,
    mode: Mode::CollectAll,
    muted: 0,
    root_pending: false,
};

thread_local! {
    // Const-initialised cells: reading `STATE` is one load, so the success path
    // (one `is_active` per struct) costs next to nothing. `VIOLATIONS` is touched
    // only when something fails or a collector starts or ends.
    static STATE: Cell<State> = const { Cell::new(IDLE) };
    static VIOLATIONS: RefCell<Violations> = const { RefCell::new(Violations::new()) };
}

/// The message of the error that aborts decoding in fail-fast mode; the caller
/// that installed the collector reports the violation instead of this.
pub const STOPPED: &str = "validation failed";

/// Puts the outer collector's state back when a decode ends, also when it panics.
struct RestoreState(State);

impl Drop for RestoreState {
    fn drop(&mut self) {
        STATE.with(|s| s.set(self.0));
    }
}

/// Runs `decode` with a fresh collector and returns what it returned with the
/// violations reported meanwhile (`None`: there were none). Nests: an outer
/// collector is set aside and restored after.
pub fn collect<R>(mode: Mode, decode: impl FnOnce() -> R) -> (R, Option<Violations>) {
    let state = STATE.with(|s| {
        s.replace(State {
            active: true,
            mode,
            muted: 0,
            root_pending: true,
        })
    });
    let restore = RestoreState(state);
    if state.active {
        // Nested: the outer collector's violations wait outside.
        let outer = VIOLATIONS.with(|v| std::mem::take(&mut *v.borrow_mut()));
        let result = decode();
        let mine = VIOLATIONS.with(|v| std::mem::replace(&mut *v.borrow_mut(), outer));
        drop(restore);
        return (result, (!mine.is_empty()).then_some(mine));
    }
    let result = decode();
    // The success path leaves the list empty: nothing to move, nothing to drop.
    let mine = VIOLATIONS.with(|v| {
        let mut v = v.borrow_mut();
        (!v.is_empty()).then(|| std::mem::take(&mut *v))
    });
    drop(restore);
    (result, mine)
}

/// Whether the value about to decode is the root of the collector's decode, the
/// one the caller gets; true once, for the first value that asks.
#[inline]
pub fn take_root() -> bool {
    STATE.with(|s| {
        let mut state = s.get();
        let root = state.root_pending;
        if root {
            state.root_pending = false;
            s.set(state);
        }
        root
    })
}

/// Whether a collector is installed (so this value is part of a larger decode).
#[inline]
pub fn is_active() -> bool {
    STATE.with(|s| s.get().active)
}

/// How the active collector treats a violation.
#[inline]
pub fn mode() -> Mode {
    STATE.with(|s| s.get().mode)
}

/// How many violations the active collector holds; taken before a nested value is
/// decoded, to find its violations after.
#[inline]
pub fn len() -> usize {
    VIOLATIONS.with(|v| v.borrow().len())
}

/// Drops the violations recorded since `start`: they were found in a value
/// that did not read in the end (a flattened `Option`'s struct, which serde
/// then reads as `None`), and `validate()` never sees it.
#[cold]
pub fn forget_since(start: usize) {
    VIOLATIONS.with(|v| v.borrow_mut().truncate(start));
}

/// Puts the violations recorded since `start` under `segment`.
#[cold]
pub fn nest_since(start: usize, segment: &Segment) {
    VIOLATIONS.with(|v| v.borrow_mut().nest_since(start, segment));
}

/// Hands a failed field's violations to the active collector. Returns true when
/// decoding must stop (fail-fast).
#[cold]
#[inline(never)]
pub fn report(violations: Violations) -> bool {
    let state = STATE.with(Cell::get);
    if violations.is_empty() || !state.active || state.muted > 0 {
        return false;
    }
    let fail_fast = state.mode == Mode::FailFast;
    VIOLATIONS.with(|v| {
        let mut all = v.borrow_mut();
        if fail_fast {
            // The first violation is the answer; a field's further ones are not.
            if all.is_empty() {
                let mut violations = violations;
                violations.truncate(1);
                *all = violations;
            }
        } else if all.is_empty() {
            *all = violations;
        } else {
            all.extend(violations);
        }
    });
    fail_fast
}

/// Decodes a value whose own rules must not count here: a field of a validating
/// type that is not marked `nested` (validator, garde and the seed validate
/// nested values only when asked).
pub fn muted<R>(decode: impl FnOnce() -> R) -> R {
    fn add(delta: i32) {
        STATE.with(|s| {
            let mut state = s.get();
            state.muted = state.muted.saturating_add_signed(delta);
            s.set(state);
        });
    }
    struct Unmute;
    impl Drop for Unmute {
        fn drop(&mut self) {
            add(-1);
        }
    }
    add(1);
    let _unmute = Unmute;
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
            assert_eq!(inner.map(|v| v.len()), Some(1));
            assert_eq!(len(), 1, "the outer collector is back");
            report(Violation::new("c", "c").into());
            nest_since(start, &Segment::Field("child".into()));
        });
        assert!(!is_active());
        let paths: Vec<String> = outer
            .iter()
            .flatten()
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
        let codes: Vec<&str> = violations
            .iter()
            .flatten()
            .map(|v| v.code.as_ref())
            .collect();
        assert_eq!(codes, ["b"]);
    }

    #[test]
    fn reporting_without_a_collector_is_harmless() {
        assert!(!report(Violation::new("a", "a").into()));
        assert_eq!(len(), 0);
    }
}
