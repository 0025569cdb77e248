use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Signup {
    #[garde(length(graphemes, max = 3))]
    nickname: String,
}

fn main() {}
