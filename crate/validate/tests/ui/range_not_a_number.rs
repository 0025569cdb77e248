use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(range(min = "x"))]
    age: u8,
}

fn main() {}
