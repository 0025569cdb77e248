// Modelled on svix/svix-webhooks, server/svix-server/src/v1/endpoints/application.rs: the constructs as written there, renamed (application -> project).
use aide::axum::{
    ApiRouter,
    routing::{get_with, post_with},
};
use axum::{
    Json,
    extract::{Path, State},
};
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseConnection, TransactionTrait};
use serde::{Deserialize, Serialize};
use svix_server_derive::{ModelOut, aide_annotate};
use validator::{Validate, ValidationError};

use crate::{
    AppState,
    core::{
        permissions,
        types::{ProjectId, ProjectUid, OrganizationId, metadata::Metadata},
    },
    db::models::{project, projectmetadata},
    error::{HttpError, Result, Traceable},
    v1::utils::{
        JsonStatusUpsert, ModelIn, ModelOut, ValidatedJson, ValidatedQuery,
        patch::{
            UnrequiredField, UnrequiredNullableField, patch_field_non_nullable,
            patch_field_nullable,
        },
        validate_no_control_characters, validate_no_control_characters_unrequired,
        validation_error,
    },
};

fn project_name_example() -> &'static str {
    "My first project"
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Validate, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectIn {
    #[validate(
        length(min = 1, message = "Project names must be at least one character"),
        custom(function = "validate_no_control_characters")
    )]
    #[schemars(example = "project_name_example")]
    pub name: String,

    /// Deprecated, use `throttleRate` instead.
    #[validate(range(min = 1, message = "Project rate limits must be at least 1 if set"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub rate_limit: Option<u16>,

    /// Maximum messages per second sent to this project's endpoints.
    #[validate(range(min = 1, message = "Project throttle rate must be at least 1 if set"))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throttle_rate: Option<u16>,

    /// Optional unique identifier for the project
    #[validate(nested)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<ProjectUid>,

    #[serde(default)]
    pub metadata: Metadata,
}

impl ModelIn for ProjectIn {
    type ActiveModel = (project::ActiveModel, projectmetadata::ActiveModel);

    fn update_model(self, (proj, proj_metadata): &mut Self::ActiveModel) {
        let ProjectIn {
            name,
            rate_limit,
            throttle_rate,
            uid,
            metadata,
        } = self;

        proj.name = Set(name);
        proj.rate_limit = Set(throttle_rate.or(rate_limit).map(|x| x.into()));
        proj.uid = Set(uid);
        proj_metadata.data = Set(metadata);
    }
}

#[derive(Deserialize, Serialize, Validate, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectPatch {
    #[serde(default, skip_serializing_if = "UnrequiredField::is_absent")]
    #[validate(
        custom(function = "validate_name_length_patch"),
        custom(function = "validate_no_control_characters_unrequired")
    )]
    pub name: UnrequiredField<String>,

    /// Deprecated, use `throttleRate` instead.
    #[validate(custom(function = "validate_rate_limit_patch"))]
    #[serde(default, skip_serializing_if = "UnrequiredNullableField::is_absent")]
    #[schemars(skip)]
    pub rate_limit: UnrequiredNullableField<u16>,

    #[validate(custom(function = "validate_rate_limit_patch"))]
    #[serde(default, skip_serializing_if = "UnrequiredNullableField::is_absent")]
    pub throttle_rate: UnrequiredNullableField<u16>,

    #[serde(default, skip_serializing_if = "UnrequiredNullableField::is_absent")]
    #[validate(nested)]
    pub uid: UnrequiredNullableField<ProjectUid>,

    #[serde(default, skip_serializing_if = "UnrequiredField::is_absent")]
    pub metadata: UnrequiredField<Metadata>,
}

fn validate_name_length_patch(name: &UnrequiredField<String>) -> Result<(), ValidationError> {
    match name {
        UnrequiredField::Absent => Ok(()),
        UnrequiredField::Some(s) if s.is_empty() => Err(validation_error(
            Some("length"),
            Some("Project names must be at least one character"),
        )),
        UnrequiredField::Some(_) => Ok(()),
    }
}

fn validate_rate_limit_patch(
    rate_limit: &UnrequiredNullableField<u16>,
) -> Result<(), ValidationError> {
    match rate_limit {
        UnrequiredNullableField::Some(0) => Err(validation_error(
            Some("range"),
            Some("Project rate limits must be at least 1 if set"),
        )),
        _ => Ok(()),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ModelOut, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProjectOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<ProjectUid>,
    #[schemars(example = "project_name_example")]
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub rate_limit: Option<u16>,
    pub throttle_rate: Option<u16>,

    pub id: ProjectId,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub metadata: Metadata,
}

fn default_as_false() -> bool {
    false
}

#[derive(Debug, Deserialize, Validate, JsonSchema)]
pub struct CreateProjectQueryParams {
    /// Get an existing project, or create it when it does not exist.
    #[serde(default = "default_as_false")]
    get_if_exists: bool,
}

/// Create a new project.
#[aide_annotate(op_id = "v1.project.create")]
async fn create_project(
    State(AppState { ref db, .. }): State<AppState>,
    query: ValidatedQuery<CreateProjectQueryParams>,
    permissions::Organization { org_id }: permissions::Organization,
    ValidatedJson(data): ValidatedJson<ProjectIn>,
) -> Result<JsonStatusUpsert<ProjectOut>> {
    let (proj, metadata) = create_project_from_project_in(db, data, org_id).await?;
    Ok(JsonStatusUpsert::Created((proj, metadata).into()))
}
