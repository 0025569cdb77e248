// Modelled on AppFlowy-IO/AppFlowy-Cloud, libs/shared-entity/src/dto/chat_dto.rs (types) and src/api/chat.rs (handler): the constructs as written there, renamed (chat -> thread).
use chrono::{DateTime, Utc};
use infra::validate::validate_not_empty_str;
use serde::{Deserialize, Serialize};

use serde_json::json;
use serde_repr::{Deserialize_repr, Serialize_repr};
use std::collections::HashMap;
use std::fmt::Display;
use uuid::Uuid;
use validator::Validate;

#[derive(Debug, Clone, Validate, Serialize, Deserialize)]
pub struct CreateThreadParams {
  #[validate(custom(function = "validate_not_empty_str"))]
  pub thread_id: String,
  pub name: String,
  pub rag_ids: Vec<Uuid>,
}

#[derive(Debug, Clone, Validate, Serialize, Deserialize)]
pub struct UpdateThreadParams {
  #[validate(custom(function = "validate_not_empty_str"))]
  pub name: Option<String>,

  /// Key-value pairs of metadata to update.
  pub metadata: Option<serde_json::Value>,

  pub rag_ids: Option<Vec<String>>,
}

#[derive(Debug, Clone, Validate, Serialize, Deserialize)]
pub struct CreateThreadMessageParams {
  #[validate(custom(function = "validate_not_empty_str"))]
  pub content: String,
  pub message_type: ThreadMessageType,
  #[serde(default)]
  #[serde(skip_serializing_if = "Option::is_none")]
  pub prompt_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UpdateThreadMessageMetaParams {
  pub message_id: i64,
  pub meta_data: HashMap<String, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UpdateThreadMessageContentParams {
  pub thread_id: String,
  pub message_id: i64,
  pub content: String,
  #[serde(default)]
  pub model: String,
}

#[derive(Debug, Clone, Default, Serialize_repr, Deserialize_repr)]
#[repr(u8)]
pub enum ThreadMessageType {
  System = 0,
  #[default]
  User = 1,
}

impl CreateThreadMessageParams {
  pub fn new_system<T: ToString>(content: T) -> Self {
    Self {
      content: content.to_string(),
      message_type: ThreadMessageType::System,
      prompt_id: None,
    }
  }

  pub fn new_user<T: ToString>(content: T) -> Self {
    Self {
      content: content.to_string(),
      message_type: ThreadMessageType::User,
      prompt_id: None,
    }
  }
}

#[instrument(level = "debug", skip_all, err)]
async fn create_question_handler(
  state: Data<AppState>,
  path: web::Path<(String, String)>,
  payload: Json<CreateThreadMessageParams>,
  uuid: UserUuid,
) -> actix_web::Result<JsonAppResponse<ThreadMessageWithAuthorUuid>> {
  let (_workspace_id, thread_id) = path.into_inner();
  let params = payload.into_inner();

  let uid = state.user_cache.get_user_uid(&uuid).await?;
  let resp = create_thread_message(&state.pg_pool, uid, *uuid, thread_id, params).await?;
  Ok(AppResponse::Ok().with_data(resp).into())
}
