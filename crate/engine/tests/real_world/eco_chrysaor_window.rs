// Modelled on banbridge/chrysaor, crates/common/src/param/base.rs: the constructs as written there, in our own words.
use api::admin::PageReq;
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Serialize, Deserialize, Validate, Debug, Clone, PartialEq, Eq)]
pub struct Window {
    #[validate(range(min = 1))]
    pub page_num: i64,
    #[validate(range(min = 1, max = 200))]
    pub page_size: i64,
}
