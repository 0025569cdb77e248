// Modelled on LukeMathWalker/zero-to-production, src/routes/subscriptions.rs: the constructs as written there, renamed (subscribers -> members).
use crate::domain::{MemberEmail, MemberName, NewMember};
use crate::email_client::EmailClient;
use crate::startup::ApplicationBaseUrl;
use actix_web::http::StatusCode;
use actix_web::{web, HttpResponse, ResponseError};
use anyhow::Context;
use chrono::Utc;
use rand::distributions::Alphanumeric;
use rand::{thread_rng, Rng};
use sqlx::{Executor, PgPool, Postgres, Transaction};
use std::convert::{TryFrom, TryInto};
use uuid::Uuid;

#[derive(serde::Deserialize)]
pub struct FormData {
    email: String,
    name: String,
}

impl TryFrom<FormData> for NewMember {
    type Error = String;

    fn try_from(value: FormData) -> Result<Self, Self::Error> {
        let name = MemberName::parse(value.name)?;
        let email = MemberEmail::parse(value.email)?;
        Ok(Self { email, name })
    }
}

#[derive(thiserror::Error)]
pub enum JoinError {
    #[error("{0}")]
    ValidationError(String),
    #[error(transparent)]
    UnexpectedError(#[from] anyhow::Error),
}

impl std::fmt::Debug for JoinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        error_chain_fmt(self, f)
    }
}

impl ResponseError for JoinError {
    fn status_code(&self) -> StatusCode {
        match self {
            JoinError::ValidationError(_) => StatusCode::BAD_REQUEST,
            JoinError::UnexpectedError(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

#[tracing::instrument(
    name = "Adding a new member",
    skip(form, pool, email_client, base_url),
    fields(
        member_email = %form.email,
        member_name = %form.name
    )
)]
pub async fn join(
    form: web::Form<FormData>,
    pool: web::Data<PgPool>,
    email_client: web::Data<EmailClient>,
    base_url: web::Data<ApplicationBaseUrl>,
) -> Result<HttpResponse, JoinError> {
    let new_member = form.0.try_into().map_err(JoinError::ValidationError)?;
    let mut transaction = pool
        .begin()
        .await
        .context("Failed to acquire a Postgres connection from the pool")?;
    let member_id = insert_member(&mut transaction, &new_member)
        .await
        .context("Failed to insert the new member in the database.")?;
    let token = generate_join_token();
    store_token(&mut transaction, member_id, &token)
        .await
        .context("Failed to store the confirmation token for a new member.")?;
    transaction
        .commit()
        .await
        .context("Failed to commit SQL transaction to store a new member.")?;
    Ok(HttpResponse::Ok().finish())
}

fn generate_join_token() -> String {
    let mut rng = thread_rng();
    std::iter::repeat_with(|| rng.sample(Alphanumeric))
        .map(char::from)
        .take(25)
        .collect()
}
