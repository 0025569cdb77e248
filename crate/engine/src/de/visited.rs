//! JSON text (and any self-describing format), read by the plan's
//! [`Program`]: each op asks the format for its kind of value (a struct, a
//! sequence, an option, a scalar of its concrete type) and reads what the
//! format's visitor hands it into its slot. A struct's keys are found in its
//! key table and each value read by the op of its slot, so a value costs
//! its op, not a walk through the plan's types.
//!
//! Each op asks the format for what serde's derive asks for, with its
//! `expecting`, so values and errors are serde's, message for message
//! (`tests/serde_agreement.rs` holds the two to each other, and
//! `tests/plan_programs.rs` the program's other readers to this one). A
//! struct that flattens is read serde's way: its own keys by their ops,
//! every other buffered, each flattened field then read from the buffer
//! by its op. An externally tagged enum is read by its name table here, a
//! variant's value by its op; another enum is buffered, as serde buffers
//! it, and its variant's value read from the buffer by its op
//! ([`super::tagged`]). Fail-fast is the same reader compiled with
//! `CHECK`: each field's rules checked as it is read.

use std::fmt;

use overhead_schema::Style;
use overhead_validate::Segment;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IgnoredAny, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use super::containers::{
    expecting_items, expecting_size, expecting_variant, insert_entry, map_value, read_rows,
};
use super::converted::{convert_read, run_read_with};
use super::enums::{TagVisitor, VariantSeed, identifier, payload, repr_variant};
use super::fail_fast::{check_whole, nested};
use super::flat_buffer::{Buffer, FlatDeserializer};
use super::flatten::{BufferingKeySeed, FlatKeySeed, Key, LAID_OUT};
use super::keys::KeySeed;
use super::program::{Conversion, Op, Program, With, all_plain};
use super::scalar::{read_into, read_scalar_into};
use super::structs::{Finisher, fill, mark_read, unit_slots};
use super::{Stop, dedup, errors, tagged};
use crate::key_table::Found;
use crate::plan::{EnumPlan, FieldDefault, FieldPlan, KindPlan, Plan, StructPlan};
use crate::ty::{Ty, TypeId};
use crate::value::{Slots, Value};

/// Reads a root value (or, with `many`, a sequence of them) from `d` by
/// the program (what follows it is the caller's to check); with `stop`,
/// fail-fast: each field's rules checked as it
/// is read, the first violation left in `stop` and decoding stopped.
pub(crate) fn read<'de, D: Deserializer<'de>>(
    plan: &Plan,
    program: &Program,
    many: bool,
    stop: Option<&Stop>,
    d: D,
) -> Result<Value, D::Error> {
    let op = if many { &program.many } else { &program.root };
    // Two readings, each compiled on its own: a plain one with no test of
    // fail-fast in its loops (they cost a plain decode 1–5%), and fail-fast.
    match stop {
        None => Run::<false> {
            plan,
            program,
            stop,
        }
        .root(op, d),
        Some(_) => Run::<true> {
            plan,
            program,
            stop,
        }
        .root(op, d),
    }
}

/// A value by `op` from `d`, unchecked: the tree reader's second reading
/// of a tree it does not read as it expects (see [`super::from_value`]),
/// whose errors are then what reading its deserializer gives.
pub(super) fn read_op<'de, D: Deserializer<'de>>(
    plan: &Plan,
    program: &Program,
    op: &Op,
    d: D,
) -> Result<Value, D::Error> {
    OpValue {
        run: Run::<false> {
            plan,
            program,
            stop: None,
        },
        op,
    }
    .deserialize(d)
}

/// A value by `op` from `d`, fail-fast with `stop`: a tagged enum's
/// variant's value, from its buffer.
pub(super) fn read_op_checked<'de, D: Deserializer<'de>>(
    plan: &Plan,
    program: &Program,
    op: &Op,
    stop: &Stop,
    d: D,
) -> Result<Value, D::Error> {
    let run = Run::<true> {
        plan,
        program,
        stop: Some(stop),
    };
    OpValue { run, op }.deserialize(d)
}

/// Struct variant `s` of enum `id` (its fields read by `ops`) from a
/// format's access to it, unchecked: how postcard reads one that flattens,
/// which only a visitor's reading buffers.
pub(super) fn struct_variant_of<'de, V: VariantAccess<'de>>(
    plan: &Plan,
    program: &Program,
    id: TypeId,
    s: &StructPlan,
    ops: &[Op],
    access: V,
) -> Result<Value, V::Error> {
    let run = Run::<false> {
        plan,
        program,
        stop: None,
    };
    run.struct_variant(id, s, ops, access)
}

/// Struct variant `s` of enum `id` (its fields read by `ops`) from `d`
/// (a tagged enum's buffer), fail-fast with `stop` when given.
pub(super) fn struct_variant<'de, D: Deserializer<'de>>(
    plan: &Plan,
    program: &Program,
    id: TypeId,
    s: &StructPlan,
    ops: &[Op],
    stop: Option<&Stop>,
    d: D,
) -> Result<Value, D::Error> {
    fn read<'de, D: Deserializer<'de>, const CHECK: bool>(
        run: Run<'_, CHECK>,
        id: TypeId,
        s: &StructPlan,
        ops: &[Op],
        d: D,
    ) -> Result<Value, D::Error> {
        let mut slots = unit_slots(s.width);
        let object = run.object(id, s, ops, &mut slots, false);
        // As serde's buffer hands a struct variant over: a struct, even
        // one that flattens.
        let name = run.plan.types[id].name;
        match s.flattens {
            true => d.deserialize_struct(name, s.keys, Flattening(object))?,
            false => object.deserialize(d)?,
        }
        Ok(Value::Struct(Slots::plain_if(s.plain, slots)))
    }
    match stop {
        None => read(
            Run::<false> {
                plan,
                program,
                stop,
            },
            id,
            s,
            ops,
            d,
        ),
        Some(_) => read(
            Run::<true> {
                plan,
                program,
                stop,
            },
            id,
            s,
            ops,
            d,
        ),
    }
}

