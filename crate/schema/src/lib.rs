//! overhead-schema: Rust struct definitions → Overhead's model.
//!
//! `syn` reads the items (with line/column spans), `serde_derive_internals`
//! gives serde's own meaning of `#[serde(...)]` (rename, rename_all, alias,
//! default, skip, flatten, deny_unknown_fields, tagging, transparent), and
//! [`attr`] reads `#[validate(...)]` and `#[garde(...)]` into [`RuleSpec`]s.
//! The derives and the interpreter both read this model: one place says what an
//! attribute means. Errors are gathered and reported together, each with a span;
//! an unknown rule is an error with a "did you mean" suggestion.

pub mod aliases;
pub mod attr;
mod cfg_attr;
mod check;
mod derived;
pub mod diagnostic;
mod dialect;
mod dive_context;
pub mod file;
mod infinite_size;
pub mod instance;
mod items;
pub mod limits;
mod macros;
pub mod model;
/// The rule registry (overhead-rules), where the parser finds its keywords.
pub use overhead_rules::registry;
pub mod repr;
pub mod rule;
pub mod scope;
mod serde_with;
pub mod shape;
mod suggest;
pub mod via;

pub use derived::as_derived;
pub use diagnostic::{Diagnostic, Errors, Severity};
pub use dialect::{DialectOf, as_pasted, stated_context};
pub use file::{Analysis, analyze, release_parsed_texts};
pub use model::{
    Conversion, DefaultValue, FieldDef, Identifier, Style, Tagging, TypeDef, TypeKind, VariantDef,
};
pub use rule::{
    CustomCall, IpKind, LengthMode, LengthSpec, Literal, Number, RangeFrom, RangeSpec, RegexSource,
    RuleKind, RuleSpec,
};
pub use shape::Shape;
