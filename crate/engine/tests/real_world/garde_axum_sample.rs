// Modelled on dtorannpu/axum-sample, api/src/model/sample.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::Deserialize;

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ShelfLabelRequest {
    #[garde(length(min = 1, max = 30))]
    pub shelf_title: String,
}
