use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[validate(emial)]
    email: String,
}

fn main() {}
