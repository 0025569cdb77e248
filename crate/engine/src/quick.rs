//! The success path of validation, listed once per struct when the plan is
//! laid out: each rule beside the slot it reads, so that a valid value is
//! checked by one loop over the rules, as derived code's `passes` functions
//! run them one after another. The checker walked every field, asked each
//! rule whether it was `required`, `nested` or a collection's, and unwrapped
//! the field's `Option`s per rule; a user-signup's three fields spent more
//! there than in their rules.

use crate::plan::{FieldPlan, KindPlan, StructPlan, TypePlan};
use crate::rules::{Check, CheckKind};
use crate::ty::{Ty, TypeId};
use overhead_validate::rules::{Length, TextRule};

/// One step of a struct's quick pass.
#[derive(Debug, Clone)]
pub enum Quick {
    /// A rule on the value in slot `at`; on what an `Option` holds when
    /// `optional` (a `None` keeps every rule but `required`).
    Rule {
        at: usize,
        optional: bool,
        op: QuickOp,
    },
    /// A struct laid out inline at `at`, `width` slots: its own quick pass.
    Inline { id: TypeId, at: usize, width: usize },
    /// A field whose rules read more than a value (`nested` into a
    /// collection or an `Option`, `each`, a custom function, nested
    /// `Option`s): the checker's full walk of that field.
    Field(usize),
}

/// A rule of the quick pass, chosen for the type it reads.
#[derive(Debug, Clone)]
pub enum QuickOp {
    /// The `Option` holds a value.
    Required,
    /// A rule on a string field's text, which is always a `Value::Str`.
    Text(TextRule),
    /// A string field's length.
    TextLength(Length),
    /// Any other rule, through [`rule_passes`](crate::rules::rule_passes).
    Other(CheckKind),
}

impl QuickOp {
    fn of(kind: &CheckKind, text: bool) -> QuickOp {
        match kind {
            CheckKind::Required => QuickOp::Required,
            CheckKind::Text(rule) if text => QuickOp::Text(*rule),
            CheckKind::Length(rule) if text => QuickOp::TextLength(*rule),
            kind => QuickOp::Other(kind.clone()),
        }
    }
}

/// Lists the quick pass of every struct and struct variant.
pub fn list(types: &mut [TypePlan]) {
    for ty in types.iter_mut() {
        match &mut ty.kind {
            KindPlan::Struct(s) => s.quick = steps(s),
            KindPlan::Enum(e) => {
                for variant in &mut e.variants {
                    variant.fields.quick = steps(&variant.fields);
                }
            }
        }
    }
}

fn steps(s: &StructPlan) -> Box<[Quick]> {
    let mut steps = Vec::new();
    for (index, field) in s.fields.iter().enumerate() {
        if field.checks.is_empty() {
            continue;
        }
        if let Some((id, width)) = field.inline {
            // A struct laid out inline takes `nested` alone.
            steps.push(Quick::Inline {
                id,
                at: field.at,
                width,
            });
            continue;
        }
        match simple(field) {
            Some((optional, text)) => steps.extend(field.checks.iter().map(|c| Quick::Rule {
                at: field.at,
                optional,
                op: QuickOp::of(&c.kind, text),
            })),
            None => steps.push(Quick::Field(index)),
        }
    }
    steps.into_boxed_slice()
}

/// Whether each of a field's rules reads its value alone: `Some` with
/// whether it reads it through one `Option`, and whether the value is a
/// string (a `Value::Str`, whatever the input).
fn simple(field: &FieldPlan) -> Option<(bool, bool)> {
    let (ty, optional) = match &field.ty {
        Ty::Option(inner) if matches!(**inner, Ty::Option(_)) => return None,
        Ty::Option(inner) => (&**inner, true),
        ty => (ty, false),
    };
    let text = matches!(ty, Ty::Str | Ty::Trimmed | Ty::Borrowed | Ty::Text(_));
    let reads_alone = |c: &Check| {
        !matches!(
            c.kind,
            CheckKind::Nested | CheckKind::Each(_) | CheckKind::Custom(_)
        )
    };
    field
        .checks
        .iter()
        .all(reads_alone)
        .then_some((optional, text))
}
