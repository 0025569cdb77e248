//! garde's `dive((self.min, self.max))`: a nested type whose bounds read its
//! context (`length(min = ctx.0)`) is checked with a context the diving
//! struct builds of its own fields.

use crate::Violations;

/// The rules of a type whose bounds read its validation context, run with
/// `context`. Our derives implement it for a type with a context (garde's
/// `context(T)`), and a struct that dives with a context calls it once the
/// struct is whole, putting the violations under the field.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no rules that read a context of type `{C}`",
    label = "this `dive(…)` gives it a context",
    note = "derive `Validate` or `ValidateOnDeserialize` on the nested type, with `#[garde(context({C} as ctx))]`"
)]
pub trait ContextRules<C: ?Sized> {
    fn context_rules_into(&self, context: &C, out: &mut Violations);
}
