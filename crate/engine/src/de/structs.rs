//! Structs (and struct variants): their keys or elements read into slots by
//! the plan, the fields left out filled in with their defaults.

use std::fmt;

use overhead_schema::Style;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::fail_fast::nested;
use super::keys::KeySeed;
use super::scalar::ScalarSeed;
use super::{Seed, errors};
use crate::key_table::Found;
use crate::plan::{FieldDefault, FieldPlan, Flatten, StructPlan, TypePlan, VariantPlan};
use crate::ty::Ty;
use crate::value::{Slots, Value, default_value, fill_default};

pub(super) fn deserialize_struct<'de, D: Deserializer<'de>>(
    seed: Seed<'_>,
    ty: &TypePlan,
    s: &StructPlan,
    d: D,
) -> Result<Value, D::Error> {
    let name = ty.name;
    if let Some(slot) = s.transparent {
        let field = &s.fields[slot];
        let value = nested(
            seed.stop,
            || field.segment(),
            seed.field_value(field).deserialize(d),
        )?;
        let mut slots: Vec<Value> = s
            .fields
            .iter()
            .map(|f| default_value(seed.plan, &f.ty))
            .collect();
        slots[slot] = value;
        let visitor = StructVisitor {
            seed,
            s,
            name: ty.ident,
            variant: None,
        };
        if seed.stop.is_some() {
            visitor.check_read::<D::Error>(field, &slots[slot])?;
        }
        return Ok(Value::Struct(slots.into()));
    }
    let visitor = StructVisitor {
        seed,
        s,
        name: ty.ident,
        variant: None,
    };
    match (s.style, &s.flat) {
        // serde reads a struct that flattens as a map; the fast codec as a struct
        // of every key in the tree (so sequence formats work).
        (Style::Named, None) if s.flattens => d.deserialize_map(visitor),
        (Style::Named, Some(table)) => d.deserialize_struct(name, table.keys, visitor),
        _ => match s.style {
            Style::Named => d.deserialize_struct(name, s.keys, visitor),
            Style::Newtype => d.deserialize_newtype_struct(name, visitor),
            Style::Tuple => d.deserialize_tuple_struct(name, s.fields.len(), visitor),
            Style::Unit => d.deserialize_unit_struct(name, visitor),
        },
    }
}

/// Puts a field's value in its slot, which holds `Unit` until then (each
/// slot is read once: a second key is an error before it is read): the
/// slot's old value owns nothing, and dropping it would cost a call per field.
#[inline(always)]
pub(super) fn fill(slot: &mut Value, value: Value) {
    let empty = std::mem::replace(slot, value);
    debug_assert!(matches!(empty, Value::Unit));
    std::mem::forget(empty);
}

/// `n` empty slots, allocated once at their final size (or a buffer of
/// that size a value dropped before left).
pub(super) use crate::value::unit_slots;

/// Marks the field at `index` read: a second time is serde's error.
#[inline(always)]
pub(super) fn mark_read<E: de::Error>(
    seen: &mut u128,
    index: usize,
    key: &'static str,
) -> Result<(), E> {
    // The bit made in its half: a `u128` shifted by a variable costs
    // several instructions more on x86-64 (4 a field here, against a
    // 3-field decode of ~2,400), and is a call in wasm.
    let half = 1u64 << (index & 63);
    let bit = if index < 64 {
        u128::from(half)
    } else {
        u128::from(half) << 64
    };
    if *seen & bit != 0 {
        return Err(errors::duplicate_field(key));
    }
    *seen |= bit;
    Ok(())
}

/// What a program's reader gives the seed of a [`StructVisitor`] it builds
/// to finish a struct as its type: finishing reads only the plan and the
/// struct's own fields.
pub(super) static FINISHING: Ty = Ty::Unit;

#[derive(Clone, Copy)]
pub(super) struct StructVisitor<'p> {
    pub(super) seed: Seed<'p>,
    pub(super) s: &'p StructPlan,
    /// The Rust names serde's messages use: the type's, and a struct variant's.
    pub(super) name: &'static str,
    pub(super) variant: Option<&'static str>,
}

