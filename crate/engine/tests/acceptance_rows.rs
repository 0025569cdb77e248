//! The acceptance table's rows that no broader test used, each held to what
//! its row says (docs/book/src/acceptance.md): the warning or refusal quoted
//! there, or the outcome of a form it calls honoured. Where the reference is
//! a build (Overhead's own derive), the type is compiled with it and read by
//! the interpreter from the same tokens.

#![allow(dead_code)]

use overhead_engine::run::Interpreter;
use overhead_validate::Validate as _;
use serde::Deserialize;

mod support;
use support::{notes, outcome};

/// What the analysis says of `text`, as `overhead check` and the editor show
/// it: one line per diagnostic.
fn said(text: &str) -> Vec<String> {
    overhead_schema::analyze(text)
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Whether some line of `lines` contains `part`.
fn says(lines: &[String], part: &str) -> bool {
    lines.iter().any(|line| line.contains(part))
}

fn run(text: &str, root: &str) -> Interpreter {
    Interpreter::new(text, Some(root)).unwrap_or_else(|e| panic!("{root} runs: {e:?}"))
}

/// The rule breakdown's sites on `input`: "path rule detail (n failed)".
fn site_lines(engine: &Interpreter, input: &str) -> Vec<String> {
    let value = engine.decode(input).expect("decodes");
    overhead_engine::sites::rule_sites(engine.plan(), &value)
        .iter()
        .map(|s| format!("{} {} {} ({} failed)", s.path, s.rule, s.detail, s.run()))
        .collect()
}

// serde

#[test]
fn serdes_forms_that_change_nothing_read_are_passed_over() {
    let text = r#"
use serde::Deserialize;
use std::borrow::Cow;

pub struct Remote { pub id: u32 }
impl Remote { pub fn id(&self) -> u32 { self.id } }

#[derive(Deserialize)]
#[serde(remote = "Remote")]
pub struct RemoteDef {
    #[serde(getter = "Remote::id")]
    pub id: u32,
}

#[derive(Deserialize)]
pub struct Holder {
    #[serde(with = "RemoteDef")]
    pub remote: Remote,
}

#[derive(Deserialize)]
pub struct Note<'a> {
    #[serde(borrow)]
    pub body: Body<'a>,
    #[serde(bound = "")]
    pub id: u32,
}

#[derive(Deserialize)]
pub enum Body<'a> {
    #[serde(skip_serializing)]
    Empty,
    #[serde(borrow, bound = "")]
    Text(Cow<'a, str>),
}
"#;
    let lines = said(text);
    assert_eq!(
        lines,
        [
            "17:5: warning: serde calls `RemoteDef::serialize` to write this field, which the playground cannot run; it is written in its type's own serde form instead"
        ],
        "only writing through the remote definition is said"
    );
    // A field `with` the remote definition reads through it.
    let holder = run(text, "Holder");
    assert_eq!(
        outcome(&holder, r#"{"remote":{"id":4}}"#),
        Vec::<String>::new()
    );
    assert_eq!(outcome(&holder, r#"{"remote":{"id":"4"}}"#).len(), 1);
    let engine = run(text, "Note");
    assert_eq!(
        outcome(&engine, r#"{"body":"Empty","id":1}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, r#"{"body":{"Text":"hi"},"id":1}"#),
        Vec::<String>::new()
    );
    // `remote` reads the definition as an ordinary type.
    let remote = run(text, "RemoteDef");
    assert_eq!(outcome(&remote, r#"{"id":4}"#), Vec::<String>::new());
}

#[test]
fn serdes_functions_the_playground_cannot_run_are_said_at_their_place() {
    let text = r#"
use serde::Deserialize;

#[derive(Deserialize, Default)]
#[serde(default = "fresh")]
pub struct Settings {
    pub level: u32,
    #[serde(serialize_with = "as_text")]
    pub count: u32,
    #[serde(skip_serializing_if = "is_zero")]
    pub limit: u32,
    pub mode: Mode,
}

fn fresh() -> Settings {
    let mut s = Settings::default();
    s.level = 3;
    s
}

#[derive(Deserialize, Default)]
pub enum Mode {
    #[default]
    Off,
    #[serde(with = "percent")]
    On(u32),
}
"#;
    let lines = said(text);
    assert!(
        says(
            &lines,
            "serde calls `as_text` to write this field, which the playground cannot run; it is written in its type's own serde form instead"
        ),
        "{lines:?}"
    );
    assert!(
        says(
            &lines,
            "serde calls `percent::deserialize` and `percent::serialize` for the variant `On`"
        ),
        "{lines:?}"
    );
    let engine = run(text, "Settings");
    let notes = notes(&engine);
    assert!(
        says(
            &notes,
            "`default = \"fresh\"` calls a function whose body is not a plain value in the paste; a missing `level` takes `Default::default()` here"
        ),
        "{notes:?}"
    );
    assert!(
        says(
            &notes,
            "`skip_serializing_if = \"is_zero\"` calls a function the playground cannot run; `limit` is always written here"
        ),
        "{notes:?}"
    );
    assert_eq!(
        outcome(&engine, r#"{"count":1,"limit":0,"mode":{"On":5}}"#),
        Vec::<String>::new()
    );
}

#[test]
fn identifiers_cannot_be_written_as_serde_refuses_them() {
    let text = r#"
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize)]
#[serde(variant_identifier)]
pub enum Kind { Table, View }
"#;
    let lines = said(text);
    assert!(
        says(&lines, "error: variant identifiers cannot be serialized"),
        "{lines:?}"
    );
}

// validator

#[test]
fn validators_struct_options_and_a_map_under_contains() {
    let text = r#"
use std::collections::HashMap;
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Validate)]
#[validate(context = Limits, mutable, crate = "validator")]
pub struct Form {
    #[validate(length(max = 3))]
    pub name: String,
}

#[derive(Default)]
pub struct Limits;
"#;
    let lines = said(text);
    assert!(
        says(
            &lines,
            "`#[validate(crate)]` on a type is not read by the playground"
        ),
        "{lines:?}"
    );
    assert!(
        !says(&lines, "mutable"),
        "`mutable` is accepted as it is: {lines:?}"
    );
    let engine = run(text, "Form");
    assert_eq!(outcome(&engine, r#"{"name":"abcd"}"#), ["name:length"]);

    // validator 0.16's `arg`: a context the paste does not build.
    let arg = r#"
use serde::Deserialize;
use validator::{Validate, ValidationError};

#[derive(Deserialize, Validate)]
#[validate(context = "i64")]
pub struct Limit {
    #[validate(custom(function = "at_most", arg = "i64"))]
    pub n: i64,
}

fn at_most(value: i64, arg: i64) -> Result<(), ValidationError> {
    if value > arg {
        return Err(ValidationError::new("big"));
    }
    Ok(())
}
"#;
    let engine = run(arg, "Limit");
    let notes = notes(&engine);
    assert!(
        says(
            &notes,
            "custom validator `at_most` is not run in the playground: its context is not built in the paste"
        ),
        "{notes:?}"
    );

    let map = r#"
use std::collections::HashMap;
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Validate)]
pub struct Tags {
    #[validate(contains(pattern = "k"))]
    pub by_key: HashMap<String, u32>,
}
"#;
    let lines = said(map);
    assert!(
        says(
            &lines,
            "error: `contains` applies to a string; `by_key` is a map"
        ),
        "{lines:?}"
    );
}

/// `nest_all_fields`: each field whose type has rules is checked as if it
/// were `nested`.
#[test]
fn validators_nest_all_fields_nests_each_field_with_rules() {
    let text = r#"
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Validate)]
#[validate(nest_all_fields)]
pub struct Signup {
    pub user: User,
    pub backup: Option<User>,
}

#[derive(Deserialize, Validate)]
pub struct User {
    #[validate(email)]
    pub email: String,
}
"#;
    let engine = run(text, "Signup");
    let found = outcome(
        &engine,
        r#"{"user":{"email":"nope"},"backup":{"email":"also-not"}}"#,
    );
    assert_eq!(found, ["user.email:email", "backup.email:email"]);
    assert_eq!(
        outcome(&engine, r#"{"user":{"email":"a@b.co"},"backup":null}"#),
        Vec::<String>::new()
    );

    // validator's derive does not build it over a field with no `Validate`
    // (unless the field is skipped), which is said.
    let unbuilt = text.replace(
        "pub backup: Option<User>,",
        "pub backup: Option<User>,\n    pub amount: f64,\n    #[validate(skip)]\n    pub note: String,",
    );
    let lines = said(&unbuilt);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("validator's `nest_all_fields` calls `validate()` on every field, and `f64` has no `Validate`: validator's derive does not build this type"),
        "{lines:?}"
    );
}

// garde

#[test]
fn gardes_rules_that_read_or_refuse_as_its_row_says() {
    let text = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Deserialize, Validate)]
