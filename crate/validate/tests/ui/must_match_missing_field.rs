use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    password: String,
    #[validate(must_match(other = "pasword"))]
    password_again: String,
}

fn main() {}
