// Modelled on ritz-p/rust_blog, core/src/entity_extension/article.rs: the constructs as written there, in our own words.
// Here: checking a podcast episode before it is stored.
use garde::Validate;
use sea_orm::prelude::DateTimeUtc;

#[derive(Validate, Debug)]
pub struct EpisodeChecker {
    #[garde(length(utf16, min = 1, max = 80))]
    pub headline: String,
    #[garde(length(utf16, min = 1, max = 120))]
    pub permalink: String,
    #[garde(length(utf16, min = 1, max = 120))]
    pub teaser: Option<String>,
    #[garde(length(utf16, min = 1, max = 255))]
    pub artwork_path: Option<String>,
    #[garde(skip)]
    pub transcript: String,
    #[garde(skip)]
    pub aired_at: DateTimeUtc,
    #[garde(skip)]
    pub edited_at: DateTimeUtc,
}
