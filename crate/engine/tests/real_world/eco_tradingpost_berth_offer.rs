// Modelled on Relrin/trading-post, src/api/auction/schemas.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use uuid::Uuid;
use validator::Validate;

#[derive(Debug, Deserialize)]
pub struct BerthDetail {
    pub(crate) id: Uuid,
}

#[derive(Debug, Validate, Deserialize)]
pub struct BerthOffer {
    pub(crate) captain_id: Uuid,
    pub(crate) captain_name: String,
    #[validate(range(min = 0))]
    pub(crate) fee: i64,
}

#[derive(Debug, Validate, Deserialize)]
pub struct BerthClaim {
    pub(crate) captain_id: Uuid,
    pub(crate) captain_name: String,
    #[validate(range(min = 0))]
    pub(crate) fee: i64,
}
