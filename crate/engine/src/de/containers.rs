//! What the readers of sequences, sets, arrays, tuples and string-keyed
//! maps share: sets' dedup, rows' slots, maps' entries, and serde's
//! words for what was expected.

use std::fmt;

use serde::de::SeqAccess;

use super::errors;
use crate::value::Value;

/// Sets decode as serde's do: duplicates collapse; `BTreeSet` sorts.
pub(super) fn dedup(items: &mut Vec<Value>, sorted: bool) {
    if sorted {
        items.sort_by(crate::order::compare);
        items.dedup();
    } else {
        let mut kept: Vec<Value> = Vec::with_capacity(items.len());
        for item in items.drain(..) {
            if !kept.contains(&item) {
                kept.push(item);
            }
        }
        *items = kept;
    }
}

/// What a sequence is expected to be: of length `len` when it is an array's.
pub(super) fn expecting_items(len: Option<usize>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match len {
        Some(n) => write!(f, "an array of length {n}"),
        None => f.write_str("a sequence"),
    }
}

/// The most slots a `Vec` in rows allocates before its elements are read.
const MAX_PREALLOCATED_SLOTS: usize = (1 << 20) / std::mem::size_of::<Value>();

/// The rows of a `Vec` of a struct `width` slots wide, each read into the
/// slots after the one before's by `row` (`None` past the last).
pub(super) fn read_rows<'de, A: SeqAccess<'de>>(
    seq: &mut A,
    width: usize,
    byteless: impl Fn() -> bool,
    mut row: impl FnMut(&mut A, &mut [Value]) -> Result<Option<()>, A::Error>,
) -> Result<Vec<Value>, A::Error> {
    // Room for the probe past the last element too (the slots it takes
    // are given back): a known length allocates once. The length is the
    // input's word, so at most 1 MiB is taken on it, as serde's own
    // `size_hint::cautious` does: a few bytes of postcard cannot ask for
    // rows × width slots.
    let capacity = seq
        .size_hint()
        .map_or(0, |n| n.saturating_add(1).saturating_mul(width))
        .min(MAX_PREALLOCATED_SLOTS);
    let mut slots = Vec::with_capacity(capacity);
    let mut rows = 0;
    loop {
        let start = slots.len();
        // Without a length (JSON gives none), room for four rows once the
        // first is read, then twice as many each time, as a `Vec` of the
        // struct grows: growing by a row's slots took three reallocations
        // to reach four rows, each a copy (4% of a car decode).
        // Past a few hundred slots, into the buffer the last large value
        // freed (see `value::pool`), when it fits: grown no more.
        if start == slots.capacity() {
            crate::value::reserve_rows(&mut slots, width.saturating_mul(4).max(start));
        }
        slots.extend(std::iter::repeat_with(|| Value::Unit).take(width));
        if row(seq, &mut slots[start..])?.is_none() {
            slots.truncate(start);
            return Ok(slots);
        }
        rows += 1;
        errors::count_byteless(rows, &byteless)?;
    }
}

/// What a tuple (not a variant's) is expected to be.
pub(super) fn expecting_size(size: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "a tuple of size {size}")
}

/// What a tuple variant is expected to be, as serde's derive says it.
pub(super) fn expecting_variant(
    ty: &str,
    variant: &str,
    len: usize,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write!(f, "tuple variant {ty}::{variant} with {len} elements")
}

/// Up to this many entries a repeated key is looked for as each is read;
/// past it, once all are read ([`map_value`]): a scan per entry would make
/// a map of thousands of keys cost their square.
const SCANNED: usize = 32;

/// A map's entry, as inserting into a map does: a repeated key replaces
/// the earlier value, in its place (past [`SCANNED`] entries, in
/// [`map_value`]).
#[inline]
pub(super) fn insert_entry(entries: &mut Vec<(Box<str>, Value)>, key: String, value: Value) {
    let found = match entries.len() {
        n if n < SCANNED => entries.iter_mut().find(|(k, _)| **k == *key),
        _ => None,
    };
    match found {
        Some(entry) => entry.1 = value,
        None => entries.push((key.into_boxed_str(), value)),
    }
}

/// A map's entries as [`insert_entry`] gathered them, each key once, in
/// a `BTreeMap`'s order (`sorted`), else as read.
pub(super) fn map_value(mut entries: Vec<(Box<str>, Value)>, sorted: bool) -> Value {
    if entries.len() > SCANNED {
        merge_repeated(&mut entries);
    }
    distinct_map_value(entries, sorted)
}

/// [`map_value`] of entries whose keys are distinct already (a
/// `serde_json::Map`'s).
pub(super) fn distinct_map_value(mut entries: Vec<(Box<str>, Value)>, sorted: bool) -> Value {
    if sorted {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
    }
    Value::Map(entries)
}

/// Each repeated key once, where it was first read, with the value read
/// last: what inserting one entry at a time gives.
#[cold]
fn merge_repeated(entries: &mut Vec<(Box<str>, Value)>) {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    // Stable: within a key, the order read.
    order.sort_by(|&a, &b| entries[a].0.cmp(&entries[b].0));
    // Each repeated key: where it was first read, and where last.
    let repeated: Vec<(usize, &[usize])> = order
        .chunk_by(|&a, &b| entries[a].0 == entries[b].0)
        .filter_map(|group| match group {
            [first, rest @ ..] if !rest.is_empty() => Some((*first, rest)),
            _ => None,
        })
        .collect();
    if repeated.is_empty() {
        return;
    }
    let mut dropped = vec![false; entries.len()];
    let mut moves = Vec::with_capacity(repeated.len());
    for (first, rest) in repeated {
        moves.push((first, rest[rest.len() - 1]));
        for &i in rest {
            dropped[i] = true;
        }
    }
    for (first, last) in moves {
        let value = std::mem::replace(&mut entries[last].1, Value::Unit);
        entries[first].1 = value;
    }
    let mut i = 0;
    entries.retain(|_| {
        let keep = !dropped[i];
        i += 1;
        keep
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What inserting one entry at a time into a map that keeps the order
    /// of first insertion gives.
    fn inserted(keys: &[&str]) -> Vec<(Box<str>, Value)> {
        let mut out: Vec<(Box<str>, Value)> = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            let value = Value::U64(i as u64);
            match out.iter_mut().find(|(k, _)| **k == **key) {
                Some(entry) => entry.1 = value,
                None => out.push(((*key).into(), value)),
            }
        }
        out
    }

    #[test]
    fn a_repeated_key_keeps_its_first_place_and_last_value_in_maps_of_any_size() {
        for len in [0, 1, 5, SCANNED - 1, SCANNED, SCANNED + 1, 200] {
            for every in [1, 2, 3, 7, 40] {
                let names: Vec<String> = (0..len)
                    .map(|i| format!("k{}", (i * 7) % (len / every + 1)))
                    .collect();
                let keys: Vec<&str> = names.iter().map(String::as_str).collect();
                let mut entries = Vec::new();
                for (i, key) in keys.iter().enumerate() {
                    insert_entry(&mut entries, (*key).to_owned(), Value::U64(i as u64));
                }
                let Value::Map(got) = map_value(entries, false) else {
                    panic!("a map");
                };
                assert_eq!(
                    format!("{got:?}"),
                    format!("{:?}", inserted(&keys)),
                    "{len} keys, {every}"
                );
            }
        }
    }
}
