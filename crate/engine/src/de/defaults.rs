//! The field defaults the paste shows as values, read as their fields' types
//! once the plan is built (the plan notes them; reading needs the decoder).

use super::program::Program;
use crate::plan::{FieldDefault, KindPlan, Plan};
use crate::ty::Ty;

/// Reads each of the plan's [`paste_defaults`](Plan::paste_defaults) into its
/// field's default; one that does not decode keeps `Default::default()`, with
/// a note.
pub fn read_paste_defaults(plan: &mut Plan) {
    if plan.paste_defaults.is_empty() {
        return;
    }
    // The program as the plan stands: a default's value reads as any
    // value does (one read before its own field's default is known takes
    // `Default::default()` there, as it always has).
    let program = Program::new(plan, &Ty::Unit, &Ty::Unit);
    let read: Vec<Option<Result<_, String>>> = plan
        .paste_defaults
        .iter()
        .map(|pending| {
            // A generic definition passed over has no fields to default.
            let field = plan
                .struct_plan(pending.type_id)?
                .fields
                .get(pending.slot)?;
            let op = program.op(plan, &field.ty);
            let mut d = serde_json::Deserializer::from_str(pending.json);
            Some(super::visited::read_op(plan, &program, &op, &mut d).map_err(|e| e.to_string()))
        })
        .collect();
    let pending = std::mem::take(&mut plan.paste_defaults);
    for (pending, read) in pending.into_iter().zip(read) {
        let json = pending.json;
        match read {
            None => {}
            Some(Ok(value)) => {
                if let KindPlan::Struct(s) = &mut plan.types[pending.type_id].kind {
                    s.fields[pending.slot].default = FieldDefault::Value(value, json);
                }
            }
            Some(Err(e)) => plan.notes.push(overhead_schema::Diagnostic {
                message: format!(
                    "the default `{json}` does not read as the field's type ({e}); a missing field takes `Default::default()` here"
                ),
                ..pending.at
            }),
        }
    }
}
