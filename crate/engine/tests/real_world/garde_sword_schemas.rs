// Modelled on sword-framework/sword, examples/garde-data-validation/src/schemas.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Validate)]
pub struct TideLookup {
    #[garde(length(min = 1))]
    pub harbour: String,
}

#[derive(Serialize, Deserialize, Validate)]
pub struct TideNote {
    #[garde(length(min = 1))]
    pub remark: String,
}