impl<'p> StructVisitor<'p> {
    /// The slots of the fields the input left out, where they are (its own
    /// value's, or its parent's for a struct laid out inline): defaults, or an
    /// error. In fail-fast mode, the filled-in fields and `must_match` are
    /// checked here.
    #[inline(always)]
    pub(super) fn finish_into<E: de::Error>(
        &self,
        slots: &mut [Value],
        seen: u128,
    ) -> Result<(), E> {
        // Every field present (the common case): nothing to fill in or check late.
        if seen == self.s.all_seen && self.s.read_whole {
            return Ok(());
        }
        self.fill_in(slots, seen)
    }

    /// The fields the input left out, filled in; `must_match` and late
    /// checks in fail-fast mode.
    fn fill_in<E: de::Error>(&self, slots: &mut [Value], seen: u128) -> Result<(), E> {
        let plan = self.seed.plan;
        // Only the fields left out, in declaration order (so that the first
        // required one is serde's error), not a test of every field.
        // Every field's bit: a struct has at most `MAX_FIELDS` (128).
        let every = u128::MAX
            .checked_shr(u128::BITS.saturating_sub(self.s.fields.len() as u32))
            .unwrap_or(0);
        let mut missing = every & !seen;
        while missing != 0 {
            let i = missing.trailing_zeros() as usize;
            missing &= missing - 1;
            let Some(field) = self.s.fields.get(i) else {
                break;
            };
            if let Some((id, width)) = field.inline {
                let inline = &mut slots[field.at..field.at + width];
                match (&field.default, plan.struct_plan(id)) {
                    (FieldDefault::Value(Value::Struct(value), _), _)
                        if value.len() == inline.len() =>
                    {
                        inline.clone_from_slice(value)
                    }
                    (FieldDefault::Required, _) => return Err(errors::missing_field(field.key)),
                    (_, Some(child)) => fill_default(plan, child, inline),
                    (_, None) => {}
                }
                continue;
            }
            fill(
                &mut slots[field.at],
                match field.default {
                    FieldDefault::Value(ref value, _) => value.clone(),
                    // An `Option`'s default is `None`, which its slot holds
                    // already (`default_value`'s call cost api-payload's
                    // from-value 56 instructions).
                    FieldDefault::Default | FieldDefault::None
                        if matches!(field.ty, Ty::Option(_)) =>
                    {
                        continue;
                    }
                    _ if field.skip => default_value(plan, &field.ty),
                    FieldDefault::Required => return Err(errors::missing_field(field.key)),
                    // An `Option` left out: its slot holds `Unit` already.
                    FieldDefault::None => continue,
                    FieldDefault::Default => default_value(plan, &field.ty),
                },
            );
        }
        if self.seed.stop.is_some() {
            self.check_late(slots, seen)?;
        }
        Ok(())
    }