/// Struct `id` into `slots` (`ops` reading them, as [`Program::fields`]
/// lays them out), from `d`, unchecked: how postcard and trees read a
/// struct that flattens (see [`Fields::flattens`](super::program::Fields)),
/// which only a reading of what a format hands a visitor can buffer.
pub(super) fn struct_into<'de, D: Deserializer<'de>>(
    plan: &Plan,
    program: &Program,
    id: TypeId,
    ops: &[Op],
    slots: &mut [Value],
    d: D,
) -> Result<(), D::Error> {
    let run = Run::<false> {
        plan,
        program,
        stop: None,
    };
    let s = plan
        .struct_plan(id)
        .ok_or_else(|| de::Error::custom("a struct the plan's program has no ops for"))?;
    run.object(id, s, ops, slots, false).deserialize(d)
}

#[derive(Clone, Copy)]
struct Run<'p, const CHECK: bool> {
    plan: &'p Plan,
    program: &'p Program,
    /// Fail-fast: where the first violation goes. A field's value is read
    /// with it only when the field asks for its rules with `nested`, as
    /// `validate()` reads them (see [`field`](Run::field)).
    stop: Option<&'p Stop>,
}

impl<'p, const CHECK: bool> Run<'p, CHECK> {
    /// Where fail-fast leaves its violation: nothing in a plain reading,
    /// whose code then carries no test of it.
    #[inline(always)]
    fn stop(self) -> Option<&'p Stop> {
        if CHECK { self.stop } else { None }
    }

    /// Reads the root value by `op`. Each arm hands its value back as it
    /// is made: a `Value::Unit` filled in later cost a drop of the `Unit`
    /// (a call) on every decode.
    fn root<'de, D: Deserializer<'de>>(self, op: &'p Op, d: D) -> Result<Value, D::Error> {
        match op {
            // The root's own late rules do not stop decoding: what follows
            // it is still read (trailing text is an error).
            Op::Struct(id) => {
                let (ops, s, plain) = self.fields(*id)?;
                let mut slots = unit_slots(s.width);
                self.object(*id, s, ops, &mut slots, true).deserialize(d)?;
                Ok(Value::Struct(Slots::plain_if(plain, slots)))
            }
            Op::Convert(conversion) => self.convert(conversion, true, d),
            Op::Tagged(id) => self.tagged(*id, d),
            op => OpValue { run: self, op }.deserialize(d),
        }
    }

    /// serde's `from`/`try_from` of type `id`: the source read by its op,
    /// unchecked, then converted; in fail-fast the built value's rules are
    /// checked (`root`: the value the caller gets,
    /// whose late rules do not stop decoding). Out of line, as are the
    /// other rare readers: inlined into `Into::compound`, which reads every
    /// struct and sequence, they cost car's decode 300 instructions.
    #[inline(never)]
    fn convert<'de, D: Deserializer<'de>>(
        self,
        conversion: &'p Conversion,
        root: bool,
        d: D,
    ) -> Result<Value, D::Error> {
        let mut read = Value::Unit;
        Into {
            run: Run { stop: None, ..self },
            op: &conversion.source,
            out: &mut read,
        }
        .deserialize(d)?;
        let Conversion { id, convert, .. } = conversion;
        let value = convert_read(self.plan, *id, convert, read)?;
        if let Some(stop) = self.stop() {
            check_whole(stop, self.plan, *id, &value, root)?;
        }
        Ok(value)
    }

    /// A field's value by the paste's `deserialize_with` function: its
    /// source read unchecked (the field's rules are its value's).
    #[inline(never)]
    fn read_with<'de, D: Deserializer<'de>>(self, with: &'p With, d: D) -> Result<Value, D::Error> {
        let mut read = Value::Unit;
        Into {
            run: Run { stop: None, ..self },
            op: &with.source,
            out: &mut read,
        }
        .deserialize(d)?;
        run_read_with(self.plan, &with.read_with, &with.ty, read)
    }

    /// A tagged enum of type `id` (see [`Op::Tagged`]). Its variant's
    /// value is read from the buffer by its ops, in fail-fast checked as
    /// it is read.
    #[inline(never)]
    fn tagged<'de, D: Deserializer<'de>>(self, id: TypeId, d: D) -> Result<Value, D::Error> {
        let ty = &self.plan.types[id];
        let (KindPlan::Enum(e), Some(ops)) =
            (&ty.kind, self.program.payloads(self.plan, id, self.stop()))
        else {
            return Err(de::Error::custom(
                "a tagged enum the program has no ops for",
            ));
        };
        tagged::deserialize(ty, e, ops, d)
    }

    /// Struct variant `s` of enum `id`, its fields read by `ops`, from a
    /// format's access to it: serde's way when it flattens (its own keys
    /// by their ops, the others buffered).
    fn struct_variant<'de, V: VariantAccess<'de>>(
        self,
        id: TypeId,
        s: &'p StructPlan,
        ops: &'p [Op],
        access: V,
    ) -> Result<Value, V::Error> {
        let mut slots = unit_slots(s.width);
        let object = self.object(id, s, ops, &mut slots, false);
        match s.flattens {
            true => access.struct_variant(s.keys, Flattening(object))?,
            false => access.struct_variant(s.keys, object)?,
        }
        Ok(Value::Struct(Slots::plain_if(s.plain, slots)))
    }

    /// A `Vec` of struct `id` laid out in rows into `out`; `byteless` as
    /// for [`sequence`](Self::sequence).
    #[inline(always)]
    fn rows<'de, D: Deserializer<'de>>(
        self,
        id: TypeId,
        byteless: bool,
        d: D,
        out: &mut Value,
    ) -> Result<(), D::Error> {
        let (ops, s, plain) = self.fields(id)?;
        let slots = d.deserialize_seq(Rows {
            run: self,
            id,
            s,
            ops,
            byteless,
        })?;
        // Widths are field counts, at most MAX_FIELDS deep in structs.
        fill(
            out,
            Value::Rows(s.width as u32, Slots::plain_if(plain, slots)),
        );
        Ok(())
    }

    /// A `Vec`, a set or an array (`op`) into `out`; `byteless` when its
    /// items take no bytes, refused past `MAX_BYTELESS_ITEMS` of them
    /// (see `de/errors.rs`).
    #[inline(always)]
    fn sequence<'de, D: Deserializer<'de>>(
        self,
        op: &'p Op,
        byteless: bool,
        d: D,
        out: &mut Value,
    ) -> Result<(), D::Error> {
        let items = |op, len| Items::new(self, op, len, byteless);
        let (mut values, item, sorted) = match op {
            Op::Seq(item) => (d.deserialize_seq(items(item, None))?, item, None),
            Op::Set { item, sorted } => {
                (d.deserialize_seq(items(item, None))?, item, Some(*sorted))
            }
            Op::Array(len, item) => (
                d.deserialize_tuple(*len, items(item, Some(*len)))?,
                item,
                None,
            ),
            _ => {
                return Err(de::Error::custom(
                    "a sequence of a kind the program has no reader for",
                ));
            }
        };
        if let Some(sorted) = sorted {
            dedup(&mut values, sorted);
        }
        fill(
            out,
            Value::Seq(Slots::plain_if(item.holds_no_memory(), values)),
        );
        Ok(())
    }

    /// The run that reads `field`'s value: fail-fast only when the field
    /// checks its value's own rules (`nested`); without it the value is read
    /// unchecked, as `validate()` does not look into it.
    #[inline]
    fn field(self, field: &FieldPlan) -> Run<'p, CHECK> {
        let nested = |_: &&Stop| field.checks_nested();
        Run {
            stop: self.stop().filter(nested),
            ..self
        }
    }

    /// The ops and the plan of struct `id`. The program's ops name only
    /// structs it has ops for, so `None` is a fault of the program.
    #[inline]
    fn fields<E: de::Error>(self, id: TypeId) -> Result<(&'p [Op], &'p StructPlan, bool), E> {
        match (self.program.fields(id), self.plan.struct_plan(id)) {
            (Some(fields), Some(s)) => Ok((&fields.ops, s, fields.plain)),
            _ => Err(E::custom("a struct the plan's program has no ops for")),
        }
    }

    /// What finishes struct `id` (or a struct variant of
    /// enum `id`, whose fields `s` are): what finishes it, checks its
    /// fields in fail-fast and names it in messages.
    fn finisher(self, id: TypeId, s: &'p StructPlan) -> Finisher<'p> {
        let ty = &self.plan.types[id];
        // A struct variant is found by its fields, here, off the path of a
        // value read whole (a name carried with each struct cost it).
        let variant = match &ty.kind {
            KindPlan::Enum(e) => e
                .variants
                .iter()
                .find(|v| std::ptr::eq(&v.fields, s))
                .map(|v| v.ident),
            KindPlan::Struct(_) => None,
        };
        Finisher {
            plan: self.plan,
            stop: self.stop(),
            root: false,
            s,
            name: ty.ident,
            variant,
        }
    }

    /// What reads struct `id` into `slots` (its own, or its parent's it is
    /// laid out inline in), `ops` reading them; `root` when it is the value
    /// the caller gets.
    #[inline]
    fn object<'a>(
        self,
        id: TypeId,
        s: &'p StructPlan,
        ops: &'p [Op],
        slots: &'a mut [Value],
        root: bool,
    ) -> Object<'p, 'a, CHECK> {
        Object {
            run: self,
            id,
            s,
            ops,
            slots,
            root,
        }
    }
}