pub struct Pay {
    #[garde(credit_card)]
    pub card: String,
    #[garde(phone_number)]
    pub phone: String,
    #[garde(adapt(my_rules), length(max = 3))]
    pub short: String,
    #[garde(length(max = 3), code("too_long"))]
    pub coded: String,
}
"#;
    let lines = said(text);
    assert!(
        says(
            &lines,
            "`phone` is not run in the playground: it needs libphonenumber's metadata"
        ),
        "{lines:?}"
    );
    assert!(
        says(
            &lines,
            "garde's `adapt(…)` is not applied here: the field's rules read its value as it is"
        ),
        "{lines:?}"
    );
    let engine = run(text, "Pay");
    let doc = |card: &str, short: &str| {
        format!(r#"{{"card":"{card}","phone":"x","short":"{short}","coded":"ab"}}"#)
    };
    // A Luhn-valid test number, and the same number with its last digit changed.
    assert_eq!(
        outcome(&engine, &doc("4539578763621486", "abc")),
        Vec::<String>::new()
    );
    let broken = outcome(&engine, &doc("4539578763621487", "abcd"));
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].starts_with("card:"), "{broken:?}");
    assert!(broken[1].starts_with("short:"), "{broken:?}");

    for (rule, field) in [
        ("char_count(max = 3)", "String"),
        (
            "keys(length(max = 3))",
            "std::collections::HashMap<String, u8>",
        ),
    ] {
        let refused = format!(
            "use serde::Deserialize;\nuse garde::Validate;\n#[derive(Deserialize, Validate)]\npub struct S {{\n    #[garde({rule})]\n    pub a: {field},\n}}\n"
        );
        let word = rule.split('(').next().unwrap_or_default();
        let lines = said(&refused);
        assert!(
            says(
                &lines,
                &format!("error: unknown garde rule `{word}`; expected one of: ")
            ),
            "{lines:?}"
        );
    }
    let code_first = "use serde::Deserialize;\nuse garde::Validate;\n#[derive(Deserialize, Validate)]\npub struct S {\n    #[garde(code(\"x\"), length(max = 3))]\n    pub a: String,\n}\n";
    assert!(says(
        &said(code_first),
        "error: `code` must follow the rule it belongs to"
    ));
}

