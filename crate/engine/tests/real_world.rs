//! Request structs modelled on public repositories, with the constructs their
//! authors used (use lines, other crates' attributes, statics, helper
//! functions) kept as written there, run in the interpreter: each one compiles
//! to a plan, generated valid inputs pass through JSON and validate, each
//! breakable rule of the root broken alone is reported on its field only, and
//! the diagnosis has no errors. Each root has rules in its text, so its plan
//! must have some too (none silently dropped).
//!
//! JSON is written with serialize names and renamed to deserialize names
//! before reading, as a client of a `rename(deserialize = "…")` field would
//! send it.
//!
//! The fixtures live in `tests/real_world/` (a subdirectory, so Cargo does not
//! build them as test targets); each starts with the repository and path it is
//! modelled on. Names, messages, numbers and the domain are our own.

use overhead_engine::FieldSegment;
use overhead_engine::diagnose::diagnose;
use overhead_engine::generate::Generator;
use overhead_engine::run::Interpreter;
use overhead_engine::{Plan, Ty, Value};
use overhead_schema::Severity;
use serde_json::Value as Json;

/// (name, definitions, root struct)
const CASES: &[(&str, &str, &str)] = &[
    (
        "storiny_signup",
        include_str!("real_world/storiny_signup.rs"),
        "CardApplication",
    ),
    (
        "storiny_rsb",
        include_str!("real_world/storiny_rsb.rs"),
        "FeaturedShelf",
    ),
    (
        "kontext_create_user",
        include_str!("real_world/kontext_create_user.rs"),
        "VolunteerSignup",
    ),
    (
        "drive_register",
        include_str!("real_world/drive_register.rs"),
        "ClubMembership",
    ),
    (
        "designo_invoice",
        include_str!("real_world/designo_invoice.rs"),
        "NewQuoteDTO",
    ),
    (
        "namada_governance",
        include_str!("real_world/namada_governance.rs"),
        "RecipeSearchParams",
    ),
    (
        "mamang_order",
        include_str!("real_world/mamang_order.rs"),
        "OpenLoanRequest",
    ),
    (
        "diana_register",
        include_str!("real_world/diana_register.rs"),
        "ParcelClaim",
    ),
    (
        "domus_auth",
        include_str!("real_world/domus_auth.rs"),
        "EnrolOwnerRequest",
    ),
    (
        "arpacik_register",
        include_str!("real_world/arpacik_register.rs"),
        "JoinRequest",
    ),
    (
        "corgi_users",
        include_str!("real_world/corgi_users.rs"),
        "EnrolSingerRequest",
    ),
    (
        "linkblocks_users",
        include_str!("real_world/linkblocks_users.rs"),
        "SignIn",
    ),
    (
        "rust_blog_article",
        include_str!("real_world/rust_blog_article.rs"),
        "EpisodeChecker",
    ),
    (
        "intelli_user",
        include_str!("real_world/intelli_user.rs"),
        "EditPlayer",
    ),
];

const VALID_INPUTS: usize = 200;

/// JSON as written (serialize names) to JSON as read (deserialize names): the
/// same unless a field is renamed one way only, `rename(deserialize = "…")`.
fn to_read_keys(plan: &Plan, ty: &Ty, json: &mut Json) {
    match (ty, json) {
        (Ty::Option(inner), json) => to_read_keys(plan, inner, json),
        (Ty::Seq(item) | Ty::Array(_, item) | Ty::Set { item, .. }, Json::Array(items)) => {
            items.iter_mut().for_each(|j| to_read_keys(plan, item, j));
        }
        (Ty::Map { value, .. }, Json::Object(entries)) => {
            entries
                .values_mut()
                .for_each(|j| to_read_keys(plan, value, j));
        }
        (Ty::Named(id), Json::Object(object)) => {
            let Some(s) = plan.struct_plan(*id) else {
                return;
            };
            if s.transparent.is_some() {
                return;
            }
            for field in s.fields.iter().filter(|f| !f.skip && !f.flatten) {
                if let Some(mut value) = object.remove(field.ser_key) {
                    to_read_keys(plan, &field.ty, &mut value);
                    object.insert(field.key.to_owned(), value);
                }
            }
        }
        _ => {}
    }
}

/// A value through JSON: written, keys renamed for reading, and read back.
fn round_trip(engine: &Interpreter, value: &Value) -> (String, Result<Value, serde_json::Error>) {
    let written = engine.to_json(value).expect("ser");
    let mut json: Json = serde_json::from_str(&written).expect("JSON");
    let plan = engine.plan();
    to_read_keys(plan, &Ty::Named(plan.root), &mut json);
    let text = json.to_string();
    let decoded = engine.decode(&text);
    (text, decoded)
}

