use overhead_validate::Validate;
use serde::{Deserialize, Serialize};

/// A payment provider's webhook, as a shop's endpoint receives it: the event's
/// envelope, the delivery's own fields flattened in beside it (one JSON object,
/// as the provider sends it), and the charge the event is about.
#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct PaymentEvent {
    #[validate(length(min = 8, max = 64), starts_with = "evt_")]
    pub id: String,
    #[serde(rename = "type")]
    #[validate(length(min = 3, max = 64), ascii)]
    pub kind: String,
    #[validate(range(min = 1500000000))]
    pub created: u64,
    pub livemode: bool,
    #[validate(nested)]
    pub data: Charge,
    // Last, so that serde_fast_flatten (0.1.3), timed beside FastFlatten, can
    // derive this struct: it does not compile a field declared after a
    // flattened one.
    #[serde(flatten)]
    #[validate(nested)]
    pub delivery: Delivery,
}

/// What the provider adds to each delivery of an event, checked as the shop
/// expects it: a retry within the provider's schedule, to an HTTPS endpoint,
/// in an API version of the provider's dated form.
#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct Delivery {
    #[validate(range(min = 1, max = 16))]
    pub attempt: u32,
    #[validate(length(max = 2048), starts_with = "https://")]
    pub endpoint: String,
    #[validate(length(equal = 10), ascii)]
    pub api_version: String,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct Charge {
    #[validate(length(min = 8, max = 64), starts_with = "ch_")]
    pub id: String,
    #[validate(range(min = 50, max = 99999999))]
    pub amount: u64,
    #[validate(length(equal = 3), alphanumeric)]
    pub currency: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(email)]
    pub receipt_email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(length(max = 22))]
    pub statement_descriptor: Option<String>,
}
