//! The paste's code in decoding, run by the interpreter: serde's container
//! `from`/`try_from` (the value is read as the source type, then the
//! paste's `impl From`/`TryFrom` builds the type; `TryFrom`'s `Err` is a
//! decoding error with its text, as serde's derive makes it) and a field's
//! `deserialize_with` function (the value read as the type it reads first,
//! then its code; its `Err` a decoding error).

use crate::handed::{from_val, to_val};
use crate::pasted::{Function, Outcome, Val, run};
use crate::plan::{Convert, Plan, ReadWith};
use crate::ty::{Ty, TypeId};
use crate::value::Value;

/// Type `id` from `source`, a value of its `convert`'s source type: what
/// the paste's `From`/`TryFrom` builds of it, or its error. Each reader
/// reads the source its own way, by the program's op for it.
pub(super) fn convert_read<E: serde::de::Error>(
    plan: &Plan,
    id: TypeId,
    convert: &Convert,
    source: Value,
) -> Result<Value, E> {
    let ident = plan.types[id].ident;
    let what = || format!("the conversion into `{ident}`");
    let built = run_pasted(
        plan,
        &convert.source,
        source,
        &convert.function,
        convert.fallible,
        what,
    )?;
    from_val(plan, &Ty::Named(id), &built)
        .map_err(|why| E::custom(format_args!("{} built {why}", what())))
}

/// A field's value of type `ty` from `source`, a value of the paste's
/// `deserialize_with` function's source type: what the function returns
/// of it, or its error. Each reader reads the source its own way.
pub(super) fn run_read_with<E: serde::de::Error>(
    plan: &Plan,
    with: &ReadWith,
    ty: &Ty,
    source: Value,
) -> Result<Value, E> {
    let what = || "the deserialize function".to_owned();
    let read = run_pasted(plan, &with.source, source, &with.function, true, what)?;
    from_val(plan, ty, &read).map_err(|why| E::custom(format_args!("{} returned {why}", what())))
}

/// Hands `value`, read as `source`, to the paste's `function`: its
/// result, or with `fallible` its `Result`'s `Ok` (its `Err` a decoding
/// error with the error's text). `what` names the code in the other errors,
/// built only when one is raised.
fn run_pasted<E: serde::de::Error>(
    plan: &Plan,
    source: &Ty,
    value: Value,
    function: &Function,
    fallible: bool,
    what: impl Fn() -> String,
) -> Result<Val, E> {
    match (fallible, run(function, &[to_val(plan, source, &value)])) {
        (_, Outcome::Stopped(why)) => Err(E::custom(format_args!("{} stopped: {why}", what()))),
        (false, Outcome::Returned(built)) => Ok(built),
        (true, Outcome::Returned(Val::Res(Ok(built)))) => Ok(*built),
        (true, Outcome::Returned(Val::Res(Err(error)))) => Err(E::custom(error_text(&error))),
        (true, Outcome::Returned(_)) => Err(E::custom(format_args!(
            "{} did not return a Result",
            what()
        ))),
    }
}

/// The error's `Display`, as serde's message holds it.
fn error_text(error: &Val) -> String {
    match error {
        Val::Str(text) | Val::Error(text) => text.to_string(),
        Val::Int(n) => n.to_string(),
        Val::Char(c) => c.to_string(),
        _ => "the conversion failed".to_owned(),
    }
}
