// Modelled on kimiyash/study-practical-rust-introduction ch07/example/ch07_07_tls_refcell/src/main.rs: the constructs as written there, in our own words.
// Cut from the middle of names.rs: the `use std::...` lines are above the cut.
use garde::Validate;
use serde::Deserialize;

thread_local!(
    static RESERVED: RefCell<HashSet<&'static str>> = {
        let names = ["admin", "root", "support", "billing"].iter().cloned().collect();
        RefCell::new(names)
    }
);

fn not_reserved(value: &str, _: &()) -> garde::Result {
    let lowered = value.to_lowercase();
    let taken = RESERVED.with(|set| set.borrow().contains(lowered.as_str()));
    if taken {
        return Err(garde::Error::new("this name is reserved"));
    }
    Ok(())
}

#[derive(Debug, Deserialize, Validate)]
pub struct ClaimName {
    #[garde(length(min = 3, max = 30), custom(not_reserved))]
    pub name: String,
    #[garde(alphanumeric, length(min = 4, max = 10))]
    pub invite_code: String,
}
