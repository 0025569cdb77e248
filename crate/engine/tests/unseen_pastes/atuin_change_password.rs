// Modelled on atuinsh/atuin, crates/atuin-domain/src/api.rs (types) and crates/atuin-server/src/handlers/user.rs (handler): the constructs as written there, renamed.
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use semver::Version;
use serde::{Deserialize, Serialize};
use url::Url;

// X- prefixed headers have been deprecated for a long while
pub static LEDGER_HEADER_VERSION: &str = "Ledger-Version";
pub static LEDGER_CARGO_VERSION: &str = env!("CARGO_PKG_VERSION");

pub static LEDGER_VERSION: LazyLock<Version> =
    LazyLock::new(|| Version::parse(LEDGER_CARGO_VERSION).expect("failed to parse self semver"));

#[derive(Debug, Serialize, Deserialize)]
pub struct UserResponse {
    pub username: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RegisterRequest {
    pub email: String,
    pub username: String,
    pub password: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct RegisterResponse {
    pub session: String,
    /// "hub" for hub tokens, "cli" for legacy session tokens; older servers omit it.
    #[serde(default)]
    pub auth: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct DeleteUserResponse {}

#[derive(Debug, Serialize, Deserialize)]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ChangePasswordResponse {}

#[derive(Debug, Serialize, Deserialize)]
pub struct LoginRequest {
    pub username: String,
    pub password: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct LoginResponse {
    pub session: String,
    #[serde(default)]
    pub auth: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ErrorResponse<'a> {
    pub reason: Cow<'a, str>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct IndexResponse {
    pub homage: String,
    pub version: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct MeResponse {
    pub username: String,
}

#[instrument(skip_all, err(level = "warn"), fields(user.id = user.id))]
pub async fn change_password<DB: Database>(
    UserAuth(mut user): UserAuth,
    state: State<AppState<DB>>,
    Json(change_password): Json<ChangePasswordRequest>,
) -> Result<Json<ChangePasswordResponse>, ErrorResponseStatus<'static>> {
    let db = &state.0.database;

    let verified = verify_str(user.password.as_str(), change_password.current_password.borrow());
    if !verified {
        return Err(
            ErrorResponse::reply("password is not correct").with_status(StatusCode::UNAUTHORIZED)
        );
    }

    user.password = hash_secret(&change_password.new_password);
    db.update_user_password(&user).await?;
    Ok(Json(ChangePasswordResponse {}))
}
