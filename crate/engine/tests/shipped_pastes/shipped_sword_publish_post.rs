// Modelled on sword-framework/sword examples/garde-data-validation/src/schemas.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

use crate::types::{Markdown, Slug};

#[derive(Serialize, Deserialize, Validate)]
pub struct PublishPost {
    #[garde(length(min = 3, max = 80))]
    pub slug: Slug,
    #[garde(length(min = 1, max = 20000))]
    pub body: Markdown,
    #[garde(length(max = 5), inner(length(min = 2, max = 24)))]
    pub tags: Vec<String>,
    #[garde(skip)]
    pub draft: bool,
}

#[derive(Serialize, Deserialize, Validate)]
pub struct PostQuery {
    #[garde(length(min = 1))]
    pub slug: Slug,
}
