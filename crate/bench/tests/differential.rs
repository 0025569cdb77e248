//! The interpreter against the compiled code, scenario by scenario: the same
//! outcome, the same decoded value (compared through serialization) and the same
//! violations (path and code), on the bundled inputs and on thousands of inputs
//! made from them (values changed, keys dropped or added, types swapped, text cut)
//! and on values generated from the plan, valid and breaking each rule in turn.

mod agreement;

use agreement::{Kind, agree, paths, sorted};
use overhead_bench::bundled::{self, BUNDLED};
use overhead_bench::compiled::{CompiledType, OnDe};
use overhead_engine::generate::{Generator, Rng};
use overhead_engine::run::Error;
use overhead_engine::run::Interpreter;
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

/// Every bundled scenario, through its root type's compiled code: no list of
/// scenarios to keep in step with `scenarios/`.
#[test]
fn every_bundled_scenario_agrees() {
    assert!(!BUNDLED.is_empty());
    for b in BUNDLED {
        let (schema, root, inputs) = scenario(b.name);
        let engine = Interpreter::new(&schema, root.as_deref())
            .unwrap_or_else(|d| panic!("{}: {d:?}", b.name));
        let root_name = root
            .clone()
            .unwrap_or_else(|| bundled::types(b)[0].0.to_owned());
        let (_, compiled) = bundled::types(b)
            .iter()
            .find(|(name, _)| *name == root_name)
            .unwrap_or_else(|| panic!("{}: no compiled `{root_name}`", b.name));
        differential(b.name, &engine, &inputs, |text| {
            agree_verdict(&engine, *compiled, text)
        });
    }
}

/// Every variant on one input, as compiled code's verdict says, against the engine.
fn agree_verdict(engine: &Interpreter, compiled: &dyn CompiledType, text: &str) -> Kind {
    let verdict = compiled
        .verdict(text)
        .expect("compiled code gives a verdict");
    let on_de = |result: Result<overhead_engine::Value, Error>, sort: bool| match result {
        Ok(_) => OnDe::Ok,
        Err(Error::Invalid(v)) if sort => OnDe::Invalid(sorted(paths(&v))),
        Err(Error::Invalid(v)) => OnDe::Invalid(paths(&v)),
        Err(Error::Syntax(_)) => OnDe::Syntax,
    };
    let interpreted = engine.decode(text);
    assert_eq!(verdict.value.is_some(), interpreted.is_ok(), "de on {text}");
    assert_eq!(
        verdict.on_de,
        on_de(engine.decode_validated(text), true),
        "validate-on-de on {text}"
    );
    assert_eq!(
        verdict.fail_fast,
        on_de(engine.decode_fail_fast(text), false),
        "fail-fast on {text}"
    );
    let Ok(interpreted) = interpreted else {
        return Kind::Malformed;
    };
    let written: Json =
        serde_json::from_str(&engine.to_json(&interpreted).expect("ser")).expect("json");
    assert_eq!(verdict.value.as_ref(), Some(&written), "value of {text}");
    let ours = engine
        .validate(&interpreted)
        .err()
        .map(|v| paths(&v))
        .unwrap_or_default();
    assert_eq!(verdict.two_step, ours, "de+validate on {text}");
    if ours.is_empty() {
        Kind::Valid
    } else {
        Kind::Invalid
    }
}

/// `check` on a scenario's inputs, thousands made from them, and values made
/// from its plan (valid, and breaking each rule alone when it has rules).
fn differential(name: &str, engine: &Interpreter, inputs: &[String], check: impl Fn(&str) -> Kind) {
    for text in inputs {
        check(text);
    }
    let has_rules = !Generator::new(engine.plan(), 0).targets().is_empty();
    let mut tally = std::collections::HashMap::new();
    for text in cases(inputs, 0xD1FF ^ name.len() as u64) {
        *tally.entry(check(&text)).or_insert(0) += 1;
    }
    // The generated inputs cover every outcome, each well.
    let kinds: &[Kind] = if has_rules {
        &[Kind::Valid, Kind::Invalid, Kind::Malformed]
    } else {
        &[Kind::Valid, Kind::Malformed]
    };
    for kind in kinds {
        let n = tally.get(kind).copied().unwrap_or(0);
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
        assert_eq!(check(&text), Kind::Valid, "{name}: {text}");
    }
    let targets = generator.targets();
    eprintln!("{name}: {} rules broken one at a time", targets.len());
    for target in targets {
        for _ in 0..50 {
            let value = generator.violating(target).expect("breakable");
            let text = engine.to_json(&value).expect("ser");
            assert_eq!(check(&text), Kind::Invalid, "{name} {target:?}: {text}");
        }
    }
}

