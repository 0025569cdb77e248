//! Structs with `#[serde(flatten)]` fields, read the two ways seed 003
//! compares: serde's (unknown keys buffered, each flattened child reading the
//! buffer) and field dispatch (one key table for the whole tree). A flattened
//! struct is laid out inline in its parent's slots: both read into them.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, Visitor};

use super::fail_fast::{Stop, nested};
use super::flat_buffer::{Buffer, FlatDeserializer};
use super::structs::{StructVisitor, fill, unit_slots};
use super::{Seed, errors};
use crate::plan::{FlatNode, FlatTable, KindPlan, StructPlan};
use crate::ty::Ty;
use crate::value::Value;

impl<'p> StructVisitor<'p> {
    /// The visitor of a flattened child, sharing this one's seed.
    pub(super) fn child(&self, id: usize) -> Option<StructVisitor<'p>> {
        let plan = self.seed.plan;
        let ty = &plan.types[id];
        match &ty.kind {
            KindPlan::Struct(s) => Some(StructVisitor {
                seed: Seed {
                    root: false,
                    ..self.seed
                },
                s,
                name: ty.ident,
                variant: None,
            }),
            KindPlan::Enum(_) => None,
        }
    }

    /// Field dispatch (`Flatten::Fast`): every key of the tree found in one
    /// table and read straight into its struct's slots in `out`, where the
    /// flattened structs are laid out inline; each struct is filled in after,
    /// children first.
    #[inline(never)]
    pub(super) fn fast_into<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
        table: &FlatTable,
        out: &mut [Value],
    ) -> Result<(), A::Error> {
        // Fail-fast checks each field as it is read, by its struct's plan.
        if let (Some(direct), None) = (&table.direct, self.seed.stop)
            && direct.scalars
        {
            return self.direct_into(map, table, direct, out);
        }
        // Trees of up to eight structs (nearly all) keep their bookkeeping on
        // the stack.
        const SMALL: usize = 8;
        let n = table.nodes.len();
        // Each node's visitor, found once (not once per key).
        let mut small_nodes: [Option<StructVisitor<'p>>; SMALL] = [None; SMALL];
        let mut large_nodes: Vec<Option<StructVisitor<'p>>> = Vec::new();
        let nodes: &mut [Option<StructVisitor<'p>>] = if n <= SMALL {
            &mut small_nodes[..n]
        } else {
            large_nodes.resize(n, None);
            &mut large_nodes
        };
        // The slots of each node not laid out inline in its parent's (rare: it
        // is read through a conversion), by node; nothing is allocated for a
        // tree laid out inline throughout.
        let mut own: Vec<Vec<Value>> = Vec::new();
        let mut small_seen = [0u128; SMALL];
        let mut large_seen: Vec<u128> = Vec::new();
        let seen: &mut [u128] = if n <= SMALL {
            &mut small_seen[..n]
        } else {
            large_seen.resize(n, 0);
            &mut large_seen
        };
        for (i, node) in table.nodes.iter().enumerate() {
            let v = match i {
                0 => *self,
                _ => self
                    .child(node.type_id)
                    .ok_or_else(|| A::Error::custom("a flattened field is not a struct"))?,
            };
            if node.owner == i && i != 0 {
                own.resize_with(n, Vec::new);
                own[i] = unit_slots(v.s.width);
            }
            seen[i] = v.s.flattened;
            nodes[i] = Some(v);
        }
        let mut expected = 0;
        while let Some(key) = map.next_key_seed(FlatKeySeed { table, expected })? {
            expected = key.map_or(expected, |entry| entry + 1);
            let Some((at, index)) = key.and_then(|entry| table.node_field(entry)) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            let (Some(v), Some(node)) = (&nodes[at], table.nodes.get(at)) else {
                continue;
            };
            let slots = node_slots(out, &mut own, node, v.s.width)?;
            v.read_flat_field(&mut map, index, &mut seen[at], slots)?;
        }
        for (i, node) in table.nodes.iter().enumerate().rev() {
            let Some(v) = &nodes[i] else { continue };
            v.finish_into(node_slots(out, &mut own, node, v.s.width)?, seen[i])?;
            let Some((parent, field)) = node.parent else {
                continue;
            };
            if node.owner == i {
                // Its own slots, put in its field's slot in its parent's.
                let slots = own.get_mut(i).map(std::mem::take).unwrap_or_default();
                let value = Value::Struct(slots.into());
                let (Some(p), Some(parent)) = (nodes[parent], table.nodes.get(parent)) else {
                    continue;
                };
                let at = p.s.fields.get(field).map_or(usize::MAX, |f| f.at);
                let slots = node_slots(out, &mut own, parent, p.s.width)?;
                match slots.get_mut(at) {
                    // The flattened field's slot holds `Unit` (no key names it).
                    Some(slot) => fill(slot, value),
                    None => return Err(A::Error::custom(LAID_OUT)),
                }
            }
        }
        Ok(())
    }

    /// serde's way (`Flatten::Serde`): the struct's own keys are read, every
    /// other key is buffered, and each flattened child reads the buffer; the keys
    /// a child takes are gone for the next.
    #[inline(never)]
    pub(super) fn buffered_into<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
        out: &mut [Value],
    ) -> Result<(), A::Error> {
        let mut seen = self.s.flattened;
        let mut buffer: Buffer<'de> = Vec::new();
        while let Some(key) = map.next_key_seed(BufferingKeySeed { s: self.s })? {
            let index = match key {
                Key::Field(index) => index,
                Key::Other(name) => {
                    let value = map.next_value::<serde_json::Value>()?;
                    buffer.push(Some((name, value)));
                    continue;
                }
            };
            self.read_flat_field(&mut map, index, &mut seen, out)?;
        }
        // Each flattened field in declaration order, as serde reads them. An
        // `Option` is `None` when its struct does not read. Fail-fast checks
        // the struct's rules only where the field says `nested`, and puts what
        // breaks under the field, as `validate()` does.
        for field in self.s.fields.iter().filter(|f| f.flatten) {
            if let Some((id, width)) = field.inline {
                let slots = out
                    .get_mut(field.at..field.at + width)
                    .ok_or_else(|| A::Error::custom(LAID_OUT))?;
                let seed = self.inline_seed(field, id, slots)?;
                nested(
                    self.seed.stop,
                    || field.segment(),
                    seed.deserialize(FlatDeserializer(&mut buffer)),
                )
                .map_err(A::Error::custom)?;
                continue;
            }
            let (ty, optional) = match &field.ty {
                Ty::Option(inner) => (&**inner, true),
                ty => (ty, false),
            };
            let read = nested(
                self.seed.stop,
                || field.segment(),
                self.seed
                    .field(field)
                    .at(ty)
                    .deserialize(FlatDeserializer(&mut buffer)),
            );
            let value = match read {
                Ok(value) => value,
                // A violation that stops fail-fast decoding is not a struct that
                // does not read.
                Err(e) if !optional || self.seed.stop.is_some_and(Stop::has) => {
                    return Err(A::Error::custom(e));
                }
                Err(_) => Value::Unit,
            };
            // No key names a flattened field: its slot holds `Unit`.
            match out.get_mut(field.at) {
                Some(slot) => fill(slot, value),
                None => return Err(A::Error::custom(LAID_OUT)),
            }
        }
        if self.s.deny_unknown {
            if let Some((key, _)) = buffer.iter().flatten().next() {
                return Err(errors::unknown_field(key, self.s.keys));
            }
        }
        self.finish_into(out, seen)
    }
}

