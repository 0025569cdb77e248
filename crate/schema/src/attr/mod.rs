//! Validation attributes: `#[validate(...)]` and `#[garde(...)]` on fields, and
//! on the type itself ([`container_rules`]).

mod container;
mod domainstack;
mod garde;
mod validate;
mod values;

use proc_macro2::Span;

use crate::diagnostic::Errors;
use crate::registry::{Dialect, Support};
use crate::rule::{RuleKind, RuleSpec};
use crate::scope::Scope;

pub use container::{ContainerRules, StructCheck, container_rules};

/// The rules of one field (or variant), from all of its validation attributes.
#[derive(Debug, Clone, Default)]
pub struct FieldRules {
    pub rules: Vec<RuleSpec>,
    /// garde's `skip`, validator's `skip`: no rules, on purpose.
    pub skip: bool,
    /// garde's `rename`: the field's name in violation paths.
    pub path_name: Option<String>,
    /// garde's `if(cond = …, rules…)`: rules that run when the condition,
    /// code over the struct (`self.strict`), holds.
    pub conditional: Vec<Conditional>,
    /// garde's bounds that read a context the paste does not build
    /// (`length(min = ctx.0)` with `context((usize, usize) as ctx)`): a
    /// [`RuleKind::RangeFrom`] whose bounds name the context's members, run
    /// by a struct that dives with a context made of its fields.
    pub context_rules: Vec<RuleSpec>,
    /// garde's `dive((self.min, self.max))`: the fields the nested type's
    /// context is made of, by position.
    pub dive_context: Option<Vec<String>>,
}

/// garde's `if(cond = …, rules…)` on a field.
#[derive(Debug, Clone)]
pub struct Conditional {
    /// The condition, an expression over `self` (and the context).
    pub cond: syn::Expr,
    pub rules: Vec<RuleSpec>,
    pub span: Span,
}

/// What a rule's parser reads with: the file's constants, and where to say
/// that a form the library accepts is not run here.
pub(crate) struct Cx<'a> {
    pub scope: &'a Scope,
    pub warnings: Vec<(Span, String)>,
    /// What is worth saying and holds for our derives too (which refuse what
    /// they would not run): never an error.
    pub notes: Vec<(Span, String)>,
    /// The dialect the type is read in: a word of two dialects (`email`)
    /// means its own dialect's rule.
    pub dialect: Dialect,
    /// The type's validation context, which a bound may read (`ctx.limit`).
    pub context: Option<&'a syn::Type>,
}

impl Cx<'_> {
    /// A rule (or part of one) that the library runs and the playground does
    /// not: said at its place, and the rest of the field runs.
    pub fn not_run(&mut self, span: Span, message: impl Into<String>) {
        self.warnings.push((span, message.into()));
    }

    /// A rule that runs, in the interpreter and in our derives, only where
    /// the paste gives what it reads (a `dive` with a context of fields):
    /// said at its place, as a warning even where assumptions are errors.
    pub fn runs_where_given(&mut self, span: Span, message: impl Into<String>) {
        self.notes.push((span, message.into()));
    }

    /// What a rule was read as where the paste leaves it open (a bound that
    /// reads the context): said at its place, as a note.
    pub fn assume(&mut self, span: Span, message: impl Into<String>) {
        self.warnings.push((span, message.into()));
    }
}

/// Reads every `#[validate]` and `#[garde]` of `attrs`; errors and warnings go
/// to `errors`.
pub fn field_rules(
    attrs: &[syn::Attribute],
    dialect: Dialect,
    scope: &Scope,
    context: Option<&syn::Type>,
    errors: &mut Errors,
) -> FieldRules {
    let mut out = FieldRules::default();
    let mut cx = Cx {
        scope,
        warnings: Vec::new(),
        notes: Vec::new(),
        dialect,
        context,
    };
    for attr in attrs {
        let result = if attr.path().is_ident("validate") && dialect == Dialect::Domainstack {
            domainstack::parse(attr, &mut cx, &mut out)
        } else if attr.path().is_ident("validate") {
            validate::parse(attr, &mut cx, &mut out)
        } else if attr.path().is_ident("garde") {
            garde::parse(attr, &mut cx, &mut out)
        } else {
            continue;
        };
        if let Err(e) = result {
            errors.syn(e);
        }
    }
    for (span, message) in cx.warnings {
        errors.assumption(span, message);
    }
    for (span, message) in cx.notes {
        errors.warning(span, message);
    }
    // Rules the registry lists as not run (they need what the playground does
    // not carry): said where they are written.
    for rule in &out.rules {
        if let Support::NotRun(why) = rule.kind.id().info().support
            && !matches!(rule.kind, RuleKind::Custom(..))
        {
            errors.assumption(
                rule.span,
                format!(
                    "`{}` is not run in the playground: {why}",
                    rule.kind.keyword()
                ),
            );
        }
    }
    out
}

/// Whether an attribute is one of ours (the derive must not pass it on).
pub fn is_validation_attr(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("validate") || attr.path().is_ident("garde")
}
