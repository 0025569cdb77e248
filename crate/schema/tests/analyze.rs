//! The analyzer as the page and the CLI use it: text in, model and diagnostics out.

use overhead_schema::{LengthMode, Number, RuleKind, Severity, Tagging, TypeKind, analyze};

const SEED: &str = r#"use overhead_validate::Validate;
use serde::Deserialize;

/// Seed 000's request.
#[derive(Debug, Deserialize, Validate)]
pub struct UserSignup {
    #[validate(email, max_len = 255)]
    pub email: String,
    #[validate(range(min = 18, max = 120))]
    pub age: u8,
    #[validate(alphanumeric, min_len = 3, max_len = 20)]
    pub username: String,
}

impl UserSignup {
    fn ignored(&self) {}
}
"#;

fn errors(text: &str) -> Vec<String> {
    analyze(text)
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(ToString::to_string)
        .collect()
}

#[test]
fn the_seed_struct_reads_as_its_rules() {
    let analysis = analyze(SEED);
    assert!(analysis.is_runnable(), "{:?}", analysis.diagnostics);
    let def = analysis.type_named("UserSignup").expect("defined");
    let TypeKind::Struct { fields, .. } = &def.kind else {
        panic!("a struct")
    };
    let names: Vec<&str> = fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["email", "age", "username"]);
    let kinds: Vec<Vec<&str>> = fields
        .iter()
        .map(|f| f.rules.iter().map(|r| r.kind.keyword()).collect())
        .collect();
    assert_eq!(
        kinds,
        [
            vec!["email", "length"],
            vec!["range"],
            vec!["alphanumeric", "length", "length"]
        ]
    );
    let RuleKind::Range(range) = &fields[1].rules[0].kind else {
        panic!("range")
    };
    assert_eq!(
        (range.min, range.max),
        (Some(Number::Int(18)), Some(Number::Int(120)))
    );
    let RuleKind::Length(max) = &fields[0].rules[1].kind else {
        panic!("length")
    };
    assert_eq!((max.max, max.mode), (Some(255), None));
}

#[test]
fn serde_attributes_mean_what_serde_says() {
    let text = r#"
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        struct Booking {
            guest_name: String,
            #[serde(rename = "when", alias = "date")]
            check_in: String,
            #[serde(default, skip_serializing_if = "Option::is_none")]
            note: Option<String>,
            #[serde(skip)]
            cache: u8,
        }
        #[derive(Deserialize)]
        #[serde(tag = "type", content = "data")]
        enum Event { Created { id: u64 }, Deleted(u64) }
    "#;
    let analysis = analyze(text);
    assert!(analysis.is_runnable(), "{:?}", analysis.diagnostics);
    let booking = analysis.type_named("Booking").expect("Booking");
    assert!(booking.deny_unknown_fields);
    let TypeKind::Struct { fields, .. } = &booking.kind else {
        panic!()
    };
    assert_eq!(fields[0].name, "guestName");
    assert_eq!(
        (fields[1].name.as_str(), fields[1].aliases.clone()),
        ("when", vec!["date".to_owned()])
    );
    assert!(fields[2].default && !fields[2].skip);
    assert!(fields[3].skip);
    let event = analysis.type_named("Event").expect("Event");
    assert_eq!(
        event.tagging,
        Tagging::Adjacent {
            tag: "type".into(),
            content: "data".into()
        }
    );
}

#[test]
fn an_unknown_rule_is_an_error_at_its_line_with_a_suggestion() {
    let text = "struct A {\n    #[validate(emial)]\n    email: String,\n}\n";
    let errors = errors(text);
    assert_eq!(
        errors,
        ["2:16: error: unknown validation rule `emial`; did you mean `email`?"]
    );
}

#[test]
fn every_error_is_reported_together() {
    let text = r#"
struct A {
    #[validate(email)]
    age: u8,
    #[validate(range(min = 1))]
    name: String,
    #[validate(lenght(min = 1))]
    other: String,
    #[serde(bogus)]
    x: u8,
}
"#;
    let errors = errors(text);
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(
        errors[0].starts_with("3:16: error: `email` applies to a string; `age` is an integer"),
        "{errors:#?}"
    );
    assert!(errors[1].contains("`range` applies to a number; `name` is a string"));
    assert!(errors[2].contains("unknown validation rule `lenght`; did you mean `length`?"));
    assert!(
        errors[3].contains("unknown serde field attribute `bogus`"),
        "{errors:#?}"
    );
}

