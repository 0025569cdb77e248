//! Code as people paste it: the examples of the `validator` and `garde` READMEs
//! (with their `use` lines, helper functions, statics and other crates'
//! attributes) run in the interpreter as they are.

use overhead_engine::run::{Error, Interpreter};

/// validator's README example, whole.
const VALIDATOR_README: &str = r#"
use serde::Deserialize;
use validator::{Validate, ValidationError};

#[derive(Debug, Validate, Deserialize)]
struct SignupData {
    #[validate(email)]
    mail: String,
    #[validate(url)]
    site: String,
    #[validate(length(min = 1), custom(function = "validate_unique_username"))]
    #[serde(rename = "firstName")]
    first_name: String,
    #[validate(range(min = 18, max = 20))]
    age: u32,
    #[validate(range(exclusive_min = 0.0, max = 100.0))]
    height: f32,
}

fn validate_unique_username(username: &str) -> Result<(), ValidationError> {
    if username == "xXxShad0wxXx" {
        // the value of the username will automatically be added later
        return Err(ValidationError::new("terrible_username"));
    }

    Ok(())
}
"#;

/// Statics in the three forms people write them, used through `regex(path = …)`.
const STATIC_REGEXES: &str = r#"
use std::sync::LazyLock;
use once_cell::sync::Lazy;
use regex::Regex;

static RE_TWO_CHARS: Lazy<Regex> = Lazy::new(|| Regex::new(r"[a-z]{2}$").unwrap());
static SLUG: LazyLock<Regex> = LazyLock::new(|| Regex::new("^[a-z0-9-]+$").expect("valid"));

lazy_static! {
    static ref HEX: Regex = Regex::new(r"^[0-9a-f]+$").unwrap();
}

#[derive(Debug, Validate, Deserialize, utoipa::ToSchema)]
#[cfg_attr(feature = "openapi", derive(JsonSchema))]
pub struct Post {
    /// The post's name.
    #[validate(regex(path = *RE_TWO_CHARS))]
    #[schema(example = "ab")]
    pub name: String,
    #[validate(regex(path = "SLUG"))]
    pub slug: String,
    #[validate(regex(path = HEX, code = "not_hex"))]
    pub color: String,
}

impl Post {
    pub fn title(&self) -> &str {
        &self.name
    }
}
"#;

/// garde's README example.
const GARDE_README: &str = r#"
use garde::{Validate, Valid};

#[derive(Validate)]
struct User<'a> {
    #[garde(ascii, length(min=3, max=25))]
    username: &'a str,
    #[garde(length(min=15))]
    password: &'a str,
}
"#;

fn codes(engine: &Interpreter, input: &str) -> Vec<String> {
    match engine.decode_validated(input) {
        Ok(_) => Vec::new(),
        Err(Error::Invalid(v)) => v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect(),
        Err(Error::Syntax(e)) => vec![format!("syntax: {e}")],
    }
}

#[test]
fn validators_readme_runs_with_its_custom_function() {
    let engine = Interpreter::new(VALIDATOR_README, None).expect("runs");
    let notes: Vec<String> = engine.plan().notes.iter().map(|d| d.to_string()).collect();
    assert!(notes.is_empty(), "{notes:?}");
    let ok = r#"{"mail":"a@b.co","site":"https://x.dev","firstName":"Ada","age":19,"height":1.7}"#;
    assert_eq!(codes(&engine, ok), Vec::<String>::new());
    let bad = r#"{"mail":"a","site":"x","firstName":"","age":21,"height":0.0}"#;
    assert_eq!(
        codes(&engine, bad),
        [
            "mail:email",
            "site:url",
            "first_name:length",
            "age:range",
            "height:range"
        ]
    );
    // The README's own function, as its body says.
    let terrible = r#"{"mail":"a@b.co","site":"https://x.dev","firstName":"xXxShad0wxXx","age":19,"height":1.7}"#;
    assert_eq!(codes(&engine, terrible), ["first_name:terrible_username"]);
}

