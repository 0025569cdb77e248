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
//!
//! And one large buffer, the largest freed (from [`LARGE`] slots up to
//! [`LARGEST`]), for the rows of a `Vec` read without a length (JSON gives
//! none): grown by doubling, each growth a copy, such rows copied 32 bytes
//! a slot where compiled code's `Vec` copies the struct's own few.
//! nested-flatten's unflattened decode of 1,000 structs spent 2.7% of its
//! instructions in those copies. Rows that outgrow [`LARGE`] slots move
//! into the kept buffer when it holds what they need and no more than four
//! times that (the slack of doubling, twice over), and grow no more.

use std::alloc::Layout;
use std::cell::UnsafeCell;
use std::ptr::NonNull;

use super::Value;

/// The largest capacity kept: structs wider than this are rare, and their
/// decode costs far more than its allocation.
const WIDEST: usize = 16;

/// How many buffers of one capacity are kept.
const KEEP: usize = 4;

/// The least capacity kept as the large buffer (8 KiB of values): smaller
/// `Vec`s grow as they always have, and free their buffers.
const LARGE: usize = 256;

/// The largest capacity kept as the large buffer: 1 MiB of values.
const LARGEST: usize = (1 << 20) / std::mem::size_of::<Value>();

struct Pool {
    /// By capacity − 1: the buffers kept, the first `len` of them.
    kept: [[Option<NonNull<Value>>; KEEP]; WIDEST],
    len: [u8; WIDEST],
    /// The large buffer and its capacity.
    large: Option<(NonNull<Value>, usize)>,
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
        if let Some((buffer, cap)) = self.large.take() {
            // SAFETY: a `Vec<Value>`'s buffer of capacity `cap` (see `give`).
            drop(unsafe { Vec::from_raw_parts(buffer.as_ptr(), 0, cap) });
        }
    }
}

thread_local! {
    static POOL: UnsafeCell<Pool> = const {
        UnsafeCell::new(Pool {
            kept: [[None; KEEP]; WIDEST],
            len: [0; WIDEST],
            large: None,
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

/// Room for `additional` more values in `slots`, read without a length:
/// past [`LARGE`] slots, the large buffer when it fits (its values moved
/// there, the old buffer freed), else `reserve`'s growth.
pub fn reserve_rows(slots: &mut Vec<Value>, additional: usize) {
    let needed = slots.len().saturating_add(additional);
    if needed > LARGE
        && let Some(mut large) = take_large(needed)
    {
        large.append(slots);
        *slots = large;
        return;
    }
    slots.reserve(additional);
}

/// The large buffer, empty, when it holds `needed` values and no more
/// than four times as many.
#[cold]
fn take_large(needed: usize) -> Option<Vec<Value>> {
    POOL.try_with(|pool| {
        // SAFETY: as in `take`.
        let pool = unsafe { &mut *pool.get() };
        match pool.large {
            Some((_, cap)) if cap >= needed && cap / 4 <= needed => pool.large.take(),
            _ => None,
        }
    })
    .ok()
    .flatten()
    // SAFETY: the buffer was a `Vec<Value>`'s of capacity `cap` (`give`).
    .map(|(buffer, cap)| unsafe { Vec::from_raw_parts(buffer.as_ptr(), 0, cap) })
}

/// Keeps a buffer of [`LARGE`] slots or more as the large buffer when it
/// is larger than the one kept; answers the buffer to free, if any (this
/// one, or the one it replaces).
#[cold]
fn keep_large(ptr: NonNull<Value>, cap: usize) -> Option<(NonNull<Value>, usize)> {
    if cap > LARGEST {
        return Some((ptr, cap));
    }
    POOL.try_with(|pool| {
        // SAFETY: as in `take`.
        let pool = unsafe { &mut *pool.get() };
        match pool.large {
            Some((_, kept)) if kept >= cap => Some((ptr, cap)),
            _ => pool.large.replace((ptr, cap)),
        }
    })
    .unwrap_or(Some((ptr, cap)))
}

/// Keeps the buffer of a `Vec<Value>` of capacity `cap` whose values are
/// gone (dropped or moved out), or frees it.
///
/// # Safety
/// `ptr` and `cap` are those of a `Vec<Value>` that no longer owns them.
#[inline]
pub unsafe fn give(ptr: NonNull<Value>, cap: usize) {
    if cap >= LARGE {
        if let Some((ptr, cap)) = keep_large(ptr, cap) {
            // SAFETY: the caller's word, or the large buffer kept before:
            // a `Vec<Value>`'s buffer of `cap`.
            unsafe { free(ptr, cap) };
        }
        return;
    }
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
        unsafe { free(ptr, cap) };
    }
}

/// Frees a buffer.
///
/// # Safety
/// `ptr` and `cap` (not 0) are those of a `Vec<Value>`'s buffer that no
/// one owns.
unsafe fn free(ptr: NonNull<Value>, cap: usize) {
    // SAFETY: the caller's word.
    unsafe {
        std::alloc::dealloc(
            ptr.as_ptr().cast(),
            Layout::array::<Value>(cap).unwrap_unchecked(),
        )
    };
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

    /// Gives `buffer`'s buffer to the pool, its values (units) forgotten.
    fn give_back(buffer: Vec<Value>) {
        let mut buffer = std::mem::ManuallyDrop::new(buffer);
        // SAFETY: the `Vec`'s own buffer, no longer used.
        unsafe {
            give(
                NonNull::new(buffer.as_mut_ptr()).expect("a buffer"),
                buffer.capacity(),
            )
        };
    }

    #[test]
    fn rows_past_a_few_hundred_slots_move_into_the_large_buffer_kept() {
        let large: Vec<Value> = Vec::with_capacity(1000);
        let at = large.as_ptr();
        give_back(large);
        // Rows that fit in the small `Vec`s grow as they did.
        let mut small = vec![Value::U64(1); 10];
        reserve_rows(&mut small, 10);
        assert_ne!(small.as_ptr(), at);
        // Past `LARGE` slots, the kept buffer, the values moved into it.
        let mut rows: Vec<Value> = (0..300).map(Value::U64).collect();
        reserve_rows(&mut rows, 300);
        assert_eq!(rows.as_ptr(), at);
        assert_eq!(rows.capacity(), 1000);
        assert!(
            rows.iter()
                .enumerate()
                .all(|(i, v)| *v == Value::U64(i as u64))
        );
        // Taken, it is no longer kept: the next rows grow their own.
        let mut other: Vec<Value> = (0..300).map(Value::U64).collect();
        reserve_rows(&mut other, 300);
        assert_ne!(other.as_ptr(), at);
        drop(other);
        drop(rows);
    }

    #[test]
    fn a_large_buffer_is_not_taken_by_rows_a_quarter_its_size() {
        let large: Vec<Value> = Vec::with_capacity(4000);
        let at = large.as_ptr();
        give_back(large);
        let mut rows: Vec<Value> = (0..300).map(Value::U64).collect();
        reserve_rows(&mut rows, 300);
        assert_ne!(rows.as_ptr(), at);
        // The larger buffer stays kept when a smaller one is freed.
        give_back(std::mem::take(&mut rows));
        let mut more: Vec<Value> = (0..1000).map(Value::U64).collect();
        reserve_rows(&mut more, 1000);
        assert_eq!(more.as_ptr(), at);
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
