use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(email)]
    age: u8,
}

fn main() {}
