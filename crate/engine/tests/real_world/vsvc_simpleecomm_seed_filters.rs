// Modelled on happybanana78/rust-simple-ecomm-api, src/admin/products/filters.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::Validate;

#[derive(Debug, Deserialize, Validate)]
pub struct SeedFilters {
    #[validate(range(min = 0.0))]
    pub grams_min: Option<f64>,

    #[validate(range(min = 0.0))]
    pub grams_max: Option<f64>,

    pub in_season: Option<bool>,
}
