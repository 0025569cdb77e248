use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Payment {
    #[validate(credit_card)]
    card: String,
}

fn main() {}
