//! The derives as a user writes them: every attribute form, the two-step and the
//! integrated paths, and what the violations say.

use overhead_validate::json::{self, Error};
use overhead_validate::{Validate, ValidateOnDeserialize, Violation, Violations};
use serde::Deserialize;

/// One definition derived both ways: decoded then validated
/// (`Deserialize` and `Validate`), and validated while it decodes.
macro_rules! both_ways {
    ($two_step:ident / $integrated:ident $body:tt) => {
        #[derive(Debug, Deserialize, Validate)]
        struct $two_step $body
        #[derive(Debug, ValidateOnDeserialize)]
        struct $integrated $body
    };
}

both_ways! {
    UserSignup / UserSignupOnDe {
        #[validate(email, max_len = 255)]
        email: String,
        #[validate(range(min = 18, max = 120))]
        age: u8,
        #[validate(alphanumeric, min_len = 3, max_len = 20)]
        username: String,
    }
}

const VALID: &str = r#"{"email": "alice@example.com", "age": 25, "username": "alice123"}"#;
const INVALID: &str = r#"{"email": "not-an-email", "age": 15, "username": "a!"}"#;

fn summary(violations: &Violations) -> Vec<String> {
    violations
        .iter()
        .map(|v| format!("{}:{}", v.path, v.code))
        .collect()
}

/// The violations of `text` decoded as `T` then validated, held to be the
/// ones `I` (the same definition under `ValidateOnDeserialize`) reports while
/// it decodes; sorted, since the integrated path reports a nested value's
/// own violations as it reads them, before its parent's.
fn in_both_paths<T, I>(text: &str) -> Vec<String>
where
    T: serde::de::DeserializeOwned + Validate,
    I: serde::de::DeserializeOwned,
{
    let sorted = |v: &Violations| {
        let mut codes = summary(v);
        codes.sort();
        codes
    };
    let two_step: T = serde_json::from_str(text).expect("decodes");
    let two_step = two_step.validate().err().map(|v| sorted(&v));
    let integrated = match json::from_str::<I>(text) {
        Ok(_) => None,
        Err(Error::Invalid(v)) => Some(sorted(&v)),
        Err(Error::Syntax(e)) => panic!("{e}"),
    };
    assert_eq!(two_step, integrated, "{text}");
    two_step.unwrap_or_default()
}

#[test]
fn two_step_and_integrated_agree_on_the_seed_inputs() {
    let user: UserSignup = serde_json::from_str(VALID).expect("decodes");
    assert!(user.validate().is_ok());
    assert!(json::from_str::<UserSignupOnDe>(VALID).is_ok());

    let user: UserSignup = serde_json::from_str(INVALID).expect("decodes");
    let two_step = user.validate().expect_err("invalid");
    let expected = [
        "email:email",
        "age:range",
        "username:alphanumeric",
        "username:length",
    ];
    assert_eq!(summary(&two_step), expected);
    let Err(Error::Invalid(integrated)) = json::from_str::<UserSignupOnDe>(INVALID) else {
        panic!("integrated decoding must report the violations")
    };
    assert_eq!(summary(&integrated), expected);
    assert_eq!(
        integrated, two_step,
        "same violations, same messages and params"
    );
}

#[test]
fn fail_fast_stops_at_the_first_violation() {
    let Err(Error::Invalid(v)) = json::from_str_fail_fast::<UserSignupOnDe>(INVALID) else {
        panic!()
    };
    assert_eq!(summary(&v), ["email:email"]);
    assert!(json::from_str_fail_fast::<UserSignupOnDe>(VALID).is_ok());
}

#[test]
fn syntax_errors_stay_syntax_errors() {
    for text in [
        r#"{"email": "a@b.c", "age": 300, "username": "abc"}"#,
        r#"{"email": 1}"#,
        "{",
        "",
    ] {
        for result in [
            json::from_str::<UserSignupOnDe>(text),
            json::from_str_fail_fast::<UserSignupOnDe>(text),
        ] {
            assert!(
                matches!(result, Err(Error::Syntax(_))),
                "{text}: {result:?}"
            );
        }
    }
    // A violation before the syntax error: collect-all reports the syntax error.
    let broken = r#"{"email": "nope", "age": 30, "#;
    assert!(matches!(
        json::from_str::<UserSignupOnDe>(broken),
        Err(Error::Syntax(_))
    ));
}

