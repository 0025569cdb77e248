// Modelled on launchbadge/realworld-axum-sqlx, src/http/users.rs: the constructs as written there, renamed (users -> accounts).
use crate::http::{ApiContext, Result};
use anyhow::Context;
use argon2::password_hash::SaltString;
use argon2::{Argon2, PasswordHash};
use axum::extract::Extension;
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::http::error::{Error, ResultExt};
use crate::http::extractor::AuthUser;

pub fn router() -> Router {
    Router::new()
        .route("/api/accounts", post(create_account))
        .route("/api/accounts/login", post(login_account))
        .route("/api/account", get(get_current_account).put(update_account))
}

/// A wrapper type for every request and response of these routes.
#[derive(serde::Serialize, serde::Deserialize)]
struct AccountBody<T> {
    account: T,
}

#[derive(serde::Deserialize)]
struct NewAccount {
    handle: String,
    email: String,
    password: String,
}

#[derive(serde::Deserialize)]
struct LoginAccount {
    email: String,
    password: String,
}

#[derive(serde::Deserialize, Default, PartialEq, Eq)]
#[serde(default)] // missing fields are filled in from `..UpdateAccount::default()`
struct UpdateAccount {
    email: Option<String>,
    handle: Option<String>,
    password: Option<String>,
    bio: Option<String>,
    image: Option<String>,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Account {
    email: String,
    token: String,
    handle: String,
    bio: String,
    image: Option<String>,
}

async fn login_account(
    ctx: Extension<ApiContext>,
    Json(req): Json<AccountBody<LoginAccount>>,
) -> Result<Json<AccountBody<Account>>> {
    let account = sqlx::query!(
        r#"select account_id, email, handle, bio, image, password_hash from "account" where email = $1"#,
        req.account.email,
    )
    .fetch_optional(&ctx.db)
    .await?
    .ok_or(Error::unprocessable_entity([("email", "does not exist")]))?;

    verify_password(req.account.password, account.password_hash).await?;

    Ok(Json(AccountBody {
        account: Account {
            email: account.email,
            token: AuthUser {
                user_id: account.account_id,
            }
            .to_jwt(&ctx),
            handle: account.handle,
            bio: account.bio,
            image: account.image,
        },
    }))
}
