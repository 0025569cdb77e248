//! What the fuzz targets (`fuzz/fuzz_targets/`) check, shared with the tests
//! that replay the inputs they once crashed on (`tests/fuzz_regressions.rs`).
//! Each check takes raw bytes, must never panic, hang or overflow the stack,
//! and asserts the invariants a user relies on.

use std::collections::BTreeSet;

use overhead_engine::Flatten;
use overhead_engine::diagnose::diagnose;
use overhead_engine::generate::Generator;
use overhead_engine::run::{Error, Interpreter};

/// The analyzer and the planner on any text: diagnostics or a plan, never a
/// panic; a plan that builds also generates values that read back.
pub fn analyze(data: &[u8]) {
    let Ok(schema) = std::str::from_utf8(data) else {
        return;
    };
    // What a paste may assume: undefined types read any JSON value.
    let completion = overhead_engine::assume::complete(schema, None, &[]);
    let diagnosis = diagnose(schema, None);
    let Ok(engine) = Interpreter::new(&completion.text, None) else {
        return;
    };
    // What the editor says and what runs agree: a plan means no error.
    assert!(
        diagnosis.runnable,
        "a plan was built for definitions the editor refuses"
    );
    let mut generator = Generator::new(engine.plan(), 7);
    for _ in 0..4 {
        let value = generator.valid();
        if let Ok(text) = engine.to_json(&value) {
            let _ = engine.decode(&text);
        }
    }
}

/// Definitions and an input, split at the first NUL byte: the interpreted
/// decoder and validation on them, each variant agreeing with the others.
pub fn decode(data: &[u8]) {
    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let Ok(schema) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let Ok(engine) = Interpreter::new(schema, None) else {
        return;
    };
    // The input's bytes as postcard: the program's postcard reader reads
    // what its general reader (a visitor walk) reads, value or error.
    let bytes = &data[split + 1..];
    with_deep_stack(|| {
        let program = engine.read_postcard(bytes);
        let general = engine.read(&mut postcard::Deserializer::from_bytes(bytes));
        assert_eq!(
            format!("{program:?}"),
            format!("{general:?}"),
            "the postcard program and the general reader differ"
        );
    });
    let Ok(input) = std::str::from_utf8(bytes) else {
        return;
    };
    // The input as a JSON tree: the program's tree reader reads what its
    // general reader reads on it, value or error; and the tree's text
    // reads to the same value.
    if let Ok(tree) = serde_json::from_str::<serde_json::Value>(input) {
        let from_tree = engine.read_json_value(&tree);
        assert_eq!(
            format!("{from_tree:?}"),
            format!("{:?}", engine.read(&tree)),
            "the tree program and the general reader differ"
        );
        if let (Ok(from_tree), Ok(from_text)) = (from_tree, engine.decode(&tree.to_string())) {
            assert_eq!(
                format!("{from_tree:?}"),
                format!("{from_text:?}"),
                "a tree and its text read differently"
            );
        }
    }
    match engine.decode(input) {
        Err(refused) => {
            // Fail-fast stops at a violation met first, or at de's error.
            match engine.decode_fail_fast(input) {
                Ok(_) => panic!("fail-fast read what de refused: {refused}"),
                Err(Error::Syntax(e)) => assert_eq!(
                    e.to_string(),
                    refused.to_string(),
                    "fail-fast and de refuse the input differently"
                ),
                Err(Error::Invalid(v)) => {
                    assert_eq!(v.len(), 1, "fail-fast went on past a violation")
                }
            }
            assert!(
                matches!(engine.decode_validated(input), Err(Error::Syntax(_))),
                "validate-on-de read what de refused"
            );
        }
        Ok(value) => {
            let two_step: BTreeSet<String> = match engine.validate(&value) {
                Ok(()) => BTreeSet::new(),
                Err(v) => v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect(),
            };
            match engine.decode_validated(input) {
                Ok(_) => assert!(
                    two_step.is_empty(),
                    "validate-on-de passed what de+validate refused"
                ),
                Err(Error::Invalid(v)) => {
                    let integrated: BTreeSet<String> =
                        v.iter().map(|v| format!("{}:{}", v.path, v.code)).collect();
                    assert_eq!(
                        integrated, two_step,
                        "validate-on-de and de+validate differ"
                    );
                }
                Err(Error::Syntax(e)) => panic!("validate-on-de refused what de read: {e}"),
            }
            match engine.decode_fail_fast(input) {
                Ok(checked) => {
                    assert!(two_step.is_empty(), "fail-fast passed an invalid value");
                    assert_eq!(
                        format!("{checked:?}"),
                        format!("{value:?}"),
                        "fail-fast and de read different values"
                    );
                }
                Err(Error::Invalid(v)) => assert!(
                    v.len() == 1 && !two_step.is_empty(),
                    "fail-fast refused a valid value: {:?}",
                    v.iter()
                        .map(|v| format!("{}:{}", v.path, v.code))
                        .collect::<Vec<_>>()
                ),
                Err(Error::Syntax(e)) => panic!("fail-fast refused what de read: {e}"),
            }
            if let Ok(text) = engine.to_json(&value) {
                let _ = engine.decode(&text);
            }
        }
    }
    if schema.contains("flatten") {
        fast_flatten(&engine, schema, input);
    }
}

