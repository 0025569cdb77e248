// Modelled on anoma/namada-indexer, webserver/src/dto/governance.rs: the constructs as written there, in our own words.
// Here: the query strings of a recipe archive's search.
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RecipeState {
    Draft,
    InReview,
    Published,
    Withdrawn,
    ArchivedPublished,
    ArchivedWithdrawn,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Course {
    Starter,
    StarterWithSoup,
    MainDish,
    SideDish,
}

#[derive(Clone, Serialize, Deserialize, Validate)]
pub struct RecipeSearchParams {
    #[validate(range(min = 1, max = 2500))]
    pub page: Option<u64>,
    pub state: Option<RecipeState>,
    pub course: Option<Course>,
    pub keyword: Option<String>,
}

#[derive(Clone, Serialize, Deserialize, Validate)]
pub struct RecipeNotesQueryparams {
    #[validate(range(min = 1, max = 2500))]
    pub page: Option<u64>,
}
