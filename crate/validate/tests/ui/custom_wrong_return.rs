use overhead_validate::Validate;
use serde::Deserialize;

fn short(value: &String) -> bool {
    value.len() < 3
}

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(custom(function = "short"))]
    username: String,
}

fn main() {}
