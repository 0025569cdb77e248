// Modelled on storiny/web, apps/backend/src/routes/v1/me/blogs/settings/sidebars/rsb.rs: the constructs as written there, in our own words.
// Here: the featured shelf of a reading room's page; no handler is modelled.
use crate::{
    failure::{
        ServiceFailure,
        BannerFailure,
    },
    guards::member::session::Member,
    LibraryState,
};
use actix_web::{
    patch,
    web,
    HttpResponse,
};
use actix_web_validator::Json;
use serde::{
    Deserialize,
    Serialize,
};
use sqlx::{
    FromRow,
    Postgres,
    QueryBuilder,
    Row,
};
use uuid::Uuid;
use validator::Validate;

#[derive(Deserialize, Validate)]
struct ShelfPath {
    room_id: String,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
struct ShelfEntry {
    #[validate(length(min = 1, max = 40, message = "Heading too short or too long"))]
    heading: String,
    #[validate(length(min = 0, max = 40, message = "Subheading too long"))]
    subheading: Option<String>,
    #[validate(url(message = "The link is not a web address"))]
    #[validate(length(min = 1, max = 2048, message = "Link too short or too long"))]
    link: String,
    cover: Option<Uuid>,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
struct FeaturedShelf {
    #[validate(length(min = 0, max = 8))]
    #[validate]
    entries: Vec<ShelfEntry>,
    #[validate(length(min = 0, max = 40, message = "Caption too long"))]
    caption: String,
}

#[derive(Debug, FromRow, Serialize, Deserialize)]
struct ShelfEntryRow {
    id: i64,
    heading: String,
    subheading: Option<String>,
    link: String,
    cover: Option<Uuid>,
}
