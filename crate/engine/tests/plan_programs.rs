//! The plan's program read by each of its readers alike. Its postcard
//! reader reads what its general reader (a serde visitor walk, which any
//! format can drive) reads from the same bytes: the same value, and the
//! same error from bytes cut short or corrupted; and its writer writes the
//! bytes `Typed` writes. Its reader of a `serde_json::Value`
//! (`from-value`) reads the general reader's value, or gives its error,
//! from the tree and from the tree with any node replaced and keys left
//! out or added; the tree written as text reads to the same value (`de`).
//! Fail-fast stops at a violation `validate()` finds, or reads what `de`
//! and `validate()` pass. For every paste of the corpora (their roots,
//! values generated from their definitions) and the bundled scenarios.
//! What the general reader reads is held to serde's derive elsewhere
//! (`serde_agreement.rs`, the corpus and scenario differentials).

use std::path::{Path, PathBuf};

use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use overhead_engine::{Flatten, Slots, Value};

/// Definitions with their root, from `tests/<folder>/` (each `.json` names
/// its `.rs`'s root) and the scenarios.
fn pastes() -> Vec<(String, String, String)> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for folder in ["real_world", "unseen_pastes", "shipped_pastes"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(manifest.join("tests").join(folder))
            .expect("the folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for json in files {
            let meta: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&json).expect("read")).expect("json");
            let (Some(root), Ok(schema)) = (
                meta["root"].as_str(),
                std::fs::read_to_string(json.with_extension("rs")),
            ) else {
                continue;
            };
            out.push((json.display().to_string(), schema, root.to_owned()));
        }
    }
    for scenario in SCENARIOS {
        let dir = scenario_dir(scenario);
        let schema = std::fs::read_to_string(dir.join("schema.rs")).expect("schema.rs");
        out.push((scenario.to_owned(), schema, scenario_root(&dir)));
    }
    out
}

const SCENARIOS: [&str; 4] = ["user-signup", "api-payload", "car", "nested-flatten"];

fn scenario_dir(scenario: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios")
        .join(scenario)
}

/// The root its `scenario.toml` names.
fn scenario_root(dir: &Path) -> String {
    let toml = std::fs::read_to_string(dir.join("scenario.toml")).expect("scenario.toml");
    toml.lines()
        .find_map(|l| l.strip_prefix("root = \""))
        .and_then(|r| r.strip_suffix('"'))
        .expect("a root")
        .to_owned()
}

/// An engine for every paste that compiles, under each flatten strategy,
/// with what names it in a message.
fn engines() -> Vec<(String, Interpreter)> {
    let mut out = Vec::new();
    for (name, schema, root) in pastes() {
        let completion = overhead_engine::assume::complete(&schema, Some(&root), &[]);
        for flatten in [Flatten::Serde, Flatten::Fast] {
            if let Ok(engine) = Interpreter::with_flatten(&completion.text, Some(&root), flatten) {
                out.push((format!("{name} ({root}, {flatten:?})"), engine));
            }
        }
    }
    out
}

/// The two readers on `bytes`: the same value, or errors of the same kind
/// (postcard's error is its kind alone).
fn agree(engine: &Interpreter, bytes: &[u8], what: &str) {
    let program = engine.read_postcard(bytes);
    let general = engine.read(&mut postcard::Deserializer::from_bytes(bytes));
    // By their `Debug` form: a NaN is the same NaN.
    assert_eq!(
        format!("{program:?}"),
        format!("{general:?}"),
        "{what}: {bytes:?}"
    );
}

/// Every cut of `bytes` and, for each byte, the corruptions that move a
/// varint, a tag or a length the most.
fn agree_when_damaged(engine: &Interpreter, bytes: &[u8], what: &str) {
    for end in 0..bytes.len() {
        agree(engine, &bytes[..end], what);
    }
    let mut damaged = bytes.to_vec();
    for i in 0..bytes.len() {
        for corrupt in [0x00, 0x01, 0x02, 0x7f, 0x80, 0xff, bytes[i].wrapping_add(1)] {
            damaged[i] = corrupt;
            agree(engine, &damaged, what);
        }
        damaged[i] = bytes[i];
    }
}

#[test]
fn the_postcard_reader_reads_what_the_general_reader_reads() {
    let mut read = 0;
    for (paste, engine) in engines() {
        let mut generator = Generator::new(engine.plan(), 11);
        for n in 0..6 {
            let value: Value = generator.valid();
            // The plan's writer writes what `Typed` writes, or fails
            // alike, in a sequence format and in a text one.
            let typed = postcard::to_allocvec(&engine.typed(&value));
            assert_eq!(
                postcard::to_allocvec(&engine.written(&value)),
                typed,
                "{paste}: written"
            );
            assert_eq!(
                engine.extend_postcard(&value, Vec::new()).ok(),
                typed.clone().ok(),
                "{paste}: written as bytes"
            );
            assert_eq!(
                serde_json::to_string(&engine.written(&value)).ok(),
                serde_json::to_string(&engine.typed(&value)).ok(),
                "{paste}: written as JSON"
            );
            let Ok(bytes) = typed else {
                continue;
            };
            let what = format!("{paste}, value {n}");
            agree(&engine, &bytes, &what);
            if n < 2 {
                agree_when_damaged(&engine, &bytes, &what);
            }
            read += 1;
        }
    }
    // Most pastes write to postcard (serde's flatten and `deserialize_any`
    // do not): the test must have read many.
    assert!(read > 1000, "only {read} values were written to postcard");
}

/// The bundled car's engine and its input's value.
fn bundled_car() -> (Interpreter, Value) {
    let dir = scenario_dir("car");
    let schema = std::fs::read_to_string(dir.join("schema.rs")).expect("schema");
    let input = std::fs::read_to_string(dir.join("inputs/valid.json")).expect("input");
    let engine = Interpreter::new(&schema, Some("Car")).expect("a plan");
    let value = engine.decode(&input).expect("decodes");
    (engine, value)
}

#[test]
fn the_bundled_car_reads_back_by_the_program() {
    let (engine, value) = bundled_car();
    let bytes = postcard::to_allocvec(&engine.typed(&value)).expect("writes");
    assert_eq!(engine.read_postcard(&bytes).expect("reads"), value);
    agree_when_damaged(&engine, &bytes, "car");
}

/// The values a slot can be given in place of its own: each variant a
/// scalar's code looks for, at the edges of the narrow types' ranges, and
/// the variants none does.
fn stand_ins() -> Vec<Value> {
    vec![
        Value::Unit,
        Value::Bool(true),
        Value::U64(255),
        Value::U64(256),
        Value::U64(u64::MAX),
        Value::I64(-129),
        Value::I64(127),
        Value::I128(-1),
        Value::U128(1),
        Value::F64(1.5),
        Value::Char('x'),
        Value::Str("x".into()),
        Value::Seq(Slots::from(vec![Value::U64(1)])),
        Value::Tag(0),
    ]
}