/// A struct the program has ops for has fields: without one, the program
/// is at fault.
/// A value of the type the program has no op for (see [`Op::Missing`]).
const MISSING: &str = "a value the plan's program has no op for";

const NO_FIELD: &str = "a struct of one field has none in the plan's program";

/// Reads one value by `op` into `out`, which holds `Unit`.
struct Into<'p, 'a, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
    out: &'a mut Value,
}

impl<'de, const CHECK: bool> DeserializeSeed<'de> for Into<'_, '_, CHECK> {
    type Value = ();

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        match self.op {
            Op::Scalar(scalar) => read_into(*scalar, d, self.out),
            op => self.compound(op, d),
        }
    }
}

impl<const CHECK: bool> Into<'_, '_, CHECK> {
    /// Every op but a scalar: kept out of the field loop, which reads
    /// scalars mostly.
    #[inline(never)]
    fn compound<'de, D: Deserializer<'de>>(self, op: &Op, d: D) -> Result<(), D::Error> {
        let Into { run, out, .. } = self;
        match op {
            Op::Scalar(scalar) => read_into(*scalar, d, out),
            Op::Option(inner) => d.deserialize_option(OptionOf {
                run,
                op: inner,
                out,
            }),
            Op::Struct(id) => {
                let (ops, s, plain) = run.fields(*id)?;
                let mut slots = unit_slots(s.width);
                run.object(*id, s, ops, &mut slots, false).deserialize(d)?;
                fill(out, Value::Struct(Slots::plain_if(plain, slots)));
                Ok(())
            }
            Op::Newtype(id) => {
                let (ops, s, _) = run.fields(*id)?;
                let op = ops.first().ok_or_else(|| de::Error::custom(NO_FIELD))?;
                let finisher = run.finisher(*id, s);
                let name = run.plan.types[*id].name;
                fill(
                    out,
                    d.deserialize_newtype_struct(name, Newtype { run, op, finisher })?,
                );
                Ok(())
            }
            // The field's value where the struct is, as serde's derive reads it.
            Op::Transparent(id) => {
                let (ops, s, _) = run.fields(*id)?;
                let slot = s.transparent.unwrap_or(0);
                let (Some(op), Some(field)) = (ops.get(slot), s.fields.get(slot)) else {
                    return Err(de::Error::custom(NO_FIELD));
                };
                let mut inner = Value::Unit;
                let into = Into {
                    run: run.field(field),
                    op,
                    out: &mut inner,
                };
                nested(run.stop(), || field.segment(), into.deserialize(d))?;
                if run.stop().is_some() {
                    run.finisher(*id, s).check_read(field, &inner)?;
                }
                let fields = run.program.fields(*id);
                let fields = fields.ok_or_else(|| de::Error::custom(NO_FIELD))?;
                fill(out, fields.one_value(inner));
                Ok(())
            }
            Op::Rows(id) => run.rows(*id, false, d, out),
            Op::Seq(_) | Op::Set { .. } | Op::Array(..) => run.sequence(op, false, d, out),
            Op::Byteless(seq) => match &**seq {
                Op::Rows(id) => run.rows(*id, true, d, out),
                seq => run.sequence(seq, true, d, out),
            },
            Op::Tuple(ops) => {
                let tuple = Tuple {
                    run,
                    ops,
                    variant: None,
                };
                let items = d.deserialize_tuple(ops.len(), tuple)?;
                fill(out, Value::Seq(Slots::plain_if(all_plain(ops), items)));
                Ok(())
            }
            Op::Map { value, sorted } => {
                let entries = d.deserialize_map(Entries { run, op: value })?;
                fill(out, map_value(entries, *sorted));
                Ok(())
            }
            Op::Variants(id) => {
                let ty = &run.plan.types[*id];
                let KindPlan::Enum(e) = &ty.kind else {
                    return Err(de::Error::custom("variants of a type that is not an enum"));
                };
                let variants = Variants {
                    run,
                    id: *id,
                    e,
                    type_name: ty.ident,
                };
                fill(out, d.deserialize_enum(ty.name, e.names, variants)?);
                Ok(())
            }
            Op::Repr(id) => match &run.plan.types[*id].kind {
                KindPlan::Enum(e) => {
                    fill(out, repr_variant(e, d)?);
                    Ok(())
                }
                KindPlan::Struct(_) => Err(de::Error::custom("a serde_repr enum that is a struct")),
            },
            Op::Identifier(id) => match &run.plan.types[*id].kind {
                KindPlan::Enum(e) => {
                    fill(out, identifier(e, d)?);
                    Ok(())
                }
                KindPlan::Struct(_) => Err(de::Error::custom("an identifier that is a struct")),
            },
            // Left `Unit`, as it holds.
            Op::Unit => <() as serde::Deserialize>::deserialize(d),
            Op::Tag(id) => {
                let ty = &run.plan.types[*id];
                let KindPlan::Enum(e) = &ty.kind else {
                    return Err(de::Error::custom("a tag of a type that is not an enum"));
                };
                let index = d.deserialize_enum(ty.name, e.names, TagVisitor { e })?;
                fill(out, Value::Tag(index));
                Ok(())
            }
            Op::Convert(conversion) => {
                fill(out, run.convert(conversion, false, d)?);
                Ok(())
            }
            Op::Tagged(id) => {
                fill(out, run.tagged(*id, d)?);
                Ok(())
            }
            Op::With(with) => {
                fill(out, run.read_with(with, d)?);
                Ok(())
            }
            Op::Missing(_) => Err(de::Error::custom(MISSING)),
            // Never keyed: its struct's finisher fills it in.
            Op::Skipped(value) => {
                fill(out, Value::clone(value));
                Ok(())
            }
        }
    }
}

