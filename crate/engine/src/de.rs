//! Decoding: a `DeserializeSeed` that walks the plan, so any serde format
//! (serde_json text, `serde_json::Value`, postcard, a JS object) decodes into a
//! [`Value`] laid out by slot. Errors are serde's own, with serde's messages.

use std::fmt;

use overhead_schema::Style;
use serde::Deserialize;
use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, Error as _, IgnoredAny, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use std::cell::{Cell, RefCell};

use overhead_validate::{Segment, Violations};

use crate::check::{Checker, field_segment};
use crate::flat_buffer::{Buffer, FlatDeserializer};
use crate::plan::{EnumPlan, FieldDefault, FlatTable, Flatten, KindPlan, Plan, StructPlan};
use crate::ty::{Int, Ty};
use crate::value::Value;

/// The most fields a struct may have here (which fields were seen is a bit mask).
pub const MAX_FIELDS: usize = 128;

/// Decodes a value of type `ty`.
#[derive(Clone, Copy)]
pub struct Seed<'p> {
    pub plan: &'p Plan,
    pub ty: &'p Ty,
    /// Fail-fast: check each field as it is read and stop at the first violation.
    pub stop: Option<&'p Stop>,
    /// The value the caller gets: its own late checks do not stop decoding, so
    /// what follows it is still read (trailing text is an error).
    pub root: bool,
}

/// Where fail-fast decoding leaves the violation that stopped it.
#[derive(Default)]
pub struct Stop {
    violation: RefCell<Option<Violations>>,
}

/// The message of the error that stops fail-fast decoding (never shown: the
/// violation is the answer).
pub const STOPPED: &str = "validation failed";

impl Stop {
    pub fn take(&self) -> Option<Violations> {
        self.violation.borrow_mut().take()
    }

    fn has(&self) -> bool {
        self.violation.borrow().is_some()
    }

    /// Records the first violation (and only it).
    fn set(&self, mut violations: Violations) {
        violations.truncate(1);
        self.violation.borrow_mut().get_or_insert(violations);
    }

    /// Puts the recorded violation under `segment`, as the error unwinds.
    fn nest(&self, segment: &Segment) {
        if let Some(v) = self.violation.borrow_mut().as_mut() {
            v.nest_since(0, segment);
        }
    }
}

/// On an error from inside a value, puts a recorded violation under the value's
/// place, then passes the error on.
fn nested<T, E>(
    stop: Option<&Stop>,
    segment: impl FnOnce() -> Option<Segment>,
    r: Result<T, E>,
) -> Result<T, E> {
    if r.is_err()
        && let Some(stop) = stop.filter(|s| s.has())
        && let Some(segment) = segment()
    {
        stop.nest(&segment);
    }
    r
}

