use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(emial)]
    email: String,
    #[validate(alphanumeric)]
    age: u8,
}

fn main() {}