/// A field's scalar read into its slot, inline in the struct's field
/// loop, as compiled code reads a field's value where it matches its key
/// (a call per field to the shared [`read_into`] cost user-signup's decode
/// 39 of 2,417 instructions).
struct ScalarInto<'a> {
    scalar: super::scalar::Scalar,
    out: &'a mut Value,
}

impl<'de> DeserializeSeed<'de> for ScalarInto<'_> {
    type Value = ();

    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        read_scalar_into(self.scalar, d, self.out)
    }
}

/// An `Option`: `None` (or a unit) leaves the slot `Unit`, as serde's
/// `Option<T>` reads one.
struct OptionOf<'p, 'a, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
    out: &'a mut Value,
}

impl<'de, const CHECK: bool> Visitor<'de> for OptionOf<'_, '_, CHECK> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("option")
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        Into {
            run: self.run,
            op: self.op,
            out: self.out,
        }
        .deserialize(d)
    }
}

/// A struct's keys and values into its slots; as a sequence, its
/// elements. Only what the field loop reads, ten words: it
/// is moved into the format's `deserialize_struct` and on into
/// `visit_map`. It was eighteen with the finisher in it, which is
/// now made only where it is used (user-signup's decode: 2,600
/// instructions, then 2,545).
struct Object<'p, 'a, const CHECK: bool> {
    run: Run<'p, CHECK>,
    id: TypeId,
    s: &'p StructPlan,
    /// The op at `i` reads slot `i`.
    ops: &'p [Op],
    slots: &'a mut [Value],
    /// The value the caller gets (see [`Finisher::root`]).
    root: bool,
}

impl<'p, const CHECK: bool> Object<'p, '_, CHECK> {
    /// What finishes the struct: it fills in the fields the input left
    /// out and runs late checks, checks fields in fail-fast, and names the
    /// struct in messages.
    #[inline]
    fn finisher(run: Run<'p, CHECK>, id: TypeId, s: &'p StructPlan, root: bool) -> Finisher<'p> {
        Finisher {
            root,
            ..run.finisher(id, s)
        }
    }
}

impl<'de, const CHECK: bool> DeserializeSeed<'de> for Object<'_, '_, CHECK> {
    type Value = ();

    /// As serde's derive asks for a struct the program
    /// reads (named or positional fields, not transparent). Inlined where
    /// a struct is read (out of line, it cost user-signup's decode 23
    /// instructions), the rare kinds out of line.
    #[inline(always)]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let (s, name) = (self.s, self.run.plan.types[self.id].name);
        match s.style {
            Style::Named if !s.flattens => d.deserialize_struct(name, s.keys, self),
            _ => self.rare(d),
        }
    }
}

impl<const CHECK: bool> Object<'_, '_, CHECK> {
    /// A tuple or unit struct, or one that flattens (serde reads it as a
    /// map).
    #[inline(never)]
    fn rare<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let (s, name) = (self.s, self.run.plan.types[self.id].name);
        match s.style {
            Style::Tuple => d.deserialize_tuple_struct(name, s.fields.len(), self),
            Style::Named => match &s.flat {
                Some(table) => d.deserialize_struct(name, table.keys, Flattening(self)),
                None => d.deserialize_map(Flattening(self)),
            },
            Style::Unit => d.deserialize_unit_struct(name, self),
            _ => d.deserialize_struct(name, s.keys, self),
        }
    }
}

