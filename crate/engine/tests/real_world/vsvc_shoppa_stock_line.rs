// Modelled on yishayhaz/shoppa-api-main, src/api/v1/handlers/products/items/types.rs: the constructs as written there, in our own words.
use crate::{
    db::models::LineOption,
    prelude::{types::*},
};

#[derive(Deserialize, Validate)]
pub struct AddStockLinePayload {
    // the market stall is taken from the listing id in the path
    #[validate(range(min = 4.5))]
    pub unit_price: f64,
    pub on_hand: u64,
    pub options: Vec<LineOption>,
    pub label: Option<String>,
}