// Overhead's own derive (the seed's words)

mod seed {
    use super::*;

    macro_rules! both {
        ($($item:tt)*) => {
            $($item)*
            pub const TEXT: &str = concat!("use overhead_validate::Validate;\n", stringify!($($item)*));
        };
    }

    both! {
        #[derive(Deserialize, overhead_validate::Validate)]
        pub struct Order {
            #[validate(each(nested))]
            pub parts: Vec<Part>,
            #[validate(each(range(min = 1, max = 5)))]
            pub counts: Vec<u8>,
            #[validate(contains = "@", ends_with = ".com")]
            pub contact: String,
        }

        #[derive(Deserialize, overhead_validate::Validate)]
        pub struct Part {
            #[validate(min_len = 2)]
            pub name: String,
        }
    }
}

/// `each(nested)`, `each(range(…))`, `contains` and `ends_with` in Overhead's
/// own dialect: the interpreter finds what the derive finds, at the same paths.
#[test]
fn the_seed_words_read_as_overheads_derive_reads_them() {
    let engine = run(seed::TEXT, "Order");
    let doc = |parts: &str, counts: &str, contact: &str| {
        format!(r#"{{"parts":{parts},"counts":{counts},"contact":"{contact}"}}"#)
    };
    for input in [
        doc(r#"[{"name":"ab"}]"#, "[1,5]", "a@b.com"),
        doc(r#"[{"name":"ab"},{"name":"x"}]"#, "[0,3,6]", "ab.org"),
        doc("[]", "[]", "@.com"),
        doc(r#"[{"name":""}]"#, "[2]", "a@b.co"),
    ] {
        let order: seed::Order = serde_json::from_str(&input).expect("decodes");
        let mut derived: Vec<String> = match order.validate() {
            Ok(()) => Vec::new(),
            Err(v) => v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect(),
        };
        let mut interpreted = outcome(&engine, &input);
        derived.sort();
        interpreted.sort();
        assert_eq!(interpreted, derived, "{input}");
    }
    let broken = outcome(
        &engine,
        &doc(r#"[{"name":"ab"},{"name":"x"}]"#, "[0,3,6]", "ab.org"),
    );
    assert_eq!(broken.len(), 5, "every word is checked: {broken:?}");
}

/// A struct's `check` (with its `code`, `message` and `when`) is listed as
/// not run, in Overhead's dialect as in domainstack's; domainstack's usual
/// error constructor in a custom function keeps the function from running.
#[test]
fn struct_checks_and_domainstack_custom_functions_are_said() {
    for uses in [
        "use overhead_validate::Validate;",
        "use domainstack::prelude::*;",
    ] {
        let text = format!(
            r#"
{uses}
use serde::Deserialize;

#[derive(Deserialize, Validate)]
#[validate(check = "self.name.len() > 1", code = "short", message = "too short", when = "true")]
pub struct Entry {{
    #[validate(custom = "not_x")]
    pub name: String,
}}

fn not_x(value: &str) -> Result<(), ValidationError> {{
    if value == "x" {{
        return Err(ValidationError::single("name", "bad", "is x"));
    }}
    Ok(())
}}
"#
        );
        let lines = said(&text);
        for word in ["check", "code", "message", "when"] {
            let warning = format!("`#[validate({word})]` on a type is not read by the playground");
            assert!(says(&lines, &warning), "{uses}: {lines:?}");
        }
        let engine = run(&text, "Entry");
        let notes = notes(&engine);
        assert!(
            says(
                &notes,
                "custom validator `not_x` is not run in the playground: it uses the function `ValidationError::single`"
            ),
            "{uses}: {notes:?}"
        );
        assert_eq!(outcome(&engine, r#"{"name":"x"}"#), Vec::<String>::new());
    }
}

// domainstack

/// `finite` never fails on JSON (a JSON number is finite); `non_zero`,
/// `not_equals` and `multiple_of` are listed as not run; the collection words
/// give domainstack's codes.
#[test]
fn domainstacks_number_and_collection_words() {
    let text = r#"
use domainstack::prelude::*;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
pub struct Batch {
    #[validate(finite)]
    pub ratio: f64,
    #[validate(non_zero)]
    pub step: i32,
    #[validate(not_equals = 3)]
    pub skip: i32,
    #[validate(multiple_of = 5)]
    pub lot: i32,
    #[validate(min_items = 1, max_items = 2, unique)]
    pub ids: Vec<u8>,
}
"#;
    let engine = run(text, "Batch");
    let doc = |ratio: &str, step: &str, skip: &str, lot: &str, ids: &str| {
        format!(r#"{{"ratio":{ratio},"step":{step},"skip":{skip},"lot":{lot},"ids":{ids}}}"#)
    };
    assert_eq!(
        outcome(&engine, &doc("1e308", "1", "2", "-15", "[1,2]")),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, &doc("-0.5", "1", "2", "0", "[]")),
        ["ids:too_few_items"]
    );
    let mut many = outcome(&engine, &doc("0", "1", "2", "5", "[1,1,2]"));
    many.sort();
    assert_eq!(many, ["ids:duplicate_items", "ids:too_many_items"]);
    // domainstack's number words, with its codes and messages.
    assert_eq!(
        outcome(&engine, &doc("1", "0", "3", "7", "[1]")),
        [
            "step:zero_value",
            "skip:forbidden_value",
            "lot:not_multiple"
        ]
    );
    let messages: Vec<String> = engine
        .validate(
            &engine
                .decode(&doc("1", "0", "3", "7", "[1]"))
                .expect("decodes"),
        )
        .expect_err("three words break")
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(
        messages,
        [
            "step: Must be non-zero (zero_value)",
            "skip: Must not equal '3' (forbidden_value)",
            "lot: Must be a multiple of 5 (not_multiple)"
        ]
    );
    // domainstack builds `multiple_of` with `assert!(divisor != 0)`: a panic
    // on every validation, refused here where it is written.
    let zero = text.replace("multiple_of = 5", "multiple_of = 0");
    assert!(
        said(&zero)
            .iter()
            .any(|l| l.contains("`multiple_of = 0` panics in domainstack")),
        "{:?}",
        said(&zero)
    );
}

/// Every test the table names exists: each `` `crate/…/file.rs::name` `` is
/// a file of the repository with a `fn name` in it, so a renamed or deleted
/// test cannot leave a row claiming it.
#[test]
fn every_test_the_table_names_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let table = std::fs::read_to_string(root.join("docs/book/src/acceptance.md"))
        .expect("the acceptance table is in the book");
    let mut named = 0;
    // `::other` after a named file is another test of that file.
    let mut last_file = String::new();
    for cell in table.split('`').skip(1).step_by(2) {
        let (file, test) = match cell.strip_prefix("::") {
            Some(test) if !last_file.is_empty() => (last_file.clone(), test),
            _ if cell.starts_with("crate/") => {
                let (file, test) = cell.split_once("::").unwrap_or((cell, ""));
                (file.to_owned(), test)
            }
            _ => continue,
        };
        if !file.ends_with(".rs") {
            continue;
        }
        let source = std::fs::read_to_string(root.join(&file))
            .unwrap_or_else(|e| panic!("the table names `{file}`: {e}"));
        if !test.is_empty() {
            assert!(
                source.contains(&format!("fn {test}(")),
                "the table names `{file}::{test}`, which is not there"
            );
        }
        last_file = file;
        named += 1;
    }
    assert!(named > 100, "the table names {named} tests");
}

/// garde's `range` with a bound that is another field (`max = self.field`,
/// `min = self.0`): the range is built from that field's value once the
/// struct is read, as garde's derive builds it; the violation is the field's.
#[test]
fn gardes_range_reads_a_bound_from_another_field() {
    let text = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Deserialize, Validate)]
pub struct Band {
    #[garde(range(min = 15, max = 45))]
    pub low: u8,
    #[garde(range(min = self.low, max = 45))]
    pub high: u8,
    #[garde(range(min = 0.0, max = self.high))]
    pub target: Option<f64>,
    #[garde(skip)]
    pub span: Span,
}

#[derive(Deserialize, Validate)]
pub struct Span(
    #[garde(range(min = 0, max = self.1))] i32,
    #[garde(range(min = self.0, max = 10_000))] i32,
);
"#;
    assert_eq!(said(text), Vec::<String>::new());
    let engine = run(text, "Band");
    let doc = |low: u8, high: u8, target: &str, span: &str| {
        format!(r#"{{"low":{low},"high":{high},"target":{target},"span":{span}}}"#)
    };
    assert_eq!(
        outcome(&engine, &doc(20, 20, "20.0", "[1,2]")),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, &doc(20, 30, "null", "[2,2]")),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, &doc(30, 20, "25.5", "[1,2]")),
        ["high:range", "target:range"]
    );
    assert_eq!(outcome(&engine, &doc(20, 50, "1", "[1,2]")), ["high:range"]);

    let span = run(text, "Span");
    assert_eq!(outcome(&span, "[5,3]"), ["[0]:range", "[1]:range"]);
    assert_eq!(outcome(&span, "[3,5]"), Vec::<String>::new());

    // The rule breakdown times it as a site of its own.
    let sites = site_lines(&engine, &doc(30, 20, "25.5", "[1,2]"));
    assert!(
        sites.contains(&"high range self.low–45 (1 failed)".to_owned()),
        "{sites:?}"
    );

    // A bound computed from the struct or its context is said, not run.
    let computed = text.replace("max = self.high", "max = self.high + 1.0");
    let lines = said(&computed);
    assert!(
        says(
            &lines,
            "`max = self.high+1.0` is computed from the struct or its context when the library runs: this bound is not run here"
        ),
        "{lines:?}"
    );

    // The JS engines do not run it, and say why.
    let refused = overhead_engine::describe::describe(engine.plan()).err();
    assert_eq!(
        refused.as_deref(),
        Some("`high` has a `range` bound read from another field, which the JS engines do not run")
    );
}

/// garde's `dive((self.min, self.max))` into a type whose bounds read that
/// context (`length(min = ctx.0, max = ctx.1)`, `range(max = ctx.1)`): the
/// diving struct's fields are the bounds, checked on the nested value's
/// field once the struct is read, as garde's derive passes the context down
/// (garde's own `tests/rules/dive_with_ctx.rs`). Alone, with no context the
/// paste builds, the nested type says its bounds are not run.
#[test]
fn gardes_dive_with_a_context_of_fields_bounds_the_nested_rules() {
    let text = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Deserialize, Validate)]
#[garde(context((usize, usize) as ctx))]
struct Inner {
    #[garde(length(min = ctx.0, max = ctx.1))]
    field: String,
    #[garde(range(max = ctx.1))]
    count: Option<u64>,
    #[garde(length(max = 10))]
    note: String,
}

#[derive(Deserialize, Validate)]
struct Test {
    #[garde(skip)]
    min: usize,
    #[garde(skip)]
    max: usize,
    #[garde(dive((self.min, self.max)))]
    inner: Inner,
}
"#;
    let lines = said(text);
    assert!(
        says(
            &lines,
            "this bound reads the context (`ctx.…`), which the paste does not build: the rule runs where a struct dives into this type"
        ),
        "{lines:?}"
    );
    let engine = run(text, "Test");
    let doc = |min: u32, max: u32, field: &str, count: &str, note: &str| {
        format!(
            r#"{{"min":{min},"max":{max},"inner":{{"field":"{field}","count":{count},"note":"{note}"}}}}"#
        )
    };
    assert_eq!(
        outcome(&engine, &doc(1, 5, "asdf", "5", "n")),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, &doc(1, 5, "asdfgh", "null", "n")),
        ["inner.field:length"]
    );
    let mut three = outcome(&engine, &doc(5, 6, "asdf", "7", "a note too long"));
    three.sort();
    assert_eq!(
        three,
        [
            "inner.count:range",
            "inner.field:length",
            "inner.note:length"
        ]
    );
    // The bounds are the input's own: wider ones let the same text through.
    assert_eq!(
        outcome(&engine, &doc(0, 9, "asdfgh", "7", "n")),
        Vec::<String>::new()
    );
    // garde's length counts bytes.
    assert_eq!(
        outcome(&engine, &doc(1, 5, "ééé", "null", "n")),
        ["inner.field:length"]
    );

    // The breakdown times it as a site of its own, at the nested field.
    let sites = site_lines(&engine, &doc(1, 5, "asdfgh", "null", "n"));
    assert!(
        sites.contains(&"inner.field length self.min–self.max (1 failed)".to_owned()),
        "{sites:?}"
    );

    // Validated alone, the nested type runs the rules it can.
    let inner = run(text, "Inner");
    assert_eq!(
        outcome(&inner, r#"{"field":"asdfghijkl","count":99,"note":"n"}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(
            &inner,
            r#"{"field":"a","count":null,"note":"a note too long"}"#
        ),
        ["note:length"]
    );

    // garde hands the context to each element of a collection; here that is
    // said, not run.
    let many = said(&text.replace("inner: Inner,", "inner: Vec<Inner>,"));
    assert!(
        says(
            &many,
            "`Inner`'s bounds that read the context are not run on the elements of `inner`"
        ),
        "{many:?}"
    );

    // The JS engines do not run it, and say why.
    let refused = overhead_engine::describe::describe(engine.plan()).err();
    assert_eq!(
        refused.as_deref(),
        Some(
            "`inner` has a bound on `field` that a `dive` gives from the struct's fields, which the JS engines do not run"
        )
    );
}