impl<'p> Seed<'p> {
    /// The seed for a value inside this one.
    fn at(self, ty: &'p Ty) -> Seed<'p> {
        Seed {
            ty,
            root: false,
            ..self
        }
    }

    /// The seed of a field's value. Fail-fast checks a value's own rules as it
    /// reads them only where the field asks for them with `nested`, as
    /// `validate()` does; without it the value decodes unchecked.
    /// The rules are looked at only in fail-fast mode: plain decoding pays nothing.
    #[inline]
    fn field(self, field: &'p crate::plan::FieldPlan) -> Seed<'p> {
        let nested = |_: &&Stop| {
            field
                .checks
                .iter()
                .any(|c| matches!(c.kind, crate::rules::CheckKind::Nested))
        };
        Seed {
            stop: self.stop.filter(nested),
            ..self.at(&field.ty)
        }
    }
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let plan = self.plan;
        match self.ty {
            Ty::Unit => <()>::deserialize(d).map(|()| Value::Unit),
            Ty::Bool => bool::deserialize(d).map(Value::Bool),
            Ty::Int(int) => int_value(*int, d),
            Ty::F32 => f32::deserialize(d).map(|f| Value::F64(f.into())),
            Ty::F64 => f64::deserialize(d).map(Value::F64),
            Ty::Char => char::deserialize(d).map(Value::Char),
            Ty::Str => String::deserialize(d).map(|s| Value::Str(s.into_boxed_str())),
            Ty::Trimmed => String::deserialize(d).map(|s| Value::Str(s.trim().into())),
            // `url::Url` holds its text as the URL Standard writes it
            // (`http://host:4317` → `http://host:4317/`), and writes that.
            Ty::Text(crate::text_form::TextForm::Url) => {
                let text = String::deserialize(d)?;
                match url::Url::parse(&text) {
                    Ok(url) if url.as_str() == text => Ok(Value::Str(text.into_boxed_str())),
                    Ok(url) => Ok(Value::Str(String::from(url).into_boxed_str())),
                    Err(_) => Err(not_of_form(&text, crate::text_form::TextForm::Url)),
                }
            }
            Ty::Text(form) => {
                let text = String::deserialize(d)?;
                if form.accepts(&text) {
                    Ok(Value::Str(text.into_boxed_str()))
                } else {
                    Err(not_of_form(&text, *form))
                }
            }
            Ty::NonZero(int) => match int_value(*int, d)? {
                Value::I64(0) | Value::U64(0) | Value::I128(0) | Value::U128(0) => {
                    Err(D::Error::invalid_value(
                        serde::de::Unexpected::Unsigned(0),
                        &"a nonzero integer",
                    ))
                }
                value => Ok(value),
            },
            Ty::Json => serde_json::Value::deserialize(d).map(|v| Value::Json(Box::new(v))),
            Ty::Option(inner) => d.deserialize_option(OptionVisitor {
                seed: self.at(inner),
            }),
            Ty::Seq(item) => d.deserialize_seq(SeqVisitor {
                seed: self.at(item),
                len: None,
            }),
            Ty::Set { item, sorted } => {
                let mut items = match d.deserialize_seq(SeqVisitor {
                    seed: self.at(item),
                    len: None,
                })? {
                    Value::Seq(items) => items,
                    other => return Ok(other),
                };
                dedup(&mut items, *sorted);
                Ok(Value::Seq(items))
            }
            Ty::Array(len, item) => d.deserialize_tuple(
                *len,
                SeqVisitor {
                    seed: self.at(item),
                    len: Some(*len),
                },
            ),
            Ty::Tuple(items) => d.deserialize_tuple(
                items.len(),
                TupleVisitor {
                    seed: self,
                    items,
                    variant: None,
                },
            ),
            Ty::Map { value, sorted } => {
                let mut entries = d.deserialize_map(MapVisitor {
                    seed: self.at(value),
                })?;
                if *sorted {
                    entries.sort_by(|a, b| a.0.cmp(&b.0));
                }
                Ok(Value::Map(entries))
            }
            Ty::Named(id) => {
                let ty = &plan.types[*id];
                match &ty.kind {
                    KindPlan::Struct(s) => deserialize_struct(self, ty, s, d),
                    KindPlan::Enum(e) if e.repr.is_some() => repr_variant(e, d),
                    KindPlan::Enum(e) if e.tagging != overhead_schema::Tagging::External => {
                        crate::tagged::deserialize(self, ty, e, d)
                    }
                    KindPlan::Enum(e) => d.deserialize_enum(
                        ty.name,
                        e.names,
                        EnumVisitor {
                            seed: self,
                            plan_enum: e,
                            type_name: ty.ident,
                        },
                    ),
                }
            }
        }
    }
}

/// A serde_repr enum: the integer, as the variant with that discriminant (or
/// the `#[serde(other)]` one); serde_repr's error otherwise.
fn repr_variant<'de, D: Deserializer<'de>>(e: &EnumPlan, d: D) -> Result<Value, D::Error> {
    let Some(repr) = &e.repr else {
        return Err(D::Error::custom("not a serde_repr enum"));
    };
    let n: i128 = match int_value(repr.int, d)? {
        Value::I64(n) => n.into(),
        Value::U64(n) => n.into(),
        Value::I128(n) => n,
        Value::U128(n) => i128::try_from(n).unwrap_or(i128::MAX),
        _ => return Err(D::Error::custom("not an integer")),
    };
    match repr
        .discriminants
        .iter()
        .position(|&x| x == n)
        .or(repr.other)
    {
        Some(index) => Ok(Value::Variant(index as u32, Box::new(Value::Unit))),
        None => Err(unknown_discriminant(n, &repr.discriminants)),
    }
}

#[cold]
fn unknown_discriminant<E: serde::de::Error>(n: i128, known: &[i128]) -> E {
    let list: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
    E::custom(format_args!(
        "invalid value: {n}, expected one of: {}",
        list.join(", ")
    ))
}

/// The error of a text of the wrong shape; kept out of the decoding loop.
#[cold]
fn not_of_form<E: serde::de::Error>(text: &str, form: crate::text_form::TextForm) -> E {
    E::invalid_value(serde::de::Unexpected::Str(text), &form.expecting())
}

fn int_value<'de, D: Deserializer<'de>>(int: Int, d: D) -> Result<Value, D::Error> {
    Ok(match int {
        Int::I8 => Value::I64(i8::deserialize(d)?.into()),
        Int::I16 => Value::I64(i16::deserialize(d)?.into()),
        Int::I32 => Value::I64(i32::deserialize(d)?.into()),
        Int::I64 => Value::I64(i64::deserialize(d)?),
        Int::Isize => Value::I64(isize::deserialize(d)? as i64),
        Int::I128 => Value::I128(i128::deserialize(d)?),
        Int::U8 => Value::U64(u8::deserialize(d)?.into()),
        Int::U16 => Value::U64(u16::deserialize(d)?.into()),
        Int::U32 => Value::U64(u32::deserialize(d)?.into()),
        Int::U64 => Value::U64(u64::deserialize(d)?),
        Int::Usize => Value::U64(usize::deserialize(d)? as u64),
        Int::U128 => Value::U128(u128::deserialize(d)?),
    })
}

fn deserialize_struct<'de, D: Deserializer<'de>>(
    seed: Seed<'_>,
    ty: &crate::plan::TypePlan,
    s: &StructPlan,
    d: D,
) -> Result<Value, D::Error> {
    let name = ty.name;
    if let Some(slot) = s.transparent {
        let field = &s.fields[slot];
        let value = nested(
            seed.stop,
            || field_segment(field),
            seed.field(field).deserialize(d),
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
        return Ok(Value::Struct(slots.into_boxed_slice()));
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

/// Sets decode as serde's do: duplicates collapse; `BTreeSet` sorts.
fn dedup(items: &mut Vec<Value>, sorted: bool) {
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

struct OptionVisitor<'p> {
    seed: Seed<'p>,
}

impl<'de> Visitor<'de> for OptionVisitor<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("option")
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Unit)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Unit)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.seed.deserialize(d)
    }
}