impl<'de, const CHECK: bool> Visitor<'de> for Object<'_, '_, CHECK> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Self::finisher(self.run, self.id, self.s, self.root).expecting(f)
    }

    /// A unit struct (`struct Marker;`): nothing to read.
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Object {
            run,
            id,
            s,
            ops,
            slots,
            root,
        } = self;
        // Fail-fast checks each field as it is read, by the finisher's checks.
        let checker = run.stop().map(|_| Self::finisher(run, id, s, root));
        let mut seen: u128 = 0;
        let mut expected = 0;
        while let Some(key) = map.next_key_seed(KeySeed { s, expected })? {
            let Some(Found { slot: index, entry }) = key else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            expected = entry + 1;
            // The field's read written here, not through `FieldAt::read`:
            // there, nested-flatten's unflattened decode ran 1% more.
            let field = &s.fields[index];
            mark_read(&mut seen, field)?;
            let at = field.at;
            match (field.inline, &ops[at]) {
                // Nothing inside a scalar to check or to nest a violation under.
                (None, Op::Scalar(scalar)) => map.next_value_seed(ScalarInto {
                    scalar: *scalar,
                    out: &mut slots[at],
                })?,
                (None, op) => {
                    let into = Into {
                        run: run.field(field),
                        op,
                        out: &mut slots[at],
                    };
                    nested(run.stop(), || field.segment(), map.next_value_seed(into))?
                }
                (Some((child, width)), _) => {
                    let child_plan = run.plan.struct_plan(child).ok_or_else(|| {
                        de::Error::custom("a value laid out inline is not a struct")
                    })?;
                    let (ops, slots) = (&ops[at..at + width], &mut slots[at..at + width]);
                    let object = run
                        .field(field)
                        .object(child, child_plan, ops, slots, false);
                    nested(run.stop(), || field.segment(), map.next_value_seed(object))?;
                    // Its rules (`nested` alone) were checked as it was read.
                    continue;
                }
            }
            if let Some(finisher) = &checker {
                finisher.check_read(field, &slots[at])?;
            }
        }
        // Every field present and nothing late to check: the common case,
        // with no finisher to build.
        if seen == s.all_seen && s.read_whole {
            return Ok(());
        }
        Self::finisher(run, id, s, root).finish_into(slots, seen)
    }

    /// A struct written as its fields' values in order (postcard's, or a
    /// JSON array), each by its op, as serde's derive reads a sequence: a
    /// field the sequence ends before takes its default, or the error is
    /// serde's "invalid length". Out of line: few structs are written so,
    /// and inlined into the format's `deserialize_struct` it cost every
    /// struct's reading.
    #[inline(never)]
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Object {
            run,
            id,
            s,
            ops,
            slots,
            root,
        } = self;
        let checker = run.stop().map(|_| Self::finisher(run, id, s, root));
        let mut seen = s.all_seen;
        for (index, field) in s.fields.iter().enumerate() {
            if field.skip {
                continue;
            }
            let at = field.at;
            let read = match field.inline {
                Some((child, width)) => {
                    let child_plan = run.plan.struct_plan(child).ok_or_else(|| {
                        de::Error::custom("a value laid out inline is not a struct")
                    })?;
                    let (ops, slots) = (&ops[at..at + width], &mut slots[at..at + width]);
                    let object = run
                        .field(field)
                        .object(child, child_plan, ops, slots, false);
                    nested(
                        run.stop(),
                        || field.segment(),
                        seq.next_element_seed(object),
                    )?
                    .is_some()
                }
                None => {
                    let into = Into {
                        run: run.field(field),
                        op: &ops[at],
                        out: &mut slots[at],
                    };
                    let read = nested(run.stop(), || field.segment(), seq.next_element_seed(into))?
                        .is_some();
                    if let (true, Some(finisher)) = (read, &checker) {
                        finisher.check_read(field, &slots[at])?;
                    }
                    read
                }
            };
            if !read {
                match field.default {
                    FieldDefault::Default | FieldDefault::Value(..) => seen &= !(1 << index),
                    FieldDefault::Required | FieldDefault::None => {
                        return Err(Self::finisher(run, id, s, root).too_short(index));
                    }
                }
            }
        }
        Self::finisher(run, id, s, root).finish_into(slots, seen)
    }
}

/// The value of a key of a field-dispatch tree (`entry` of `table`) that
/// names a struct laid out inline (`child`, `width` slots from `at`): read
/// into its slots by its fields' ops, as a struct's field is; in fail-fast,
/// what breaks in it nested under the field (its own struct's). Out of
/// line: few trees have such a key, and the key loop reads every key.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn dispatched_inline<'p, 'de, A: MapAccess<'de>, const CHECK: bool>(
    run: Run<'p, CHECK>,
    table: &'p crate::plan::FlatTable,
    entry: usize,
    (child, width): (TypeId, usize),
    at: usize,
    ops: &'p [Op],
    slots: &mut [Value],
    map: &mut A,
) -> Result<(), A::Error> {
    let (Some(ops), Some(out), Some(child_plan)) = (
        ops.get(at..at + width),
        slots.get_mut(at..at + width),
        run.plan.struct_plan(child),
    ) else {
        return Err(de::Error::custom(LAID_OUT));
    };
    if !CHECK {
        return map.next_value_seed(run.object(child, child_plan, ops, out, false));
    }
    let field = table.node_field(entry).and_then(|(node, index)| {
        let node_plan = run.plan.struct_plan(table.nodes.get(node)?.type_id)?;
        let checked = table.checks_node(&run.plan.types, node);
        Some((node_plan.fields.get(index)?, checked))
    });
    let Some((field, checked)) = field else {
        return Err(de::Error::custom(LAID_OUT));
    };
    if !checked {
        let run = Run { stop: None, ..run };
        return map.next_value_seed(run.object(child, child_plan, ops, out, false));
    }
    let object = run.field(field).object(child, child_plan, ops, out, false);
    nested(run.stop(), || field.segment(), map.next_value_seed(object))
}

/// The visitor of a struct that flattens: a type of its own, so that the
/// plain struct's key loop carries no test of flatten (it cost
/// user-signup's decode 17 instructions). Its keys are read serde's way
/// ([`Object::buffered`]), or, for a tree with a field-dispatch table,
/// by that table ([`Object::dispatched`]).
struct Flattening<'p, 'a, const CHECK: bool>(Object<'p, 'a, CHECK>);