#[test]
fn syntax_errors_have_a_position() {
    let errors = errors("struct A {\n    x: u8\n    y: u8,\n}\n");
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("3:5: error: expected `,`"),
        "{errors:?}"
    );
}

#[test]
fn validator_and_garde_syntax_map_to_the_same_rules() {
    let text = r#"
struct A {
    #[validate(length(min = 3, max = 20, code = "name_len", message = "3 to 20"), contains(pattern = "x"))]
    a: String,
    #[garde(length(chars, min = 3, max = 20), prefix("x"), pattern("^x"))]
    b: String,
    #[garde(length(max = 4))]
    c: String,
    #[validate(range(exclusive_min = -1.5, max = 2))]
    d: f64,
    #[validate(each(email), min_items = 1, unique)]
    e: Vec<String>,
    #[garde(inner(ascii), length(min = 1))]
    f: Vec<String>,
    #[validate(one_of("red", "green"))]
    g: Option<String>,
    #[validate(required, nested)]
    h: Option<Box<B>>,
    #[garde(skip)]
    i: String,
}
struct B;
"#;
    let analysis = analyze(text);
    assert!(analysis.is_runnable(), "{:?}", analysis.diagnostics);
    let def = analysis.type_named("A").expect("A");
    let fields: Vec<_> = def.all_fields().collect();
    let RuleKind::Length(a) = &fields[0].rules[0].kind else {
        panic!()
    };
    assert_eq!((a.min, a.max), (Some(3), Some(20)));
    assert_eq!(fields[0].rules[0].code.as_deref(), Some("name_len"));
    assert_eq!(fields[0].rules[0].message.as_deref(), Some("3 to 20"));
    let RuleKind::Length(b) = &fields[1].rules[0].kind else {
        panic!()
    };
    assert_eq!(b.mode, Some(LengthMode::Chars));
    let RuleKind::Length(c) = &fields[2].rules[0].kind else {
        panic!()
    };
    assert_eq!(
        c.mode,
        Some(LengthMode::Bytes),
        "garde's default length counts bytes"
    );
    let RuleKind::Range(d) = &fields[3].rules[0].kind else {
        panic!()
    };
    assert_eq!(d.exclusive_min, Some(Number::Float(-1.5)));
    assert!(
        matches!(&fields[4].rules[0].kind, RuleKind::Each(inner) if matches!(inner[0].kind, RuleKind::Text(rule) if rule.id().word() == "email"))
    );
    assert!(fields[8].rules.is_empty());
}

#[test]
fn unsupported_and_misplaced_rules_say_so() {
    let cases = [
        (
            "#[validate(credit_card)] a: u8",
            "`credit_card` applies to a string",
        ),
        (
            "#[garde(byte_length(max = 3))] a: String",
            "write `length(bytes, min = …, max = …)`",
        ),
        (
            "#[validate(required)] a: String",
            "`required` applies to an `Option`",
        ),
        (
            "#[validate(length(min = 5, max = 2))] a: String",
            "min 5 above max 2",
        ),
        (
            "#[validate(code = \"x\")] a: String",
            "`code` must follow the rule",
        ),
        (
            "#[validate(must_match(other = \"b\"))] a: String",
            "there is no field `b`",
        ),
        (
            "#[validate(min_items = 1)] a: String",
            "applies to a collection",
        ),
        (
            "#[validate(range(min = \"1 x\"))] a: u8",
            "`min` must be a number or a constant's name",
        ),
    ];
    for (field, expected) in cases {
        let errors = errors(&format!("struct A {{ {field} }}"));
        assert!(
            errors.iter().any(|e| e.contains(expected)),
            "{field}: {errors:?}"
        );
    }
}

#[test]
fn no_types_is_an_error() {
    assert!(
        errors("use serde::Deserialize;\nfn f() {}")
            .iter()
            .any(|e| e.contains("no struct or enum"))
    );
}

