use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(required)]
    referrer: String,
}

fn main() {}
