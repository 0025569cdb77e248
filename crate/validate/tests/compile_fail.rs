//! Compile errors from bad validation attributes: each case in `tests/ui` must
//! fail to build, with the message and the caret of its `.stderr` (under the
//! offending rule keyword, not the derive or the type's name).
//!
//! Regenerate the expected output with
//! `TRYBUILD=overwrite cargo test -p overhead-validate --test compile_fail`.

#[test]
fn bad_attributes_fail_at_the_attribute() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