    /// The seed of a struct field laid out inline, reading into `out`.
    pub(super) fn inline_seed<'a, E: de::Error>(
        &self,
        field: &'p FieldPlan,
        id: crate::ty::TypeId,
        out: &'a mut [Value],
    ) -> Result<InlineSeed<'p, 'a>, E> {
        let plan = self.seed.plan;
        match plan.struct_plan(id) {
            Some(s) => Ok(InlineSeed::new(
                self.seed.field(field),
                &plan.types[id],
                s,
                out,
            )),
            // The plan lays out only structs inline.
            None => Err(E::custom("a value laid out inline is not a struct")),
        }
    }

    /// [`read_field`](Self::read_field) for the flatten readers: one copy
    /// of its body for them, so that the plain struct loop keeps it inlined
    /// (called from three places it was inlined in none, and the decodes of
    /// user-signup, api-payload and car ran 1.5–3.5% more instructions).
    #[inline(never)]
    pub(super) fn read_flat_field<'de, A: MapAccess<'de>>(
        &self,
        map: &mut A,
        index: usize,
        seen: &mut u128,
        slots: &mut [Value],
    ) -> Result<(), A::Error> {
        self.read_field(map, index, seen, slots)
    }

    /// Reads the value of the field at `index` into its slots.
    #[inline(always)]
    fn read_field<'de, A: MapAccess<'de>>(
        &self,
        map: &mut A,
        index: usize,
        seen: &mut u128,
        slots: &mut [Value],
    ) -> Result<(), A::Error> {
        let field = &self.s.fields[index];
        let Some((id, width)) = field.inline else {
            // A scalar written in place, the rest read whole (written here:
            // called from this loop a helper was not inlined, and
            // user-signup's decode ran 4% more instructions).
            if let Some(read) = field.scalar {
                return self.read_scalar(map, index, read, seen, &mut slots[field.at]);
            }
            fill(&mut slots[field.at], self.read_value(map, index, seen)?);
            return Ok(());
        };
        mark_read(seen, index, field.key)?;
        let seed = self.inline_seed(field, id, &mut slots[field.at..field.at + width])?;
        // Its rules (`nested` alone) are checked as it is read, in fail-fast mode.
        nested(
            self.seed.stop,
            || field.segment(),
            map.next_value_seed(seed),
        )
    }

    /// The keys and values of a struct that flattens, into its slots, by
    /// the plan's flatten reader.
    fn flat_into<'de, A: MapAccess<'de>>(
        &self,
        map: A,
        slots: &mut [Value],
    ) -> Result<(), A::Error> {
        match (&self.s.flat, self.seed.plan.flatten) {
            (Some(table), Flatten::Fast) => self.fast_into(map, table, slots),
            _ => self.buffered_into(map, slots),
        }
    }

    /// A struct's keys and values, into its slots.
    fn map_into<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
        slots: &mut [Value],
    ) -> Result<(), A::Error> {
        let mut seen: u128 = 0;
        let mut expected = 0;
        while let Some(key) = map.next_key_seed(KeySeed {
            s: self.s,
            expected,
        })? {
            let Some(Found { slot: index, entry }) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            expected = entry + 1;
            self.read_field(&mut map, index, &mut seen, slots)?;
        }
        self.finish_into(slots, seen)
    }

    /// A struct's elements, in declaration order, into its slots (a skipped
    /// field's slot holds `Unit` until `finish_into` fills it in); once the
    /// loop ends every field that decodes has been seen.
    pub(super) fn seq_into<'de, A: SeqAccess<'de>>(
        &self,
        mut seq: A,
        slots: &mut [Value],
    ) -> Result<(), A::Error> {
        // The fields read; one the sequence ends before takes its default
        // (serde's `#[serde(default)]`, the field's or the container's).
        let mut seen = self.s.all_seen;
        for (index, field) in self.s.fields.iter().enumerate() {
            if field.skip {
                continue;
            }
            let at = field.at;
            let read = if let Some((id, width)) = field.inline {
                let seed = self.inline_seed(field, id, &mut slots[at..at + width])?;
                nested(
                    self.seed.stop,
                    || field.segment(),
                    seq.next_element_seed(seed),
                )?
                .is_some()
            } else if let Some(read) = field.scalar {
                let read = seq
                    .next_element_seed(ScalarSeed(read, &mut slots[at]))?
                    .is_some();
                if read && self.seed.stop.is_some() {
                    self.check_read(field, &slots[at])?;
                }
                read
            } else {
                let next = nested(
                    self.seed.stop,
                    || field.segment(),
                    seq.next_element_seed(self.seed.field_value(field)),
                )?;
                match next {
                    Some(v) => {
                        if self.seed.stop.is_some() {
                            self.check_read(field, &v)?;
                        }
                        fill(&mut slots[at], v);
                        true
                    }
                    None => false,
                }
            };
            if !read {
                match field.default {
                    FieldDefault::Default | FieldDefault::Value(..) => seen &= !(1 << index),
                    FieldDefault::Required | FieldDefault::None => {
                        return Err(self.too_short(index));
                    }
                }
            }
        }
        self.finish_into(slots, seen)
    }

    /// The error of a sequence that ends at the field in slot `at`.
    #[cold]
    pub(super) fn too_short<E: de::Error>(&self, at: usize) -> E {
        let read = self.s.fields[..at].iter().filter(|f| !f.skip).count();
        let decoded = self.s.fields.iter().filter(|f| !f.skip).count();
        let expected = match (self.variant, self.s.style) {
            (None, _) if let Some(expecting) = self.s.expecting => expecting.to_owned(),
            (Some(v), _) => format!("struct variant {}::{v} with {decoded} elements", self.name),
            (None, Style::Tuple) => format!("tuple struct {} with {decoded} elements", self.name),
            (None, _) => format!("struct {} with {decoded} elements", self.name),
        };
        E::invalid_length(read, &expected.as_str())
    }

    /// Reads the scalar value of the field at `index` into its slot
    /// (refusing it twice, as serde does), checking it at once in fail-fast
    /// mode. Nothing inside a scalar can be a violation to nest.
    #[inline]
    fn read_scalar<'de, A: MapAccess<'de>>(
        &self,
        map: &mut A,
        index: usize,
        read: super::ScalarRead,
        seen: &mut u128,
        slot: &mut Value,
    ) -> Result<(), A::Error> {
        let field = &self.s.fields[index];
        mark_read(seen, index, field.key)?;
        map.next_value_seed(ScalarSeed(read, slot))?;
        if self.seed.stop.is_some() {
            self.check_read(field, slot)?;
        }
        Ok(())
    }

    /// Reads the value of the field at `slot` (refusing it twice, as serde does),
    /// checking it at once in fail-fast mode.
    #[inline]
    fn read_value<'de, A: MapAccess<'de>>(
        &self,
        map: &mut A,
        slot: usize,
        seen: &mut u128,
    ) -> Result<Value, A::Error> {
        let field = &self.s.fields[slot];
        mark_read(seen, slot, field.key)?;
        let value = nested(
            self.seed.stop,
            || field.segment(),
            map.next_value_seed(self.seed.field_value(field)),
        )?;
        if self.seed.stop.is_some() {
            self.check_read(field, &value)?;
        }
        Ok(value)
    }
}