#[test]
fn plain_serde_gets_one_error_with_every_violation() {
    let err = serde_json::from_str::<UserSignupOnDe>(INVALID).expect_err("invalid");
    let text = err.to_string();
    assert!(
        text.contains("email: must be a valid email address (email)"),
        "{text}"
    );
    assert!(
        text.contains("age: must be between 18 and 120 (range)"),
        "{text}"
    );
    assert!(serde_json::from_str::<UserSignupOnDe>(VALID).is_ok());
}

#[test]
fn violations_serialize_to_the_shared_shape() {
    let user: UserSignup = serde_json::from_str(INVALID).expect("decodes");
    let json = serde_json::to_value(user.validate().expect_err("invalid")).expect("serializes");
    assert_eq!(
        json[1],
        serde_json::json!({"path": "age", "code": "range", "message": "must be between 18 and 120", "params": {"min": 18, "max": 120}})
    );
}

#[derive(Debug, ValidateOnDeserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Booking {
    #[validate(length(
        min = 1,
        max = 40,
        code = "name_len",
        message = "{min}–{max} characters"
    ))]
    guest_name: String,
    #[validate(nested)]
    guests: Vec<Guest>,
    #[validate(nested)]
    address: Option<Address>,
    #[serde(default)]
    #[validate(each(non_blank, max_len = 5), max_items = 3, unique)]
    tags: Vec<String>,
    #[validate(one_of("card", "cash"))]
    payment: String,
    #[validate(required)]
    referrer: Option<String>,
    #[garde(length(max = 4), prefix("a"))]
    code: Option<String>,
    password: String,
    #[validate(must_match(other = "password"))]
    password_again: String,
    unchecked: Address,
}

#[derive(Debug, ValidateOnDeserialize)]
struct Guest {
    #[validate(email)]
    email: String,
    #[validate(range(exclusive_min = 0.0, max = 1.5))]
    weight: f64,
}

#[derive(Debug, ValidateOnDeserialize)]
struct Address {
    #[validate(non_empty, matches_regex = "^[0-9]{5}$")]
    zip: String,
}

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
struct BookingTwoStep {
    #[validate(length(
        min = 1,
        max = 40,
        code = "name_len",
        message = "{min}–{max} characters"
    ))]
    guest_name: String,
    #[validate(nested)]
    guests: Vec<GuestTwoStep>,
    #[validate(nested)]
    address: Option<AddressTwoStep>,
    #[serde(default)]
    #[validate(each(non_blank, max_len = 5), max_items = 3, unique)]
    tags: Vec<String>,
    #[validate(one_of("card", "cash"))]
    payment: String,
    #[validate(required)]
    referrer: Option<String>,
    #[garde(length(max = 4), prefix("a"))]
    code: Option<String>,
    password: String,
    #[validate(must_match(other = "password"))]
    password_again: String,
    unchecked: AddressTwoStep,
}

#[derive(Debug, Deserialize, Validate)]
struct GuestTwoStep {
    #[validate(email)]
    email: String,
    #[validate(range(exclusive_min = 0.0, max = 1.5))]
    weight: f64,
}

#[derive(Debug, Deserialize, Validate)]
struct AddressTwoStep {
    #[validate(non_empty, matches_regex = "^[0-9]{5}$")]
    zip: String,
}

const BOOKING_BAD: &str = r#"{
    "guestName": "",
    "guests": [{"email": "a@b.c", "weight": 1.0}, {"email": "nope", "weight": 0.0}],
    "address": {"zip": "12a"},
    "tags": ["ok", " ", "toolong", "ok"],
    "payment": "bitcoin",
    "referrer": null,
    "code": "xyzzy",
    "password": "a",
    "passwordAgain": "b",
    "unchecked": {"zip": ""}
}"#;

