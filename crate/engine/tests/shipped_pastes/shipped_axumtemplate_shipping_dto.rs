// Modelled on hmeqo/axum-template apps/backend/src/app/dto/request/hello.rs: the constructs as written there, in our own words.
use serde::Deserialize;

pub mod dto {
    use super::*;
    use garde::Validate;

    #[derive(Debug, Deserialize, Validate)]
    #[serde(rename_all = "camelCase")]
    pub struct Address {
        #[garde(length(min = 1, max = 100))]
        pub street: String,
        #[garde(ascii, length(min = 4, max = 10))]
        pub postal_code: String,
        #[garde(length(equal = 2))]
        pub country: String,
    }

    #[derive(Debug, Deserialize, Validate)]
    #[serde(rename_all = "camelCase")]
    pub struct UpdateShippingAddress {
        #[garde(dive)]
        pub address: Address,
        #[garde(inner(length(max = 200)))]
        pub delivery_note: Option<String>,
        #[garde(skip)]
        #[serde(default)]
        pub make_default: bool,
    }
}