fn run(name: &str) {
    let &(_, text, root) = CASES
        .iter()
        .find(|(n, _, _)| *n == name)
        .expect("a case of that name");

    // 4. The diagnosis: no errors (warnings are printed, for the record).
    let diagnosis = diagnose(text, Some(root));
    for d in &diagnosis.diagnostics {
        eprintln!("{name}: {d}");
    }
    let errors: Vec<String> = diagnosis
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect();

    // 1. The definitions compile.
    let engine = match Interpreter::new(text, Some(root)) {
        Ok(engine) => engine,
        Err(diagnostics) => {
            let lines: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
            panic!(
                "{name}: the interpreter refuses the definitions:\n{}",
                lines.join("\n")
            );
        }
    };
    assert!(
        errors.is_empty(),
        "{name}: the diagnosis has errors:\n{}",
        errors.join("\n")
    );
    assert!(
        diagnosis.runnable,
        "{name}: the diagnosis says not runnable"
    );

    let plan = engine.plan();
    let root_plan = plan.struct_plan(plan.root).expect("the root is a struct");
    // Every root chosen here has rules: none may be dropped on the way.
    assert!(
        root_plan.has_checks,
        "{name}: the root `{root}` has rules in the text, but none in the plan"
    );

    // 2. Valid inputs: through JSON and back, and every rule holds.
    let mut generator = Generator::new(plan, 0x5eed);
    for _ in 0..VALID_INPUTS {
        let value = generator.valid();
        let (json, decoded) = round_trip(&engine, &value);
        let decoded = decoded
            .unwrap_or_else(|e| panic!("{name}: a generated input does not decode: {e}\n{json}"));
        if let Err(violations) = engine.validate(&decoded) {
            // A field whose rule is the paste's own function: its verdict on
            // generated text is the function's, not the generator's fault.
            let pasted: Vec<String> = root_plan
                .fields
                .iter()
                .filter(|f| f.runs_pasted_code())
                .map(|f| f.key.to_owned())
                .collect();
            let broken: Vec<String> = violations
                .iter()
                .map(|v| format!("{}:{}", v.path, v.code))
                .filter(|v| !pasted.iter().any(|key| v.starts_with(&format!("{key}:"))))
                .collect();
            assert!(
                broken.is_empty(),
                "{name}: a valid input breaks rules: {broken:?}\n{json}"
            );
        }
    }

    // 3. Each breakable rule of the root, broken alone: an error on its field
    // only (and on a `must_match` whose fields it now tells apart).
    let targets = generator.targets();
    for &target in &targets {
        // Where the dialect's library reports the field: its path segment.
        let path_of = |slot: usize| match root_plan.fields[slot].path {
            FieldSegment::Name(name) => name.to_owned(),
            FieldSegment::Index(i) => i.to_string(),
            FieldSegment::Inline => String::new(),
        };
        let key = path_of(target.slot);
        let value = generator.violating(target).expect("breakable");
        let (json, decoded) = round_trip(&engine, &value);
        let decoded = decoded
            .unwrap_or_else(|e| panic!("{name}: a violating input does not decode: {e}\n{json}"));
        let violations = engine
            .validate(&decoded)
            .err()
            .unwrap_or_else(|| panic!("{name}: {target:?} ({key}) broken, yet valid\n{json}"));
        let paths: Vec<String> = violations
            .iter()
            .map(|v| format!("{}:{}", v.path, v.code))
            .collect();
        assert!(
            violations.iter().any(|v| v.path.to_string() == key),
            "{name}: {target:?} ({key}) broken, reported elsewhere: {paths:?}\n{json}"
        );
        let runs_pasted_code = |path: String| {
            root_plan
                .fields
                .iter()
                .enumerate()
                .any(|(slot, f)| f.runs_pasted_code() && path_of(slot) == path)
        };
        assert!(
            violations.iter().all(|v| v.path.to_string() == key
                || runs_pasted_code(v.path.to_string())
                || root_plan.must_match.iter().any(|m| {
                    [m.slot, m.other].contains(&target.slot)
                        && v.path.to_string() == path_of(m.slot)
                })),
            "{name}: {target:?} ({key}) broken, other fields reported: {paths:?}\n{json}"
        );
    }
    eprintln!(
        "{name}: {VALID_INPUTS} valid inputs, {} targets",
        targets.len()
    );
}

#[test]
fn every_fixture_is_a_case() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/real_world");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("the fixtures' directory")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|f| f.ends_with(".rs"))
        // A fixture with its own `.json` is a case of `tests/corpus.rs`.
        .filter(|f| {
            let json = std::path::Path::new(dir).join(f.replace(".rs", ".json"));
            !json.exists() || CASES.iter().any(|(n, _, _)| format!("{n}.rs") == *f)
        })
        .collect();
    files.sort();
    let mut cases: Vec<String> = CASES.iter().map(|(n, _, _)| format!("{n}.rs")).collect();
    cases.sort();
    assert_eq!(files, cases);
    for (name, text, _) in CASES {
        assert!(
            text.starts_with("// Modelled on "),
            "{name}: the first line names the source"
        );
    }
}

#[test]
fn storiny_signup() {
    run("storiny_signup");
}

#[test]
fn storiny_rsb() {
    run("storiny_rsb");
}

#[test]
fn kontext_create_user() {
    run("kontext_create_user");
}

#[test]
fn drive_register() {
    run("drive_register");
}

#[test]
fn designo_invoice() {
    run("designo_invoice");
}

#[test]
fn namada_governance() {
    run("namada_governance");
}

#[test]
fn mamang_order() {
    run("mamang_order");
}

#[test]
fn diana_register() {
    run("diana_register");
}

#[test]
fn domus_auth() {
    run("domus_auth");
}

#[test]
fn arpacik_register() {
    run("arpacik_register");
}

#[test]
fn corgi_users() {
    run("corgi_users");
}

#[test]
fn linkblocks_users() {
    run("linkblocks_users");
}

#[test]
fn rust_blog_article() {
    run("rust_blog_article");
}

#[test]
fn intelli_user() {
    run("intelli_user");
}