struct SeqVisitor<'p> {
    /// The items' seed.
    seed: Seed<'p>,
    /// An array's exact length.
    len: Option<usize>,
}

impl<'de> Visitor<'de> for SeqVisitor<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.len {
            Some(n) => write!(f, "an array of length {n}"),
            None => f.write_str("a sequence"),
        }
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let capacity = self.len.unwrap_or(seq.size_hint().unwrap_or(0)).min(4096);
        let mut items = Vec::with_capacity(capacity);
        loop {
            let index = items.len();
            let next = nested(
                self.seed.stop,
                || Some(Segment::Index(index)),
                seq.next_element_seed(self.seed),
            )?;
            let Some(item) = next else { break };
            if self.len.is_some_and(|n| items.len() == n) {
                return Err(A::Error::invalid_length(items.len() + 1, &self));
            }
            items.push(item);
        }
        if let Some(n) = self.len {
            if items.len() != n {
                return Err(A::Error::invalid_length(items.len(), &self));
            }
        }
        Ok(Value::Seq(items))
    }
}

struct TupleVisitor<'p> {
    seed: Seed<'p>,
    items: &'p [Ty],
    /// A tuple variant's enum and variant names, for serde's messages.
    variant: Option<(&'static str, &'static str)>,
}

impl<'de> Visitor<'de> for TupleVisitor<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.variant {
            Some((ty, variant)) => write!(
                f,
                "tuple variant {ty}::{variant} with {} elements",
                self.items.len()
            ),
            None => write!(f, "a tuple of size {}", self.items.len()),
        }
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::with_capacity(self.items.len());
        for (i, ty) in self.items.iter().enumerate() {
            let next = nested(
                self.seed.stop,
                || Some(Segment::Index(i)),
                seq.next_element_seed(self.seed.at(ty)),
            )?;
            match next {
                Some(v) => out.push(v),
                None => return Err(A::Error::invalid_length(i, &self)),
            }
        }
        Ok(Value::Seq(out))
    }
}

