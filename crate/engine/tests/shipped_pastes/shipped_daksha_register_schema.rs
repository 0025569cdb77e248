// Modelled on gmkumar2005/daksha-rc-core rc-web/src/models/mod.rs: the constructs as written there, in our own words.
use actix_web::{post, web, HttpResponse, Responder};
use serde::{Deserialize, Serialize};
use sqlx::{FromRow, PgPool};
use utoipa::ToSchema;
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct RegisterSchemaRequest {
    #[validate(length(
        min = 36,
        max = 36,
        message = "def_id is required and must be 36 characters long"
    ))]
    pub def_id: String,
    #[validate(length(min = 1, max = 64))]
    pub title: String,
    #[validate(range(min = 1, max = 999))]
    pub version: i32,
    #[schema(value_type = Object)]
    pub schema: serde_json::Value,
}

#[derive(Debug, Serialize, FromRow, ToSchema)]
pub struct SchemaRow {
    pub id: i64,
    pub def_id: String,
    pub version: i32,
}

#[utoipa::path(
    post,
    path = "/schemas",
    request_body = RegisterSchemaRequest,
    responses((status = 201, body = SchemaRow), (status = 400, description = "invalid definition"))
)]
#[post("/schemas")]
pub async fn register_schema(
    pool: web::Data<PgPool>,
    body: web::Json<RegisterSchemaRequest>,
) -> impl Responder {
    if let Err(e) = body.validate() {
        return HttpResponse::BadRequest().json(e);
    }
    let row = sqlx::query_as::<_, SchemaRow>(
        "insert into schemas (def_id, version) values ($1, $2) returning id, def_id, version",
    )
    .bind(&body.def_id)
    .bind(body.version)
    .fetch_one(pool.get_ref())
    .await;
    match row {
        Ok(r) => HttpResponse::Created().json(r),
        Err(_) => HttpResponse::InternalServerError().finish(),
    }
}
