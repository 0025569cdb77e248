// Modelled on thor314/zkhn-rust-api, api/src/routes/items/mod.rs (use lines), api/src/routes/items/payload.rs (payloads) and api/src/routes/items/put.rs (handler): the constructs as written there, renamed (item -> link).
use core::fmt;

use axum::{
  debug_handler,
  extract::{Path, Query, State},
  http::StatusCode,
  routing, Json, Router,
};
use db::{
  models::{
    link::{Link, LinkCategory, LinkType},
    user_favorite::FavoriteStateEnum,
    user_vote::VoteState,
  },
  queries, Text, TextOrUrl, Title, Ulid, Username,
};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::*;

#[derive(Default, Debug, Clone, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(default = CreateLinkPayload::default, example=CreateLinkPayload::default)]
pub struct CreateLinkPayload {
  #[garde(dive)]
  pub title:           Title,
  #[garde(skip)]
  link_type:           LinkType,
  #[garde(dive)]
  text_or_url_content: TextOrUrl,
  #[garde(skip)]
  link_category:       LinkCategory,
}

impl CreateLinkPayload {
  pub async fn into_link(self, username: Username) -> Link {
    Link::new(username, self.title, self.link_type, self.text_or_url_content, self.link_category)
  }
}

/// A payload for voting on a link or comment
#[derive(Default, Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(default = VotePayload::default, example=VotePayload::default)]
#[serde(rename_all = "camelCase")]
pub struct VotePayload {
  pub content_id: Ulid,
  pub vote_state: VoteState,
}

/// A payload for favoriting a link or comment
#[derive(Default, Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(default = FavoritePayload::default, example=FavoritePayload::default)]
#[serde(rename_all = "camelCase")]
pub struct FavoritePayload {
  pub id:       Ulid,
  pub favorite: FavoriteStateEnum,
}

/// A payload for editing a link
#[derive(Default, Debug, Clone, Serialize, Deserialize, ToSchema, Validate)]
#[schema(default = EditLinkPayload::default, example=EditLinkPayload::default)]
#[serde(rename_all = "camelCase")]
pub struct EditLinkPayload {
  #[garde(dive)]
  pub id:        Ulid,
  #[garde(dive)]
  pub title:     Title,
  #[garde(dive)]
  pub text:      Text,
  #[garde(skip)]
  pub category:  LinkCategory,
  #[garde(skip)]
  pub link_type: LinkType,
}

/// A payload for listing links by different orders
#[derive(Default, Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[schema(default = LinkKind::default, example=LinkKind::default)]
#[serde(rename_all = "camelCase")]
pub enum LinkKind {
  #[default]
  Ranked,
  // Newest,
  // Ask,
}
impl fmt::Display for LinkKind {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let s = match self {
      LinkKind::Ranked => "ranked",
    };
    write!(f, "{}", s)
  }
}

/// Edit a link's title, text, type, or category
#[utoipa::path(
  put,
  path = "/links/edit-link",
  request_body = EditLinkPayload,
  responses(
    (status = 401, description = "Unauthorized"),
    (status = 403, description = "Forbidden"),
    (status = 422, description = "Invalid Payload"),
    (status = 200, description = "Success"),
  ),
  )]
pub async fn edit_link(
  State(state): State<SharedState>,
  auth_session: AuthSession,
  Json(payload): Json<EditLinkPayload>,
) -> ApiResult<StatusCode> {
  debug!("edit_link called with payload: {payload:?}");
  payload.validate(&())?;
  let link = queries::links::get_assert_link(&state.pool, &payload.id).await?;
  link.assert_is_editable(&state.pool).await?;
  queries::links::edit_link(&state.pool, &link.id, &payload.title, payload.category, &payload.text)
    .await?;
  Ok(StatusCode::OK)
}