#[test]
fn regex_with_a_string_takes_an_old_validator_path_or_says_to_use_matches_regex() {
    let old = "struct A {\n    #[validate(regex = \"crate::RE_NAME\")]\n    name: String,\n}\n";
    let analysis = analyze(old);
    assert!(analysis.is_runnable(), "{:?}", analysis.diagnostics);
    let pattern = "struct A {\n    #[validate(regex = \"^[a-z]+$\")]\n    name: String,\n}\n";
    assert_eq!(
        errors(pattern),
        [
            "2:24: error: `regex = \"…\"` names a static regex; for a pattern, write `matches_regex = \"…\"`"
        ]
    );
}

/// Forms found in public API code (see crate/engine/tests/real_world/): each
/// reads as the rule its crate means.
#[test]
fn forms_from_pasted_api_code_read_as_their_crates_mean() {
    let text = r#"
#[cfg_attr(feature = "server", derive(Validate))]
pub struct Register {
    #[validate(required, email(message = "enter an e-mail", code = "mail"))]
    pub email: Option<String>,
    #[validate(url(message = "a link"))]
    pub site: String,
    #[validate]
    pub items: Vec<Item>,
    #[cfg_attr(feature = "server", validate(length(min = 3)))]
    pub name: String,
    #[garde(inner(ascii, length(min = 3, max = 20)))]
    pub nick: Option<String>,
    #[garde(length(max = 1000))]
    pub back: Option<Url>,
    #[serde(with = "date_format")]
    pub born: String,
}

pub struct Item {
    #[validate(range(min = 1))]
    pub n: u32,
}
"#;
    let analysis = analyze(text);
    assert!(analysis.is_runnable(), "{:?}", analysis.diagnostics);
    let def = analysis.type_named("Register").expect("defined");
    let TypeKind::Struct { fields, .. } = &def.kind else {
        panic!("a struct")
    };
    let kinds: Vec<Vec<&str>> = fields
        .iter()
        .map(|f| f.rules.iter().map(|r| r.kind.keyword()).collect())
        .collect();
    assert_eq!(
        kinds,
        [
            vec!["required", "email"],
            vec!["url"],
            vec!["nested"],
            vec!["length"],
            vec!["ascii", "length"],
            vec!["length"],
            vec![],
        ]
    );
    let email = &fields[0].rules[1];
    assert_eq!(email.message.as_deref(), Some("enter an e-mail"));
    assert_eq!(email.code.as_deref(), Some("mail"));
    // What serde would call is said, not silently dropped.
    let warnings: Vec<String> = analysis
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(ToString::to_string)
        .collect();
    assert!(
        warnings.iter().any(|w| w.starts_with(
            "16:5: warning: serde calls `date_format::serialize` to write this field"
        )),
        "{warnings:?}"
    );
}

/// The rules of field `name` of the type `ty` in `text`, by keyword.
fn keywords(text: &str, ty: &str, name: &str) -> Vec<&'static str> {
    let analysis = analyze(text);
    let def = analysis.type_named(ty).expect("defined");
    let TypeKind::Struct { fields, .. } = &def.kind else {
        panic!("a struct")
    };
    let field = fields.iter().find(|f| f.name == name).expect("a field");
    field.rules.iter().map(|r| r.kind.keyword()).collect()
}

fn warnings(text: &str) -> Vec<String> {
    analyze(text)
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(ToString::to_string)
        .collect()
}

#[test]
fn every_regex_form_of_validator_and_garde_is_read() {
    let text = r#"
static RE_A: LazyLock<Regex> = LazyLock::new(|| Regex::new("^a").unwrap());
fn re_b() -> &'static Regex { static R: OnceLock<Regex> = OnceLock::new(); R.get_or_init(|| Regex::new("^b").unwrap()) }
#[derive(Deserialize, Validate)]
struct V {
    #[validate(regex(path = *RE_A))] a: String,
    #[validate(regex(path = "RE_A"))] b: String,
    #[validate(regex(path = "*RE_A"))] c: String,
    #[validate(regex(path = crate::re::RE_A, code = "c"))] d: String,
    #[validate(regex(path = re_b()))] e: String,
    #[validate(regex = "RE_A")] f: String,
}
"#;
    assert!(errors(text).is_empty(), "{:?}", errors(text));
    for field in ["a", "b", "c", "d", "e", "f"] {
        assert_eq!(keywords(text, "V", field), ["regex"], "{field}");
    }
}

