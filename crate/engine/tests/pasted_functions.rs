//! The paste's own functions run where its custom rules name them, as Rust
//! runs them: validator's `custom(function = …)` with and without a context,
//! garde's `custom(…)` with a function or a closure, statics built lazily;
//! what cannot run is listed as not run, saying what and where, and a
//! function that would panic or never end stops without a verdict.

use overhead_engine::run::Interpreter;

mod support;
use support::{notes, outcome};

#[test]
fn validator_functions_read_constants_iterators_and_closures() {
    let engine = Interpreter::new(
        r#"
use validator::{Validate, ValidationError};
const PLATFORMS: &[&str] = &["linux", "macos"];
const MAX_TAGS: usize = 3;

fn known(platforms: &Vec<String>) -> Result<(), ValidationError> {
    if platforms.iter().all(|p| PLATFORMS.contains(&p.as_str())) {
        Ok(())
    } else {
        Err(ValidationError::new("unknown_platform"))
    }
}

fn region(text: &str) -> Result<(), ValidationError> {
    let well_formed = text.len() == 3 && text.bytes().all(|b| b.is_ascii_uppercase());
    match (well_formed, text.chars().next()) {
        (true, Some('X')) => Err(ValidationError::new("reserved")),
        (true, _) => Ok(()),
        _ => Err(ValidationError::new("rejected").with_message("no".into())),
    }
}

fn few(tags: &[String]) -> Result<(), ValidationError> {
    let mut long = 0;
    for tag in tags {
        if tag.trim().chars().count() > 4 {
            long += 1;
        }
    }
    if long > 1 || tags.len() > MAX_TAGS {
        return Err(ValidationError::new("too_many"));
    }
    Ok(())
}

#[derive(serde::Deserialize, Validate)]
pub struct Release {
    #[validate(custom(function = "known"))]
    pub platforms: Vec<String>,
    #[validate(custom(function = "region"))]
    pub region: Option<String>,
    #[validate(custom(function = few))]
    pub tags: Vec<String>,
}
"#,
        Some("Release"),
    )
    .expect("runs");
    assert_eq!(notes(&engine), Vec::<String>::new());
    assert_eq!(
        outcome(
            &engine,
            r#"{"platforms":["linux"],"region":"DEU","tags":["a","bbbbb"]}"#
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(
            &engine,
            r#"{"platforms":["linux","amiga"],"region":"de","tags":["ccccc","bbbbb"]}"#
        ),
        [
            "platforms:unknown_platform",
            "region:rejected",
            "tags:too_many"
        ]
    );
    // `None` is not handed to the function (validator's way with `Option`).
    assert_eq!(
        outcome(&engine, r#"{"platforms":[],"region":null,"tags":[]}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&engine, r#"{"platforms":[],"region":"XYZ","tags":[]}"#),
        ["region:reserved"]
    );
}

#[test]
fn contexts_come_from_the_pastes_constant_or_its_default() {
    let engine = Interpreter::new(
        r#"
use validator::{Validate, ValidationError};
pub struct Venue { pub capacity: u32 }
pub const MAIN_HALL: Venue = Venue { capacity: 240 };
fn fits(seats: u32, venue: &Venue) -> Result<(), ValidationError> {
    if seats > venue.capacity { return Err(ValidationError::new("over_capacity")); }
    Ok(())
}
#[derive(serde::Deserialize, Validate)]
#[validate(context = Venue)]
pub struct Booking {
    #[validate(custom(function = "fits", use_context))]
    pub seats: u32,
}
"#,
        Some("Booking"),
    )
    .expect("runs");
    assert_eq!(outcome(&engine, r#"{"seats":240}"#), Vec::<String>::new());
    assert_eq!(
        outcome(&engine, r#"{"seats":241}"#),
        ["seats:over_capacity"]
    );

    let garde = Interpreter::new(
        r#"
use garde::Validate;
pub struct Policy { pub min_classes: usize }
impl Default for Policy {
    fn default() -> Self { Self { min_classes: 2 } }
}
fn strong(value: &str, policy: &Policy) -> garde::Result {
    let classes = [
        value.chars().any(|c| c.is_ascii_lowercase()),
        value.chars().any(|c| c.is_ascii_digit()),
    ]
    .iter()
    .filter(|present| **present)
    .count();
    if classes < policy.min_classes {
        return Err(garde::Error::new(format!("{classes} kinds")));
    }
    Ok(())
}
#[derive(serde::Deserialize, Validate)]
#[garde(context(Policy))]
pub struct Join {
    #[garde(custom(strong))]
    pub password: String,
    #[garde(custom(|v: &str, _ctx: &Policy| if v.starts_with('@') { Ok(()) } else { Err(garde::Error::new("no @")) }))]
    pub handle: String,
}
"#,
        Some("Join"),
    )
    .expect("runs");
    assert_eq!(notes(&garde), Vec::<String>::new());
    assert_eq!(
        outcome(&garde, r#"{"password":"abc1","handle":"@me"}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        outcome(&garde, r#"{"password":"abc","handle":"me"}"#),
        ["password:custom", "handle:custom"]
    );
}

#[test]
fn lazily_built_statics_are_their_values() {
    let engine = Interpreter::new(
        r#"
use std::sync::{LazyLock, OnceLock};
use regex::Regex;
use validator::{Validate, ValidationError};
static VOUCHER: OnceLock<Regex> = OnceLock::new();
const VOUCHER_PATTERN: &str = r"^[A-Z]{4}-\d{4}$";
pub const REJECTED: LazyLock<ValidationError> = LazyLock::new(|| ValidationError::new("rejected"));
fn voucher(code: &str) -> Result<(), ValidationError> {
    let re = VOUCHER.get_or_init(|| Regex::new(VOUCHER_PATTERN).unwrap());
    if re.is_match(code) { Ok(()) } else { Err(REJECTED.clone()) }
}
#[derive(serde::Deserialize, Validate)]
pub struct Order {
    #[validate(custom(function = "voucher"))]
    pub code: String,
}
"#,
        Some("Order"),
    )
    .expect("runs");
    assert_eq!(
        outcome(&engine, r#"{"code":"ABCD-1234"}"#),
        Vec::<String>::new()
    );
    assert_eq!(outcome(&engine, r#"{"code":"abcd"}"#), ["code:rejected"]);
}

#[test]
fn what_cannot_run_is_listed_with_its_place_and_a_panic_gives_no_verdict() {
    let engine = Interpreter::new(
        r#"
use validator::{Validate, ValidationError};
fn elsewhere(id: &str) -> Result<(), ValidationError> {
    uuid::Uuid::parse_str(id).map(|_| ()).map_err(|_| ValidationError::new("uuid"))
}
fn again(n: i64) -> Result<(), ValidationError> {
    again(n - 1)
}
fn panics(text: &str) -> Result<(), ValidationError> {
    let first: Option<char> = None;
    if text.is_empty() && first.unwrap() == 'a' {
        return Err(ValidationError::new("never"));
    }
    Ok(())
}
#[derive(serde::Deserialize, Validate)]
pub struct Form {
    #[validate(custom(function = "elsewhere"))]
    pub id: String,
    #[validate(custom(function = "again"))]
    pub n: i64,
    #[validate(custom(function = "panics"))]
    pub text: String,
}
"#,
        Some("Form"),
    )
    .expect("runs");
    let notes = notes(&engine);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].contains("custom validator `elsewhere` is not run")
            && notes[0].contains("the function `uuid::Uuid::parse_str` (line 4)"),
        "{notes:?}"
    );
    assert!(
        notes[1].contains("a function that calls itself"),
        "{notes:?}"
    );
    // `unwrap` on `None` would panic in the person's build: no verdict here.
    assert_eq!(
        outcome(&engine, r#"{"id":"x","n":1,"text":""}"#),
        Vec::<String>::new()
    );
}
