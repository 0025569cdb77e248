// Modelled on MrRevillod/INF-MGR apps/server/src/shared/entities.rs: the constructs as written there, in our own words.
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Pagination<T: Validate> {
    #[validate(nested)]
    pub items: Vec<T>,
    #[validate(range(min = 1))]
    pub current_page: usize,
    pub total_pages: usize,
    pub total_items: usize,
    pub has_next: bool,
    pub has_previous: bool,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Enrolment {
    #[validate(length(equal = 8))]
    pub student_code: String,
    #[validate(length(min = 3, max = 60))]
    pub course: String,
    #[validate(range(min = 1.0, max = 7.0))]
    pub grade: Option<f32>,
}
