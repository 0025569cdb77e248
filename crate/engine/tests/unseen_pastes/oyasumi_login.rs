// Modelled on oyasumi-app/main-api, api-types/src/v1/login.rs (commit c6dd361) and src/v1/auth/login.rs (handler): the constructs as written there.
use axum::extract::{Json, State};
use serde::{Deserialize, Serialize};

use crate::utils::Anonymized;
use crate::AppState;
use axum_client_ip::ClientIp;
use database::core::query;

#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LoginRequest {
    UsernamePassword {
        username: String,
        password: Anonymized<String>,
    },
    EmailPassword {
        email: String,
        password: Anonymized<String>,
    },
}

#[derive(Debug, Serialize, Deserialize)]
pub enum LoginResponse {
    Ok { token: String },
    Err(LoginError),
}

#[derive(Debug, Serialize, Deserialize)]
pub enum LoginError {
    /// Either the username/email or the password is wrong
    /// (not telling which)
    InvalidCredentials,
}

#[axum_macros::debug_handler]
pub async fn login(
    State(app_state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(request): Json<LoginRequest>,
) -> (axum::http::HeaderMap, Json<LoginResponse>) {
    let login_id;
    let pw;
    let mut headers = axum::http::HeaderMap::new();
    match request {
        LoginRequest::UsernamePassword { username, password } => {
            login_id = query::LoginIdentifier::Username(username);
            pw = password;
        }
        LoginRequest::EmailPassword { email, password } => {
            login_id = query::LoginIdentifier::Email(email);
            pw = password;
        }
    };
    let session = app_state.sessions.login(login_id, &pw, ip).await;
    headers.insert("set-cookie", session.cookie());
    (headers, Json(session.into()))
}
