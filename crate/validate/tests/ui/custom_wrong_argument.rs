use overhead_validate::{Validate, Violation};
use serde::Deserialize;

fn short(value: &u32) -> Result<(), Violation> {
    if *value < 3 {
        Ok(())
    } else {
        Err(Violation::new("short", "is too long"))
    }
}

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(custom(function = "short"))]
    username: String,
}

fn main() {}
