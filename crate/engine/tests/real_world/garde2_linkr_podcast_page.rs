// Modelled on spencerr69/linkr-audio, src/artists/mod.rs: the constructs as written there, in our own words.
use crate::podcasts::row::Tier;
use crate::auth::passphrase::Passphrase;
use crate::error::ErrorBody;
use crate::feed_link::FeedLink;
use crate::state::AppState;
use crate::validators;
use axum::extract::{Path, State};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub mod queries;
pub mod row;

#[derive(Validate, ToSchema, Serialize, Deserialize)]
#[garde(transparent)]
pub struct HexShade(#[garde(custom(validators::hex_shade))] String);

#[derive(ToSchema, Serialize, Deserialize, Validate)]
pub struct Palette {
    #[garde(dive)]
    pub page: Option<HexShade>,
    #[garde(dive)]
    pub text: Option<HexShade>,
    #[garde(dive)]
    pub highlight: Option<HexShade>,
}

#[derive(ToSchema, Serialize, Deserialize, Validate)]
pub struct Theme {
    #[garde(dive)]
    pub palette: Option<Palette>,
}

#[derive(ToSchema, Serialize)]
pub struct Podcast {
    pub slug: String,
    pub title: String,
    pub feeds: Vec<FeedLink>,
    pub theme: Option<Theme>,
    pub tier: Tier,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Deserialize, Validate)]
pub struct CreatePodcast {
    #[garde(custom(validators::slug))]
    pub slug: String,
    #[garde(length(min = 1, max = 120))]
    pub title: String,
    #[garde(dive)]
    pub passphrase: Passphrase,
}

#[derive(Deserialize, Validate)]
pub struct EditPodcast {
    #[garde(length(min = 1, max = 120))]
    pub title: String,
    #[garde(dive)]
    pub feeds: Vec<FeedLink>,
    #[garde(dive)]
    pub theme: Option<Theme>,
}

#[derive(Deserialize, Validate)]
pub struct ChangePassphrase {
    #[garde(dive)]
    pub current_passphrase: Passphrase,
    #[garde(dive)]
    pub new_passphrase: Passphrase,
}

#[utoipa::path(get, path = "/podcasts/{slug}", tag = "podcasts", responses(
    (status = 200, description = "Podcast found", body = Podcast),
    (status = 404, description = "No such podcast", body = ErrorBody),))]
#[worker::send]
pub async fn get_podcast(
    State(state): State<AppState>,
    Path(slug): Path<String>,
) -> crate::Result<Podcast> {
    Ok(queries::get_podcast(&state.db, &slug).await?.into())
}