/// garde's `inner(matches(other))`: each element against the other field,
/// each violation at its element.
#[test]
fn gardes_inner_matches_checks_each_element() {
    let text = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Deserialize, Validate)]
pub struct Invite {
    #[garde(skip)]
    pub team: String,
    #[garde(matches(team))]
    pub confirm: String,
    #[garde(inner(matches(team)))]
    pub echoes: Vec<String>,
}
"#;
    let engine = run(text, "Invite");
    let valid = r#"{"team":"a","confirm":"a","echoes":["a","a"]}"#;
    assert_eq!(outcome(&engine, valid), Vec::<String>::new());
    let broken = r#"{"team":"a","confirm":"b","echoes":["a","b","c"]}"#;
    assert_eq!(
        outcome(&engine, broken),
        [
            "confirm:must_match",
            "echoes[1]:must_match",
            "echoes[2]:must_match"
        ]
    );
    let refused = overhead_engine::describe::describe(engine.plan()).err();
    assert!(
        refused.is_some_and(|r| r.contains("`echoes` has `inner(matches(…))`")),
        "the JS engines say why they do not run it"
    );
}

/// A custom function on a field whose type is the paste's own struct gets
/// the value as the paste's code reads it (garde's suite: a `custom` beside
/// `dive`, under `if`); on each element of a collection it is not run, and
/// said.
#[test]
fn a_custom_function_takes_a_struct_of_the_paste() {
    let text = r#"
use serde::Deserialize;
use garde::Validate;

#[derive(Deserialize, Validate)]
pub struct Child {
    #[garde(length(min = 3))]
    pub value: String,
}

#[derive(Deserialize, Validate)]
pub struct Parent {
    #[garde(skip)]
    pub strict: bool,
    #[garde(dive, if(cond = self.strict, custom(not_abc)))]
    pub child: Child,
    #[garde(inner(custom(not_abc)))]
    pub children: Vec<Child>,
}

fn not_abc(child: &Child, _: &()) -> garde::Result {
    if child.value == "abc" {
        return Err(garde::Error::new("abc is taken"));
    }
    Ok(())
}
"#;
    let engine = run(text, "Parent");
    let notes = notes(&engine);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].contains("custom validator `not_abc` is not run in the playground: it takes each element, a type of the paste"),
        "{notes:?}"
    );
    let doc = |strict: bool, value: &str| {
        format!(r#"{{"strict":{strict},"child":{{"value":"{value}"}},"children":[]}}"#)
    };
    assert_eq!(outcome(&engine, &doc(true, "abcd")), Vec::<String>::new());
    assert_eq!(outcome(&engine, &doc(false, "abc")), Vec::<String>::new());
    assert_eq!(outcome(&engine, &doc(true, "abc")), ["child:custom"]);
    assert_eq!(outcome(&engine, &doc(true, "ab")), ["child.value:length"]);
}

