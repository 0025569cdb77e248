//! A paste that is domainstack's, read as domainstack 1.1's derive reads it:
//! its codes, its own email and URL patterns, lengths in bytes, `range` with
//! one bound checking nothing, the words only it has, Rust field names in
//! paths, and words it does not know passed over. Overhead's own derive
//! (`overhead_validate`) reads the same words with Overhead's codes. The
//! outcomes here are the ones domainstack 1.1 gives on the same inputs (the
//! conformance test checks them against its build).

use overhead_engine::run::Interpreter;

mod support;
use support::{notes, outcome};

/// What the analysis says of `text`: its warnings, as `overhead check` and
/// the editor show them.
fn said(text: &str) -> String {
    overhead_schema::analyze(text)
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

const SIGNUP: &str = r#"
use domainstack::prelude::*;
use serde::Deserialize;

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Signup {
    #[validate(email, max_len = 255)]
    pub email_address: String,
    #[validate(range(min = 18, max = 120))]
    pub age: u8,
    #[validate(alphanumeric, min_len = 3, max_len = 20)]
    pub user_name: String,
    #[validate(non_blank, no_whitespace)]
    pub handle: String,
    #[validate(range(min = 1))]
    pub one_bound: u32,
    #[validate(positive)]
    pub score: i32,
    #[validate(each(numeric_string))]
    pub codes: Vec<String>,
}
"#;

fn signup() -> Interpreter {
    Interpreter::new(SIGNUP, Some("Signup")).expect("domainstack's words run")
}

#[test]
fn violations_carry_domainstacks_codes_at_rust_field_names() {
    let engine = signup();
    // Every rule runs: the plan refuses none.
    assert_eq!(notes(&engine), Vec::<String>::new());
    let valid = r#"{"emailAddress":"a@b.co","age":20,"userName":"abc","handle":"x","oneBound":0,"score":1,"codes":["12"]}"#;
    assert_eq!(outcome(&engine, valid), Vec::<String>::new());
    let broken = r#"{"emailAddress":"nope","age":15,"userName":"a!","handle":" ","oneBound":0,"score":0,"codes":["1","x"]}"#;
    let mut found = outcome(&engine, broken);
    found.sort();
    assert_eq!(
        found,
        [
            "age:out_of_range",
            "codes[1]:not_numeric",
            "email_address:invalid_email",
            "handle:blank",
            "handle:contains_whitespace",
            "score:not_positive",
            "user_name:min_length",
            "user_name:not_alphanumeric",
        ]
    );
}

#[test]
fn its_email_pattern_its_byte_lengths_and_one_bound_ranges_are_followed_and_said() {
    let engine = signup();
    // domainstack's email pattern takes what the HTML Standard refuses.
    let loose = r#"{"emailAddress":"ä@b.c","age":20,"userName":"abc","handle":"x","oneBound":0,"score":1,"codes":[]}"#;
    assert_eq!(outcome(&engine, loose), Vec::<String>::new());
    // "éé" is 4 bytes: min_len = 3 holds, as domainstack counts.
    let bytes = r#"{"emailAddress":"a@b.c","age":20,"userName":"éé","handle":"x","oneBound":0,"score":1,"codes":[]}"#;
    assert_eq!(outcome(&engine, bytes), Vec::<String>::new());
    let notes = said(SIGNUP);
    assert!(notes.contains("in bytes (`str::len`)"), "{notes}");
    assert!(
        notes.contains("`range` checks nothing unless it has both `min` and `max`"),
        "{notes}"
    );
}

#[test]
fn words_domainstack_passes_over_are_passed_over_and_said() {
    let tag = r#"
#[derive(serde::Deserialize, domainstack::Validate)]
pub struct Tag {
    #[validate(length(min = 1, code = "tag_short"), lowercase)]
    pub name: String,
}
"#;
    let engine =
        Interpreter::new(tag, Some("Tag")).expect("an unknown word is no error to domainstack");
    assert_eq!(outcome(&engine, r#"{"name":""}"#), ["name:min_length"]);
    assert_eq!(outcome(&engine, r#"{"name":"ABC"}"#), Vec::<String>::new());
    let notes = said(tag);
    assert!(notes.contains("passes over `lowercase`"), "{notes}");
    assert!(
        notes.contains("reads `code` in `length(…)` and uses it nowhere"),
        "{notes}"
    );
}

#[test]
fn overheads_own_derive_keeps_its_codes_for_the_same_words() {
    let engine = Interpreter::new(
        r#"
use overhead_validate::Validate;

#[derive(serde::Deserialize, Validate)]
pub struct Signup {
    #[validate(email, min_len = 3)]
    pub email: String,
    #[validate(alpha_only)]
    pub name: String,
}
"#,
        Some("Signup"),
    )
    .expect("runs");
    let mut found = outcome(&engine, r#"{"email":"é","name":"a1"}"#);
    found.sort();
    assert_eq!(found, ["email:email", "email:length", "name:alpha_only"]);
}
