//! The success path of validation, listed once per struct when the plan is
//! laid out: each field's rules beside the slot they read, so that a valid
//! value is checked by one loop over its fields and a tight loop over each
//! field's rules, as derived code's `passes` functions run them one after
//! another. The checker walked every field, asked each rule whether it was
//! `required`, `nested` or a collection's, and unwrapped the field's
//! `Option`s per rule; a user-signup's three fields spent more there than in
//! their rules.

use crate::plan::{FieldPlan, KindPlan, StructPlan, TypePlan};
use crate::rules::{Check, CheckKind};
use crate::ty::{Ty, TypeId};
use overhead_validate::rules::{Length, TextRule};

/// One step of a struct's quick pass.
#[derive(Debug, Clone)]
pub enum Quick {
    /// A string field's rules on its text (a `Value::Str`, whatever the
    /// input), in slot `at`.
    Text {
        at: usize,
        reads: Reads,
        rules: Box<[TextCheck]>,
    },
    /// Another field's rules on its value, in slot `at`.
    Value {
        at: usize,
        reads: Reads,
        rules: Box<[CheckKind]>,
    },
    /// A struct laid out inline at `at`, `width` slots: its own quick pass.
    Inline { id: TypeId, at: usize, width: usize },
    /// A field whose rules read more than a value (`nested` into a
    /// collection or an `Option`, `each`, a custom function, nested
    /// `Option`s): the checker's full walk of that field.
    Field(usize),
}

/// How a field's rules read its slot.
#[derive(Debug, Clone, Copy)]
pub struct Reads {
    /// Through an `Option`: a `None` keeps every rule but `required`.
    pub optional: bool,
    /// `required`: the `Option` holds a value.
    pub required: bool,
}

impl Reads {
    /// Whether a field whose slot holds no value to check (an `Option`'s
    /// `None`) keeps its rules: all but `required`.
    #[inline]
    pub fn passes_without(self, value: &crate::value::Value) -> bool {
        !(self.required && value.is_none())
    }
}

/// A rule on a string's text.
#[derive(Debug, Clone)]
pub enum TextCheck {
    Rule(TextRule),
    Length(Length),
    /// Any other, through [`rule_passes`](crate::rules::rule_passes).
    Other(CheckKind),
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
        let Some((optional, text)) = simple(field) else {
            steps.push(Quick::Field(index));
            continue;
        };
        let reads = Reads {
            optional,
            required: field
                .checks
                .iter()
                .any(|c| matches!(c.kind, CheckKind::Required)),
        };
        let rules = field
            .checks
            .iter()
            .map(|c| &c.kind)
            .filter(|kind| !matches!(kind, CheckKind::Required));
        steps.push(match text {
            true => Quick::Text {
                at: field.at,
                reads,
                rules: rules
                    .map(|kind| match kind {
                        CheckKind::Text(rule) => TextCheck::Rule(*rule),
                        CheckKind::Length(rule) => TextCheck::Length(*rule),
                        kind => TextCheck::Other(kind.clone()),
                    })
                    .collect(),
            },
            false => Quick::Value {
                at: field.at,
                reads,
                rules: rules.cloned().collect(),
            },
        });
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