impl<'de, const CHECK: bool> Visitor<'de> for Flattening<'_, '_, CHECK> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        match self.0.s.flat {
            Some(_) => self.0.dispatched(map),
            None => self.0.buffered(map),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.0.visit_seq(seq)
    }
}

impl<const CHECK: bool> Object<'_, '_, CHECK> {
    /// A struct and its flattened structs, laid out inline in its slots,
    /// read by field dispatch (`Flatten::Fast`), as `#[derive(FastFlatten)]`
    /// reads them: each key of the tree found in its one table, whose
    /// entry names the slot and the bit of the tree's `seen` mask, and its
    /// value read by that slot's op. No struct of the tree is looked up
    /// per key, but in fail-fast, where a field's own struct checks it.
    /// The structs are finished, children first, only when a key was left
    /// out or there is more to do.
    #[inline(never)]
    fn dispatched<'de, A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let Object {
            run,
            id,
            s,
            ops,
            slots,
            root,
        } = self;
        let Some((table, direct)) = s
            .flat
            .as_ref()
            .and_then(|table| Some((table, table.direct.as_deref()?)))
        else {
            return Err(de::Error::custom(LAID_OUT));
        };
        let mut seen: u128 = 0;
        let mut expected = 0;
        while let Some(key) = map.next_key_seed(FlatKeySeed { table, expected })? {
            expected = key.map_or(expected, |entry| entry + 1);
            let Some((entry, read)) =
                key.and_then(|entry| Some((entry, direct.entries.get(entry)?)))
            else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            if seen & read.mask != 0 {
                return Err(errors::duplicate_field(read.key));
            }
            seen |= read.mask;
            if let Some((child, width)) = read.inline {
                dispatched_inline(
                    run,
                    table,
                    entry,
                    (child, width),
                    read.slot,
                    ops,
                    slots,
                    &mut map,
                )?;
                continue;
            }
            let (Some(op), Some(out)) = (ops.get(read.slot), slots.get_mut(read.slot)) else {
                return Err(de::Error::custom(LAID_OUT));
            };
            match op {
                Op::Scalar(scalar) if !CHECK => map.next_value_seed(ScalarInto {
                    scalar: *scalar,
                    out,
                })?,
                op if !CHECK => map.next_value_seed(Into { run, op, out })?,
                op => {
                    // The field's own struct checks it, as it nests what
                    // breaks; a struct flattened without `nested` is not
                    // checked, as `validate()` does not look into it.
                    let node_field = table.node_field(entry).and_then(|(node, index)| {
                        let type_id = table.nodes.get(node)?.type_id;
                        let node_plan = run.plan.struct_plan(type_id)?;
                        let finisher = Self::finisher(run, type_id, node_plan, root && node == 0);
                        let checked = table.checks_node(&run.plan.types, node);
                        Some((node_plan.fields.get(index)?, finisher, checked))
                    });
                    let Some((field, finisher, checked)) = node_field else {
                        return Err(de::Error::custom(LAID_OUT));
                    };
                    if !checked {
                        let run = Run { stop: None, ..run };
                        map.next_value_seed(Into { run, op, out })?;
                        continue;
                    }
                    let into = Into {
                        run: run.field(field),
                        op,
                        out,
                    };
                    nested(run.stop(), || field.segment(), map.next_value_seed(into))?;
                    finisher.check_read(field, &slots[read.slot])?;
                }
            }
        }
        // In fail-fast each struct's late checks run as it is finished.
        if !CHECK && direct.complete == Some(seen) {
            return Ok(());
        }
        Self::finisher(run, id, s, root).finish_direct(table, direct, seen, slots)
    }

    /// A struct that flattens, serde's way (`Flatten::Serde`), as serde's
    /// derive reads it: its own keys read by their ops,
    /// every other key buffered, then each flattened field read from the
    /// buffer by its op (a struct by its fields' ops, taking the keys it
    /// knows), in declaration order.
    #[inline(never)]
    fn buffered<'de, A: MapAccess<'de>>(mut self, mut map: A) -> Result<(), A::Error> {
        let (run, s) = (self.run, self.s);
        let checker = run
            .stop()
            .map(|_| Self::finisher(run, self.id, s, self.root));
        let mut seen = s.flattened;
        let mut buffer: Buffer<'de> = Vec::new();
        while let Some(key) = map.next_key_seed(BufferingKeySeed { s })? {
            match key {
                Key::Field(index) => {
                    let field = FieldAt {
                        run,
                        s,
                        ops: self.ops,
                        index,
                    };
                    field.read(checker.as_ref(), &mut map, &mut seen, self.slots)?
                }
                Key::Other(name) => {
                    let value = map.next_value::<serde_json::Value>()?;
                    buffer.push(Some((name, value)));
                }
            }
        }
        for field in s.fields.iter().filter(|f| f.flatten) {
            self.read_flattened(field, &mut buffer)
                .map_err(de::Error::custom)?;
        }
        if s.deny_unknown {
            if let Some((key, _)) = buffer.iter().flatten().next() {
                return Err(errors::unknown_field(key, s.keys));
            }
        }
        Self::finisher(run, self.id, s, self.root).finish_into(self.slots, seen)
    }

    /// A flattened field's value, from the keys its struct did not know.
    /// Fail-fast checks its rules only where the field says `nested`, and
    /// puts what breaks under the field, as `validate()` does. An `Option`
    /// is `None` when its value does not read.
    fn read_flattened(
        &mut self,
        field: &FieldPlan,
        buffer: &mut Buffer<'_>,
    ) -> Result<(), serde_json::Error> {
        let (run, at) = (self.run, field.at);
        if let Some((child, width)) = field.inline {
            let child_plan = run
                .plan
                .struct_plan(child)
                .ok_or_else(|| de::Error::custom(LAID_OUT))?;
            let (ops, slots) = (&self.ops[at..at + width], &mut self.slots[at..at + width]);
            let object = run
                .field(field)
                .object(child, child_plan, ops, slots, false);
            return nested(
                run.stop(),
                || field.segment(),
                object.deserialize(FlatDeserializer(buffer)),
            );
        }
        // A flattened `Option` reads its inner type, and takes an
        // error for `None`.
        let (op, optional) = match (&field.ty, &self.ops[at]) {
            (Ty::Option(_), Op::Option(inner)) => (&**inner, true),
            (_, op) => (op, false),
        };
        let mut value = Value::Unit;
        let into = Into {
            run: run.field(field),
            op,
            out: &mut value,
        };
        match nested(
            run.stop(),
            || field.segment(),
            into.deserialize(FlatDeserializer(buffer)),
        ) {
            Ok(()) => fill(&mut self.slots[at], value),
            // A violation that stops fail-fast decoding is not a value that
            // does not read.
            Err(e) if !optional || run.stop().is_some_and(Stop::has) => return Err(e),
            Err(_) => {}
        }
        Ok(())
    }
}