/// The writer and `Typed` on `value`: the same postcard bytes, or both
/// fail; and the writer's own bytes the same, appended after bytes a
/// reused buffer holds.
fn write_alike(engine: &Interpreter, value: &Value, what: &str) {
    let typed = postcard::to_allocvec(&engine.typed(value)).ok();
    assert_eq!(
        postcard::to_allocvec(&engine.written(value)).ok(),
        typed,
        "{what}: {value:?}"
    );
    let appended = engine.extend_postcard(value, vec![7, 7]).ok();
    let expected = typed.map(|bytes| [vec![7, 7], bytes].concat());
    assert_eq!(appended, expected, "{what}, as bytes: {value:?}");
}

/// `value` changed in one place each: any slot at any depth (a struct's,
/// a row's, a sequence's) replaced by each stand-in, or a struct short of
/// its last slot.
fn changed(value: &Value) -> Vec<Value> {
    let slots = match value {
        Value::Struct(slots) | Value::Seq(slots) | Value::Rows(_, slots) => slots,
        Value::Variant(index, payload) => {
            return changed(payload)
                .into_iter()
                .map(|p| Value::Variant(*index, Box::new(p)))
                .collect();
        }
        _ => return Vec::new(),
    };
    let rebuild = |values: Vec<Value>| match value {
        Value::Struct(_) => Value::Struct(Slots::from(values)),
        Value::Rows(width, _) => Value::Rows(*width, Slots::from(values)),
        _ => Value::Seq(Slots::from(values)),
    };
    let mut out = Vec::new();
    for (i, slot) in slots.iter().enumerate() {
        for new in stand_ins().into_iter().chain(changed(slot)) {
            let mut values = slots.to_vec();
            values[i] = new;
            out.push(rebuild(values));
        }
    }
    if let Value::Struct(slots) = value
        && let Some((_, rest)) = slots.split_last()
    {
        out.push(Value::Struct(Slots::from(rest.to_vec())));
    }
    out
}

#[test]
fn the_writer_writes_any_value_as_typed_does() {
    // Values no decoder makes (a slot of another variant, a number out of
    // its type's range, a struct short of a slot) take the writer's cold
    // paths: they must write, or fail, as `Typed` does.
    let (engine, value) = bundled_car();
    let changes = changed(&value);
    assert!(changes.len() > 500, "only {} changes", changes.len());
    for v in &changes {
        write_alike(&engine, v, "car");
    }
    let mut written = 0;
    for (paste, engine) in engines().into_iter().step_by(3) {
        let value: Value = Generator::new(engine.plan(), 5).valid();
        for v in changed(&value).iter().step_by(3) {
            write_alike(&engine, v, &paste);
            written += 1;
        }
    }
    assert!(written > 1000, "only {written} changed values were written");
}

/// The two readers of a `serde_json::Value`: the same value, or the same
/// error (serde_json's message in full). And the tree as text: the same
/// value from the program's reading of text (`de`) where both read it.
fn agree_on_tree(engine: &Interpreter, json: &serde_json::Value, what: &str) {
    let program = engine.read_json_value(json).map_err(|e| e.to_string());
    let general = engine.read(json).map_err(|e| e.to_string());
    assert_eq!(
        format!("{program:?}"),
        format!("{general:?}"),
        "{what}: {json}"
    );
    let text = json.to_string();
    if let (Ok(tree), Ok(text)) = (&program, engine.decode(&text)) {
        assert_eq!(
            format!("{tree:?}"),
            format!("{text:?}"),
            "{what}: {json} as text"
        );
    }
    agree_on_text(engine, &text, what);
}

/// The program's readings of JSON text: fail-fast agrees with `de` and
/// `validate()` (see [`agree_fail_fast`]). What `de` reads is held to
/// serde's derive in `serde_agreement.rs`.
fn agree_on_text(engine: &Interpreter, text: &str, what: &str) {
    agree_fail_fast(engine, text, what);
}

/// Fail-fast by the program, held to `de` then `validate()`: the value
/// they pass; one violation, of those `validate()` finds (by its field
/// and code), where the value reads and breaks a rule (or where it does not
/// read, a violation met before the error); `de`'s error, word for word,
/// where it stops at one.
fn agree_fail_fast(engine: &Interpreter, text: &str, what: &str) {
    use overhead_engine::run::Error;
    let found = |v: &overhead_validate::Violation| format!("{}:{}", v.path, v.code);
    let fail_fast = engine.decode_fail_fast(text);
    match (fail_fast, engine.decode(text)) {
        (Ok(checked), Ok(read)) => {
            assert_eq!(
                format!("{checked:?}"),
                format!("{read:?}"),
                "fail-fast, {what}: {text}"
            );
            assert!(
                engine.validate(&read).is_ok(),
                "fail-fast passed what validate() refuses, {what}: {text}"
            );
        }
        (Ok(_), Err(e)) => panic!("fail-fast read what de refuses ({e}), {what}: {text}"),
        (Err(Error::Syntax(e)), Err(d)) => {
            assert_eq!(e.to_string(), d.to_string(), "fail-fast, {what}: {text}")
        }
        (Err(Error::Syntax(e)), Ok(_)) => {
            panic!("fail-fast refused what de reads ({e}), {what}: {text}")
        }
        (Err(Error::Invalid(stopped)), read) => {
            let stopped: Vec<String> = stopped.iter().map(found).collect();
            assert_eq!(stopped.len(), 1, "fail-fast, {what}: {text}: {stopped:?}");
            if let Ok(read) = read {
                let all: Vec<String> = match engine.validate(&read) {
                    Ok(()) => Vec::new(),
                    Err(v) => v.iter().map(found).collect(),
                };
                // By its code and its field: fail-fast's path leaves out
                // what it read from a buffer (a flattened struct's field,
                // a tagged enum's content key), as it did before the
                // program read it.
                let (path, code) = stopped[0].rsplit_once(':').unwrap_or_default();
                let field = path.rsplit('.').next().unwrap_or_default();
                assert!(
                    all.iter().any(|v| v.ends_with(&format!("{field}:{code}"))),
                    "fail-fast stopped at {stopped:?}, validate() finds {all:?}, {what}: {text}"
                );
            }
        }
    }
}

