// Modelled on kWatcharin/axum-pokedex, src/models/auth/mod.rs (types) and src/routers/auth/mod.rs (handlers): the constructs as written there; the router module is renamed so both fit one paste.
use axum::{routing::{get, post}, Router, Json, http::StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Serialize, Deserialize};
use serde_json::{json, Value};
use crate::errors::{Result, Error};

pub mod login {
    use super::*;

    // Request
    #[derive(Deserialize, Debug)]
    pub struct LoginPayload {
        pub username: String,
        pub pwd: String
    }

    // Response
    #[derive(Serialize, Debug)]
    pub struct DetailResponse {
        pub is_login: bool
    }

    #[derive(Serialize, Debug)]
    pub struct LoginResponse {
        pub detail: DetailResponse
    }

    #[derive(Deserialize, Debug)]
    pub struct Payload {
        pub username: String,
        pub password: String
    }

    #[derive(Serialize, Debug)]
    pub struct Response {
        pub detail: String
    }
}

mod login_routes {
    use super::*;
    use super::login::LoginPayload;
    use crate::services::auth::login::check as check_login;

    pub fn router() -> Router {
        Router::new()
            .route("/check", post(check))
            .route("/test", post(test_res))
    }

    async fn check(Json(payload): Json<LoginPayload>) -> Result<impl IntoResponse> {
        check_login(payload)
    }

    async fn test_res(Json(payload): Json<LoginPayload>) -> Result<impl IntoResponse> {
        if payload.username == "" && payload.pwd == "" {
            Err(
                Error::LoginFailed
            )
        } else {
            Ok(
                (
                    StatusCode::OK,
                    Json(json!({ "message": "successfull"}))
                )
            )
        }
    }
}