struct MapVisitor<'p> {
    /// The values' seed.
    seed: Seed<'p>,
}

impl<'de> Visitor<'de> for MapVisitor<'_> {
    type Value = Vec<(Box<str>, Value)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries: Vec<(Box<str>, Value)> =
            Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(key) = map.next_key::<String>()? {
            let value = nested(
                self.seed.stop,
                || Some(Segment::Key(key.as_str().into())),
                map.next_value_seed(self.seed),
            )?;
            // A repeated key replaces the earlier value, as inserting into a map does.
            match entries.iter_mut().find(|(k, _)| **k == *key) {
                Some(entry) => entry.1 = value,
                None => entries.push((key.into_boxed_str(), value)),
            }
        }
        Ok(entries)
    }
}

/// `n` empty slots, allocated once at their final size.
#[inline]
fn unit_slots(n: usize) -> Vec<Value> {
    let mut slots = Vec::with_capacity(n);
    slots.resize_with(n, || Value::Unit);
    slots
}

#[derive(Clone, Copy)]
struct StructVisitor<'p> {
    seed: Seed<'p>,
    s: &'p StructPlan,
    /// The Rust names serde's messages use: the type's, and a struct variant's.
    name: &'static str,
    variant: Option<&'static str>,
}

impl StructVisitor<'_> {
    /// The slots of the fields the input left out: defaults, or an error. In
    /// fail-fast mode, the filled-in fields and `must_match` are checked here.
    fn finish<E: de::Error>(&self, mut slots: Vec<Value>, seen: u128) -> Result<Value, E> {
        let plan = self.seed.plan;
        // Every field present (the common case): nothing to fill in or check late.
        if seen == self.s.all_seen && self.s.read_whole {
            return Ok(Value::Struct(slots.into_boxed_slice()));
        }
        for (i, field) in self.s.fields.iter().enumerate() {
            if seen & (1 << i) != 0 {
                continue;
            }
            slots[i] = match field.default {
                FieldDefault::Value(ref value, _) => value.clone(),
                _ if field.skip => default_value(plan, &field.ty),
                FieldDefault::Required => return Err(E::missing_field(field.key)),
                FieldDefault::None => Value::Unit,
                FieldDefault::Default => default_value(plan, &field.ty),
            };
        }
        if let Some(stop) = self.seed.stop {
            let mut out = Violations::new();
            let checker = Checker { plan };
            for (i, field) in self.s.fields.iter().enumerate() {
                if seen & (1 << i) == 0 && !field.checks.is_empty() {
                    checker.field_into(&field.checks, &field.ty, &slots[i], true, &mut out);
                    if !out.is_empty() {
                        if let Some(segment) = field_segment(field) {
                            out.nest_since(0, &segment);
                        }
                        break;
                    }
                }
            }
            if out.is_empty() && !self.s.must_match.is_empty() {
                checker.must_match_into(self.s, &slots, &mut out);
            }
            if !out.is_empty() {
                stop.set(out);
                // The root was read to its end: its caller still checks what follows.
                if !self.seed.root {
                    return Err(E::custom(STOPPED));
                }
            }
        }
        Ok(Value::Struct(slots.into_boxed_slice()))
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
        if *seen & (1 << slot) != 0 {
            return Err(A::Error::duplicate_field(field.key));
        }
        *seen |= 1 << slot;
        let value = nested(
            self.seed.stop,
            || field_segment(field),
            map.next_value_seed(self.seed.field(field)),
        )?;
        if self.seed.stop.is_some() {
            self.check_read(field, &value)?;
        }
        Ok(value)
    }

    /// Fail-fast: the field's own rules, as soon as its value is read.
    #[inline]
    fn check_read<E: de::Error>(
        &self,
        field: &crate::plan::FieldPlan,
        value: &Value,
    ) -> Result<(), E> {
        let Some(stop) = self.seed.stop else {
            return Ok(());
        };
        if field.checks.is_empty() {
            return Ok(());
        }
        let mut out = Violations::new();
        Checker {
            plan: self.seed.plan,
        }
        .field_into(&field.checks, &field.ty, value, false, &mut out);
        if out.is_empty() {
            return Ok(());
        }
        if let Some(segment) = field_segment(field) {
            out.nest_since(0, &segment);
        }
        stop.set(out);
        Err(E::custom(STOPPED))
    }
}