const EXPECTED_BAD: [&str; 12] = [
    "guestName:name_len",
    "guests[1].email:email",
    "guests[1].weight:range",
    "address.zip:regex",
    "tags:length",
    "tags:unique",
    "tags[1]:non_blank",
    "tags[2]:length",
    "payment:one_of",
    "referrer:required",
    "code:length",
    "code:starts_with",
];

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn nested_collections_options_and_paths() {
    let two_step: BookingTwoStep = serde_json::from_str(BOOKING_BAD).expect("decodes");
    let mut expected: Vec<String> = EXPECTED_BAD.iter().map(|s| s.to_string()).collect();
    expected.push("passwordAgain:must_match".into());
    let got = summary(&two_step.validate().expect_err("invalid"));
    assert_eq!(sorted(got), sorted(expected.clone()));

    let Err(Error::Invalid(integrated)) = json::from_str::<Booking>(BOOKING_BAD) else {
        panic!("invalid")
    };
    // Integrated decoding reports in input order; the set is the same.
    assert_eq!(sorted(summary(&integrated)), sorted(expected));
    let name = integrated
        .iter()
        .find(|v| v.code == "name_len")
        .expect("name_len");
    assert_eq!(name.message(), "1–40 characters");
}

#[test]
fn deny_unknown_fields_and_renames_still_apply() {
    let unknown = BOOKING_BAD.replace("\"payment\"", "\"paymnt\"");
    let Err(Error::Syntax(e)) = json::from_str::<Booking>(&unknown) else {
        panic!("unknown field")
    };
    assert!(e.to_string().contains("unknown field `paymnt`"), "{e}");
}

#[test]
fn a_valid_booking_passes_both_ways() {
    let good = r#"{"guestName": "Ann", "guests": [{"email": "a@b.c", "weight": 1.5}], "address": null,
        "payment": "card", "referrer": "x", "code": "ab", "password": "p", "passwordAgain": "p",
        "unchecked": {"zip": "nope"}}"#;
    let two_step: BookingTwoStep = serde_json::from_str(good).expect("decodes");
    assert_eq!(two_step.validate(), Ok(()));
    let booking = json::from_str::<Booking>(good).expect("valid");
    assert!(booking.tags.is_empty() && booking.code.as_deref() == Some("ab"));
    // Without `nested`, a field's own rules do not count, in either form.
    assert_eq!(
        (
            booking.unchecked.zip.as_str(),
            two_step.unchecked.zip.as_str()
        ),
        ("nope", "nope")
    );
}

