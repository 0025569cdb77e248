use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Payment {
    #[validate(phone)]
    phone: String,
}

fn main() {}
