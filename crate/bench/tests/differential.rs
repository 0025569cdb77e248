//! The interpreter against the compiled code, scenario by scenario: the same
//! outcome, the same decoded value (compared through serialization) and the same
//! violations (path and code), on the bundled inputs and on thousands of inputs
//! made from them (values changed, keys dropped or added, types swapped, text cut)
//! and on values generated from the plan, valid and breaking each rule in turn.

mod agreement;

use agreement::{Kind, agree};
use overhead_bench::bundled::{self, BUNDLED};
use overhead_engine::generate::{Generator, Rng};
use overhead_engine::run::Engine;
use overhead_validate::Validate;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value as Json, json};

const CASES: usize = 10_000;

fn scenario(name: &str) -> (String, Option<String>, Vec<String>) {
    let b = BUNDLED.iter().find(|b| b.name == name).expect("bundled");
    let s = b.scenario().expect("parses");
    (
        s.schema.clone(),
        s.root.clone(),
        s.inputs.iter().map(|i| i.text.clone()).collect(),
    )
}

/// Inputs made from `seeds` by random edits, deterministic per `seed`.
fn cases(seeds: &[String], seed: u64) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let docs: Vec<Json> = seeds
        .iter()
        .filter_map(|t| serde_json::from_str(t).ok())
        .collect();
    let mut out = Vec::with_capacity(CASES);
    while out.len() < CASES {
        let mut doc = docs[rng.below(docs.len() as u64) as usize].clone();
        for _ in 0..1 + rng.below(2) {
            mutate(&mut doc, &mut rng);
        }
        let mut text = doc.to_string();
        if rng.below(20) == 0 {
            let mut cut = rng.below(text.len() as u64) as usize;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
        }
        out.push(text);
    }
    out
}

fn mutate(doc: &mut Json, rng: &mut Rng) {
    match doc {
        Json::Object(map) if !map.is_empty() && rng.below(3) > 0 => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = keys[rng.below(keys.len() as u64) as usize].clone();
            match rng.below(12) {
                0 => {
                    map.remove(&key);
                }
                1 => {
                    map.insert("unknownKey".into(), json!(rng.below(9)));
                }
                _ => {
                    if let Some(v) = map.get_mut(&key) {
                        mutate(v, rng);
                    }
                }
            }
        }
        Json::Array(items) if !items.is_empty() && rng.below(3) > 0 => {
            let i = rng.below(items.len() as u64) as usize;
            match rng.below(5) {
                0 => {
                    items.remove(i);
                }
                1 => {
                    let copy = items[i].clone();
                    items.push(copy);
                }
                _ => mutate(&mut items[i], rng),
            }
        }
        // Mostly a value of the same kind, so that decoding often succeeds and
        // the rules decide; sometimes anything at all.
        Json::String(_) if rng.below(6) > 0 => {
            *doc = json!(WORDS[rng.below(WORDS.len() as u64) as usize])
        }
        Json::Number(n) if rng.below(6) > 0 => {
            *doc = match n.as_u64() {
                Some(n) => json!(rng.below(n.saturating_mul(2).saturating_add(10))),
                None => json!(rng.below(1000) as f64 / 8.0),
            }
        }
        Json::Bool(b) if rng.below(6) > 0 => *doc = json!(!*b),
        other => *other = leaf(rng),
    }
}

const WORDS: &[&str] = &[
    "",
    " ",
    "a",
    "ab",
    "abc",
    "alice123",
    "a!",
    "x@y.z",
    "not-an-email",
    "bob@example.com",
    "+4420712",
    "GB",
    "GBR",
    "SW1Y4JH",
    "日本語",
    "sunRoof",
    "sportsPack",
    "A",
    "B",
    "Z",
    "WELCOME10",
    "10%",
    "https://example.com",
    "0123456789012345678901234567890123456789",
];

fn leaf(rng: &mut Rng) -> Json {
    match rng.below(9) {
        0 => json!(WORDS[rng.below(WORDS.len() as u64) as usize]),
        1 => json!(rng.below(300)),
        2 => json!(-(rng.below(300) as i64)),
        3 => json!(rng.next_u64()),
        4 => json!(rng.below(1000) as f64 / 7.0),
        5 => json!(rng.below(2) == 1),
        6 => Json::Null,
        7 => json!([rng.below(5), "a"]),
        _ => json!({"k": rng.below(5)}),
    }
}

