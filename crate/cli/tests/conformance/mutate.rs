//! Inputs made from a valid one: broken at the JSON level where serde_json
//! treats a text specially (`-0` and `1e3` into integers, integers past
//! `u64::MAX`, `f32` overflow, lone surrogates, duplicate and escaped keys,
//! a top-level `null`), and at the level of the type (a field left out,
//! `null`, another type, an unknown key); and the one-step smaller inputs a
//! shrinker tries.

use serde_json::Value as Json;

/// A value no input holds, written where a raw text goes after writing.
const HOLE: &str = "\u{1}hole\u{1}";

/// `object` with `key`'s value written as the raw text `raw`.
fn with_raw(object: &serde_json::Map<String, Json>, key: &str, raw: &str) -> String {
    let mut changed = object.clone();
    changed.insert(key.to_owned(), Json::String(HOLE.to_owned()));
    let hole = serde_json::to_string(HOLE).expect("writes");
    Json::Object(changed).to_string().replacen(&hole, raw, 1)
}

/// The mutations of `valid` (at most `keys` of its keys mutated).
pub fn mutations(valid: &Json, keys: usize) -> Vec<String> {
    let mut out = vec![
        "null".to_owned(),
        "[]".to_owned(),
        "\"text\"".to_owned(),
        format!("{valid} trailing"),
        "{".to_owned(),
    ];
    let Json::Object(object) = valid else {
        return out;
    };
    out.push("{}".to_owned());
    for (key, value) in object.iter().take(keys) {
        let mut without = object.clone();
        without.remove(key);
        out.push(Json::Object(without).to_string());
        out.push(with_raw(object, key, "null"));
        // Another type than the field's.
        out.push(with_raw(
            object,
            key,
            match value {
                Json::String(_) => "7",
                _ => "\"7\"",
            },
        ));
        match value {
            Json::Number(_) => {
                for raw in ["-0", "1e3", "18446744073709551616", "-1", "3.5e39", "2.5"] {
                    out.push(with_raw(object, key, raw));
                }
            }
            Json::String(s) => {
                out.push(with_raw(object, key, "\"\\ud800\""));
                out.push(with_raw(object, key, "\"\""));
                out.push(with_raw(
                    object,
                    key,
                    &serde_json::to_string(&format!("  {s}  ")).expect("writes"),
                ));
            }
            Json::Array(items) => {
                out.push(with_raw(object, key, "[]"));
                if let Some(first) = items.first() {
                    let many = Json::Array(vec![first.clone(); 12]);
                    out.push(with_raw(object, key, &many.to_string()));
                }
            }
            _ => {}
        }
        // The key twice (serde's derive refuses a duplicate field), and
        // written with an escape (serde_json unescapes it first).
        let text = Json::Object(object.clone()).to_string();
        let entry = format!("{}:{}", serde_json::to_string(key).expect("writes"), value);
        out.push(text.replacen('{', &format!("{{{entry},"), 1));
        if let Some(first) = key.chars().next() {
            let escaped = format!("\"\\u{:04x}{}\"", first as u32, &key[first.len_utf8()..]);
            let plain = serde_json::to_string(key).expect("writes");
            out.push(text.replacen(&format!("{plain}:"), &format!("{escaped}:"), 1));
        }
    }
    let mut unknown = object.clone();
    unknown.insert("zz_unknown".to_owned(), Json::from(1));
    out.push(Json::Object(unknown).to_string());
    out
}

/// The inputs one step smaller than `value`: a key left out, a value made
/// simpler, an element dropped.
pub fn smaller(value: &Json) -> Vec<Json> {
    let mut out = Vec::new();
    match value {
        Json::Object(map) => {
            for (key, inner) in map {
                let mut without = map.clone();
                without.remove(key);
                out.push(Json::Object(without));
                for simpler in smaller(inner) {
                    let mut changed = map.clone();
                    changed.insert(key.clone(), simpler);
                    out.push(Json::Object(changed));
                }
            }
        }
        Json::Array(items) => {
            for i in 0..items.len() {
                let mut fewer = items.clone();
                fewer.remove(i);
                out.push(Json::Array(fewer));
            }
        }
        Json::String(s) if !s.is_empty() => {
            let half: String = s.chars().take(s.chars().count() / 2).collect();
            out.push(Json::String(half));
        }
        Json::Number(n) if n.as_f64() != Some(0.0) => out.push(Json::from(0)),
        _ => {}
    }
    out
}
