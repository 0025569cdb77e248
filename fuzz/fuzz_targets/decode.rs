//! The interpreted decoder and validation, driven by arbitrary definitions and
//! inputs (split at the first NUL byte).
#![no_main]

// Each target runs one of the checks.
#[allow(dead_code)]
#[path = "../../crate/engine/tests/fuzz_checks/mod.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::decode(data));
