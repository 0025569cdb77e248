// Modelled on gengteng/axum-valid README.md: the constructs as written there, in our own words.
use axum::extract::Query;
use axum_valid::Valid;
use serde::Deserialize;
use validator::Validate;

#[derive(Debug, Deserialize, Validate)]
pub struct Paginator {
    #[validate(range(min = 1, max = 50))]
    #[serde(default = "default_page_size")]
    pub page_size: usize,
    #[validate(range(min = 1))]
    #[serde(default = "default_page_no")]
    pub page_no: usize,
}

fn default_page_size() -> usize {
    20
}

fn default_page_no() -> usize {
    1
}

#[derive(Debug, Deserialize, Validate)]
pub struct TrailSearch {
    #[validate(length(min = 2, max = 64))]
    pub q: String,
    #[validate(range(min = 0.0, max = 100.0))]
    pub max_km: Option<f64>,
    #[serde(flatten)]
    #[validate(nested)]
    pub paging: Paginator,
}

pub async fn search_trails(Valid(Query(search)): Valid<Query<TrailSearch>>) -> String {
    format!("{} trails near {}", search.paging.page_size, search.q)
}
