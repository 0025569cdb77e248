// Modelled on thor314/zkhn-rust-api, db/src/types.rs (newtypes), api/src/routes/users/payload.rs (payloads) and api/src/routes/users/mod.rs (handler): the constructs as written there, renamed (user -> member).
use std::{fmt, str::FromStr};

use axum::{extract::State, http::StatusCode, Json};
use garde::Validate;
use serde::{Deserialize, Serialize};
use sqlx::{prelude::Type, Decode, Encode};
use tracing::{debug, trace};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, Serialize, Deserialize, Validate, Type)]
#[garde(transparent)]
#[repr(transparent)]
pub struct About(#[garde(ascii, length(min = 0, max = 400))] pub String);
impl Default for About {
  fn default() -> Self { "about ipsum dolor".into() }
}
impl From<&str> for About {
  fn from(s: &str) -> Self { About(s.to_string()) }
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate, PartialEq, Type)]
#[garde(transparent)]
#[repr(transparent)]
pub struct Username(#[garde(ascii, length(min = 3, max = 25))] pub String);
impl fmt::Display for Username {
  fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self.0) }
}
impl From<&str> for Username {
  fn from(s: &str) -> Self { Username(s.to_string()) }
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate, Type)]
#[garde(transparent)]
#[repr(transparent)]
pub struct Email(#[garde(email)] pub String);
impl From<&str> for Email {
  fn from(s: &str) -> Self { Email(s.to_string()) }
}

/// A raw, unhashed password
#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[garde(transparent)]
pub struct Password(#[garde(ascii, length(min = 8, max = 25))] pub String);
impl From<&str> for Password {
  fn from(s: &str) -> Self { Password(s.to_string()) }
}

#[derive(Debug, Clone, Serialize, Deserialize, Type, Validate, PartialEq)]
#[repr(transparent)]
pub struct ResetPasswordToken(#[garde(ascii, length(min = 40, max = 40))] pub String);

/// Username, password, and optionally email and about.
#[derive(Debug, Default, Clone, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(default = CreateMemberPayload::default, example=CreateMemberPayload::default)]
pub struct CreateMemberPayload {
  #[garde(dive)]
  pub username: Username,
  #[garde(dive)]
  pub password: Password,
  #[garde(dive)]
  pub email:    Option<Email>,
  #[garde(dive)]
  pub about:    Option<About>,
}

impl CreateMemberPayload {
  pub async fn into_member(self) -> Member {
    let password_hash = self.password.hash().await;
    Member::new(self.username, password_hash, self.email, self.about)
  }
}

/// Update member details.
#[derive(Debug, Clone, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberUpdatePayload {
  #[garde(dive)]
  pub email:     Option<Email>,
  #[garde(dive)]
  pub about:     Option<About>,
  #[garde(skip)]
  pub show_dead: Option<bool>,
}

/// Payload for `change_password`
#[derive(Debug, Clone, Serialize, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordPayload {
  #[garde(dive)]
  pub username:             Username,
  #[garde(dive)]
  pub current_password:     Option<Password>,
  #[garde(dive)]
  pub reset_password_token: Option<ResetPasswordToken>,
  #[garde(dive)]
  pub new_password:         Password,
}

pub(super) mod post {
  use super::*;

  /// Create a new member.
  pub async fn create_member(
    State(state): State<SharedState>,
    Json(payload): Json<CreateMemberPayload>,
  ) -> ApiResult<StatusCode> {
    trace!("create_member called with payload: {payload:?}");
    payload.validate(&())?;
    let member: Member = payload.into_member().await;
    members::create_member(&state.pool, &member).await?;

    debug!("created member: {member:?}");
    Ok(StatusCode::OK)
  }
}
