//! Every input a fuzz target once failed on (`tests/fuzz_regressions/<target>/`),
//! replayed through the same check, so a fixed finding stays fixed without the
//! fuzzer. Add a file there for each new finding; its name says what it was.

mod fuzz_checks;

use std::fs;
use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_regressions")
        .join(target);
    let mut count = 0;
    for entry in fs::read_dir(&dir).expect("the regression folder exists") {
        let path = entry.expect("readable entry").path();
        let data = fs::read(&path).expect("readable input");
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(
            outcome.is_ok(),
            "{target} fails again on {}",
            path.display()
        );
        count += 1;
    }
    assert!(count > 0, "no inputs kept for {target}");
}

#[test]
fn the_analyzer_and_planner_stay_fixed() {
    replay("analyze", fuzz_checks::analyze);
}

#[test]
fn the_interpreted_decoder_stays_fixed() {
    replay("decode", fuzz_checks::decode);
}
