use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(range(min = "1 x"))]
    age: u8,
}

fn main() {}