impl<'de> Visitor<'de> for StructVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.s.style {
            _ if let Some(expecting) = self.s.expecting => f.write_str(expecting),
            _ if self.variant.is_some() => write!(
                f,
                "struct variant {}::{}",
                self.name,
                self.variant.unwrap_or_default()
            ),
            Style::Tuple => write!(f, "tuple struct {}", self.name),
            Style::Unit => write!(f, "unit struct {}", self.name),
            _ => write!(f, "struct {}", self.name),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Value, A::Error> {
        let mut slots = unit_slots(self.s.width);
        match self.s.flattens {
            true => self.flat_into(map, &mut slots)?,
            false => self.map_into(map, &mut slots)?,
        }
        Ok(Value::Struct(Slots::plain_if(self.s.plain, slots)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Value, A::Error> {
        let mut slots = unit_slots(self.s.width);
        self.seq_into(seq, &mut slots)?;
        Ok(Value::Struct(Slots::plain_if(self.s.plain, slots)))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let field = &self.s.fields[0];
        let inner = self.seed.field_value(field).deserialize(d)?;
        self.check_read(field, &inner)?;
        Ok(Value::Struct([inner].into()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Struct(Slots::default()))
    }
}

/// A struct laid out inline in its parent's slots: read into them.
pub(super) struct InlineSeed<'p, 'a> {
    visitor: StructVisitor<'p>,
    /// The struct's type name, as `deserialize_struct` is given it.
    type_name: &'static str,
    out: &'a mut [Value],
}

impl<'p, 'a> InlineSeed<'p, 'a> {
    /// A value of struct `ty` (whose plan is `s`), read into `out`.
    pub(super) fn new(
        seed: Seed<'p>,
        ty: &'p TypePlan,
        s: &'p StructPlan,
        out: &'a mut [Value],
    ) -> InlineSeed<'p, 'a> {
        InlineSeed {
            visitor: StructVisitor {
                seed,
                s,
                name: ty.ident,
                variant: None,
            },
            type_name: ty.name,
            out,
        }
    }
}

impl<'de> DeserializeSeed<'de> for InlineSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        // As `deserialize_struct` asks for a struct with named fields.
        let s = self.visitor.s;
        match &s.flat {
            None if s.flattens => d.deserialize_map(self),
            Some(table) => d.deserialize_struct(self.type_name, table.keys, self),
            None => d.deserialize_struct(self.type_name, s.keys, self),
        }
    }
}

impl<'de> Visitor<'de> for InlineSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.visitor.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        match self.visitor.s.flattens {
            true => self.visitor.flat_into(map, self.out),
            false => self.visitor.map_into(map, self.out),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.visitor.seq_into(seq, self.out)
    }
}

/// A struct variant's fields from buffered content (tagged enums).
pub(super) fn struct_from(
    seed: Seed<'_>,
    type_ident: &'static str,
    variant: &VariantPlan,
    content: serde_json::Value,
) -> Result<Value, serde_json::Error> {
    content.deserialize_struct(
        variant.name,
        variant.fields.keys,
        StructVisitor {
            seed: Seed {
                root: false,
                ..seed
            },
            s: &variant.fields,
            name: type_ident,
            variant: Some(variant.ident),
        },
    )
}
