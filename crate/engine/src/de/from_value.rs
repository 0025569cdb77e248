//! A `serde_json::Value` (the `from-value` variant's input), read by the
//! plan's [`Program`]: each op reads its node of the tree directly, a struct
//! by walking its object's entries and finding each key in the struct's key
//! table, a scalar by serde's `Deserialize` of its concrete type on the
//! node (the code compiled code runs). No visitor is entered but the
//! scalars' own and what the seed reads.
//!
//! The entries are read in the order `&Value`'s deserializer hands them
//! out, and every node the program does not take as it expects (an array
//! where a struct's object should be, an array of the wrong length) is
//! read by the plan's seed on that node: values and errors are the seed's
//! (`tests/plan_programs.rs` holds the two to each other on every paste,
//! on generated values and on values with nodes replaced and keys left
//! out or added).

use serde::de::DeserializeSeed;
use serde_json::{Map, Value as Json};

use super::program::{Op, Program};
use super::scalar::read_scalar_into;
use super::structs::{InlineSeed, StructVisitor, fill, mark_read, unit_slots};
use super::{Seed, dedup, errors};
use crate::plan::{Plan, StructPlan};
use crate::ty::{Ty, TypeId};
use crate::value::Value;

type Result<T> = std::result::Result<T, serde_json::Error>;

/// What a seed built here to finish a struct is given as its type: the
/// struct's finishing reads only the plan and the struct's own fields.
static STRUCT: Ty = Ty::Unit;

/// Reads a root value from a `serde_json::Value`.
pub(crate) fn read(plan: &Plan, program: &Program, json: &Json) -> Result<Value> {
    let mut value = Value::Unit;
    Run { plan, program }.into(&program.root, json, &mut value)?;
    Ok(value)
}

#[derive(Clone, Copy)]
struct Run<'p> {
    plan: &'p Plan,
    program: &'p Program,
}

impl<'p> Run<'p> {
    /// Reads `json` by `op` into `out`, which holds `Unit`.
    #[inline(never)]
    fn into(self, op: &Op, json: &Json, out: &mut Value) -> Result<()> {
        match (op, json) {
            (Op::Scalar(scalar), json) => read_scalar_into(*scalar, json, out),
            // `&Value` reads `null` as `None` and anything else as `Some`.
            (Op::Option(_), Json::Null) => Ok(()),
            (Op::Option(inner), json) => self.one_into(inner, json, out),
            (Op::Struct(id), Json::Object(map)) => {
                let (ops, s) = self.fields(*id)?;
                let mut slots = unit_slots(s.width);
                self.object_into(*id, s, ops, map, &mut slots)?;
                fill(out, Value::Struct(slots.into()));
                Ok(())
            }
            (Op::Rows(id), Json::Array(items)) => {
                let (ops, s) = self.fields(*id)?;
                let width = s.width;
                let mut slots = unit_slots(items.len().saturating_mul(width));
                for (index, item) in items.iter().enumerate() {
                    let row = &mut slots[index * width..(index + 1) * width];
                    match item {
                        Json::Object(map) => self.object_into(*id, s, ops, map, row)?,
                        item => self.inline_by_seed(*id, s, item, row)?,
                    }
                }
                // Widths are field counts, at most MAX_FIELDS deep in structs.
                fill(out, Value::Rows(width as u32, slots.into()));
                Ok(())
            }
            (Op::Seq(item), Json::Array(items)) => {
                fill(out, Value::Seq(self.items(item, items)?.into()));
                Ok(())
            }
            (Op::Set { item, sorted }, Json::Array(items)) => {
                let mut items = self.items(item, items)?;
                dedup(&mut items, *sorted);
                fill(out, Value::Seq(items.into()));
                Ok(())
            }
            (Op::Array(len, item), Json::Array(items)) if items.len() == *len => {
                fill(out, Value::Seq(self.items(item, items)?.into()));
                Ok(())
            }
            (Op::Tuple(ops), Json::Array(items)) if items.len() == ops.len() => {
                let mut slots = unit_slots(ops.len());
                for ((op, item), slot) in ops.iter().zip(items).zip(slots.iter_mut()) {
                    self.one_into(op, item, slot)?;
                }
                fill(out, Value::Seq(slots.into()));
                Ok(())
            }
            // Every other node, and every op without a reading of its own
            // here (an enum's variant is found by name by the seed), by the
            // seed, which gives its value or its error.
            (op, json) => {
                fill(out, self.by_seed(op, json)?);
                Ok(())
            }
        }
    }

    /// [`into`](Self::into), with a scalar read here (most values are).
    #[inline(always)]
    fn one_into(self, op: &Op, json: &Json, out: &mut Value) -> Result<()> {
        match op {
            Op::Scalar(scalar) => read_scalar_into(*scalar, json, out),
            op => self.into(op, json, out),
        }
    }