fn differential<P, I>(name: &str)
where
    P: DeserializeOwned + Serialize + Validate,
    I: DeserializeOwned,
{
    let (schema, root, inputs) = scenario(name);
    let engine = Engine::new(&schema, root.as_deref()).unwrap_or_else(|d| panic!("{name}: {d:?}"));
    for text in &inputs {
        agree::<P, I>(&engine, text);
    }
    let mut tally = std::collections::HashMap::new();
    for text in cases(&inputs, 0xD1FF ^ name.len() as u64) {
        *tally.entry(agree::<P, I>(&engine, &text)).or_insert(0) += 1;
    }
    // The generated inputs cover every outcome, each well.
    for kind in [Kind::Valid, Kind::Invalid, Kind::Malformed] {
        let n = tally.get(&kind).copied().unwrap_or(0);
        assert!(
            n >= CASES / 50,
            "{name}: only {n} {kind:?} cases of {CASES}: {tally:?}"
        );
    }
    eprintln!("{name}: {tally:?}");

    // Inputs made from the plan: values that keep every rule are valid in both
    // engines; each breakable rule, broken alone, makes them invalid.
    let mut generator = Generator::new(engine.plan(), 0x6E4E ^ name.len() as u64);
    for _ in 0..1000 {
        let text = engine.to_json(&generator.valid()).expect("ser");
        assert_eq!(agree::<P, I>(&engine, &text), Kind::Valid, "{name}: {text}");
    }
    let targets = generator.targets();
    assert!(!targets.is_empty(), "{name}: no rule to break");
    eprintln!("{name}: {} rules broken one at a time", targets.len());
    for target in targets {
        for _ in 0..50 {
            let value = generator.violating(target).expect("breakable");
            let text = engine.to_json(&value).expect("ser");
            assert_eq!(
                agree::<P, I>(&engine, &text),
                Kind::Invalid,
                "{name} {target:?}: {text}"
            );
        }
    }
}

#[test]
fn user_signup_agrees() {
    use bundled::user_signup::{integrated, plain};
    differential::<plain::UserSignup, integrated::UserSignup>("user-signup");
}

#[test]
fn api_payload_agrees() {
    use bundled::api_payload::{integrated, plain};
    differential::<plain::CreateOrder, integrated::CreateOrder>("api-payload");
}

#[test]
fn car_agrees() {
    use bundled::car::{integrated, plain};
    differential::<plain::Car, integrated::Car>("car");
}

/// Decoding only (the scenario has no rules): the same outcome and, when both
/// read, the same value, compared through the JSON each writes.
fn decode_agrees<T: DeserializeOwned + Serialize>(engine: &Engine, text: &str) -> Kind {
    let compiled = serde_json::from_str::<T>(text);
    let interpreted = engine.decode(text);
    match (compiled, interpreted) {
        (Ok(c), Ok(i)) => {
            let c: Json = serde_json::to_value(&c).expect("ser");
            let i: Json = serde_json::from_str(&engine.to_json(&i).expect("ser")).expect("json");
            assert_eq!(c, i, "value of {text}");
            Kind::Valid
        }
        (Err(_), Err(_)) => Kind::Malformed,
        (c, i) => panic!("de on {text}: {:?} / {:?}", c.err(), i.err()),
    }
}

#[test]
fn nested_flatten_agrees_in_each_flatten_mode() {
    use bundled::nested_flatten::{fast, plain, unflattened};
    use overhead_engine::Flatten;
    let (schema, root, inputs) = scenario("nested-flatten");
    let serde_way = Engine::new(&schema, root.as_deref()).expect("runs");
    for mode in [Flatten::Serde, Flatten::Fast, Flatten::Unflattened] {
        let engine = Engine::with_flatten(&schema, root.as_deref(), mode).expect("runs");
        // The unflattened form reads the same values written as nested objects.
        let seeds: Vec<String> = inputs
            .iter()
            .map(|text| {
                let value = serde_way.decode(text).expect("a bundled input decodes");
                engine.to_json(&value).expect("ser")
            })
            .collect();
        let mut generator = Generator::new(engine.plan(), 0xF1A7);
        let generated = (0..1000).map(|_| engine.to_json(&generator.valid()).expect("ser"));
        let mut tally = std::collections::HashMap::new();
        let texts = seeds
            .iter()
            .cloned()
            .chain(cases(&seeds, 0xD1FF ^ mode as u64))
            .chain(generated);
        for text in texts {
            let kind = match mode {
                Flatten::Serde => decode_agrees::<plain::A>(&engine, &text),
                Flatten::Fast => decode_agrees::<fast::A>(&engine, &text),
                Flatten::Unflattened => decode_agrees::<unflattened::A>(&engine, &text),
            };
            *tally.entry(kind).or_insert(0) += 1;
        }
        for kind in [Kind::Valid, Kind::Malformed] {
            let n = tally.get(&kind).copied().unwrap_or(0);
            assert!(
                n >= CASES / 50,
                "{mode:?}: only {n} {kind:?} cases: {tally:?}"
            );
        }
        eprintln!("nested-flatten {mode:?}: {tally:?}");
    }
}