/// A struct's field, found by its key: what reads its value in
/// [`Object::buffered`]'s key loop (the plain loop, `Object::visit_map`,
/// writes the same read out where it is, which kept nested-flatten's
/// unflattened decode 1% faster).
#[derive(Clone, Copy)]
struct FieldAt<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    s: &'p StructPlan,
    /// The struct's ops: the op at `i` reads slot `i`.
    ops: &'p [Op],
    /// The field's index among the struct's.
    index: usize,
}

impl<const CHECK: bool> FieldAt<'_, CHECK> {
    /// The field's value into its slots in `slots`, by its op (a struct
    /// laid out inline by its fields' ops); in fail-fast its rules checked
    /// by `checker`.
    #[inline(always)]
    fn read<'de, A: MapAccess<'de>>(
        self,
        checker: Option<&Finisher<'_>>,
        map: &mut A,
        seen: &mut u128,
        slots: &mut [Value],
    ) -> Result<(), A::Error> {
        let FieldAt { run, s, ops, index } = self;
        let field = &s.fields[index];
        mark_read(seen, field)?;
        let at = field.at;
        match (field.inline, &ops[at]) {
            // Nothing inside a scalar to check or to nest a violation under.
            (None, Op::Scalar(scalar)) => map.next_value_seed(ScalarInto {
                scalar: *scalar,
                out: &mut slots[at],
            })?,
            (None, op) => {
                let into = Into {
                    run: run.field(field),
                    op,
                    out: &mut slots[at],
                };
                nested(run.stop(), || field.segment(), map.next_value_seed(into))?
            }
            (Some((child, width)), _) => {
                let child_plan = run
                    .plan
                    .struct_plan(child)
                    .ok_or_else(|| de::Error::custom("a value laid out inline is not a struct"))?;
                let (ops, slots) = (&ops[at..at + width], &mut slots[at..at + width]);
                let object = run
                    .field(field)
                    .object(child, child_plan, ops, slots, false);
                // Its rules (`nested` alone) are checked as it is read.
                return nested(run.stop(), || field.segment(), map.next_value_seed(object));
            }
        }
        match checker {
            Some(finisher) => finisher.check_read(field, &slots[at]),
            None => Ok(()),
        }
    }
}

/// A `Vec` of a struct laid out in rows, each row read by the struct's ops.
struct Rows<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    id: TypeId,
    s: &'p StructPlan,
    ops: &'p [Op],
    /// Rows that take no bytes, counted (see [`Run::sequence`]).
    byteless: bool,
}

impl<'de, const CHECK: bool> Visitor<'de> for Rows<'_, CHECK> {
    type Value = Vec<Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Value>, A::Error> {
        let Rows {
            run,
            id,
            s,
            ops,
            byteless,
        } = self;
        let mut index = 0;
        read_rows(
            &mut seq,
            s.width,
            || byteless,
            |seq, row| {
                let at = index;
                index += 1;
                let row = seq.next_element_seed(run.object(id, s, ops, row, false));
                nested(run.stop(), || Some(Segment::Index(at)), row)
            },
        )
    }
}

/// A sequence's items (an array's, when `len` is its length), each by `op`.
struct Items<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
    len: Option<usize>,
    /// The most items read before one more is refused: an array's length,
    /// or for items that take no bytes `MAX_BYTELESS_ITEMS`. One compare
    /// an item for both.
    most: usize,
    byteless: bool,
}

impl<'p, const CHECK: bool> Items<'p, CHECK> {
    #[inline(always)]
    fn new(run: Run<'p, CHECK>, op: &'p Op, len: Option<usize>, byteless: bool) -> Self {
        let limit = match byteless {
            true => crate::layout::MAX_BYTELESS_ITEMS,
            false => usize::MAX,
        };
        Items {
            run,
            op,
            len,
            most: len.map_or(limit, |n| n.min(limit)),
            byteless,
        }
    }

    /// The error of an item past [`most`](Self::most), `read` of them read.
    #[cold]
    #[inline(never)]
    fn too_many<E: de::Error>(&self, read: usize) -> E {
        match self.byteless && read > crate::layout::MAX_BYTELESS_ITEMS {
            true => errors::too_many_byteless(),
            false => errors::invalid_length(read, self),
        }
    }
}

impl<'de, const CHECK: bool> Visitor<'de> for Items<'_, CHECK> {
    type Value = Vec<Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        expecting_items(self.len, f)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Value>, A::Error> {
        let capacity = self.len.unwrap_or(seq.size_hint().unwrap_or(0)).min(4096);
        let mut items = Vec::with_capacity(capacity);
        loop {
            let index = items.len();
            items.push(Value::Unit);
            let Some(out) = items.last_mut() else { break };
            let into = Into {
                run: self.run,
                op: self.op,
                out,
            };
            let next = nested(
                self.run.stop(),
                || Some(Segment::Index(index)),
                seq.next_element_seed(into),
            )?;
            if next.is_none() {
                items.pop();
                break;
            }
            // An item past an array's length is read before it is refused,
            // as serde's derive refuses it.
            if items.len() > self.most {
                return Err(self.too_many(items.len()));
            }
        }
        match self.len {
            Some(n) if items.len() != n => Err(errors::invalid_length(items.len(), &self)),
            _ => Ok(items),
        }
    }
}

