//! Generated inputs: valid ones keep every rule, and each breakable rule,
//! broken alone, gives exactly that rule's violation.

use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;

const DEFINITIONS: &str = r#"
static SKU: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^[A-Z]{3}-\d{4}$").unwrap());

#[serde(rename_all = "camelCase")]
struct Order {
    #[validate(regex(path = *SKU))]
    sku: String,
    #[validate(regex(pattern = r"\A[a-z]+(-[a-z]+)*\z"), length(max = 30))]
    slug: String,
    #[validate(length(min = 8, max = 64), ascii)]
    reference: String,
    #[validate(email)]
    email: String,
    #[validate(url)]
    site: Option<String>,
    #[validate(required, length(equal = 2))]
    country: Option<String>,
    #[validate(range(min = 1, max = 99))]
    quantity: u16,
    #[validate(range(exclusive_min = 0.0, max = 10.0))]
    weight: f64,
    #[validate(starts_with = "+", length(min = 7, max = 15))]
    phone: String,
    #[validate(one_of("red", "green"))]
    color: String,
    #[validate(length(min = 1, max = 5), nested)]
    lines: Vec<Line>,
    #[validate(non_blank, alphanumeric)]
    code: String,
}

struct Line {
    #[validate(range(min = 1))]
    count: u32,
    #[validate(length(max = 3), each(length(min = 2)))]
    tags: Vec<String>,
}
"#;

#[test]
fn valid_inputs_keep_every_rule_and_each_broken_rule_is_reported() {
    let engine = Interpreter::new(DEFINITIONS, Some("Order")).expect("runs");
    let mut generator = Generator::new(engine.plan(), 42);
    for _ in 0..500 {
        let value = generator.valid();
        let text = engine.to_json(&value).expect("ser");
        let decoded = engine.decode(&text).expect("decodes");
        assert!(
            engine.validate(&decoded).is_ok(),
            "{text}: {:?}",
            engine.validate(&decoded)
        );
    }
    let targets = generator.targets();
    // Every rule of a root field but `lines`' (a collection's length and `nested`).
    assert_eq!(targets.len(), 16, "{targets:?}");
    for target in targets {
        let value = generator.violating(target).expect("breakable");
        let text = engine.to_json(&value).expect("ser");
        let decoded = engine.decode(&text).expect("decodes");
        let violations = engine.validate(&decoded).expect_err(&text);
        // Only the target field breaks (a value that breaks one of its rules may
        // break another of the same field's: "é" is not ASCII, and short).
        let paths: Vec<String> = violations.iter().map(|v| v.path.to_string()).collect();
        let root = engine
            .plan()
            .struct_plan(engine.plan().root)
            .expect("a struct");
        let field = root.fields[target.slot].key;
        assert!(
            paths.iter().all(|p| p == field),
            "{target:?} {text}: {paths:?}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_inputs() {
    let engine = Interpreter::new(DEFINITIONS, Some("Order")).expect("runs");
    let texts = |seed| {
        let mut g = Generator::new(engine.plan(), seed);
        (0..20)
            .map(|_| engine.to_json(&g.valid()).expect("ser"))
            .collect::<Vec<_>>()
    };
    assert_eq!(texts(7), texts(7));
    assert_ne!(texts(7), texts(8));
}

/// A request type as people paste it: the page's starting inputs for it.
const PASTED: &str = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfile {
    #[validate(length(min = 1, max = 50))]
    pub display_name: String,
    #[validate(email)]
    pub contact_email: Option<String>,
    #[validate(range(min = 13, max = 130))]
    pub age: u8,
    #[validate(nested)]
    pub address: Address,
}

#[derive(Debug, Deserialize, Validate)]
pub struct Address {
    #[validate(length(min = 1))]
    pub street: String,
    #[validate(regex(path = *ZIP))]
    pub zip: String,
}
"#;

#[test]
fn examples_are_a_valid_value_and_one_that_breaks_a_named_field() {
    let engine = Interpreter::new(PASTED, None).expect("runs");
    let examples = overhead_engine::generate::examples(&engine, 1).expect("written");
    assert_eq!(examples.root, "UpdateProfile");
    assert!(examples.keeps_rules);
    let valid = engine.decode(&examples.valid).expect("decodes");
    assert!(engine.validate(&valid).is_ok(), "{}", examples.valid);
    // Pretty, as a person would write it in the input editor.
    assert!(
        examples.valid.contains("\n  \"displayName\": "),
        "{}",
        examples.valid
    );
    let invalid = examples.invalid.expect("a rule to break");
    let broken = engine.decode(&invalid.text).expect("decodes");
    let violations = engine.validate(&broken).expect_err(&invalid.text);
    assert!(
        violations
            .iter()
            .all(|v| v.path.to_string() == invalid.field)
    );
    let again = overhead_engine::generate::examples(&engine, 1).expect("written");
    assert_eq!(
        (again.valid, again.invalid.map(|b| b.text)),
        (examples.valid, Some(invalid.text))
    );
}

#[test]
fn definitions_without_rules_get_only_a_valid_example() {
    let engine = Interpreter::new("struct Point { x: i32, y: i32 }", None).expect("runs");
    let examples = overhead_engine::generate::examples(&engine, 1).expect("written");
    assert!(engine.decode(&examples.valid).is_ok());
    assert!(examples.invalid.is_none());
}
