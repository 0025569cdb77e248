// Modelled on Zersya/stock-opname-server src/models/requests/user.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator_derive::Validate;

#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AdjustReason {
    Damaged { note: String },
    Recount,
    Transfer { to_warehouse: u32 },
}

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequestAdjustStock {
    #[validate(length(min = 4, max = 24))]
    pub sku: String,
    #[validate(range(min = -500, max = 500))]
    pub delta: i32,
    pub reason: AdjustReason,
    #[serde(default)]
    #[validate(length(max = 200))]
    pub comment: String,
}
