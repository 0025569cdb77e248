// Modelled on svix/svix-webhooks, server/svix-server/src/v1/endpoints/message.rs: the constructs as written there, renamed (message -> dispatch).
use aide::axum::{
    ApiRouter,
    routing::{delete_with, get_with, post_with},
};
use axum::{
    Json,
    extract::{Path, State},
};
use chrono::{DateTime, Duration, Utc};
use schemars::JsonSchema;
use sea_orm::{ActiveValue::Set, IntoActiveModel, TransactionTrait, entity::prelude::*};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use svix_server_derive::{ModelIn, ModelOut, aide_annotate};
use validator::{Validate, ValidationError};

use crate::{
    AppState,
    core::types::{EventChannelSet, EventTypeName, MessageId, MessageUid},
    db::models::message,
    error::{Error, HttpError, Result},
    v1::{
        endpoints::application::{ApplicationIn, create_app_from_app_in},
        utils::{ApplicationPath, ModelIn, ModelOut, ValidatedJson, validation_error},
    },
};

pub fn validate_channels_dispatch(channels: &EventChannelSet) -> Result<(), ValidationError> {
    let len = channels.0.len();
    if !(1..=5).contains(&len) {
        Err(validation_error(
            Some("channels"),
            Some("Channels must have between 1 and 5 items, or be null."),
        ))
    } else {
        Ok(())
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct RawPayload(pub Box<RawValue>);

impl std::fmt::Display for RawPayload {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.get())
    }
}

impl RawPayload {
    pub fn from_string(val: String) -> serde_json::Result<Self> {
        Ok(Self(RawValue::from_string(val)?))
    }
}

pub fn validate_raw_payload_is_object(payload: &RawPayload) -> Result<(), ValidationError> {
    if payload.0.get().starts_with('{') {
        Ok(())
    } else {
        Err(validation_error(Some("payload"), Some("Payload must be an object.")))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize, Validate, ModelIn, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchIn {
    /// Optional unique identifier for the dispatch
    #[validate(nested)]
    #[serde(rename = "eventId", skip_serializing_if = "Option::is_none")]
    pub uid: Option<MessageUid>,
    #[validate(nested)]
    pub event_type: EventTypeName,
    #[validate(custom(function = "validate_raw_payload_is_object"))]
    #[serde(alias = "payload", alias = "data")]
    pub payload: RawPayload,
    /// Free-form identifiers that endpoints can filter by
    #[validate(custom(function = "validate_channels_dispatch"))]
    #[validate(nested)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channels: Option<EventChannelSet>,
    #[validate(range(min = 5, max = 90))]
    #[serde(default = "default_90")]
    pub payload_retention_period: i64,
    #[serde(rename = "transformationsParams")]
    pub extra_params: Option<DispatchInExtraParams>,

    /// Optionally creates the application alongside the dispatch.
    #[validate(nested)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub application: Option<ApplicationIn>,
}

impl DispatchIn {
    fn payload(&self) -> Vec<u8> {
        if let Some(params) = &self.extra_params {
            if let Some(raw_payload) = &params.raw_payload {
                return raw_payload.as_bytes().to_owned();
            }
        }
        self.payload.0.get().as_bytes().to_owned()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DispatchInExtraParams {
    raw_payload: Option<String>,
}

fn default_90() -> i64 {
    90
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ModelOut, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DispatchOut {
    #[serde(rename = "eventId")]
    pub uid: Option<MessageUid>,
    pub event_type: EventTypeName,
    pub payload: RawPayload,
    pub channels: Option<EventChannelSet>,
    pub id: MessageId,
    #[serde(rename = "timestamp")]
    pub created_at: DateTime<Utc>,
}

async fn create_dispatch(
    State(AppState { ref db, .. }): State<AppState>,
    Path(ApplicationPath { app_id }): Path<ApplicationPath>,
    ValidatedJson(data): ValidatedJson<DispatchIn>,
) -> Result<Json<DispatchOut>> {
    let app = application::Entity::secure_find(app_id).one(db).await?;
    let dispatch = dispatch::ActiveModel::new(app.id, data).insert(db).await?;
    Ok(Json(dispatch.into()))
}
