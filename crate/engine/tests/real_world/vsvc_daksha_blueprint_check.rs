// Modelled on gmkumar2005/daksha-rc-core, rc-web/src/models/mod.rs: the constructs as written there, in our own words.
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

mod member;

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct CheckBlueprintRequest {
    #[validate(length(
        min = 36,
        max = 36,
        message = "blueprint_id is required and has to be exactly 36 characters"
    ))]
    pub blueprint_id: String,
}