/// Fail-fast on values that break each rule the generator can break: the
/// program stops at a violation `validate()` finds.
#[test]
fn fail_fast_by_the_program_stops_at_a_violation_validate_finds() {
    let mut broken = 0;
    for (paste, engine) in engines() {
        let mut generator = Generator::new(engine.plan(), 41);
        for target in generator.targets() {
            let Some(value) = generator.violating(target) else {
                continue;
            };
            let Ok(text) = engine.to_json(&value) else {
                continue;
            };
            agree_fail_fast(&engine, &text, &paste);
            broken += 1;
        }
    }
    assert!(broken > 500, "only {broken} values broke a rule");
}

/// The JSON pointer of every node of `json`, the root first.
fn pointers(json: &serde_json::Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match json {
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                let key = key.replace('~', "~0").replace('/', "~1");
                pointers(value, format!("{at}/{key}"), out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, value) in items.iter().enumerate() {
                pointers(value, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Each node of `json` replaced by a node of every other kind (and numbers
/// at the edges of the integer types), each object with each key left out
/// and with a key no struct has, and written as an array of its values
/// (serde reads a struct from one), each array one item short.
fn agree_when_changed(engine: &Interpreter, json: &serde_json::Value, what: &str) {
    use serde_json::json;
    let replacements = [
        json!(null),
        json!(true),
        json!(0),
        json!(-1),
        json!(256),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1.5),
        json!("x"),
        json!("2024-01-01T00:00:00Z"),
        json!([]),
        json!([1]),
        json!({}),
        json!({ "unknown": 1 }),
    ];
    let mut at = Vec::new();
    pointers(json, String::new(), &mut at);
    for pointer in at {
        for replacement in &replacements {
            let mut changed = json.clone();
            if let Some(node) = changed.pointer_mut(&pointer) {
                *node = replacement.clone();
            }
            agree_on_tree(engine, &changed, what);
        }
        let mut changed = json.clone();
        match changed.pointer_mut(&pointer) {
            Some(serde_json::Value::Object(map)) => {
                let keys: Vec<String> = map.keys().cloned().collect();
                let values: Vec<serde_json::Value> = map.values().cloned().collect();
                map.insert("zz_no_such_field".to_owned(), json!(1));
                agree_on_tree(engine, &changed, what);
                let mut as_array = json.clone();
                if let Some(node) = as_array.pointer_mut(&pointer) {
                    *node = serde_json::Value::Array(values);
                }
                agree_on_tree(engine, &as_array, what);
                for key in keys {
                    let mut without = json.clone();
                    if let Some(serde_json::Value::Object(map)) = without.pointer_mut(&pointer) {
                        map.remove(&key);
                    }
                    agree_on_tree(engine, &without, what);
                }
            }
            Some(serde_json::Value::Array(items)) if !items.is_empty() => {
                items.pop();
                agree_on_tree(engine, &changed, what);
            }
            _ => {}
        }
    }
}

#[test]
fn the_tree_reader_reads_what_the_general_reader_reads() {
    let mut read = 0;
    for (paste, engine) in engines() {
        let mut generator = Generator::new(engine.plan(), 13);
        for n in 0..4 {
            let value: Value = generator.valid();
            let Ok(json) = serde_json::to_value(engine.typed(&value)) else {
                continue;
            };
            let what = format!("{paste}, value {n}");
            agree_on_tree(&engine, &json, &what);
            if n == 0 {
                agree_when_changed(&engine, &json, &what);
                // Text cut short anywhere: the same error where it ends.
                let text = json.to_string();
                for (end, _) in text.char_indices() {
                    agree_on_text(&engine, &text[..end], &what);
                }
            }
            read += 1;
        }
    }
    assert!(read > 900, "only {read} values were read from a tree");
}

#[test]
fn the_scenarios_inputs_read_from_a_tree_by_the_program() {
    for scenario in SCENARIOS {
        let dir = scenario_dir(scenario);
        let root = scenario_root(&dir);
        let schema = std::fs::read_to_string(dir.join("schema.rs")).expect("schema");
        let Ok(engine) = Interpreter::new(&schema, Some(&root)) else {
            panic!("{scenario}: no plan for {root}");
        };
        for input in std::fs::read_dir(dir.join("inputs")).expect("inputs") {
            let path = input.expect("an input").path();
            let text = std::fs::read_to_string(&path).expect("the input");
            let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            let what = format!("{scenario}: {}", path.display());
            // The program is what `from-value` runs: it must read the input.
            if let Ok(value) = engine.decode(&text) {
                assert_eq!(
                    engine.read_json_value(&json).expect("reads"),
                    value,
                    "{what}"
                );
            }
            agree_when_changed(&engine, &json, &what);
        }
    }
}

/// Many root values in one JSON array (`decode_many`, seed 003's workload),
/// read by the program: the values each root's own decoding reads, and the
/// error it gives when one of them is refused.
#[test]
fn many_roots_read_as_each_root_reads() {
    let mut read = 0;
    for (paste, engine) in engines() {
        let mut generator = Generator::new(engine.plan(), 29);
        let texts: Vec<String> = (0..3)
            .filter_map(|_| engine.to_json(&generator.valid()).ok())
            .collect();
        let each: Result<Vec<String>, String> = texts
            .iter()
            .map(|text| {
                let value = engine.decode(text).map_err(|e| e.to_string())?;
                engine.to_json(&value).map_err(|e| e.to_string())
            })
            .collect();
        let all = format!("[{}]", texts.join(","));
        let many = engine.decode_many(&all).map_err(|e| e.to_string());
        match (each, many) {
            (Ok(each), Ok(many)) => {
                let many = engine.many_to_json(&many).expect("writes");
                assert_eq!(many, format!("[{}]", each.join(",")), "{paste}");
                read += 1;
            }
            (Err(_), Err(_)) => {}
            (each, many) => panic!("{paste}: each {each:?}, all {many:?}"),
        }
    }
    assert!(read > 200, "only {read} arrays were read");
}

/// `texts` read by each of the program's readers: as text (and fail-fast),
/// as a tree where they parse, and, for each that decodes, as its postcard
/// bytes whole, cut and corrupted. How many decoded.
fn agree_everywhere(engine: &Interpreter, texts: &[&str], what: &str) -> usize {
    let mut decoded = 0;
    for text in texts {
        agree_on_text(engine, text, what);
        if let Ok(json) = serde_json::from_str::<serde_json::Value>(text) {
            agree_on_tree(engine, &json, what);
        }
        if let Ok(value) = engine.decode(text) {
            let bytes = engine.extend_postcard(&value, Vec::new()).expect("writes");
            agree(engine, &bytes, what);
            agree_when_damaged(engine, &bytes, what);
            decoded += 1;
        }
    }
    decoded
}

/// Maps: a repeated key (text can repeat one, a tree cannot), keys out of
/// order for a `BTreeMap`, a violation inside a value, values of each kind
/// of op, and nodes of the wrong kind — the program's readers agree,
/// in text, in a tree, in postcard and in fail-fast.
#[test]
fn maps_read_alike_by_every_reader() {
    let definitions = r#"
        struct Inventory {
            #[validate(nested)]
            bins: HashMap<String, Bin>,
            counts: BTreeMap<String, u32>,
            labels: Option<HashMap<String, Vec<String>>>,
        }
        struct Bin {
            #[validate(length(min = 2))]
            code: String,
            #[validate(range(max = 10))]
            qty: u16,
        }
    "#;
    let engine = Interpreter::new(definitions, Some("Inventory")).expect("runs");
    let texts = [
        r#"{"bins": {"a": {"code": "xx", "qty": 1}}, "counts": {"z": 1, "b": 2, "m": 3}, "labels": null}"#,
        r#"{"bins": {"a": {"code": "xx", "qty": 1}, "a": {"code": "yy", "qty": 2}}, "counts": {"k": 1, "k": 9}, "labels": {"x": ["p", "q"]}}"#,
        r#"{"bins": {"a": {"code": "xx", "qty": 1}, "b": {"code": "x", "qty": 11}}, "counts": {}}"#,
        r#"{"bins": {}, "counts": {"a": -1}}"#,
        r#"{"bins": [], "counts": {}}"#,
        r#"{"bins": {"a": 3}, "counts": {}}"#,
        r#"{"bins": {"a": {"code": "xx", "qty": 1}}, "counts": {"a": 1"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "maps");
    assert_eq!(decoded, 3, "the first three texts decode");
}

/// A struct whose checks finish it (`must_match`, in a nested struct and in
/// rows): read by the program, its late check runs in fail-fast after its
/// fields' own rules.
#[test]
fn checks_that_finish_a_struct_run_after_its_fields_rules() {
    let definitions = r#"
        struct Signup {
            #[validate(length(min = 3))]
            name: String,
            #[validate(nested)]
            login: Login,
            #[validate(nested)]
            others: Vec<Login>,
        }
        struct Login {
            #[validate(length(min = 8))]
            password: String,
            #[validate(must_match(other = "password"))]
            confirm: String,
        }
    "#;
    let engine = Interpreter::new(definitions, Some("Signup")).expect("runs");
    let login = |a: &str, b: &str| format!(r#"{{"password": "{a}", "confirm": "{b}"}}"#);
    let texts = [
        format!(
            r#"{{"name": "ada", "login": {}, "others": []}}"#,
            login("longenough", "longenough")
        ),
        format!(
            r#"{{"name": "ada", "login": {}, "others": []}}"#,
            login("longenough", "different1")
        ),
        format!(
            r#"{{"name": "ada", "login": {}, "others": [{}]}}"#,
            login("longenough", "longenough"),
            login("longenough", "nope12345")
        ),
        format!(
            r#"{{"name": "ada", "login": {}, "others": []}}"#,
            login("short", "other")
        ),
        format!(
            r#"{{"name": "ad", "login": {}, "others": []}}"#,
            login("longenough", "x")
        ),
        r#"{"name": "ada", "login": {"confirm": "x"}, "others": []}"#.to_owned(),
    ];
    for text in &texts {
        agree_on_text(&engine, text, "must_match");
    }
    // A broken `must_match` is the first violation fail-fast finds in the
    // second text.
    let Err(overhead_engine::run::Error::Invalid(found)) = engine.decode_fail_fast(&texts[1])
    else {
        panic!("the confirmation does not match");
    };
    assert!(format!("{found:?}").contains("confirm"), "{found:?}");
}

/// Newtype and transparent structs (garde's rules inside them, in a `Vec`
/// and an `Option`): the program's readers agree in text, in a
/// tree, in postcard and in fail-fast.
#[test]
fn newtype_and_transparent_structs_read_alike_by_every_reader() {
    let definitions = r#"
        #[derive(Deserialize, Validate)]
        struct Order {
            #[garde(dive)]
            name: Username,
            #[garde(skip)]
            id: OrderId,
            #[garde(dive)]
            tags: Vec<Tag>,
            #[garde(dive)]
            code: Option<Code>,
        }
        #[derive(Deserialize, Validate)]
        struct Username(#[garde(length(min = 3))] String);
        #[derive(Deserialize)]
        struct OrderId(u64);
        #[derive(Deserialize, Validate)]
        #[serde(transparent)]
        struct Tag {
            #[garde(length(max = 4))]
            text: String,
        }
        #[derive(Deserialize, Validate)]
        #[garde(transparent)]
        struct Code(#[garde(ascii)] String);
    "#;
    let engine = Interpreter::new(definitions, Some("Order")).expect("runs");
    let texts = [
        r#"{"name": "ada", "id": 7, "tags": ["a", "bb"], "code": "X1"}"#,
        r#"{"name": "ad", "id": 7, "tags": [], "code": null}"#,
        r#"{"name": "ada", "id": 7, "tags": ["a", "toolong"], "code": null}"#,
        r#"{"name": "ada", "id": 7, "tags": [], "code": "é"}"#,
        r#"{"name": ["ada"], "id": 7, "tags": [], "code": null}"#,
        r#"{"name": "ada", "id": -1, "tags": [], "code": null}"#,
        r#"{"name": "ada", "id": 7, "tags": [{"text": "a"}], "code": null}"#,
        r#"{"name": "ada", "id": 7, "tags": ["a"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "newtypes");
    assert!(decoded >= 4, "{decoded} texts decoded");
    // Fail-fast finds the broken tag, at its index.
    let Err(overhead_engine::run::Error::Invalid(found)) = engine.decode_fail_fast(texts[2]) else {
        panic!("the second tag is too long");
    };
    assert!(format!("{found:?}").contains("tags"), "{found:?}");
}

/// Externally tagged enums with data (newtype, tuple and struct variants,
/// `#[serde(other)]`, an enum that holds itself, rules under a variant):
/// the program's readers agree in text, in a tree, in postcard and
/// in fail-fast.
#[test]
fn enums_with_data_read_alike_by_every_reader() {
    let definitions = r#"
        struct Job {
            #[validate(nested)]
            step: Step,
            steps: Vec<Step>,
            expr: Option<Expr>,
        }
        enum Step {
            Wait(u32),
            #[serde(rename = "run")]
            Run { #[validate(length(min = 2))] cmd: String, retries: Option<u8> },
            Move(i32, i32),
            Note(Note),
            Stop,
        }
        struct Note {
            #[validate(length(max = 5))]
            text: String,
        }
        enum Expr {
            Lit(i64),
            Neg(Box<Expr>),
            Add(Box<Expr>, Box<Expr>),
        }
    "#;
    let engine = Interpreter::new(definitions, Some("Job")).expect("runs");
    let texts = [
        r#"{"step": {"Wait": 5}, "steps": [{"run": {"cmd": "ls", "retries": 2}}, {"Move": [1, -2]}, "Stop"], "expr": {"Add": [{"Lit": 1}, {"Neg": {"Lit": 2}}]}}"#,
        r#"{"step": {"run": {"cmd": "l"}}, "steps": [], "expr": null}"#,
        r#"{"step": {"Note": {"text": "too long"}}, "steps": [], "expr": null}"#,
        r#"{"step": {"Wait": -1}, "steps": [], "expr": null}"#,
        r#"{"step": {"Jump": 1}, "steps": [], "expr": null}"#,
        r#"{"step": "Wait", "steps": [], "expr": null}"#,
        r#"{"step": {"Move": [1]}, "steps": [], "expr": null}"#,
        r#"{"step": {"Wait": 1, "Stop": null}, "steps": [], "expr": null}"#,
        r#"{"step": {"Wait": 1}, "steps": [{"Neg"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "enums");
    assert!(decoded >= 3, "{decoded} texts decoded");
}

/// serde's identifier enums (a variant identifier, a field identifier
/// with a catch-all) and units: the program's readers agree in
/// text, in a tree and in postcard.
#[test]
fn identifiers_and_units_read_alike_by_every_reader() {
    let definitions = r#"
        #[derive(Deserialize)]
        struct Pick {
            side: Side,
            sides: Vec<Side>,
            column: Option<Column>,
            nothing: (),
            pair: ((), u8),
        }
        #[derive(Deserialize)]
        #[serde(variant_identifier)]
        enum Side { Left, #[serde(rename = "right")] Right }
        #[derive(Deserialize)]
        #[serde(field_identifier, rename_all = "lowercase")]
        enum Column { Name, Age, Other(String) }
    "#;
    let engine = Interpreter::new(definitions, Some("Pick")).expect("runs");
    let texts = [
        r#"{"side": "Left", "sides": ["right", "Left"], "column": "age", "nothing": null, "pair": [null, 3]}"#,
        r#"{"side": "right", "sides": [], "column": "height", "nothing": null, "pair": [null, 0]}"#,
        r#"{"side": "Up", "sides": [], "column": null, "nothing": null, "pair": [null, 1]}"#,
        r#"{"side": 0, "sides": [], "column": null, "nothing": null, "pair": [null, 1]}"#,
        r#"{"side": "Left", "sides": [], "column": null, "nothing": 1, "pair": [null, 1]}"#,
        r#"{"side": "Left", "sides": [], "column": null, "nothing": null, "pair": [1, 1]}"#,
        r#"{"side": "Left", "sides": ["Le"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "identifiers");
    assert_eq!(decoded, 2, "the first two texts decode");
}

/// serde_repr enums (alone, in a `Vec`, in an `Option`, with
/// `#[serde(other)]`): the program's readers agree in text, in a
/// tree and in postcard.
#[test]
fn serde_repr_enums_read_alike_by_every_reader() {
    let definitions = r#"
        #[derive(Deserialize)]
        struct Alarm {
            level: Level,
            history: Vec<Level>,
            kind: Option<Kind>,
        }
        #[derive(Deserialize_repr)]
        #[repr(u8)]
        enum Level { Low = 1, High = 5 }
        #[derive(Deserialize_repr)]
        #[repr(i16)]
        enum Kind { Fire = -1, Flood = 2, #[serde(other)] Other = 0 }
    "#;
    let engine = Interpreter::new(definitions, Some("Alarm")).expect("runs");
    let texts = [
        r#"{"level": 1, "history": [5, 1, 5], "kind": -1}"#,
        r#"{"level": 5, "history": [], "kind": 9}"#,
        r#"{"level": 3, "history": [], "kind": null}"#,
        r#"{"level": "Low", "history": [], "kind": null}"#,
        r#"{"level": 1, "history": [1, 256], "kind": null}"#,
        r#"{"level": 1, "history": [1"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "repr");
    assert_eq!(decoded, 2, "the first two texts decode");
}

/// A sequence of values that take no bytes (an empty struct, `()`, a
/// struct of them) is as long as its length says: a few bytes of postcard
/// once filled memory with a slot for each of 2^55 of them. Every reader
/// refuses the item past 2^20 of them, with the same error, and reads as
/// many as that.
#[test]
fn a_sequence_of_values_that_take_no_bytes_is_refused_past_its_limit() {
    let engine = Interpreter::new(
        r#"
#[derive(serde::Deserialize)]
pub struct Empty {}
#[derive(serde::Deserialize)]
pub struct Units { unit: (), none: [u8; 0] }
#[derive(serde::Deserialize)]
pub struct Root { a: u8, empties: Vec<Empty>, units: Vec<Units>, bare: Vec<()> }
"#,
        Some("Root"),
    )
    .expect("plans");
    let huge = [0xf5, 0xdf, 0xdf, 0xdd, 0x8b, 0x96, 0x92, 0x65];
    let empty = [0x00];
    let at = |i: usize| -> Vec<u8> {
        let mut lists = [&empty[..]; 3];
        lists[i] = &huge[..];
        [&[7u8][..], lists[0], lists[1], lists[2]].concat()
    };
    for bytes in (0..3).map(at) {
        assert!(engine.read_postcard(&bytes).is_err(), "{bytes:?}");
        agree(&engine, &bytes, "a length of values that take no bytes");
    }
    // In JSON the values take bytes, but the limit is the type's, so that
    // every reader of every format refuses alike: at the limit a `Vec` of
    // an empty struct reads, past it a `Vec` of one (and one in rows) does not.
    let limit = 1 << 20;
    let list = |n: usize, item: &str| format!("[{}]", vec![item; n].join(","));
    let root = |field: &str, n: usize, item: &str| {
        let mut json = serde_json::json!({"a": 7, "empties": [], "units": [], "bare": []});
        json[field] = serde_json::from_str(&list(n, item)).expect("json");
        json
    };
    let at_limit = root("empties", limit, "{}").to_string();
    assert!(engine.decode(&at_limit).is_ok());
    for (field, item) in [("empties", "{}"), ("units", r#"{"unit":null,"none":[]}"#)] {
        let json = root(field, limit + 1, item);
        let refused = engine.decode(&json.to_string()).map(|_| ());
        let message =
            "invalid length 1048577, expected at most 1048576 items of a type that takes no bytes";
        assert!(
            refused
                .as_ref()
                .is_err_and(|e| e.to_string().starts_with(message)),
            "{field}: {refused:?}"
        );
        agree_on_tree(&engine, &json, field);
    }
}

/// Internally, adjacently and un-tagged enums: the program buffers them and
/// reads a newtype or tuple variant's value from the buffer by its op; the
/// readers agree on the value or the error, on good input and on each
/// kind of bad.
#[test]
fn tagged_enums_read_alike_by_every_reader() {
    let engine = Interpreter::new(
        r#"
#[derive(serde::Deserialize)]
pub struct Point { x: i32, y: i32 }
#[derive(serde::Deserialize)]
#[serde(tag = "kind")]
pub enum Shape { Dot(Point), Named { label: String }, Empty }
#[derive(serde::Deserialize)]
#[serde(tag = "t", content = "c")]
pub enum Message { Pair(u8, String), Count(u16), Quit }
#[derive(serde::Deserialize)]
#[serde(untagged)]
pub enum Loose { Pair(u8, u8), Text(String), Many(Vec<u32>), Point(Point) }
#[derive(serde::Deserialize)]
pub struct Root { shape: Shape, message: Message, loose: Vec<Loose> }
"#,
        Some("Root"),
    )
    .expect("plans");
    let good = serde_json::json!({
        "shape": {"kind": "Dot", "x": 1, "y": -2},
        "message": {"t": "Pair", "c": [7, "seven"]},
        "loose": [[1, 2], "text", [1, 2, 3], {"x": 3, "y": 4}]
    });
    let program = engine.decode(&good.to_string());
    assert!(program.is_ok(), "{program:?}");
    agree_on_tree(&engine, &good, "tagged enums");
    let bad = [
        (
            "/shape",
            serde_json::json!({"kind": "Dot", "x": "one", "y": 2}),
        ),
        ("/shape", serde_json::json!({"kind": "Dot", "x": 1})),
        ("/shape", serde_json::json!({"kind": "Named", "label": 5})),
        ("/shape", serde_json::json!({"kind": "Empty"})),
        ("/shape", serde_json::json!({"kind": "Square"})),
        ("/shape", serde_json::json!([1, 2])),
        ("/message", serde_json::json!({"t": "Pair", "c": [7]})),
        (
            "/message",
            serde_json::json!({"t": "Pair", "c": [700, "x"]}),
        ),
        ("/message", serde_json::json!({"t": "Count", "c": 70000})),
        ("/message", serde_json::json!({"t": "Count"})),
        ("/message", serde_json::json!({"t": "Quit"})),
        (
            "/loose",
            serde_json::json!([[1, 2, 3, 4000000000u64], {"x": 1}, null, [300, 1]]),
        ),
    ];
    for (at, node) in bad {
        let mut json = good.clone();
        if let Some(slot) = json.pointer_mut(at) {
            *slot = node;
        }
        agree_on_tree(&engine, &json, at);
    }
}

/// Tagged enums whose variants hold rules (a struct variant's field, a
/// newtype variant's struct, a tuple variant's items), with a repeated
/// key, a key left out and one the variant does not know: the program
/// reads each variant's value from the buffer by its ops, in fail-fast too,
/// and its readers agree on its value, its error and its first violation.
#[test]
fn tagged_enums_with_rules_read_alike_by_every_reader() {
    let engine = Interpreter::new(
        r#"
#[derive(Deserialize, Validate)]
pub struct Point { #[validate(range(min = 0))] x: i32, y: i32 }
#[derive(Deserialize)]
#[serde(tag = "kind", deny_unknown_fields)]
pub enum Shape {
    Dot(#[validate(nested)] Point),
    Named { #[validate(length(min = 2))] label: String, size: Option<u8> },
    Empty,
}
#[derive(Deserialize)]
#[serde(tag = "t", content = "c")]
pub enum Message { Pair(u8, String), Text { #[validate(email)] to: String }, Quit }
#[derive(Deserialize)]
#[serde(untagged)]
pub enum Loose { Named { id: u32, tag: String }, Text(String) }
#[derive(Deserialize, Validate)]
pub struct Root {
    #[validate(nested)]
    shape: Shape,
    #[validate(nested)]
    message: Message,
    loose: Vec<Loose>,
}
"#,
        Some("Root"),
    )
    .expect("plans");
    let texts = [
        r#"{"shape": {"kind": "Named", "label": "ab", "size": 3}, "message": {"t": "Text", "c": {"to": "a@b.io"}}, "loose": [{"id": 1, "tag": "x"}, "y"]}"#,
        r#"{"shape": {"kind": "Named", "label": "a"}, "message": {"t": "Quit"}, "loose": []}"#,
        r#"{"shape": {"kind": "Dot", "x": -1, "y": 2}, "message": {"t": "Text", "c": {"to": "nobody"}}, "loose": []}"#,
        r#"{"shape": {"kind": "Named", "label": "ab", "label": "cd"}, "message": {"t": "Quit"}, "loose": []}"#,
        r#"{"shape": {"kind": "Named", "size": 1}, "message": {"t": "Quit"}, "loose": []}"#,
        r#"{"shape": {"kind": "Named", "label": "ab", "colour": 1}, "message": {"t": "Quit"}, "loose": []}"#,
        r#"{"shape": {"kind": "Empty"}, "message": {"t": "Text", "c": {"to": 5}}, "loose": [{"id": -1, "tag": "x"}]}"#,
        r#"{"shape": {"kind": "Empty"}, "message": {"t": "Text", "c": [ "a@b.io" ]}, "loose": [{"id": 1}]}"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "tagged enums with rules");
    assert!(decoded >= 3, "{decoded} texts decoded");
}

/// A unit struct, a transparent struct with a `PhantomData` beside its
/// field, and a skipped struct laid out inline (its default a struct's
/// slots): the program's readers agree in text, in a tree, in
/// postcard and in fail-fast.
#[test]
fn unit_transparent_and_skipped_inline_structs_read_alike_by_every_reader() {
    let engine = Interpreter::new(
        r#"
#[derive(Deserialize)]
pub struct Marker;
#[derive(Deserialize, Validate)]
#[serde(transparent)]
pub struct Id<T> { #[validate(range(min = 1))] value: u64, #[serde(skip)] kind: std::marker::PhantomData<T> }
#[derive(Deserialize, Default)]
pub struct Stats { hits: u32, label: String }
#[derive(Deserialize, Validate)]
pub struct Root {
    marker: Marker,
    #[validate(nested)]
    id: Id<Root>,
    #[serde(skip)]
    stats: Stats,
    name: String,
}
"#,
        Some("Root"),
    )
    .expect("plans");
    let texts = [
        r#"{"marker": null, "id": 7, "name": "a"}"#,
        r#"{"marker": null, "id": 0, "name": "a", "stats": {"hits": 1}}"#,
        r#"{"marker": 1, "id": 7, "name": "a"}"#,
        r#"{"marker": null, "id": "7", "name": "a"}"#,
        r#"{"marker": null, "id": 7}"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "unit, transparent, skipped inline");
    assert_eq!(decoded, 2, "the first two texts decode");
}

/// Field dispatch (`Flatten::Fast`) over a tree whose fields are not all
/// scalars (a `Vec`, an `Option` of a struct, a map), with rules in the
/// flattened structs, an alias, a skipped field and a key left out: the
/// program reads the tree by its one table and each value by its slot's
/// op, and its readers agree on its value, error and first violation, in text,
/// in a tree, in postcard and in fail-fast.
#[test]
fn field_dispatch_reads_any_tree_laid_out_inline() {
    let engine = Interpreter::with_flatten(
        r#"
#[derive(Deserialize, Validate)]
pub struct Order {
    #[validate(range(min = 1))]
    id: u32,
    #[serde(flatten)]
    #[validate(nested)]
    customer: Customer,
    #[validate(length(max = 2))]
    lines: Vec<Line>,
    #[serde(skip)]
    cache: u8,
}
#[derive(Deserialize, Validate)]
pub struct Customer {
    #[validate(email)]
    #[serde(alias = "mail")]
    email: String,
    note: Option<Note>,
    #[serde(flatten)]
    #[validate(nested)]
    address: Address,
}
#[derive(Deserialize, Validate)]
pub struct Address {
    #[validate(length(min = 2))]
    city: String,
    #[serde(default)]
    tags: std::collections::BTreeMap<String, u8>,
}
#[derive(Deserialize)]
pub struct Note { text: String }
#[derive(Deserialize)]
pub struct Line { sku: String, qty: u16 }
"#,
        Some("Order"),
        Flatten::Fast,
    )
    .expect("plans");
    let texts = [
        r#"{"id": 1, "email": "a@b.io", "note": {"text": "hi"}, "city": "Oslo", "tags": {"x": 1}, "lines": [{"sku": "a", "qty": 2}]}"#,
        r#"{"lines": [], "city": "Rome", "mail": "c@d.io", "id": 2, "note": null}"#,
        r#"{"id": 0, "email": "nobody", "note": null, "city": "X", "lines": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 1}, {"sku": "c", "qty": 1}]}"#,
        r#"{"id": 1, "email": "a@b.io", "mail": "c@d.io", "note": null, "city": "Oslo", "lines": []}"#,
        r#"{"id": 1, "email": "a@b.io", "note": null, "lines": []}"#,
        r#"{"id": 1, "email": "a@b.io", "note": {"text": 5}, "city": "Oslo", "lines": []}"#,
        r#"{"id": 1, "email": "a@b.io", "note": null, "city": "Oslo", "lines": [{"sku": "a"}], "other": [1]}"#,
        r#"[1, "a@b.io", null, "Oslo", {}, []]"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "field dispatch");
    assert!(decoded >= 3, "{decoded} texts decoded");
}

/// A field-dispatch tree with keys that name structs laid out inline (one
/// in the root, one in a flattened struct, one with rules checked
/// `nested`): each such key reads its struct into the root's slots by its
/// fields' ops, and the readers agree on the value, the error and the
/// first violation, in text, in a tree, in postcard and in fail-fast. And a tree
/// field dispatch cannot read (a flattened struct built by `from` keeps a
/// slot of its own; a tree of more than 128 fields) is read
/// serde's way, with a note that says so.
#[test]
fn field_dispatch_reads_structs_laid_out_inline_in_its_tree() {
    let engine = Interpreter::with_flatten(
        r#"
#[derive(Deserialize, Validate)]
pub struct Order {
    id: u32,
    #[validate(nested)]
    billing: Address,
    #[serde(flatten)]
    #[validate(nested)]
    customer: Customer,
}
#[derive(Deserialize, Validate)]
pub struct Customer {
    #[validate(email)]
    email: String,
    #[serde(default)]
    shipping: Address,
}
#[derive(Deserialize, Validate, Default)]
pub struct Address {
    #[validate(length(min = 2))]
    city: String,
    zip: u32,
}
"#,
        Some("Order"),
        Flatten::Fast,
    )
    .expect("plans");
    let texts = [
        r#"{"id": 1, "billing": {"city": "Oslo", "zip": 1}, "email": "a@b.io", "shipping": {"city": "Rome", "zip": 2}}"#,
        r#"{"shipping": {"zip": 2, "city": "Rome"}, "email": "a@b.io", "billing": {"city": "Oslo", "zip": 1}, "id": 1}"#,
        r#"{"id": 1, "billing": {"city": "O", "zip": 1}, "email": "a@b.io"}"#,
        r#"{"id": 1, "billing": {"city": "Oslo", "zip": 1}, "email": "nobody", "shipping": {"city": "R", "zip": 2}}"#,
        r#"{"id": 1, "billing": {"city": "Oslo"}, "email": "a@b.io"}"#,
        r#"{"id": 1, "billing": {"city": "Oslo", "zip": 1}, "billing": {"city": "Oslo", "zip": 1}, "email": "a@b.io"}"#,
        r#"{"id": 1, "billing": [1, 2], "email": "a@b.io"}"#,
        r#"{"id": 1, "billing": ["Oslo", 1], "email": "a@b.io", "shipping": ["Rome", 2]}"#,
        r#"{"id": 1, "email": "a@b.io"}"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "inline in field dispatch");
    assert!(decoded >= 4, "{decoded} texts decoded");

    let fields =
        |prefix: &str| -> String { (0..70).map(|i| format!("{prefix}{i}: u8, ")).collect() };
    let paste = format!(
        r#"
#[derive(Deserialize, Validate)]
pub struct Wide {{ a: u8, #[serde(flatten)] b: B, #[serde(flatten)] c: C }}
#[derive(Deserialize, Validate)]
pub struct B {{ {} }}
#[derive(Deserialize, Validate)]
pub struct C {{ {} }}
#[derive(Deserialize, Validate)]
pub struct Converted {{ id: u32, #[serde(flatten)] inner: Inner }}
#[derive(Deserialize, Validate)]
#[serde(from = "RawInner")]
pub struct Inner {{ code: u32 }}
#[derive(Deserialize)]
pub struct RawInner {{ code: u32 }}
impl From<RawInner> for Inner {{ fn from(raw: RawInner) -> Inner {{ Inner {{ code: raw.code }} }} }}
"#,
        fields("b"),
        fields("c")
    );
    for (root, text, says) in [
        (
            "Wide",
            format!(
                "{{\"a\": 1, {}, {}}}",
                (0..70)
                    .map(|i| format!("\"b{i}\": 2"))
                    .collect::<Vec<_>>()
                    .join(", "),
                (0..70)
                    .map(|i| format!("\"c{i}\": 3"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "more than 128",
        ),
        (
            "Converted",
            r#"{"id": 1, "code": 2}"#.to_owned(),
            "read whole",
        ),
    ] {
        let completion = overhead_engine::assume::complete(&paste, Some(root), &[]);
        let fast =
            Interpreter::with_flatten(&completion.text, Some(root), Flatten::Fast).expect("plans");
        let serde_way =
            Interpreter::with_flatten(&completion.text, Some(root), Flatten::Serde).expect("plans");
        assert!(
            fast.plan().notes.iter().any(|n| n.message.contains(says)
                && n.message
                    .contains("fast-flatten variants read it serde's way")),
            "{root}: {:?}",
            fast.plan().notes
        );
        let (read, expected) = (fast.decode(&text), serde_way.decode(&text));
        assert_eq!(format!("{read:?}"), format!("{expected:?}"), "{root}");
        assert!(read.is_ok(), "{root}: {read:?}");
        // Serde's way writes no postcard (a map of unknown length).
        agree_on_text(&fast, &text, root);
        agree_on_tree(&fast, &serde_json::from_str(&text).expect("JSON"), root);
    }
}

/// Struct variants that flatten (a struct and a map, in an externally and
/// an internally tagged enum): the program reads them serde's way, its own
/// keys by their ops and the others buffered, and its readers agree on
/// its value, error and first violation in text, in a tree, in postcard and in
/// fail-fast.
#[test]
fn struct_variants_that_flatten_read_alike_by_every_reader() {
    let engine = Interpreter::new(
        r#"
#[derive(Deserialize, Validate)]
pub struct Meta { #[validate(length(min = 2))] owner: String, version: u8 }
#[derive(Deserialize)]
pub enum Event {
    Created { id: u32, #[serde(flatten)] meta: Meta },
    Tagged { id: u32, #[serde(flatten)] extra: std::collections::BTreeMap<String, u8> },
    Gone,
}
#[derive(Deserialize)]
#[serde(tag = "kind")]
pub enum Change {
    Moved { to: String, #[serde(flatten)] meta: Meta },
    Kept,
}
#[derive(Deserialize, Validate)]
pub struct Root {
    #[validate(nested)]
    event: Event,
    #[validate(nested)]
    change: Change,
}
"#,
        Some("Root"),
    )
    .expect("plans");
    let texts = [
        r#"{"event": {"Created": {"id": 1, "owner": "ann", "version": 2}}, "change": {"kind": "Moved", "to": "x", "owner": "bo", "version": 1}}"#,
        r#"{"event": {"Tagged": {"id": 1, "a": 2, "b": 3}}, "change": {"kind": "Kept"}}"#,
        r#"{"event": {"Created": {"id": 1, "owner": "a", "version": 2}}, "change": {"kind": "Moved", "to": "x", "owner": "b", "version": 1}}"#,
        r#"{"event": {"Created": {"id": 1, "owner": "ann"}}, "change": {"kind": "Kept"}}"#,
        r#"{"event": {"Created": {"id": 1, "id": 2, "owner": "ann", "version": 2}}, "change": {"kind": "Kept"}}"#,
        r#"{"event": {"Tagged": {"id": 1, "a": 300}}, "change": {"kind": "Kept"}}"#,
        r#"{"event": "Gone", "change": {"kind": "Moved", "to": 5, "owner": "bo", "version": 1}}"#,
        r#"{"event": {"Created": [1, "ann", 2]}, "change": {"kind": "Kept"}}"#,
    ];
    let decoded = agree_everywhere(&engine, &texts, "struct variants that flatten");
    assert!(decoded >= 3, "{decoded} texts decoded");
}

/// A newtype variant's field with a rule of its own (garde's `url` on
/// `Picture(String)`), in each tagging: fail-fast stops at the violation
/// `validate()` finds, at the same path, as a struct's field does. (The
/// decode fuzz target found the externally tagged one passing; an
/// untagged enum went on to try its next variant.)
#[test]
fn fail_fast_checks_a_newtype_variants_own_field_in_every_tagging() {
    for (attr, input) in [
        (
            "",
            r#"{"answers": [{"Text": "a"}, {"Picture": "https://a|b"}]}"#,
        ),
        ("#[serde(untagged)]", r#"{"answers": ["https://a|b"]}"#),
        (
            r#"#[serde(tag = "t", content = "c")]"#,
            r#"{"answers": [{"t": "Picture", "c": "https://a|b"}]}"#,
        ),
    ] {
        let schema = format!(
            r#"
            #[derive(Deserialize, Validate)]
            {attr}
            pub enum Answer {{ Picture(#[garde(url)] String), Text(#[garde(length(min = 1))] String) }}
            #[derive(Deserialize, Validate)]
            pub struct Question {{ #[garde(dive)] pub answers: Vec<Answer> }}
            "#
        );
        let engine = Interpreter::new(&schema, Some("Question")).expect("plans");
        let paths = |v: &overhead_validate::Violations| -> Vec<String> {
            v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect()
        };
        let value = engine.decode(input).expect("decodes");
        let all = paths(&engine.validate(&value).expect_err("breaks url"));
        match engine.decode_fail_fast(input) {
            Err(overhead_engine::run::Error::Invalid(stopped)) => {
                assert_eq!(paths(&stopped), all, "{attr}")
            }
            other => panic!("{attr}: fail-fast gave {other:?}, validate() finds {all:?}"),
        }
        agree_on_text(&engine, input, attr);
    }
}

/// Lists read without a length (JSON's) keep every item and row in its
/// place, lists of scalars, of strings and of structs, read one after
/// another, so that a list of rows grows into the buffer a large value
/// freed before (`value::pool`).
#[test]
fn long_lists_read_into_a_freed_buffer_keep_every_item() {
    let engine = Interpreter::new(
        r#"
#[derive(serde::Deserialize, serde::Serialize)]
pub struct Row { id: u32, name: String }
#[derive(serde::Deserialize, serde::Serialize)]
pub struct Bag { numbers: Vec<u64>, tags: Vec<String>, rows: Vec<Row> }
"#,
        Some("Bag"),
    )
    .expect("runs");
    for n in [300, 700, 1000, 400, 2600, 260] {
        let list = |item: &dyn Fn(u64) -> String| (0..n).map(item).collect::<Vec<_>>().join(",");
        let text = format!(
            r#"{{"numbers":[{}],"tags":[{}],"rows":[{}]}}"#,
            list(&|i| (i * 7 + n).to_string()),
            list(&|i| format!(r#""t{i}-{n}""#)),
            list(&|i| format!(r#"{{"id":{i},"name":"r{i}"}}"#)),
        );
        let value = engine.decode(&text).expect("reads");
        assert_eq!(engine.to_json(&value).expect("writes"), text, "{n} items");
    }
}