/// garde's rules reading the context (`length(max = ctx.max_title)`): the
/// bound is the context's field as the paste builds the context (its
/// constant of the type, else its `impl Default`), as the build as shipped
/// validates with, and a note says so.
#[test]
fn gardes_bounds_from_the_context_read_the_context_the_paste_builds() {
    let by_default = r#"
use garde::Validate;
use serde::Deserialize;

pub struct Limits {
    pub max_title: usize,
    pub min_age: u8,
}

impl Default for Limits {
    fn default() -> Self {
        Self { max_title: 5, min_age: 18 }
    }
}

#[derive(Deserialize, Validate)]
#[garde(context(Limits))]
pub struct Post {
    #[garde(length(max = ctx.max_title))]
    pub title: String,
    #[garde(range(min = ctx.min_age))]
    pub age: u8,
}
"#;
    let engine = run(by_default, "Post");
    assert_eq!(
        outcome(&engine, r#"{"title":"abcde","age":18}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, r#"{"title":"abcdef","age":17}"#),
        ["title:length", "age:range"]
    );
    assert!(
        says(
            &said(by_default),
            "`ctx.max_title` is 5 here, from `Limits::default()`"
        ),
        "{:?}",
        said(by_default)
    );
    let by_constant = by_default.replace(
        "impl Default for Limits {",
        "const LIMITS: Limits = Limits { max_title: 3, min_age: 21 };\n\nimpl Default for Limits {",
    );
    let engine = run(&by_constant, "Post");
    assert_eq!(
        outcome(&engine, r#"{"title":"abcd","age":20}"#),
        ["title:length", "age:range"]
    );
    assert!(says(
        &said(&by_constant),
        "`ctx.min_age` is 21 here, from `LIMITS`"
    ));
}
