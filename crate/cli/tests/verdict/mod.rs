//! The interpreter's verdict on a text, in the shape `overhead verdicts`
//! prints compiled code's (`overhead_bench::compiled::Verdict`): the tests that
//! compare the two share it.

// Each test crate that shares this module uses a part of it.
#![allow(dead_code)]

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

/// The interpreter's outcome on `text` in the as-shipped build's terms.
pub fn interpreted_outcome(engine: &Interpreter, text: &str, garde: bool) -> Json {
    let Ok(value) = engine.decode(text) else {
        return serde_json::json!("error");
    };
    match engine.validate(&value) {
        Ok(()) => serde_json::json!("ok"),
        Err(violations) => {
            let mut found: Vec<String> = violations
                .iter()
                .map(|v| {
                    let path = library_path(&v.path.to_string(), garde);
                    if garde {
                        path
                    } else {
                        format!("{path}:{}", v.code)
                    }
                })
                .collect();
            found.sort();
            serde_json::json!({ "invalid": found })
        }
    }
}

/// A path as the library displays it: a map's key `["k"]` is `[k]` for
/// validator and `.k` for garde.
pub fn library_path(path: &str, garde: bool) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(at) = rest.find("[\"") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find("\"]").unwrap_or(after.len());
        let key = &after[..end];
        if garde {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(key);
        } else {
            out.push_str(&format!("[{key}]"));
        }
        rest = after.get(end + 2..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}