/// Slots of flattened fields are filled by their children, never by a key.
fn flatten_mask(s: &StructPlan) -> u128 {
    s.fields
        .iter()
        .enumerate()
        .filter(|(i, f)| f.flatten && *i < 128)
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

impl<'p> StructVisitor<'p> {
    /// The visitor of a flattened child, sharing this one's seed.
    fn child(&self, id: usize) -> Option<StructVisitor<'p>> {
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
    fn visit_map_fast<'de, A: MapAccess<'de>>(
        &self,
        mut map: A,
        table: &FlatTable,
    ) -> Result<Value, A::Error> {
        // Trees of up to eight structs (nearly all) keep their bookkeeping on the
        // stack: one allocation per struct, as its slots, and none besides.
        const SMALL: usize = 8;
        let n = table.nodes.len();
        let node = |i: usize| match i {
            0 => Some(*self),
            _ => self.child(table.nodes[i].type_id),
        };
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
            let Some(v) = node(i) else {
                return Err(A::Error::custom("a flattened field is not a struct"));
            };
            slots[i] = unit_slots(v.s.fields.len());
            seen[i] = flatten_mask(v.s);
        }
        let hint = Cell::new(0);
        while let Some(key) = map.next_key_seed(FlatKeySeed { table, hint: &hint })? {
            let Some((at, slot)) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if let Some(v) = node(at) {
                slots[at][slot] = v.read_value(&mut map, slot, &mut seen[at])?;
            }
        }
        for i in (0..n).rev() {
            let Some(v) = node(i) else { continue };
            let value = v.finish(std::mem::take(&mut slots[i]), seen[i])?;
            match table.nodes[i].parent {
                Some((parent, slot)) => slots[parent][slot] = value,
                None => return Ok(value),
            }
        }
        Err(A::Error::custom("a flattened struct has no root"))
    }

    /// serde's way (`Flatten::Serde`): the struct's own keys are read, every
    /// other key is buffered, and each flattened child reads the buffer; the keys
    /// a child takes are gone for the next.
    fn visit_map_buffered<'de, A: MapAccess<'de>>(&self, mut map: A) -> Result<Value, A::Error> {
        let mut slots = unit_slots(self.s.fields.len());
        let mut seen = flatten_mask(self.s);
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
            slots[slot] = self.read_value(&mut map, slot, &mut seen)?;
        }
        // Each flattened field in declaration order, as serde reads them. An
        // `Option` is `None` when its struct does not read.
        for (slot, field) in self.s.fields.iter().enumerate().filter(|(_, f)| f.flatten) {
            let (ty, optional) = match &field.ty {
                Ty::Option(inner) => (&**inner, true),
                ty => (ty, false),
            };
            slots[slot] = match self.seed.at(ty).deserialize(FlatDeserializer(&mut buffer)) {
                Ok(value) => value,
                // A violation that stops fail-fast decoding is not a struct that
                // does not read.
                Err(e) if !optional || self.seed.stop.is_some_and(Stop::has) => {
                    return Err(A::Error::custom(e));
                }
                Err(_) => Value::Unit,
            };
        }
        if self.s.deny_unknown {
            if let Some((key, _)) = buffer.iter().flatten().next() {
                return Err(A::Error::unknown_field(key, self.s.keys));
            }
        }
        self.finish(slots, seen)
    }
}

/// A key of a struct that flattens, serde's way: one of its own fields, or a key
/// to keep for the flattened children.
enum Key {
    Field(usize),
    Other(String),
}

struct BufferingKeySeed<'p> {
    s: &'p StructPlan,
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
struct FlatKeySeed<'p> {
    table: &'p FlatTable,
    /// The table entry to try first (see `KeyTable::find_near`).
    hint: &'p Cell<usize>,
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
        match self.table.find_near(key, self.hint.get()) {
            Some((found, next)) => {
                self.hint.set(next);
                Ok(Some(found))
            }
            None if self.table.deny_unknown => Err(E::unknown_field(key, self.table.keys)),
            None => Ok(None),
        }
    }
}