#[test]
fn static_regexes_resolve_in_every_form_and_other_crates_attributes_are_ignored() {
    let engine = Interpreter::new(STATIC_REGEXES, Some("Post")).expect("runs");
    assert_eq!(
        codes(&engine, r#"{"name":"ab","slug":"a-1","color":"ff"}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        codes(&engine, r#"{"name":"A","slug":"A B","color":"zz"}"#),
        ["name:regex", "slug:regex", "color:not_hex"]
    );
}

#[test]
fn a_regex_static_that_is_not_there_is_not_run_and_says_how_to_add_it() {
    let text =
        "struct A {\n    #[validate(regex(path = *MISSING), length(max = 3))]\n    a: String,\n}\n";
    let engine = Interpreter::new(text, None).expect("the rest runs");
    let note = engine
        .plan()
        .notes
        .iter()
        .map(ToString::to_string)
        .find(|n| n.contains("MISSING"))
        .expect("a note on the rule");
    assert!(
        note.starts_with("2:16: warning: the regex `MISSING` is not defined in the paste, so this rule is not run"),
        "{note}"
    );
    assert_eq!(codes(&engine, r#"{"a":"abcd"}"#), ["a:length"]);
}

#[test]
fn gardes_readme_runs_borrowed_fields_and_all() {
    let engine = Interpreter::new(GARDE_README, None).expect("runs");
    assert_eq!(
        codes(
            &engine,
            r#"{"username":"ada","password":"correct horse battery"}"#
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        codes(&engine, r#"{"username":"adé","password":"short"}"#),
        ["username:ascii", "password:length"]
    );
}

#[test]
fn a_generic_root_without_arguments_is_refused_with_how_to_name_it() {
    let text = "struct Page<T> {\n    items: Vec<T>,\n}\n";
    let errors = Interpreter::new(text, None).err().expect("refused");
    assert!(
        errors[0].to_string().starts_with(
            "1:8: error: `Page` is generic: choose the root with concrete types in place of `T` (`Page<serde_json::Value>`)"
        ),
        "{errors:?}"
    );
    let engine = Interpreter::new(text, Some("Page<u8>")).expect("runs at its arguments");
    assert_eq!(codes(&engine, r#"{"items":[1,2]}"#), Vec::<String>::new());
}

#[test]
fn serde_repr_enums_read_and_write_their_integers() {
    let text = r#"
#[derive(Deserialize_repr, Serialize_repr)]
#[repr(u8)]
enum Level { Low = 1, Mid, High = 7 }
#[derive(Deserialize, Serialize)]
struct Alarm { level: Level, levels: Vec<Level> }
"#;
    let engine = Interpreter::new(text, Some("Alarm")).expect("runs");
    let value = engine
        .decode(r#"{"level": 2, "levels": [1, 7]}"#)
        .expect("decodes");
    assert_eq!(
        engine.to_json(&value).expect("writes"),
        r#"{"level":2,"levels":[1,7]}"#
    );
    let error = engine
        .decode(r#"{"level": 3, "levels": []}"#)
        .expect_err("no variant is 3");
    assert!(
        error
            .to_string()
            .contains("invalid value: 3, expected one of: `1`, `2`, `7`"),
        "{error}"
    );
    assert!(engine.decode(r#"{"level": "Low", "levels": []}"#).is_err());
}

#[test]
fn types_with_a_text_form_refuse_other_text() {
    let text = "struct A { id: Uuid, on: chrono::NaiveDate, at: Option<IpAddr>, n: NonZeroU8 }";
    let engine = Interpreter::new(text, None).expect("runs");
    let ok = r#"{"id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "on": "2024-02-29", "at": "10.0.0.1", "n": 3}"#;
    assert!(engine.decode(ok).is_ok());
    for bad in [
        r#"{"id": "berth-7", "on": "2024-02-29", "at": null, "n": 3}"#,
        r#"{"id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "on": "2023-02-29", "at": null, "n": 3}"#,
        r#"{"id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "on": "2024-02-29", "at": "10.0.0.256", "n": 3}"#,
        r#"{"id": "67e55044-10b1-426f-9247-bb680e5fe0c8", "on": "2024-02-29", "at": null, "n": 0}"#,
    ] {
        assert!(engine.decode(bad).is_err(), "{bad}");
    }
}

#[test]
fn defaults_the_paste_shows_are_used_as_serde_would() {
    let text = r#"
const PORT: u16 = 8080;
fn default_host() -> String { "localhost".into() }
fn default_port() -> u16 { PORT }
#[derive(Deserialize)]
struct Server {
    #[serde(default = "default_host")] host: String,
    #[serde(default = "default_port")] port: u16,
    #[serde(default)] tags: Vec<String>,
}
#[derive(Deserialize)]
#[serde(default)]
struct Limits { burst: u32, name: Option<String> }
impl Default for Limits {
    fn default() -> Self { Limits { burst: 64, name: Some(String::from("base")) } }
}
"#;
    let server = Interpreter::new(text, Some("Server")).expect("runs");
    let value = server.decode("{}").expect("decodes");
    assert_eq!(
        server.to_json(&value).expect("writes"),
        r#"{"host":"localhost","port":8080,"tags":[]}"#
    );
    let limits = Interpreter::new(text, Some("Limits")).expect("runs");
    let value = limits.decode(r#"{"name": null}"#).expect("decodes");
    assert_eq!(
        limits.to_json(&value).expect("writes"),
        r#"{"burst":64,"name":null}"#
    );
}
