use overhead_validate::Validate;
use serde::{Deserialize, Serialize};

/// An order as a shop's API receives it: nested objects, lists, optional fields,
/// and the rules such an endpoint checks.
#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CreateOrder {
    #[validate(length(min = 8, max = 64), ascii)]
    pub idempotency_key: String,
    #[validate(nested)]
    pub customer: Customer,
    #[validate(length(min = 1, max = 50), nested)]
    pub items: Vec<LineItem>,
    #[validate(nested)]
    pub shipping: Address,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(length(min = 4, max = 20), alphanumeric)]
    pub coupon: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(length(max = 500))]
    pub notes: Option<String>,
    #[serde(default)]
    #[validate(length(max = 10))]
    pub tags: Vec<String>,
    pub gift: bool,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    #[validate(length(min = 1, max = 100), non_blank)]
    pub name: String,
    #[validate(email)]
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(length(min = 7, max = 20), starts_with = "+")]
    pub phone: Option<String>,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct LineItem {
    #[validate(length(min = 3, max = 32))]
    pub sku: String,
    #[validate(range(min = 1, max = 100))]
    pub quantity: u32,
    #[validate(range(min = 1))]
    pub unit_price_cents: u64,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[validate(length(min = 1, max = 100))]
    pub line1: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(length(max = 100))]
    pub line2: Option<String>,
    #[validate(length(min = 1, max = 60))]
    pub city: String,
    #[validate(length(min = 3, max = 10), alphanumeric)]
    pub postal_code: String,
    #[validate(length(equal = 2), ascii)]
    pub country: String,
}