impl<'de> Visitor<'de> for StructVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.s.style {
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

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        if self.s.flattens {
            return match (&self.s.flat, self.seed.plan.flatten) {
                (Some(table), Flatten::Fast) => self.visit_map_fast(map, table),
                _ => self.visit_map_buffered(map),
            };
        }
        let mut slots = unit_slots(self.s.fields.len());
        let mut seen: u128 = 0;
        let hint = Cell::new(0);
        while let Some(key) = map.next_key_seed(KeySeed {
            s: self.s,
            hint: &hint,
        })? {
            let Some(slot) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            slots[slot] = self.read_value(&mut map, slot, &mut seen)?;
        }
        self.finish(slots, seen)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut slots = unit_slots(self.s.fields.len());
        let mut seen: u128 = 0;
        let mut read = 0;
        for (i, field) in self.s.fields.iter().enumerate() {
            if field.skip {
                continue;
            }
            let next = nested(
                self.seed.stop,
                || field_segment(field),
                seq.next_element_seed(self.seed.field(field)),
            )?;
            match next {
                Some(v) => {
                    if self.seed.stop.is_some() {
                        self.check_read(field, &v)?;
                    }
                    slots[i] = v;
                    seen |= 1 << i;
                    read += 1;
                }
                None => {
                    let decoded = self.s.fields.iter().filter(|f| !f.skip).count();
                    let expected = match (self.variant, self.s.style) {
                        (Some(v), _) => {
                            format!("struct variant {}::{v} with {decoded} elements", self.name)
                        }
                        (None, Style::Tuple) => {
                            format!("tuple struct {} with {decoded} elements", self.name)
                        }
                        (None, _) => format!("struct {} with {decoded} elements", self.name),
                    };
                    return Err(A::Error::invalid_length(read, &expected.as_str()));
                }
            }
        }
        self.finish(slots, seen)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let field = &self.s.fields[0];
        let inner = self.seed.field(field).deserialize(d)?;
        self.check_read(field, &inner)?;
        Ok(Value::Struct(vec![inner].into_boxed_slice()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Struct(Box::new([])))
    }
}

/// A struct variant's fields from buffered content (tagged enums).
pub(crate) fn struct_from(
    seed: Seed<'_>,
    type_ident: &'static str,
    variant: &crate::plan::VariantPlan,
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

/// A struct's key, identified without allocating: `Some(slot)`, or `None` for a
/// key to skip (an error when the struct denies unknown fields).
struct KeySeed<'p> {
    s: &'p StructPlan,
    /// The key table entry to try first (see `KeyTable::find_near`).
    hint: &'p Cell<usize>,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Option<usize>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Option<usize>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("field identifier")
    }
    #[inline]
    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        if let Some((slot, next)) = self.s.lookup.find_near(key, self.hint.get()) {
            self.hint.set(next);
            return Ok(Some(slot));
        }
        if self.s.deny_unknown {
            Err(E::unknown_field(key, self.s.keys))
        } else {
            Ok(None)
        }
    }
    fn visit_bytes<E: de::Error>(self, key: &[u8]) -> Result<Self::Value, E> {
        match std::str::from_utf8(key) {
            Ok(key) => self.visit_str(key),
            Err(_) => Ok(None),
        }
    }
    /// Some formats name fields by index: the index among the fields that decode.
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Self::Value, E> {
        let slot = usize::try_from(index).ok().and_then(|i| {
            self.s
                .fields
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.skip)
                .nth(i)
                .map(|(slot, _)| slot)
        });
        Ok(slot)
    }
}

struct EnumVisitor<'p> {
    seed: Seed<'p>,
    plan_enum: &'p EnumPlan,
    type_name: &'static str,
}

