// Modelled on calagopus/panel, backend/src/routes/api/admin/nodes/_node_/allocations/mod.rs: the constructs as written there, in our own words.
use super::State;
use utoipa_axum::{router::OpenApiRouter, routes};

mod available;

mod post {
    use axum::http::StatusCode;
    use garde::Validate;
    use serde::{Deserialize, Serialize};
    use shared::{
        ApiError, GetState,
        models::{
            harbour::GetHarbour,
            harbour_activity::GetHarbourActivityLogger,
            mooring::{MAX_SLIPS_PER_REQUEST, Mooring},
            user::GetPermissionManager,
        },
        response::{ApiResponse, ApiResponseResult},
    };
    use utoipa::ToSchema;

    #[derive(ToSchema, Validate, Deserialize)]
    pub struct Payload {
        #[garde(skip)]
        #[schema(value_type = String)]
        gateway: std::net::IpAddr,
        #[garde(length(chars, min = 1, max = 40))]
        #[schema(min_length = 1, max_length = 40)]
        pier_label: Option<String>,
        #[garde(length(min = 1, max = MAX_SLIPS_PER_REQUEST))]
        #[schema(min_items = 1, max_items = 4096)]
        slips: Vec<u16>,
    }

    #[derive(ToSchema, Serialize)]
    struct Response {
        created: u64,
    }

    #[utoipa::path(post, path = "/", responses(
        (status = OK, body = inline(Response)),
        (status = NOT_FOUND, body = ApiError),
    ), params(
        (
            "harbour" = uuid::Uuid,
            description = "The harbour ID",
            example = "6f1c2a9e-3b7d-4e0a-9c55-0d2f8a41b7e3",
        ),
    ), request_body = inline(Payload))]
    pub async fn route(
        state: GetState,
        permissions: GetPermissionManager,
        harbour: GetHarbour,
        activity_logger: GetHarbourActivityLogger,
        shared::Payload(data): shared::Payload<Payload>,
    ) -> ApiResponseResult {
        if let Err(errors) = shared::utils::validate_data(&data) {
            return ApiResponse::new_serialized(ApiError::new_strings_value(errors))
                .with_status(StatusCode::BAD_REQUEST)
                .ok();
        }

        permissions.has_admin_permission("harbours.moorings")?;

        let gateway = data.gateway.into();
        let slips: Vec<i32> = data
            .slips
            .iter()
            .copied()
            .filter(|slip| *slip != 0)
            .map(i32::from)
            .collect();

        let created = Mooring::create_many(
            &state.database,
            harbour.uuid,
            &gateway,
            data.pier_label.as_deref(),
            &slips,
        )
        .await?;

        activity_logger
            .log(
                "harbour:mooring.create",
                serde_json::json!({
                    "harbour_uuid": harbour.uuid,

                    "gateway": gateway,
                    "pier_label": data.pier_label,
                    "slips": data.slips,
                }),
            )
            .await;

        ApiResponse::new_serialized(Response { created }).ok()
    }
}

pub fn router(state: &State) -> OpenApiRouter<State> {
    OpenApiRouter::new()
        .routes(routes!(post::route))
        .nest("/available", available::router(state))
        .with_state(state.clone())
}
