//! overhead-engine: the interpreter. Struct definitions as a user types them are
//! analysed by `overhead-schema` (the same model the derives read), compiled
//! once into a [`Plan`], then run: any serde format decodes into a [`Value`]
//! laid out by slot, checked with `overhead-validate`'s own rules, and written
//! back with serde. No compiler is involved, so the playground runs edited
//! definitions in the browser.

pub mod assume;
mod check;
mod de;
pub mod describe;
pub mod diagnose;
pub mod generate;
mod generic;
mod handed;
mod intern;
mod key_table;
mod layout;
mod order;
mod pasted;
mod pattern;
mod plan;
mod quick;
pub mod root;
mod rules;
mod ser;
pub mod sites;
pub mod text_form;
mod ty;
mod value;
mod via;

pub mod run;

pub use check::Checker;
pub use plan::{
    FieldDefault, FieldSegment, Flatten, KindPlan, Plan, PlanErrors, StructPlan, TypePlan,
};
pub use ser::Typed;
pub use ty::{Int, Ty, TypeId};
pub use value::{Slots, Value, default_value};