impl<'de> Visitor<'de> for EnumVisitor<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("enum")
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        let (index, access) = data.variant_seed(VariantSeed { e: self.plan_enum })?;
        let variant = &self.plan_enum.variants[index];
        let seed = Seed {
            root: false,
            ..self.seed
        };
        let payload = match variant.style {
            Style::Unit => access.unit_variant().map(|()| Value::Unit),
            Style::Newtype => access.newtype_variant_seed(seed.field(&variant.fields.fields[0])),
            Style::Tuple => {
                let tys: Vec<Ty> = variant.fields.fields.iter().map(|f| f.ty.clone()).collect();
                access.tuple_variant(
                    tys.len(),
                    TupleVisitor {
                        seed,
                        items: &tys,
                        variant: Some((self.type_name, variant.ident)),
                    },
                )
            }
            Style::Named => access.struct_variant(
                variant.fields.keys,
                StructVisitor {
                    seed,
                    s: &variant.fields,
                    name: self.type_name,
                    variant: Some(variant.ident),
                },
            ),
        };
        let payload = nested(
            self.seed.stop,
            || variant.violation_key.map(|key| Segment::Field(key.into())),
            payload,
        )?;
        Ok(Value::Variant(index as u32, Box::new(payload)))
    }
}

struct VariantSeed<'p> {
    e: &'p EnumPlan,
}

impl<'de> DeserializeSeed<'de> for VariantSeed<'_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<usize, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for VariantSeed<'_> {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }
    fn visit_str<E: de::Error>(self, name: &str) -> Result<usize, E> {
        self.e
            .variants
            .iter()
            .position(|v| !v.skip && v.name == name)
            .ok_or_else(|| E::unknown_variant(name, self.e.names))
    }
    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<usize, E> {
        match std::str::from_utf8(name) {
            Ok(name) => self.visit_str(name),
            Err(_) => Err(E::invalid_value(de::Unexpected::Bytes(name), &self)),
        }
    }
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<usize, E> {
        let live: Vec<usize> = (0..self.e.variants.len())
            .filter(|&i| !self.e.variants[i].skip)
            .collect();
        usize::try_from(index)
            .ok()
            .and_then(|i| live.get(i).copied())
            .ok_or_else(|| E::invalid_value(de::Unexpected::Unsigned(index), &self))
    }
}

/// `Default::default()` of a type, structurally.
pub fn default_value(plan: &Plan, ty: &Ty) -> Value {
    match ty {
        Ty::Unit | Ty::Option(_) => Value::Unit,
        Ty::Bool => Value::Bool(false),
        Ty::Int(Int::I128) => Value::I128(0),
        Ty::Int(Int::U128) => Value::U128(0),
        Ty::Int(int) if int.is_signed() => Value::I64(0),
        Ty::Int(_) => Value::U64(0),
        Ty::F32 | Ty::F64 => Value::F64(0.0),
        Ty::Char => Value::Char('\0'),
        Ty::Str | Ty::Trimmed => Value::Str("".into()),
        // `Default` of these types (nil UUID, 1970-01-01, …) where they have one.
        Ty::Text(form) => Value::Str(form.default_text().into()),
        Ty::NonZero(int) => match int {
            Int::I128 => Value::I128(1),
            Int::U128 => Value::U128(1),
            int if int.is_signed() => Value::I64(1),
            _ => Value::U64(1),
        },
        Ty::Seq(_) | Ty::Set { .. } => Value::Seq(Vec::new()),
        Ty::Map { .. } => Value::Map(Vec::new()),
        Ty::Array(n, item) => Value::Seq((0..*n).map(|_| default_value(plan, item)).collect()),
        Ty::Tuple(items) => Value::Seq(items.iter().map(|t| default_value(plan, t)).collect()),
        Ty::Json => Value::Json(Box::new(serde_json::Value::Null)),
        Ty::Named(id) => match &plan.types[*id].kind {
            KindPlan::Struct(s) => Value::Struct(
                s.fields
                    .iter()
                    .map(|f| default_value(plan, &f.ty))
                    .collect(),
            ),
            KindPlan::Enum(e) => {
                let payload = e
                    .variants
                    .first()
                    .map(|v| match v.style {
                        Style::Unit => Value::Unit,
                        Style::Newtype => default_value(plan, &v.fields.fields[0].ty),
                        Style::Tuple => Value::Seq(
                            v.fields
                                .fields
                                .iter()
                                .map(|f| default_value(plan, &f.ty))
                                .collect(),
                        ),
                        Style::Named => Value::Struct(
                            v.fields
                                .fields
                                .iter()
                                .map(|f| default_value(plan, &f.ty))
                                .collect(),
                        ),
                    })
                    .unwrap_or(Value::Unit);
                Value::Variant(0, Box::new(payload))
            }
        },
    }
}
