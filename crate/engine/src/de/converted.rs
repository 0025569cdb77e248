//! The paste's code in decoding, run by the interpreter: serde's container
//! `from`/`try_from` (the value is read as the source type, then the
//! paste's `impl From`/`TryFrom` builds the type; `TryFrom`'s `Err` is a
//! decoding error with its text, as serde's derive makes it) and a field's
//! `deserialize_with` function (the value read as the type it reads first,
//! then its code; its `Err` a decoding error).

use serde::de::{DeserializeSeed, Deserializer, Error as _};

use super::Seed;
use crate::handed::{from_val, to_val};
use crate::pasted::{Function, Outcome, Val, run};
use crate::plan::{Convert, ReadWith};
use crate::ty::{Ty, TypeId};
use crate::value::Value;

pub(super) fn deserialize<'de, D: Deserializer<'de>>(
    seed: Seed<'_>,
    id: TypeId,
    convert: &Convert,
    d: D,
) -> Result<Value, D::Error> {
    let plan = seed.plan;
    let ident = plan.types[id].ident;
    let what = || format!("the conversion into `{ident}`");
    let built = through_pasted(
        seed,
        &convert.source,
        &convert.function,
        convert.fallible,
        what,
        d,
    )?;
    let value = from_val(plan, &crate::ty::Ty::Named(id), &built)
        .map_err(|why| D::Error::custom(format_args!("{} built {why}", what())))?;
    if let Some(stop) = seed.stop {
        super::fail_fast::check_whole(stop, plan, id, &value, seed.root)?;
    }
    Ok(value)
}

pub(super) fn read_with<'de, D: Deserializer<'de>>(
    seed: Seed<'_>,
    with: &ReadWith,
    d: D,
) -> Result<Value, D::Error> {
    let what = || "the deserialize function".to_owned();
    let read = through_pasted(seed, &with.source, &with.function, true, what, d)?;
    from_val(seed.plan, seed.ty, &read)
        .map_err(|why| D::Error::custom(format_args!("{} returned {why}", what())))
}

/// Reads the value as `source` and hands it to the paste's `function`:
/// its result, or with `fallible` its `Result`'s `Ok` (its `Err` a decoding
/// error with the error's text). `what` names the code in the other errors,
/// built only when one is raised.
fn through_pasted<'de, D: Deserializer<'de>>(
    seed: Seed<'_>,
    source: &Ty,
    function: &Function,
    fallible: bool,
    what: impl Fn() -> String,
    d: D,
) -> Result<Val, D::Error> {
    let plan = seed.plan;
    let value = Seed {
        stop: None,
        ..seed.at(source)
    }
    .deserialize(d)?;
    match (fallible, run(function, &[to_val(plan, source, &value)])) {
        (_, Outcome::Stopped(why)) => {
            Err(D::Error::custom(format_args!("{} stopped: {why}", what())))
        }
        (false, Outcome::Returned(built)) => Ok(built),
        (true, Outcome::Returned(Val::Res(Ok(built)))) => Ok(*built),
        (true, Outcome::Returned(Val::Res(Err(error)))) => {
            Err(D::Error::custom(error_text(&error)))
        }
        (true, Outcome::Returned(_)) => Err(D::Error::custom(format_args!(
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
