// Modelled on nightly-labs/connect, server/src/http/cloud/register/register_with_password_start.rs: the constructs as written there, in our own words.
use crate::{
    http::cloud::utils::{generate_pottery_code, validate_request},
    mailer::{
        mail_requests::{KilnConfirmationRequest, SendEmailRequest},
        mailer::Mailer,
    },
    structs::{
        cloud::api_cloud_errors::StudioApiErrors,
        session_cache::{ApiSessionsCache, JoinVerification, SessionCache, SessionsCacheKey},
    },
    test_env::is_test_env,
    utils::get_timestamp_in_milliseconds,
};
use axum::{extract::State, http::StatusCode, Json};
use database::db::Db;
use garde::Validate;
use log::error;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, Validate)]
#[ts(export)]
#[serde(rename_all = "camelCase")]
pub struct HttpJoinStudioStartRequest {
    #[garde(email)]
    pub email: String,
    #[garde(skip)]
    pub workstation: String,
    #[garde(skip)]
    pub app_version: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct HttpJoinStudioStartResponse {}

pub async fn join_studio_start(
    State(db): State<Arc<Db>>,
    State(sessions_cache): State<Arc<ApiSessionsCache>>,
    State(mailer): State<Arc<Mailer>>,
    Json(request): Json<HttpJoinStudioStartRequest>,
) -> Result<Json<HttpJoinStudioStartResponse>, (StatusCode, String)> {
    // Check the request
    validate_request(&request, &())?;

    // Is there a member with this address already?
    match db.get_member_by_email(&request.email).await {
        Ok(Some(_)) => {
            return Err((
                StatusCode::BAD_REQUEST,
                StudioApiErrors::EmailAlreadyExists.to_string(),
            ))
        }
        Ok(None) => {
            // Carry on
        }
        Err(err) => {
            error!("Failed to look the member up: {:?}", err);
            return Err((
                StatusCode::INTERNAL_SERVER_ERROR,
                StudioApiErrors::DatabaseError.to_string(),
            ));
        }
    }

    // Keep the pending join in the cache
    let sessions_key = SessionsCacheKey::JoinVerification(request.email.clone()).to_string();

    // Forget anything left over
    sessions_cache.remove(&sessions_key);

    // A fixed code outside production
    let code = generate_pottery_code();

    sessions_cache.set(
        sessions_key,
        SessionCache::VerifyJoin(JoinVerification {
            email: request.email.clone(),
            verification_code: code.clone(),
            authentication_code: None,
            created_at: get_timestamp_in_milliseconds(),
        }),
        None,
    );

    if !is_test_env() {
        // Mail the code
        let request = SendEmailRequest::KilnConfirmation(KilnConfirmationRequest {
            email: request.email,
            code: code,
            workstation: request.workstation.clone(),
            app_version: request.app_version.clone(),
        });

        // A failed mail is not fatal
        mailer.handle_email_request(&request);
    }

    return Ok(Json(HttpJoinStudioStartResponse {}));
}
