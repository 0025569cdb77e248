//! `Default::default()` of a type, as a [`Value`]: what a field with
//! `#[serde(default)]` (or a skipped one) holds when the input leaves it out.

use overhead_schema::Style;

use super::{Slots, Value};
use crate::plan::{KindPlan, Plan, StructPlan};
use crate::ty::{Int, Ty};

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
        Ty::Str | Ty::Trimmed | Ty::Borrowed => Value::Str("".into()),
        // `Default` of these types (nil UUID, 1970-01-01, …) where they have one.
        Ty::Text(form) => Value::Str(form.default_text().into()),
        Ty::NonZero(int) => match int {
            Int::I128 => Value::I128(1),
            Int::U128 => Value::U128(1),
            int if int.is_signed() => Value::I64(1),
            _ => Value::U64(1),
        },
        Ty::Seq(item) => match crate::layout::rows_of(plan, item) {
            Some((_, s)) => Value::Rows(s.width as u32, Slots::default()),
            None => Value::Seq(Slots::default()),
        },
        Ty::Set { .. } => Value::Seq(Slots::default()),
        Ty::Map { .. } => Value::Map(Vec::new()),
        Ty::Array(n, item) => Value::Seq((0..*n).map(|_| default_value(plan, item)).collect()),
        Ty::Tuple(items) => Value::Seq(items.iter().map(|t| default_value(plan, t)).collect()),
        Ty::Json => Value::Json(Box::new(serde_json::Value::Null)),
        Ty::Named(id) => match &plan.types[*id].kind {
            KindPlan::Struct(s) => {
                let mut slots = vec![Value::Unit; s.width];
                fill_default(plan, s, &mut slots);
                Value::Struct(slots.into())
            }
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
                Value::variant(0, payload)
            }
        },
    }
}

/// Writes `Default::default()` of a struct into its slots (`s.width` of
/// them), its inline structs' in place.
pub fn fill_default(plan: &Plan, s: &StructPlan, slots: &mut [Value]) {
    for f in &s.fields {
        match f
            .inline
            .and_then(|(id, width)| Some((plan.struct_plan(id)?, width)))
        {
            Some((child, width)) => fill_default(plan, child, &mut slots[f.at..f.at + width]),
            None => slots[f.at] = default_value(plan, &f.ty),
        }
    }
}