/// The typed check (`agreement::agree`, which the fuzz target runs too) on one
/// scenario, so that it stays exercised beside the verdicts.
#[test]
fn user_signup_agrees_through_the_typed_check() {
    use bundled::user_signup::{integrated, plain};
    let (schema, root, inputs) = scenario("user-signup");
    let engine = Interpreter::new(&schema, root.as_deref()).expect("runs");
    differential("user-signup", &engine, &inputs, |text| {
        agree::<plain::UserSignup, integrated::UserSignup>(&engine, text)
    });
}

/// Decoding only (the scenario has no rules): the same outcome and, when both
/// read, the same value, compared through the JSON each writes.
fn decode_agrees<T: DeserializeOwned + Serialize>(engine: &Interpreter, text: &str) -> Kind {
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
    let serde_way = Interpreter::new(&schema, root.as_deref()).expect("runs");
    for mode in [Flatten::Serde, Flatten::Fast, Flatten::Unflattened] {
        let engine = Interpreter::with_flatten(&schema, root.as_deref(), mode).expect("runs");
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

/// Definitions compiled here the way the bundled scenarios' are (`plain`
/// derives serde's and `Validate`, `integrated` `ValidateOnDeserialize`), and
/// given to the interpreter as text: the same tokens. The derives come in with
/// them: a derive named in this macro's own text would see the definitions'
/// tokens from another hygiene context than its own.
macro_rules! compiled_and_text {
    (plain: #[$plain:meta] integrated: #[$integrated:meta] $($item:item)*) => {
        const FLATTENING: &str = stringify!($($item)*);
        mod plain {
            $(#[$plain] $item)*
        }
        // Only decoded: what it read is compared through `plain`.
        #[allow(dead_code)]
        mod integrated {
            $(#[$integrated] $item)*
        }
    };
}

// A webhook whose delivery's keys are flattened in beside the envelope's (with
// `nested`, and fields declared after it), and two flattened structs whose
// rules the envelope does not ask for or that may not read (`Option`).
compiled_and_text! {
    plain: #[derive(Debug, serde::Serialize, serde::Deserialize, overhead_validate::Validate)]
    integrated: #[derive(Debug, overhead_validate::ValidateOnDeserialize)]
    #[overhead(dialect = "validator")]
    pub struct Event {
        #[validate(length(min = 5, max = 12))]
        pub id: String,
        #[serde(flatten)]
        #[validate(nested)]
        pub delivery: Delivery,
        #[validate(range(min = 1500000000))]
        pub created: u64,
        #[serde(flatten)]
        pub trace: Trace,
        #[serde(flatten)]
        #[validate(nested)]
        pub refund: Option<Refund>,
        pub livemode: bool,
    }
    #[overhead(dialect = "validator")]
    pub struct Delivery {
        #[validate(range(min = 1, max = 10))]
        pub attempt: u32,
        #[validate(length(min = 3, max = 20))]
        pub endpoint: String,
        #[validate(nested)]
        pub retry: Option<Retry>,
    }
    #[overhead(dialect = "validator")]
    pub struct Retry {
        #[validate(range(max = 3600))]
        pub after: u32,
    }
    #[overhead(dialect = "validator")]
    pub struct Trace {
        #[validate(length(equal = 8))]
        pub trace_id: String,
    }
    #[overhead(dialect = "validator")]
    pub struct Refund {
        #[validate(range(min = 1))]
        pub refunded: u64,
        #[validate(length(min = 3))]
        pub reason: String,
        #[validate(nested)]
        pub by: Option<Retry>,
    }
}

/// A flattened struct's rules count where its field says `nested`, under the
/// field's name, in every variant of both engines.
#[test]
fn flattened_structs_agree() {
    let engine = Interpreter::new(FLATTENING, Some("Event")).expect("runs");
    let inputs: Vec<String> = [
        r#"{"id":"evt_12345","attempt":1,"endpoint":"https://a.b/c","created":1700000000,"trace_id":"0123abcd","livemode":true}"#,
        r#"{"id":"evt","attempt":0,"endpoint":"x","retry":{"after":9999},"created":7,"trace_id":"t","refunded":0,"reason":"no","livemode":false}"#,
        r#"{"livemode":true,"trace_id":"0123abcd","refunded":5,"reason":"late","created":1700000000,"endpoint":"https://a.b/c","attempt":11,"id":"evt_12345"}"#,
        // The refund does not read (no `reason`): `None`, whatever its `by` broke.
        r#"{"id":"evt_12345","attempt":1,"endpoint":"https://a.b/c","created":1700000000,"trace_id":"0123abcd","refunded":5,"by":{"after":99999},"livemode":true}"#,
    ]
    .map(str::to_owned)
    .into();
    differential("flattening", &engine, &inputs, |text| {
        agreement::agree::<plain::Event, integrated::Event>(&engine, text)
    });
}
