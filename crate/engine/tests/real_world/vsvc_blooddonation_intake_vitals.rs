// Modelled on swp391-group-3/blood-donation-system, backend/src/controller/health/create.rs: the constructs as written there, in our own words.
use std::sync::Arc;

use axum::{
    Json,
    extract::{Path, State},
};
use database::{
    client::Params,
    queries::{self, intake::CreateParams},
};
use model_mapper::Mapper;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;
use validator::Validate;

use crate::{error::Result, state::ApiState};

#[derive(Deserialize, ToSchema, Mapper, Validate)]
#[schema(as = intake::create::Request)]
#[mapper(
    into(custom = "with_visit_id"),
    ty = CreateParams::<String>,
    add(field = visit_id, ty = Uuid)
)]
pub struct Request {
    // TODO: confirm the normal range for large breeds
    #[validate(range(min = 36., max = 41.5))]
    pub body_temperature: f32,
    #[validate(range(exclusive_min = 0.))]
    pub weight_kg: f32,
    // TODO: split resting and active readings
    #[validate(range(exclusive_min = 0))]
    pub heart_rate: i32,
    #[validate(range(exclusive_min = 0))]
    pub breaths_per_minute: i32,
    // TODO: hydration is a rough skin-tent score for now
    #[validate(range(exclusive_min = 0.))]
    pub hydration_score: f32,
    pub fit_for_boarding: bool,
    pub remark: Option<String>,
}

#[utoipa::path(
    post,
    tags = ["Intake", "Visit"],
    path = "/visit/{id}/intake",
    operation_id = "intake::create",
    params(
        ("id" = Uuid, Path, description = "Visit id")
    ),
    request_body = Request,
    responses(
        (status = Status::OK, body = Uuid)
    ),
    security(("jwt_token" = []))
)]
pub async fn create(
    state: State<Arc<ApiState>>,
    Path(visit_id): Path<Uuid>,
    Json(request): Json<Request>,
) -> Result<Json<Uuid>> {
    let database = state.database_pool.get().await?;

    let id = queries::intake::create()
        .params(&database, &request.with_visit_id(visit_id))
        .one()
        .await?;

    Ok(Json(id))
}
