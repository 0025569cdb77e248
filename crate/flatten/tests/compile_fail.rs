//! Compile errors of `#[derive(FastFlatten)]`: each case in `tests/ui` must fail
//! to build with the message and caret of its `.stderr`.
//!
//! Regenerate the expected output with
//! `TRYBUILD=overwrite cargo test -p overhead-flatten --test compile_fail`.

#[test]
fn unsupported_shapes_fail_at_their_source() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
