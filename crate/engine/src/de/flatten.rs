//! Structs with `#[serde(flatten)]` fields, read the two ways seed 003
//! compares: serde's (unknown keys buffered, each flattened child reading the
//! buffer) and field dispatch (one key table for the whole tree).

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, Visitor};

use super::fail_fast::{Stop, nested};
use super::flat_buffer::{Buffer, FlatDeserializer};
use super::structs::{StructVisitor, fill, unit_slots};
use super::{Seed, errors};
use crate::plan::{FlatTable, KindPlan, StructPlan};
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
    /// table and read straight into its struct's slot; the structs are put
    /// together after, children first.
    pub(super) fn visit_map_fast<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
        table: &FlatTable,
    ) -> Result<Value, A::Error> {
        // Trees of up to eight structs (nearly all) keep their bookkeeping on the
        // stack: one allocation per struct, as its slots, and none besides.
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
        for (i, node) in nodes.iter_mut().enumerate() {
            *node = match i {
                0 => Some(*self),
                _ => self.child(table.nodes[i].type_id),
            };
        }
        let mut small_slots: [Vec<Value>; SMALL] = Default::default();
        let mut large_slots: Vec<Vec<Value>> = Vec::new();
        let slots: &mut [Vec<Value>] = if n <= SMALL {
            &mut small_slots[..n]
        } else {
            large_slots.resize_with(n, Vec::new);
            &mut large_slots
        };
        let mut small_seen = [0u128; SMALL];
        let mut large_seen: Vec<u128> = Vec::new();
        let seen: &mut [u128] = if n <= SMALL {
            &mut small_seen[..n]
        } else {
            large_seen.resize(n, 0);
            &mut large_seen
        };
        for i in 0..n {
            let Some(v) = nodes[i] else {
                return Err(A::Error::custom("a flattened field is not a struct"));
            };
            slots[i] = unit_slots(v.s.fields.len());
            seen[i] = v.s.flattened;
        }
        while let Some(key) = map.next_key_seed(FlatKeySeed { table })? {
            let Some((at, slot)) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if let Some(v) = nodes[at] {
                v.read_into(&mut map, slot, &mut seen[at], &mut slots[at][slot])?;
            }
        }
        for i in (0..n).rev() {
            let Some(v) = nodes[i] else { continue };
            let value = v.finish(std::mem::take(&mut slots[i]), seen[i])?;
            match table.nodes[i].parent {
                // The flattened field's slot holds `Unit` (no key names it).
                Some((parent, slot)) => fill(&mut slots[parent][slot], value),
                None => return Ok(value),
            }
        }
        Err(A::Error::custom("a flattened struct has no root"))
    }

    /// serde's way (`Flatten::Serde`): the struct's own keys are read, every
    /// other key is buffered, and each flattened child reads the buffer; the keys
    /// a child takes are gone for the next.
    pub(super) fn visit_map_buffered<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
    ) -> Result<Value, A::Error> {
        let mut slots = unit_slots(self.s.fields.len());
        let mut seen = self.s.flattened;
        let mut buffer: Buffer = Vec::new();
        while let Some(key) = map.next_key_seed(BufferingKeySeed { s: self.s })? {
            let slot = match key {
                Key::Field(slot) => slot,
                Key::Other(name) => {
                    let value = map.next_value::<serde_json::Value>()?;
                    buffer.push(Some((name, value)));
                    continue;
                }
            };
            self.read_into(&mut map, slot, &mut seen, &mut slots[slot])?;
        }
        // Each flattened field in declaration order, as serde reads them. An
        // `Option` is `None` when its struct does not read. Fail-fast checks
        // the struct's rules only where the field says `nested`, and puts what
        // breaks under the field, as `validate()` does.
        for (slot, field) in self.s.fields.iter().enumerate().filter(|(_, f)| f.flatten) {
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
            fill(&mut slots[slot], value);
        }
        if self.s.deny_unknown {
            if let Some((key, _)) = buffer.iter().flatten().next() {
                return Err(errors::unknown_field(key, self.s.keys));
            }
        }
        self.finish(slots, seen)
    }
}

/// A key of a struct that flattens, serde's way: one of its own fields, or a key
/// to keep for the flattened children.
pub(super) enum Key {
    Field(usize),
    Other(String),
}

pub(super) struct BufferingKeySeed<'p> {
    pub(super) s: &'p StructPlan,
}

impl<'de> DeserializeSeed<'de> for BufferingKeySeed<'_> {
    type Value = Key;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Key, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for BufferingKeySeed<'_> {
    type Value = Key;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Key, E> {
        Ok(match self.s.lookup.find(key) {
            Some(slot) => Key::Field(slot),
            None => Key::Other(key.to_owned()),
        })
    }
}

/// A key of a struct and its flattened children, found in their one table.
pub(super) struct FlatKeySeed<'p> {
    pub(super) table: &'p FlatTable,
}

impl<'de> DeserializeSeed<'de> for FlatKeySeed<'_> {
    type Value = Option<(usize, usize)>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for FlatKeySeed<'_> {
    type Value = Option<(usize, usize)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        match self.table.find(key) {
            Some(found) => Ok(Some(found)),
            None if self.table.deny_unknown => Err(errors::unknown_field(key, self.table.keys)),
            None => Ok(None),
        }
    }
}
