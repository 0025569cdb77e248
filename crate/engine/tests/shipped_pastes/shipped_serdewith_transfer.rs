// Modelled on jonasbb/serde_with src/guide/serde_as.md: the constructs as written there, in our own words.
use serde::Deserialize;
use serde_with::{serde_as, DisplayFromStr};
use validator::Validate;

/// Amounts arrive as decimal strings so that JavaScript clients keep every digit.
#[serde_as]
#[derive(Debug, Deserialize, Validate)]
pub struct TransferRequest {
    #[serde_as(as = "DisplayFromStr")]
    #[validate(range(min = 1, max = 5_000_000))]
    pub amount_cents: u64,
    #[validate(length(equal = 3))]
    pub currency: String,
    #[serde_as(as = "Option<DisplayFromStr>")]
    #[serde(default)]
    #[validate(range(min = 1, max = 28))]
    pub scheduled_day: Option<u8>,
    #[validate(length(min = 1, max = 140))]
    pub memo: String,
}
