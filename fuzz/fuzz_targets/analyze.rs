//! The struct-definition analyzer and the planner on arbitrary text.
#![no_main]

// Each target runs one of the checks.
#[allow(dead_code)]
#[path = "../../crate/engine/tests/fuzz_checks/mod.rs"]
mod fuzz_checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_checks::analyze(data));
