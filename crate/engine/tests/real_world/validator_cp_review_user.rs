// Modelled on granddaifuku/competitive-programming-review, src/users/model.rs: the constructs as written there, in our own words.
use crate::utils::RE_PLAIN_WORD;
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct NewBeekeeper {
    #[validate(length(min = 1, max = 100), regex(path = "RE_PLAIN_WORD"))]
    pub hive_name: String,
    #[validate(email)]
    pub contact: String,
    #[validate(length(min = 1, max = 100), regex(path = "RE_PLAIN_WORD"))]
    pub secret: String,
}
