//! The paste's code in decoding, run by the interpreter: serde's container
//! `from`/`try_from` (the value is read as the source type, then the
//! paste's `impl From`/`TryFrom` builds the type; `TryFrom`'s `Err` is a
//! decoding error with its text, as serde's derive makes it) and a field's
//! `deserialize_with` function (the value read as the type it reads first,
//! then its code; its `Err` a decoding error).

use serde::de::{DeserializeSeed, Deserializer, Error as _};

use super::Seed;
use crate::handed::{from_val, to_val};
use crate::pasted::{Outcome, Val, run};
use crate::plan::{Convert, ReadWith};
use crate::ty::TypeId;
use crate::value::Value;

pub(super) fn deserialize<'de, D: Deserializer<'de>>(
    seed: Seed<'_>,
    id: TypeId,
    convert: &Convert,
    d: D,
) -> Result<Value, D::Error> {
    let plan = seed.plan;
    let source = Seed {
        stop: None,
        ..seed.at(&convert.source)
    }
    .deserialize(d)?;
    let ident = plan.types[id].ident;
    let built = match run(&convert.function, &[to_val(plan, &convert.source, &source)]) {
        Outcome::Returned(built) => built,
        Outcome::Stopped(why) => {
            return Err(D::Error::custom(format_args!(
                "the conversion into `{ident}` stopped: {why}"
            )));
        }
    };
    let built = match (convert.fallible, built) {
        (false, built) => built,
        (true, Val::Res(Ok(built))) => *built,
        (true, Val::Res(Err(error))) => return Err(D::Error::custom(error_text(&error))),
        (true, _) => {
            return Err(D::Error::custom(format_args!(
                "the conversion into `{ident}` did not return a Result"
            )));
        }
    };
    let value = from_val(plan, &crate::ty::Ty::Named(id), &built).map_err(|why| {
        D::Error::custom(format_args!("the conversion into `{ident}` built {why}"))
    })?;
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
    let plan = seed.plan;
    let source = Seed {
        stop: None,
        ..seed.at(&with.source)
    }
    .deserialize(d)?;
    let read = match run(&with.function, &[to_val(plan, &with.source, &source)]) {
        Outcome::Returned(Val::Res(Ok(read))) => *read,
        Outcome::Returned(Val::Res(Err(error))) => {
            return Err(D::Error::custom(error_text(&error)));
        }
        Outcome::Returned(_) => {
            return Err(D::Error::custom(
                "the deserialize function did not return a Result",
            ));
        }
        Outcome::Stopped(why) => {
            return Err(D::Error::custom(format_args!(
                "the deserialize function stopped: {why}"
            )));
        }
    };
    from_val(plan, seed.ty, &read)
        .map_err(|why| D::Error::custom(format_args!("the deserialize function returned {why}")))
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
