//! A fast-flatten tree read by its [`DirectReads`]: each key's entry says
//! which slot of the root's its scalar goes to and which bit of the tree's
//! one `seen` mask marks it, so a key costs its lookup, a bit and a read,
//! as the code `#[derive(FastFlatten)]` writes does; no struct of the tree
//! is looked up per key or per value (that walk was half of the
//! interpreter's instructions on nested-flatten `de/fast-flatten`). The
//! structs are finished only when a key was left out (or a node has more
//! to do), then as the general reader finishes them.

use serde::de::{self, Error as _, IgnoredAny, MapAccess};

use super::errors;
use super::flatten::{FlatKeySeed, LAID_OUT};
use super::scalar::ScalarSeed;
use super::structs::StructVisitor;
use crate::plan::{DirectReads, FlatTable};
use crate::value::Value;

impl StructVisitor<'_> {
    /// The keys of the tree of `table` into `out`, the root's slots.
    pub(super) fn direct_into<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
        table: &FlatTable,
        direct: &DirectReads,
        out: &mut [Value],
    ) -> Result<(), A::Error> {
        let mut seen: u128 = 0;
        let mut expected = 0;
        while let Some(key) = map.next_key_seed(FlatKeySeed { table, expected })? {
            expected = key.map_or(expected, |entry| entry + 1);
            let Some(read) = key.and_then(|entry| direct.entries.get(entry)) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if seen & read.mask != 0 {
                return Err(errors::duplicate_field(read.key));
            }
            seen |= read.mask;
            let slot = out
                .get_mut(read.slot)
                .ok_or_else(|| A::Error::custom(LAID_OUT))?;
            let scalar = read.read.ok_or_else(|| A::Error::custom(LAID_OUT))?;
            map.next_value_seed(ScalarSeed(scalar, slot))?;
        }
        if direct.complete == Some(seen) {
            return Ok(());
        }
        self.finish_direct(table, direct, seen, out)
    }

    /// Each struct of the tree finished, children first, with the fields of
    /// `seen` read: what was left out filled in, or serde's error.
    #[cold]
    #[inline(never)]
    pub(super) fn finish_direct<E: de::Error>(
        &self,
        table: &FlatTable,
        direct: &DirectReads,
        seen: u128,
        out: &mut [Value],
    ) -> Result<(), E> {
        for (i, node) in table.nodes.iter().enumerate().rev() {
            let mut v = match i {
                0 => *self,
                _ => self
                    .child(node.type_id)
                    .ok_or_else(|| E::custom("a flattened field is not a struct"))?,
            };
            // Late checks of a struct `validate()` does not look into
            // (flattened without `nested`) do not run in fail-fast.
            if v.seed.stop.is_some() && !table.checks_node(&v.seed.plan.types, i) {
                v.seed.stop = None;
            }
            let first = direct.first_bit.get(i).copied().unwrap_or(0);
            // This struct's fields' bits, moved to its own field indices.
            let fields = u32::try_from(v.s.fields.len()).unwrap_or(u32::MAX);
            let own = seen.checked_shr(first).unwrap_or(0)
                & u128::MAX
                    .checked_shr(u128::BITS.saturating_sub(fields))
                    .unwrap_or(0);
            let slots = out
                .get_mut(node.base..node.base + v.s.width)
                .ok_or_else(|| E::custom(LAID_OUT))?;
            v.finish_into(slots, v.s.flattened | own)?;
        }
        Ok(())
    }
}