/// The error of slots too few for their plan (never, for a plan laid out once).
pub(super) const LAID_OUT: &str = "a flattened struct's slots do not match its layout";

/// The slots of a node of a fast-flatten tree: in the root's (`out`), or in
/// the node it is laid out in.
#[inline]
fn node_slots<'a, E: de::Error>(
    out: &'a mut [Value],
    own: &'a mut [Vec<Value>],
    node: &FlatNode,
    width: usize,
) -> Result<&'a mut [Value], E> {
    let slots: &mut [Value] = match node.owner {
        0 => out,
        owner => own.get_mut(owner).map_or(&mut [], |v| &mut v[..]),
    };
    slots
        .get_mut(node.base..node.base + width)
        .ok_or_else(|| E::custom(LAID_OUT))
}

/// A key of a struct that flattens, serde's way: one of its own fields, or a key
/// to keep for the flattened children (borrowed from the input where it can be).
pub(super) enum Key<'de> {
    Field(usize),
    Other(Cow<'de, str>),
}

pub(super) struct BufferingKeySeed<'p> {
    pub(super) s: &'p StructPlan,
}

impl<'de> DeserializeSeed<'de> for BufferingKeySeed<'_> {
    type Value = Key<'de>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key<'de>, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for BufferingKeySeed<'_> {
    type Value = Key<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
        Ok(match self.s.lookup.find(key) {
            Some(slot) => Key::Field(slot),
            None => Key::Other(Cow::Owned(key.to_owned())),
        })
    }
    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
        Ok(match self.s.lookup.find(key) {
            Some(slot) => Key::Field(slot),
            None => Key::Other(Cow::Borrowed(key)),
        })
    }
}

/// A key of a struct and its flattened children, found in their one table:
/// its entry there.
pub(super) struct FlatKeySeed<'p> {
    pub(super) table: &'p FlatTable,
    /// The entry most likely next: the one after the last key's.
    pub(super) expected: usize,
}

impl<'de> DeserializeSeed<'de> for FlatKeySeed<'_> {
    type Value = Option<usize>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for FlatKeySeed<'_> {
    type Value = Option<usize>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        match self.table.find_expecting(key, self.expected) {
            Some(found) => Ok(Some(found)),
            None if self.table.deny_unknown => Err(errors::unknown_field(key, self.table.keys)),
            None => Ok(None),
        }
    }
}
