use overhead_validate::Validate;
use serde::Deserialize;

fn f(value: &u32) -> bool {
    *value > 3
}

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(custom(function = "f"))]
    username: String,
}

fn main() {}