    /// A struct's object into its slots (`ops` read them, the op at `i`
    /// slot `i`), its entries in the map's order as the seed reads them,
    /// then the fields left out filled in as the seed fills them.
    fn object_into(
        self,
        id: TypeId,
        s: &'p StructPlan,
        ops: &[Op],
        map: &Map<String, Json>,
        slots: &mut [Value],
    ) -> Result<()> {
        let mut seen: u128 = 0;
        for (key, json) in map {
            let Some(index) = s.lookup.find(key) else {
                if s.deny_unknown {
                    return Err(errors::unknown_field(key, s.keys));
                }
                continue;
            };
            let field = &s.fields[index];
            mark_read::<serde_json::Error>(&mut seen, index, field.key)?;
            let at = field.at;
            match field.inline {
                None => self.one_into(&ops[at], json, &mut slots[at])?,
                Some((child, width)) => {
                    let (ops, slots) = (&ops[at..at + width], &mut slots[at..at + width]);
                    let child_plan = self.struct_plan(child)?;
                    match json {
                        Json::Object(map) => {
                            self.object_into(child, child_plan, ops, map, slots)?
                        }
                        json => self.inline_by_seed(child, child_plan, json, slots)?,
                    }
                }
            }
        }
        self.finisher(id, s).finish_into(slots, seen)
    }

    /// A struct's value whose node the program does not read (an array for
    /// its fields in order, or any node it refuses), into its slots, by the
    /// seed.
    #[cold]
    fn inline_by_seed(
        self,
        id: TypeId,
        s: &'p StructPlan,
        json: &Json,
        slots: &mut [Value],
    ) -> Result<()> {
        let seed = InlineSeed::new(self.seed(&STRUCT), &self.plan.types[id], s, slots);
        seed.deserialize(json)
    }

    /// The seed's value of `json`, for a node the program has no reading of.
    fn by_seed(self, op: &Op, json: &Json) -> Result<Value> {
        let own;
        let ty = match op {
            Op::Seed(ty) => ty,
            op => {
                own = ty_of(op);
                &own
            }
        };
        self.seed(ty).deserialize(json)
    }

    fn seed<'a>(self, ty: &'a Ty) -> Seed<'a>
    where
        'p: 'a,
    {
        Seed {
            plan: self.plan,
            ty,
            stop: None,
            root: false,
        }
    }

    /// What finishes struct `id` once its entries are read, as the seed's
    /// own struct reader does.
    fn finisher(self, id: TypeId, s: &'p StructPlan) -> StructVisitor<'p> {
        StructVisitor {
            seed: self.seed(&STRUCT),
            s,
            name: self.plan.types[id].ident,
            variant: None,
        }
    }

    /// `items` by `op`, one slot each.
    fn items(self, op: &Op, items: &[Json]) -> Result<Vec<Value>> {
        let mut slots = unit_slots(items.len());
        for (item, slot) in items.iter().zip(slots.iter_mut()) {
            self.one_into(op, item, slot)?;
        }
        Ok(slots)
    }

    /// The ops and the plan of struct `id` (see [`Program::fields`]).
    #[inline]
    fn fields(self, id: TypeId) -> Result<(&'p [Op], &'p StructPlan)> {
        let fields = self.program.fields(id).ok_or_else(not_in_program)?;
        Ok((&fields.ops, self.struct_plan(id)?))
    }

    #[inline]
    fn struct_plan(self, id: TypeId) -> Result<&'p StructPlan> {
        self.plan.struct_plan(id).ok_or_else(not_in_program)
    }
}

/// The type an op reads, for the seed to read a node the program does not.
fn ty_of(op: &Op) -> Ty {
    let boxed = |op: &Op| Box::new(ty_of(op));
    match op {
        Op::Scalar(scalar) => scalar.ty(),
        Op::Option(inner) => Ty::Option(boxed(inner)),
        Op::Struct(id) | Op::Tag(id) => Ty::Named(*id),
        Op::Rows(id) => Ty::Seq(Box::new(Ty::Named(*id))),
        Op::Seq(item) => Ty::Seq(boxed(item)),
        Op::Set { item, sorted } => Ty::Set {
            item: boxed(item),
            sorted: *sorted,
        },
        Op::Array(len, item) => Ty::Array(*len, boxed(item)),
        Op::Tuple(items) => Ty::Tuple(items.iter().map(ty_of).collect()),
        Op::Seed(ty) => ty.clone(),
    }
}

/// The program's ops name only structs it has ops for: anything else is a
/// fault of the program, reported as an error rather than a panic.
#[cold]
fn not_in_program() -> serde_json::Error {
    serde::de::Error::custom("the plan's program names a struct it has no ops for")
}