/// Flattened structs read by field dispatch: plain decoding (a tree's
/// direct reads, where it has them) and fail-fast (the walk through its
/// structs) read the same value; and a value both flatten modes read is
/// the same value.
fn fast_flatten(serde_way: &Interpreter, schema: &str, input: &str) {
    let Ok(fast) = Interpreter::with_flatten(schema, None, Flatten::Fast) else {
        return;
    };
    let read = fast.decode(input);
    match (&read, fast.decode_fail_fast(input)) {
        (Err(_), Err(_)) => {}
        // It stops only at a rule `validate()` finds broken.
        (Ok(plain), Err(Error::Invalid(v))) => assert!(
            fast.validate(plain).is_err(),
            "fast flatten: fail-fast refused a valid value: {:?}",
            v.iter()
                .map(|v| format!("{}:{}", v.path, v.code))
                .collect::<Vec<_>>()
        ),
        (Ok(plain), Ok(checked)) => assert_eq!(
            format!("{plain:?}"),
            format!("{checked:?}"),
            "fast flatten: de and fail-fast read different values"
        ),
        (Err(e), Ok(_)) => panic!("fast flatten: fail-fast read what de refused: {e}"),
        (Ok(_), Err(Error::Syntax(e))) => {
            panic!("fast flatten: fail-fast refused what de read: {e}")
        }
    }
    if let (Ok(fast_value), Ok(serde_value)) = (read, serde_way.decode(input)) {
        assert_eq!(
            fast.to_json(&fast_value).ok(),
            serde_way.to_json(&serde_value).ok(),
            "the two flatten modes read different values"
        );
    }
}

/// Runs `check` on a thread with room to recurse as deep as any fuzzed
/// input nests, and hands its panic on. postcard has no recursion limit
/// (serde_json stops at 128), and serde's derive reading it has none
/// either: the bytes of a recursive type (`struct A { next: Vec<A> }`)
/// nest as much as a level a byte, so any reading of them, compiled or
/// interpreted, recurses as deep as the input is long. The page and the
/// CLI read only postcard they wrote, from a value read from JSON (128
/// deep at most). A fuzzed input of 2.4 KB, a level every three bytes,
/// overflowed the fuzzer's stack (`fuzz_regressions/decode/stack-overflow-
/// postcard-nested-as-deep-as-its-bytes`).
fn with_deep_stack(check: impl FnOnce() + Send) {
    const DEEP_STACK: usize = 512 << 20;
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, check)
            .expect("a thread for the check");
        if let Err(panic) = thread.join() {
            std::panic::resume_unwind(panic);
        }
    });
}
