//! Slot buffers kept for the next value of the same width. Every struct
//! the interpreter reads takes one buffer for its slots, where compiled code
//! keeps the struct on the stack and allocates only for its strings and
//! vectors: user-signup's decode made three allocations where compiled code
//! makes two, and the third (a `malloc` and a `free`) was a twentieth of
//! its decode (2,545 instructions, 2,429 with this pool). A buffer freed is kept here,
//! by its capacity, and the next struct of that width takes it back, so a
//! loop that decodes and drops a value allocates for what compiled code
//! allocates for.
//!
//! Per thread, a few buffers of each small capacity: a thread that drops
//! many values at once keeps no more than [`KEEP`] of each, and a thread
//! that ends frees what it kept.

use std::alloc::Layout;
use std::cell::UnsafeCell;
use std::ptr::NonNull;

use super::Value;

/// The largest capacity kept: structs wider than this are rare, and their
/// decode costs far more than its allocation.
const WIDEST: usize = 16;

/// How many buffers of one capacity are kept.
const KEEP: usize = 4;

struct Pool {
    /// By capacity − 1: the buffers kept, the first `len` of them.
    kept: [[Option<NonNull<Value>>; KEEP]; WIDEST],
    len: [u8; WIDEST],
}

impl Drop for Pool {
    fn drop(&mut self) {
        for (class, kept) in self.kept.iter_mut().enumerate() {
            for buffer in kept.iter_mut().filter_map(Option::take) {
                // SAFETY: each buffer was a `Vec<Value>`'s of capacity
                // `class + 1` (see `give`), kept here alone.
                drop(unsafe { Vec::from_raw_parts(buffer.as_ptr(), 0, class + 1) });
            }
        }
    }
}

thread_local! {
    static POOL: UnsafeCell<Pool> = const {
        UnsafeCell::new(Pool {
            kept: [[None; KEEP]; WIDEST],
            len: [0; WIDEST],
        })
    };
}

/// `n` empty (`Unit`) slots, in a kept buffer of capacity `n` when there
/// is one.
#[inline]
pub fn unit_slots(n: usize) -> Vec<Value> {
    let mut slots = take(n).unwrap_or_else(|| Vec::with_capacity(n));
    // A trusted-length iterator: one loop of stores, where `resize_with`
    // stays a call.
    slots.extend(std::iter::repeat_with(|| Value::Unit).take(n));
    slots
}

/// An empty `Vec` of capacity `n`, in a kept buffer.
#[inline]
fn take(n: usize) -> Option<Vec<Value>> {
    let class = n.checked_sub(1).filter(|&c| c < WIDEST)?;
    POOL.try_with(|pool| {
        // SAFETY: the pool is this thread's, and nothing it calls can reach
        // it again while this borrow lives.
        let pool = unsafe { &mut *pool.get() };
        let len = usize::from(pool.len[class]);
        let buffer = pool.kept[class].get_mut(len.checked_sub(1)?)?.take()?;
        pool.len[class] -= 1;
        // SAFETY: the buffer was a `Vec<Value>`'s of capacity `n` (`give`).
        Some(unsafe { Vec::from_raw_parts(buffer.as_ptr(), 0, n) })
    })
    .ok()
    .flatten()
}

/// Keeps the buffer of a `Vec<Value>` of capacity `cap` whose values are
/// gone (dropped or moved out), or frees it.
///
/// # Safety
/// `ptr` and `cap` are those of a `Vec<Value>` that no longer owns them.
#[inline]
pub unsafe fn give(ptr: NonNull<Value>, cap: usize) {
    let kept = (1..=WIDEST).contains(&cap)
        && POOL
            .try_with(|pool| {
                // SAFETY: as in `take`.
                let pool = unsafe { &mut *pool.get() };
                let class = cap - 1;
                let len = usize::from(pool.len[class]);
                match pool.kept[class].get_mut(len) {
                    Some(slot) => {
                        *slot = Some(ptr);
                        pool.len[class] += 1;
                        true
                    }
                    None => false,
                }
            })
            .unwrap_or(false);
    if !kept && cap != 0 {
        // SAFETY: the caller's word: a `Vec<Value>`'s buffer of `cap`.
        unsafe {
            std::alloc::dealloc(
                ptr.as_ptr().cast(),
                Layout::array::<Value>(cap).unwrap_unchecked(),
            )
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_given_back_is_taken_again_by_its_width() {
        let first = unit_slots(3);
        assert_eq!(first.len(), 3);
        let at = first.as_ptr();
        let mut first = std::mem::ManuallyDrop::new(first);
        // SAFETY: the `Vec`'s own buffer, its values (units) forgotten.
        unsafe {
            give(
                NonNull::new(first.as_mut_ptr()).expect("a buffer"),
                first.capacity(),
            )
        };
        // Another width does not take it; its own does.
        let other = unit_slots(4);
        assert_ne!(other.as_ptr(), at);
        let again = unit_slots(3);
        assert_eq!(again.as_ptr(), at);
        assert!(again.iter().all(|v| *v == Value::Unit));
    }

    #[test]
    fn no_more_than_a_few_buffers_are_kept() {
        let buffers: Vec<Vec<Value>> = (0..KEEP + 3).map(|_| unit_slots(2)).collect();
        for buffer in buffers {
            let mut buffer = std::mem::ManuallyDrop::new(buffer);
            // SAFETY: as above.
            unsafe {
                give(
                    NonNull::new(buffer.as_mut_ptr()).expect("a buffer"),
                    buffer.capacity(),
                )
            };
        }
        // SAFETY: the pool is this thread's; nothing else holds it here.
        let kept = POOL.with(|pool| unsafe { (*pool.get()).len[1] });
        assert_eq!(usize::from(kept), KEEP);
    }
}
