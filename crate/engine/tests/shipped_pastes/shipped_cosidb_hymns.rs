// Modelled on christian-open-source-initiative/cosi-db src/cosi_db/common.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Deserialize, Serialize, Validate)]
pub struct PaginateData<T: Validate<Context = ()>> {
    #[garde(range(min = 1))]
    pub page: u64,
    #[garde(range(min = 1))]
    pub total_pages: u64,
    #[garde(length(max = 50), dive)]
    pub data: Vec<T>,
}

#[derive(Clone, Debug, Deserialize, Serialize, Validate)]
pub struct Hymn {
    #[garde(length(min = 1, max = 120))]
    pub title: String,
    #[garde(range(min = 1, max = 999))]
    pub number: u16,
    #[garde(inner(length(min = 2, max = 2)))]
    pub language: Option<String>,
}
