// A `nested` field under ValidateOnDeserialize whose type derives plain
// `Deserialize`: its rules would go unchecked, so it does not compile.
use overhead_validate::{Validate, ValidateOnDeserialize};
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Address {
    #[validate(length(min = 1))]
    street: String,
}

#[derive(ValidateOnDeserialize)]
struct Order {
    #[validate(nested)]
    address: Address,
    #[validate(nested)]
    previous: Vec<Address>,
}

fn main() {}