#[test]
fn bounds_read_constants_and_name_what_is_missing() {
    let text = r#"
const MAX_NAME: usize = 8 * 4;
#[derive(Deserialize, Validate)]
struct V {
    #[validate(length(min = 1, max = MAX_NAME))] a: String,
    #[validate(length(max = limits::ELSEWHERE))] b: String,
    #[validate(range(min = "u8::MIN", max = 10))] c: u32,
}
"#;
    assert!(errors(text).is_empty(), "{:?}", errors(text));
    let analysis = analyze(text);
    let def = analysis.type_named("V").expect("defined");
    let TypeKind::Struct { fields, .. } = &def.kind else {
        panic!("a struct")
    };
    let RuleKind::Length(spec) = &fields[0].rules[0].kind else {
        panic!("length")
    };
    assert_eq!((spec.min, spec.max), (Some(1), Some(32)));
    assert!(fields[1].rules.is_empty(), "nothing left to run");
    let warnings = warnings(text);
    assert!(
        warnings.iter().any(|w| w
            .starts_with("6:29: warning: `max = limits::ELSEWHERE` is not defined in the paste")),
        "{warnings:?}"
    );
}

#[test]
fn validator_and_garde_forms_beyond_the_seed() {
    let text = r#"
use validator::Validate;
#[derive(Deserialize, Validate)]
#[validate(schema(function = "check_all", skip_on_field_errors = false))]
struct V {
    #[validate(ip(v4), credit_card, non_control_character)] a: String,
    #[validate(required_nested)] b: Option<Inner>,
    #[validate(phone, length(equal = 3))] c: String,
    #[validate(custom(function = "crate::x::y", use_context))] d: String,
    #[validate(skip)] e: String,
}
#[derive(Deserialize, Validate)]
struct Inner { #[validate(email)] m: String }
#[derive(Deserialize, garde::Validate)]
struct G {
    #[garde(ipv6, length(graphemes, max = 3))] a: String,
    #[garde(inner(length(min = 1)))] b: Option<Vec<String>>,
    #[garde(custom(check(&self.a)), rename("bee"))] c: String,
    #[garde(dive(&self.a))] d: Inner2,
    #[garde(skip)] e: Other,
}
#[derive(Deserialize, garde::Validate)]
struct Inner2 { #[garde(prefix("x"))] m: String }
"#;
    assert!(errors(text).is_empty(), "{:?}", errors(text));
    assert_eq!(
        keywords(text, "V", "a"),
        ["ip", "credit_card", "non_control_character"]
    );
    assert_eq!(keywords(text, "V", "b"), ["required", "nested"]);
    assert_eq!(keywords(text, "V", "c"), ["phone", "length"]);
    assert!(keywords(text, "V", "e").is_empty());
    assert_eq!(keywords(text, "G", "a"), ["ip"]);
    // garde's `inner` on an `Option` is about the `Vec` inside, not its items.
    assert_eq!(keywords(text, "G", "b"), ["length"]);
    assert_eq!(keywords(text, "G", "d"), ["nested"]);
    let warnings = warnings(text);
    for expected in [
        "`phone` is not run in the playground",
        "`length(graphemes, …)` counts grapheme clusters",
    ] {
        assert!(
            warnings.iter().any(|w| w.contains(expected)),
            "{expected}: {warnings:?}"
        );
    }
}

#[test]
fn serdes_variant_forms_the_playground_does_not_follow_are_said_at_the_variant() {
    let said = warnings(
        r#"
#[derive(serde::Deserialize)]
pub enum Reading {
    Celsius(f64),
    #[serde(deserialize_with = "parse_kelvin")]
    Kelvin(f64),
    #[serde(untagged)]
    Raw(String),
}
"#,
    );
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].starts_with("5:5: warning: serde calls `parse_kelvin` for the variant `Kelvin`"),
        "{said:?}"
    );
    assert!(
        said[1].starts_with("7:5: warning: serde reads `Raw` untagged"),
        "{said:?}"
    );
}
