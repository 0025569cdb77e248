//! The interpreter's verdict on a text, in the shape `overhead verdicts`
//! prints compiled code's (`overhead_bench::compiled::Verdict`): the tests that
//! compare the two share it.

use overhead_engine::run::{Error, Interpreter};
use overhead_validate::Violations;
use serde_json::Value as Json;

fn paths(v: &Violations) -> Vec<String> {
    v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect()
}

/// The interpreter's verdict, in the shape of `overhead_bench::compiled::Verdict`.
pub fn interpreted(engine: &Interpreter, text: &str) -> Json {
    let decoded = engine.decode(text).ok();
    let on_de = |result: Result<overhead_engine::Value, Error>, sort: bool| match result {
        Ok(_) => serde_json::json!("ok"),
        Err(Error::Invalid(v)) => {
            let mut found = paths(&v);
            if sort {
                found.sort();
            }
            serde_json::json!({ "invalid": found })
        }
        Err(Error::Syntax(_)) => serde_json::json!("syntax"),
    };
    serde_json::json!({
        "value": decoded.as_ref().map(|v| {
            serde_json::from_str::<Json>(&engine.to_json(v).expect("writes")).expect("json")
        }),
        "two_step": decoded.as_ref().and_then(|v| engine.validate(v).err()).map(|v| paths(&v)).unwrap_or_default(),
        "on_de": on_de(engine.decode_validated(text), true),
        "fail_fast": on_de(engine.decode_fail_fast(text), false),
    })
}