#[derive(Debug, ValidateOnDeserialize)]
enum Payment {
    Card {
        #[validate(length(equal = 16))]
        number: String,
    },
    Cash(#[validate(range(min = 1))] u32),
    Free,
}

#[derive(Debug, ValidateOnDeserialize)]
#[serde(tag = "kind")]
enum Tagged {
    Card {
        #[validate(length(equal = 16))]
        number: String,
    },
}

#[test]
fn enums_validate_their_variants_fields() {
    assert!(json::from_str::<Payment>(r#"{"Card": {"number": "1234123412341234"}}"#).is_ok());
    assert!(json::from_str::<Payment>(r#""Free""#).is_ok());
    let Err(Error::Invalid(v)) = json::from_str::<Payment>(r#"{"Card": {"number": "12"}}"#) else {
        panic!()
    };
    assert_eq!(summary(&v), ["Card.number:length"]);
    let Err(Error::Invalid(v)) = json::from_str::<Payment>(r#"{"Cash": 0}"#) else {
        panic!()
    };
    assert_eq!(summary(&v), ["Cash:range"]);
    let Err(Error::Invalid(v)) = json::from_str::<Tagged>(r#"{"kind": "Card", "number": "1"}"#)
    else {
        panic!()
    };
    assert_eq!(summary(&v), ["number:length"]);
}

fn no_admin(name: &String) -> Result<(), Box<Violation>> {
    if name == "admin" {
        Err(Box::new(Violation::new("reserved", "is reserved")))
    } else {
        Ok(())
    }
}

#[derive(Debug, Deserialize, Validate)]
struct WithCustom {
    #[validate(custom(function = "no_admin"), ascii)]
    name: String,
}

#[test]
fn custom_functions_run_and_their_violation_is_placed() {
    let v: WithCustom = serde_json::from_str(r#"{"name": "admin"}"#).expect("decodes");
    assert_eq!(
        summary(&v.validate().expect_err("reserved")),
        ["name:reserved"]
    );
}

#[derive(Debug, ValidateOnDeserialize)]
struct Newtype(#[validate(email)] String);

#[test]
fn newtypes_validate_at_the_root() {
    let Err(Error::Invalid(v)) = json::from_str::<Newtype>(r#""x""#) else {
        panic!()
    };
    assert_eq!(summary(&v), [":email"]);
}

#[test]
fn fail_fast_paths_of_nested_values_are_complete() {
    let Err(Error::Invalid(v)) = json::from_str_fail_fast::<Booking>(BOOKING_BAD) else {
        panic!()
    };
    assert_eq!(summary(&v), ["guestName:name_len"]);
    let later = BOOKING_BAD.replace(r#""guestName": """#, r#""guestName": "Ann""#);
    let Err(Error::Invalid(v)) = json::from_str_fail_fast::<Booking>(&later) else {
        panic!()
    };
    assert_eq!(summary(&v), ["guests[1].email:email"]);
}

#[derive(Debug, ValidateOnDeserialize)]
enum WithDefaults {
    V {
        #[validate(required)]
        referrer: Option<String>,
        #[serde(default)]
        #[validate(non_empty)]
        tags: Vec<String>,
    },
}

#[test]
fn fields_serde_fills_by_default_are_checked_in_every_mode() {
    let Err(Error::Invalid(v)) = json::from_str::<WithDefaults>(r#"{"V": {}}"#) else {
        panic!()
    };
    assert_eq!(summary(&v), ["V.referrer:required", "V.tags:non_empty"]);
    let Err(Error::Invalid(v)) = json::from_str_fail_fast::<WithDefaults>(r#"{"V": {}}"#) else {
        panic!()
    };
    assert_eq!(summary(&v), ["V.referrer:required"]);
    assert!(serde_json::from_str::<WithDefaults>(r#"{"V": {}}"#).is_err());
}

#[derive(Debug, ValidateOnDeserialize)]
struct DefaultedTags {
    name: String,
    #[serde(default)]
    #[validate(min_items = 1)]
    tags: Vec<String>,
}

#[test]
fn trailing_text_after_a_root_is_a_syntax_error_in_both_modes() {
    // Found by the property tests: the missing `tags` breaks a rule, but the text
    // itself is not JSON, and that is the answer (as `serde_json::from_str` says).
    let text = r#"{"name": "a"} x"#;
    assert!(matches!(
        json::from_str::<DefaultedTags>(text),
        Err(Error::Syntax(_))
    ));
    assert!(matches!(
        json::from_str_fail_fast::<DefaultedTags>(text),
        Err(Error::Syntax(_))
    ));
    let Err(Error::Invalid(v)) = json::from_str_fail_fast::<DefaultedTags>(r#"{"name": "a"}"#)
    else {
        panic!()
    };
    assert_eq!(summary(&v), ["tags:length"]);
    let ok = json::from_str_fail_fast::<DefaultedTags>(r#"{"name": "a", "tags": ["t"]}"#)
        .expect("valid");
    assert_eq!((ok.name.as_str(), ok.tags.len()), ("a", 1));
}

#[test]
fn escaped_strings_are_checked_as_decoded() {
    let user = json::from_str::<UserSignupOnDe>(
        r#"{"email": "a\u0040b.co", "age": 30, "username": "abc"}"#,
    )
    .expect("valid");
    assert_eq!(
        (user.email.as_str(), user.username.as_str()),
        ("a@b.co", "abc")
    );
    let Err(Error::Invalid(v)) =
        json::from_str::<UserSignupOnDe>(r#"{"email": "a\u0062", "age": 30, "username": "abc"}"#)
    else {
        panic!()
    };
    assert_eq!(summary(&v), ["email:email"]);
}

/// A config struct with a container `default` and its own `impl Default`:
/// missing fields come from that impl, as serde's derive takes them, and the
/// rules still run on what was read.
#[derive(Debug, ValidateOnDeserialize)]
#[serde(default)]
struct ConsoleConfig {
    #[validate(length(min = 1))]
    font: String,
    #[validate(range(min = 6, max = 72))]
    size: u8,
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        ConsoleConfig {
            font: "Iosevka".into(),
            size: 14,
        }
    }
}

#[derive(Debug, ValidateOnDeserialize)]
#[serde(default = "Outline::roomy")]
struct Outline {
    #[validate(range(max = 10))]
    width: u8,
}

impl Outline {
    fn roomy() -> Self {
        Outline { width: 4 }
    }
}

#[test]
fn a_container_default_fills_missing_fields_from_the_types_own() {
    let config: ConsoleConfig = json::from_str(r#"{"size": 20}"#).expect("valid");
    assert_eq!((config.font.as_str(), config.size), ("Iosevka", 20));
    let config: ConsoleConfig = json::from_str("{}").expect("valid");
    assert_eq!(config.size, 14);
    match json::from_str::<ConsoleConfig>(r#"{"font": ""}"#) {
        Err(Error::Invalid(v)) => assert_eq!(summary(&v), ["font:length"]),
        other => panic!("expected a violation, got {other:?}"),
    }
    let outline: Outline = json::from_str("{}").expect("valid");
    assert_eq!(outline.width, 4);
}

fn trimmed<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(|s| s.trim().to_owned())
}

/// A field read by its own function (serde_trim's way) keeps its rules: they
/// check what the function read.
#[derive(Debug, ValidateOnDeserialize)]
struct Handle {
    #[serde(deserialize_with = "trimmed", rename = "handle")]
    #[validate(length(min = 3))]
    name: String,
}

#[test]
fn a_field_with_its_own_decoder_is_checked_after_it_reads() {
    let handle: Handle = json::from_str(r#"{"handle": "  alto  "}"#).expect("valid");
    assert_eq!(handle.name, "alto");
    match json::from_str::<Handle>(r#"{"handle": "  al  "}"#) {
        Err(Error::Invalid(v)) => assert_eq!(summary(&v), ["handle:length"]),
        other => panic!("expected a violation, got {other:?}"),
    }
}

// A skipped field is never read: serde gives it its default, which its rules
// still check, as `validate()` would.
both_ways! {
    WithSkippedTwoStep / WithSkipped {
        #[serde(skip)]
        #[validate(length(min = 1))]
        note: String,
    }
}

#[test]
fn a_skipped_field_with_rules_is_checked_in_every_mode() {
    let text = r#"{"note": "not read"}"#;
    let two_step: WithSkippedTwoStep = serde_json::from_str(text).expect("decodes");
    let expected = summary(&two_step.validate().expect_err("the default breaks it"));
    assert_eq!(expected, ["note:length"]);
    for result in [
        json::from_str::<WithSkipped>(text),
        json::from_str_fail_fast::<WithSkipped>(text),
    ] {
        match result {
            Err(Error::Invalid(v)) => assert_eq!(summary(&v), expected),
            other => panic!("expected the skipped field's violation, got {other:?}"),
        }
    }
}

/// serde's container `try_from`: the source decodes, the paste's conversion
/// builds the value (its refusal is a decoding error, as serde makes it), and
/// the value's own rules are checked after, whichever way it is read.
#[derive(Debug, Deserialize)]
struct StayInput {
    guest: String,
    adults: i32,
    children: i32,
}

#[derive(Debug, ValidateOnDeserialize)]
#[serde(try_from = "StayInput")]
struct Stay {
    #[validate(length(min = 2))]
    guest: String,
    #[validate(range(max = 6))]
    guests: i32,
}

impl TryFrom<StayInput> for Stay {
    type Error = String;

    fn try_from(raw: StayInput) -> Result<Self, String> {
        if raw.adults < 1 {
            return Err("a stay needs an adult".into());
        }
        Ok(Stay {
            guest: raw.guest.trim().to_owned(),
            guests: raw.adults + raw.children,
        })
    }
}

#[test]
fn a_value_read_through_try_from_is_checked_as_converted() {
    let stay =
        json::from_str::<Stay>(r#"{"guest":" Ama ","adults":2,"children":1}"#).expect("valid");
    assert_eq!((stay.guest.as_str(), stay.guests), ("Ama", 3));
    // The conversion trims to one letter and adds up to 7: both rules fail.
    let text = r#"{"guest":" A ","adults":4,"children":3}"#;
    let Err(Error::Invalid(v)) = json::from_str::<Stay>(text) else {
        panic!("the converted value breaks its rules")
    };
    assert_eq!(summary(&v), ["guest:length", "guests:range"]);
    assert!(json::from_str_fail_fast::<Stay>(text).is_err());
    assert!(serde_json::from_str::<Stay>(text).is_err());
    // The conversion's own refusal is serde's decoding error.
    assert!(matches!(
        json::from_str::<Stay>(r#"{"guest":"Ama","adults":0,"children":1}"#),
        Err(Error::Syntax(_))
    ));
}

/// validator's `custom(function, use_context)`: the function gets the type's
/// context as `#[overhead(context = "…")]` builds it (what code made from a
/// paste writes, from the paste's constant or `Default`), a number by value.
struct Quota {
    max_bytes: u64,
}

const QUOTA: Quota = Quota { max_bytes: 1024 };

fn within_quota(size: u64, quota: &Quota) -> Result<(), Box<Violation>> {
    if size > quota.max_bytes {
        return Err(Box::new(Violation::new("too_large", "over the quota")));
    }
    Ok(())
}

#[derive(Debug, ValidateOnDeserialize)]
#[overhead(dialect = "validator", context = "QUOTA")]
#[validate(context = Quota)]
struct Upload {
    #[validate(custom(function = "within_quota", use_context))]
    size: u64,
}

#[test]
fn a_custom_rule_with_use_context_gets_the_types_context() {
    assert!(json::from_str::<Upload>(r#"{"size":1000}"#).is_ok());
    let Err(Error::Invalid(v)) = json::from_str::<Upload>(r#"{"size":4096}"#) else {
        panic!("over the quota")
    };
    assert_eq!(summary(&v), ["size:too_large"]);
}

/// One field per text rule, each written with its keyword: what derived code
/// names for a text rule (its unit struct, from the registry's `rust_name`)
/// must exist and run that rule.
#[derive(Debug, Deserialize, Validate)]
struct EveryTextRule {
    #[validate(email)]
    email: String,
    #[validate(url)]
    url: String,
    #[validate(alphanumeric)]
    alphanumeric: String,
    #[validate(ascii)]
    ascii: String,
    #[validate(non_blank)]
    non_blank: String,
    #[validate(non_control_character)]
    non_control_character: String,
    #[validate(credit_card)]
    credit_card: String,
    #[validate(alpha_only)]
    alpha_only: String,
    #[validate(numeric_string)]
    numeric_string: String,
    #[validate(no_whitespace)]
    no_whitespace: String,
}

#[test]
fn derived_code_runs_every_text_rule_of_the_registry() {
    use overhead_validate::rules::TextRule;
    use overhead_validate::rules::registry::ValidText;
    // validator's and garde's own `email` have a test of their own (below):
    // one struct reads `email` in one dialect.
    let seeds = || {
        TextRule::ALL
            .iter()
            .copied()
            .filter(|rule| !matches!(rule, TextRule::ValidatorEmail | TextRule::GardeEmail))
    };
    let texts = |pick: &dyn Fn(TextRule) -> String| {
        let fields: serde_json::Map<String, serde_json::Value> = seeds()
            .map(|rule| (rule.name().to_owned(), pick(rule).into()))
            .collect();
        serde_json::Value::Object(fields)
    };
    // A field for every text rule: a new one is added above or this fails.
    let broken = texts(&|rule| rule.invalid().to_owned());
    let value = EveryTextRule::deserialize(&broken).expect("every text rule has its field");
    let mut codes = summary(&value.validate().expect_err("every field breaks its rule"));
    codes.sort();
    let mut expected: Vec<String> = seeds()
        .map(|r| format!("{}:{}", r.name(), r.info().code))
        .collect();
    expected.sort();
    assert_eq!(codes, expected);

    let kept = texts(&|rule| match rule.valid() {
        ValidText::Fixed(text) => text.to_owned(),
        ValidText::Format("email") => "a@b.co".to_owned(),
        ValidText::Format(_) => "https://example.com/".to_owned(),
        ValidText::LettersAndDigits { .. } => "abc123".to_owned(),
    });
    let value = EveryTextRule::deserialize(&kept).expect("decodes");
    assert_eq!(value.validate(), Ok(()));
}

#[derive(Debug, Deserialize, Validate)]
#[overhead(dialect = "validator")]
struct ValidatorAddress {
    #[validate(email)]
    email: String,
}

#[derive(Debug, Deserialize, Validate)]
struct GardeAddress {
    #[garde(email)]
    email: String,
}

#[derive(Debug, Deserialize, Validate)]
#[overhead(dialect = "seed")]
struct SeedAddress {
    #[validate(email)]
    email: String,
}

/// Each library's `email` is its own check: an IP literal after a host
/// passes validator's unanchored regex alone, an international domain both
/// libraries', and Overhead's own takes neither.
#[test]
fn each_librarys_email_is_its_own() {
    let verdicts = |email: &str| {
        let text = serde_json::json!({ "email": email }).to_string();
        let validator = serde_json::from_str::<ValidatorAddress>(&text).expect("decodes");
        let garde = serde_json::from_str::<GardeAddress>(&text).expect("decodes");
        let seed = serde_json::from_str::<SeedAddress>(&text).expect("decodes");
        (
            validator.validate().is_ok(),
            garde.validate().is_ok(),
            seed.validate().is_ok(),
        )
    };
    assert_eq!(verdicts("a@b.co"), (true, true, true));
    assert_eq!(verdicts("a@host[127.0.0.1]"), (true, false, false));
    assert_eq!(verdicts("a@[127.0.0.1]"), (true, true, false));
    assert_eq!(verdicts("a@bücher.de"), (true, true, false));
    assert_eq!(verdicts("not-an-email"), (false, false, false));
}

both_ways! {
    Band / BandOnDe {
        #[garde(range(min = 15, max = 45))]
        low: u8,
        #[garde(range(min = self.low, max = 45))]
        high: u8,
        #[garde(range(min = 0.0, max = self.high))]
        target: Option<f64>,
    }
}

/// garde's `range` with a bound that is another field: the derive builds
/// the range from the field's value, in both paths.
#[test]
fn a_range_bound_read_from_another_field() {
    let check = in_both_paths::<Band, BandOnDe>;
    assert_eq!(
        check(r#"{"low":20,"high":20,"target":20.0}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        check(r#"{"low":20,"high":30,"target":null}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        check(r#"{"low":30,"high":20,"target":25.5}"#),
        ["high:range", "target:range"]
    );
}

both_ways! {
    Invite / InviteOnDe {
        #[garde(skip)]
        team: String,
        #[garde(inner(matches(team)))]
        echoes: Vec<String>,
    }
}

/// garde's `inner(matches(other))`: each element against the other field,
/// in both paths.
#[test]
fn each_element_matches_another_field() {
    let text = r#"{"team":"a","echoes":["a","b","c"]}"#;
    let two_step: Invite = serde_json::from_str(text).expect("decodes");
    let two_step = summary(&two_step.validate().expect_err("two elements differ"));
    assert_eq!(two_step, ["echoes[1]:must_match", "echoes[2]:must_match"]);
    let Err(Error::Invalid(integrated)) = json::from_str::<InviteOnDe>(text) else {
        panic!("two elements differ")
    };
    assert_eq!(summary(&integrated), two_step);
    let same: Invite = serde_json::from_str(r#"{"team":"a","echoes":["a"]}"#).expect("decodes");
    assert_eq!(same.validate(), Ok(()));
}

/// Types that a `macro_rules!` writes, rules and all, as crates that stamp
/// out request types do: the derives' code resolves under the macro's
/// hygiene, in both paths.
macro_rules! stamped_request {
    (#[$derive:meta] $name:ident, $child:ident, $item:ident) => {
        #[$derive]
        struct $name {
            #[validate(length(min = 1, max = 8))]
            name: String,
            #[validate(range(min = 1), custom(function = "not_thirteen"))]
            count: u32,
            #[validate(nested)]
            child: $child,
            #[validate(must_match(other = "name"))]
            again: String,
        }
        #[$derive]
        struct $child {
            #[validate(email)]
            email: String,
            #[validate(length(min = 1), nested)]
            items: Vec<$item>,
        }
        #[$derive]
        struct $item {
            #[validate(length(min = 2))]
            sku: String,
        }
    };
}

fn not_thirteen(count: u32) -> Result<(), Box<Violation>> {
    match count {
        13 => Err(Box::new(Violation::new("thirteen", "is thirteen"))),
        _ => Ok(()),
    }
}

stamped_request!(
    #[derive(Debug, Deserialize, Validate)]
    Stamped,
    StampedChild,
    StampedItem
);
stamped_request!(
    #[derive(Debug, ValidateOnDeserialize)]
    StampedOnDe,
    StampedChildOnDe,
    StampedItemOnDe
);

#[test]
fn types_a_macro_writes_validate_in_both_paths() {
    let check = in_both_paths::<Stamped, StampedOnDe>;
    assert_eq!(
        check(
            r#"{"name":"ab","count":2,"child":{"email":"a@b.co","items":[{"sku":"ab"}]},"again":"ab"}"#
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        check(r#"{"name":"","count":13,"child":{"email":"x","items":[{"sku":"a"}]},"again":"b"}"#),
        [
            "again:must_match",
            "child.email:email",
            "child.items[0].sku:length",
            "count:thirteen",
            "name:length"
        ]
    );
}

// domainstack's number words, as our derive builds them for a paste that is
// domainstack's: its codes, both paths.
both_ways! {
    Batch / BatchOnDe {
        #[validate(non_zero)]
        step: i32,
        #[validate(not_equals = 3)]
        skip: i64,
        #[validate(multiple_of = 5)]
        lot: u32,
        #[validate(multiple_of = 2.5)]
        quarter: Option<f64>,
    }
}

#[test]
fn domainstacks_number_words_in_both_paths() {
    let check = in_both_paths::<Batch, BatchOnDe>;
    assert_eq!(
        check(r#"{"step":-1,"skip":4,"lot":15,"quarter":7.5}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        check(r#"{"step":0,"skip":3,"lot":7,"quarter":7.0}"#),
        [
            "lot:not_multiple",
            "quarter:not_multiple",
            "skip:forbidden_value",
            "step:zero_value"
        ]
    );
}

// Written out, not `both_ways!`: each path's struct dives into its own
// nested type.
#[derive(Debug, Deserialize, Validate)]
struct Window {
    #[garde(skip)]
    min: usize,
    #[garde(skip)]
    max: usize,
    #[garde(dive((self.min, self.max)))]
    inner: Inner,
    #[garde(dive((self.min, self.max)))]
    maybe: Option<Inner>,
    // garde hands the context to each element; the analysis says it does
    // not, and the elements dive without it.
    #[serde(default)]
    #[garde(dive((self.min, self.max)))]
    many: Vec<Inner>,
}

#[derive(Debug, ValidateOnDeserialize)]
struct WindowOnDe {
    #[garde(skip)]
    min: usize,
    #[garde(skip)]
    max: usize,
    #[garde(dive((self.min, self.max)))]
    inner: InnerOnDe,
    #[garde(dive((self.min, self.max)))]
    maybe: Option<InnerOnDe>,
    // garde hands the context to each element; the analysis says it does
    // not, and the elements dive without it.
    #[serde(default)]
    #[garde(dive((self.min, self.max)))]
    many: Vec<InnerOnDe>,
}

#[derive(Debug, Deserialize, Validate)]
#[garde(context((usize, usize) as ctx))]
struct Inner {
    #[garde(length(min = ctx.0, max = ctx.1))]
    field: String,
    #[garde(range(max = ctx.1))]
    count: Option<u64>,
    #[garde(length(max = 10))]
    note: String,
}

#[derive(Debug, ValidateOnDeserialize)]
#[garde(context((usize, usize) as ctx))]
struct InnerOnDe {
    #[garde(length(min = ctx.0, max = ctx.1))]
    field: String,
    #[garde(range(max = ctx.1))]
    count: Option<u64>,
    #[garde(length(max = 10))]
    note: String,
}

/// garde's `dive((self.min, self.max))` into a type whose bounds read that
/// context: the diving struct's fields bound the nested rules, in both paths,
/// at the nested field's path (garde's own `tests/rules/dive_with_ctx.rs`).
#[test]
fn a_dive_with_a_context_of_fields_bounds_the_nested_rules() {
    let check = in_both_paths::<Window, WindowOnDe>;
    let doc = |min: u32, max: u32, field: &str, maybe: &str| {
        format!(
            r#"{{"min":{min},"max":{max},"inner":{{"field":"{field}","count":3,"note":"n"}},"maybe":{maybe}}}"#
        )
    };
    assert_eq!(check(&doc(1, 5, "asdf", "null")), Vec::<String>::new());
    assert_eq!(check(&doc(1, 5, "asdfgh", "null")), ["inner.field:length"]);
    assert_eq!(check(&doc(0, 9, "asdfgh", "null")), Vec::<String>::new());
    // garde's length counts bytes.
    assert_eq!(check(&doc(1, 5, "ééé", "null")), ["inner.field:length"]);
    let maybe = r#"{"field":"","count":7,"note":"a note too long"}"#;
    assert_eq!(
        check(&doc(1, 5, "asdf", maybe)),
        [
            "maybe.count:range",
            "maybe.field:length",
            "maybe.note:length"
        ]
    );
    // A collection's elements: their own rules run, the bounds from the
    // context do not.
    let many = r#"{"min":1,"max":5,"inner":{"field":"asdf","count":3,"note":"n"},"maybe":null,"many":[{"field":"","count":9,"note":"a note too long"}]}"#;
    assert_eq!(check(many), ["many[0].note:length"]);
}
