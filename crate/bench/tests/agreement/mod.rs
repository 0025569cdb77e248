//! One input through every validation variant of both engines, the compiled
//! code (`P` plain, `I` validating while it decodes) against the interpreter:
//! the same outcome, value and violations, or a panic that says where they
//! differ. Shared by the differential test and the `differential` fuzz target.

use overhead_engine::run::{Error, Interpreter};
use overhead_validate::{Validate, Violations, json};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value as Json;

pub fn paths(v: &Violations) -> Vec<String> {
    v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect()
}

pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// What an input turned out to be, for the tally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Valid,
    Invalid,
    Malformed,
}

/// postcard both ways: the plan's writer writes the derive's bytes, its
/// program reads them back to the same value, and the input's own bytes read
/// as postcard are refused or read alike by both.
fn postcard_agrees<P>(
    engine: &Interpreter,
    compiled: &P,
    interpreted: &overhead_engine::Value,
    text: &str,
) where
    P: DeserializeOwned + Serialize,
{
    // serde's flatten writes a map of unknown length, which postcard refuses:
    // then the writer refuses it too.
    let bytes = postcard::to_allocvec(compiled);
    let ours = engine.extend_postcard(interpreted, Vec::new());
    assert_eq!(bytes, ours, "postcard of {text}");
    let Ok(bytes) = bytes else {
        return;
    };
    // And read back as the derive reads them (which may refuse its own
    // bytes: a field `skip_serializing_if` leaves out is missing to postcard).
    match (
        postcard::from_bytes::<P>(&bytes),
        engine.read_postcard(&bytes),
    ) {
        (Ok(_), Ok(back)) => assert_eq!(
            engine.extend_postcard(&back, Vec::new()).ok(),
            Some(bytes),
            "postcard read back from {text}"
        ),
        (c, i) => assert_eq!(
            c.is_ok(),
            i.is_ok(),
            "postcard of {text} read back: {:?} / {:?}",
            c.err(),
            i.err()
        ),
    }
    let raw = text.as_bytes();
    match (postcard::from_bytes::<P>(raw), engine.read_postcard(raw)) {
        (Ok(c), Ok(i)) => assert_eq!(
            postcard::to_allocvec(&c).ok(),
            engine.extend_postcard(&i, Vec::new()).ok(),
            "{text} read as postcard"
        ),
        (c, i) => assert_eq!(
            c.is_ok(),
            i.is_ok(),
            "{text} read as postcard: {:?} / {:?}",
            c.err(),
            i.err()
        ),
    }
}

/// `from-value`: the text as a `serde_json::Value`, read by the derive and
/// by the engine's tree reader, succeeds or fails alike and to one value.
fn from_value_agrees<P>(engine: &Interpreter, text: &str)
where
    P: DeserializeOwned + Serialize,
{
    let Ok(tree) = serde_json::from_str::<Json>(text) else {
        return;
    };
    let compiled = P::deserialize(&tree);
    let interpreted = engine.read_json_value(&tree);
    assert_eq!(
        compiled.is_ok(),
        interpreted.is_ok(),
        "from-value on {text}: {:?} / {:?}",
        compiled.as_ref().err(),
        interpreted.as_ref().err()
    );
    if let (Ok(compiled), Ok(interpreted)) = (compiled, interpreted) {
        let written: Json =
            serde_json::from_str(&engine.to_json(&interpreted).expect("ser")).expect("json");
        let compiled_written: Json =
            serde_json::from_str(&serde_json::to_string(&compiled).expect("ser")).expect("json");
        assert_eq!(compiled_written, written, "from-value of {text}");
    }
}

/// Every variant on one input, compiled `P`/`I` against the engine.
pub fn agree<P, I>(engine: &Interpreter, text: &str) -> Kind
where
    P: DeserializeOwned + Serialize + Validate,
    I: DeserializeOwned,
{
    // de
    let compiled = serde_json::from_str::<P>(text);
    let interpreted = engine.decode(text);
    assert_eq!(
        compiled.is_ok(),
        interpreted.is_ok(),
        "de on {text}: {:?} / {:?}",
        compiled.as_ref().err(),
        interpreted.as_ref().err()
    );
    from_value_agrees::<P>(engine, text);
    let (Ok(compiled), Ok(interpreted)) = (compiled, interpreted) else {
        // Neither decodes: validating while decoding fails the same way.
        assert!(
            matches!(json::from_str::<I>(text), Err(json::Error::Syntax(_))),
            "{text}"
        );
        assert!(
            matches!(engine.decode_validated(text), Err(Error::Syntax(_))),
            "{text}"
        );
        return Kind::Malformed;
    };
    let written: Json =
        serde_json::from_str(&engine.to_json(&interpreted).expect("ser")).expect("json");
    // Through text, as both write it (an `f32` written as a `Value` widens).
    let compiled_written: Json =
        serde_json::from_str(&serde_json::to_string(&compiled).expect("ser")).expect("json");
    assert_eq!(compiled_written, written, "value of {text}");
    postcard_agrees(engine, &compiled, &interpreted, text);

    // de+validate
    let two_step = compiled
        .validate()
        .err()
        .map(|v| paths(&v))
        .unwrap_or_default();
    let ours = engine
        .validate(&interpreted)
        .err()
        .map(|v| paths(&v))
        .unwrap_or_default();
    assert_eq!(two_step, ours, "de+validate on {text}");

    // validate-on-de
    match (json::from_str::<I>(text), engine.decode_validated(text)) {
        (Ok(_), Ok(_)) => {}
        (Err(json::Error::Invalid(a)), Err(Error::Invalid(b))) => {
            assert_eq!(
                sorted(paths(&a)),
                sorted(paths(&b)),
                "validate-on-de on {text}"
            )
        }
        (a, b) => panic!("validate-on-de on {text}: {:?} / {:?}", a.err(), b.err()),
    }

    // validate-on-de/fail-fast
    match (
        json::from_str_fail_fast::<I>(text),
        engine.decode_fail_fast(text),
    ) {
        (Ok(_), Ok(_)) => {}
        (Err(json::Error::Invalid(a)), Err(Error::Invalid(b))) => {
            assert_eq!(paths(&a), paths(&b), "fail-fast on {text}")
        }
        (Err(json::Error::Syntax(_)), Err(Error::Syntax(_))) => {}
        (a, b) => panic!("fail-fast on {text}: {:?} / {:?}", a.err(), b.err()),
    }
    if two_step.is_empty() {
        Kind::Valid
    } else {
        Kind::Invalid
    }
}