/// A tuple's items, each by its own op.
struct Tuple<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    ops: &'p [Op],
    /// A tuple variant's enum and variant names, for serde's messages.
    variant: Option<(&'static str, &'static str)>,
}

impl<'de, const CHECK: bool> Visitor<'de> for Tuple<'_, CHECK> {
    type Value = Vec<Value>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.variant {
            Some((ty, variant)) => expecting_variant(ty, variant, self.ops.len(), f),
            None => expecting_size(self.ops.len(), f),
        }
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Value>, A::Error> {
        let mut items = unit_slots(self.ops.len());
        for (i, (op, out)) in self.ops.iter().zip(items.iter_mut()).enumerate() {
            let into = Into {
                run: self.run,
                op,
                out,
            };
            let next = nested(
                self.run.stop(),
                || Some(Segment::Index(i)),
                seq.next_element_seed(into),
            )?;
            if next.is_none() {
                return Err(errors::invalid_length(i, &self));
            }
        }
        Ok(items)
    }
}

/// A map's entries, each value by `op`, as serde's map reads
/// them (a violation of a value nests under its key).
struct Entries<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
}

impl<'de, const CHECK: bool> Visitor<'de> for Entries<'_, CHECK> {
    type Value = Vec<(Box<str>, Value)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(key) = map.next_key::<String>()? {
            let mut value = Value::Unit;
            let into = Into {
                run: self.run,
                op: self.op,
                out: &mut value,
            };
            nested(
                self.run.stop(),
                || Some(Segment::Key(key.as_str().into())),
                map.next_value_seed(into),
            )?;
            insert_entry(&mut entries, key, value);
        }
        Ok(entries)
    }
}

/// A newtype struct: its field by `op`, as serde's derive reads one, from
/// a newtype or (JSON's `[5]`, postcard's) a sequence of one element.
struct Newtype<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
    finisher: Finisher<'p>,
}

impl<'p, const CHECK: bool> Newtype<'p, CHECK> {
    /// The reader of the struct's one field.
    fn field_read<E: de::Error>(&self) -> Result<FieldRead<'p, CHECK>, E> {
        let field = self.finisher.s.fields.first();
        let field = field.ok_or_else(|| E::custom(NO_FIELD))?;
        Ok(FieldRead {
            run: self.run,
            op: self.op,
            field,
            finisher: Some(self.finisher),
        })
    }
}

impl<'de, const CHECK: bool> Visitor<'de> for Newtype<'_, CHECK> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.finisher.expecting(f)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let inner = self.field_read()?.deserialize(d)?;
        Ok(Value::Struct([inner].into()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        match seq.next_element_seed(self.field_read()?)? {
            Some(inner) => Ok(Value::Struct([inner].into())),
            None => Err(self.finisher.too_short(0)),
        }
    }
}

/// The value of a field read by its op where the format hands it alone
/// (a newtype struct's one field, a newtype variant's): in fail-fast,
/// checked by the field's own rules once read, as a struct's field is
/// (`finisher` is the field's struct's or variant's).
struct FieldRead<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
    field: &'p FieldPlan,
    finisher: Option<Finisher<'p>>,
}

impl<'de, const CHECK: bool> DeserializeSeed<'de> for FieldRead<'_, CHECK> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let FieldRead {
            run,
            op,
            field,
            finisher,
        } = self;
        let mut value = Value::Unit;
        Into {
            run: run.field(field),
            op,
            out: &mut value,
        }
        .deserialize(d)?;
        if let Some(finisher) = finisher {
            finisher.check_read(field, &value)?;
        }
        Ok(value)
    }
}

/// An externally tagged enum with data: its variant by name, as serde's
/// derive finds it, then a newtype variant's value by its op, a struct
/// variant's fields by theirs, and a tuple variant's items by theirs.
struct Variants<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    id: TypeId,
    e: &'p EnumPlan,
    type_name: &'static str,
}

impl<'de, const CHECK: bool> Visitor<'de> for Variants<'_, CHECK> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("enum")
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        let Variants {
            run,
            id,
            e,
            type_name,
        } = self;
        let (index, access) = data.variant_seed(VariantSeed { e })?;
        if let (Some(ops), Some(variant)) =
            (run.program.struct_variant(id, index), e.variants.get(index))
        {
            // A struct variant, by its fields' ops, as a struct is read.
            let read = run.struct_variant(id, &variant.fields, ops, access);
            let value = nested(
                run.stop(),
                || variant.violation_key.map(|key| Segment::Field(key.into())),
                read,
            )?;
            // Variant indices are below MAX_VARIANTS.
            return Ok(Value::variant(index as u32, value));
        }
        let variant = e.variants.get(index);
        if let (Some(Op::Tuple(ops)), Some(variant)) = (run.program.newtype(id, index), variant)
            && variant.style == Style::Tuple
        {
            // A tuple variant, by its items' ops, as a tuple is read.
            let tuple = Tuple {
                run,
                ops,
                variant: Some((type_name, variant.ident)),
            };
            let items = nested(
                run.stop(),
                || variant.violation_key.map(|key| Segment::Field(key.into())),
                access.tuple_variant(ops.len(), tuple),
            )?;
            let value = Value::Seq(Slots::plain_if(all_plain(ops), items));
            return Ok(Value::variant(index as u32, value));
        }
        // A newtype variant's field is checked by its own rules in
        // fail-fast, as a struct's field is (the finisher found only then).
        let newtype = match (run.program.newtype(id, index), variant) {
            (Some(op), Some(variant)) => variant.fields.fields.first().map(|field| FieldRead {
                run,
                op,
                field,
                finisher: run.stop().map(|_| run.finisher(id, &variant.fields)),
            }),
            _ => None,
        };
        payload(run.stop(), e, index, access, newtype)
    }
}

/// A value read by `op`, handed back (where a format's access wants a
/// seed of a value, not a slot to fill).
struct OpValue<'p, const CHECK: bool> {
    run: Run<'p, CHECK>,
    op: &'p Op,
}

impl<'de, const CHECK: bool> DeserializeSeed<'de> for OpValue<'_, CHECK> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let mut value = Value::Unit;
        Into {
            run: self.run,
            op: self.op,
            out: &mut value,
        }
        .deserialize(d)?;
        Ok(value)
    }
}
