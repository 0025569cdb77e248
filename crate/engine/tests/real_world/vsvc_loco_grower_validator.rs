// Modelled on loco-rs/loco, starters/saas/src/models/users.rs: the constructs as written there, in our own words.
use async_trait::async_trait;
use chrono::offset::Local;
use loco_rs::{auth::jwt, hash, prelude::*};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub use super::_entities::growers::{self, ActiveModel, Entity, Model};

#[derive(Debug, Deserialize, Serialize)]
pub struct SignInParams {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Deserialize, Serialize)]
pub struct JoinParams {
    pub email: String,
    pub password: String,
    pub display_name: String,
}

#[derive(Debug, Validate, Deserialize)]
pub struct GrowerValidator {
    #[validate(length(min = 3, message = "Display name needs at least 3 letters."))]
    pub display_name: String,
    #[validate(custom(function = "validation::is_valid_email"))]
    pub email: String,
}

impl Validatable for super::_entities::growers::ActiveModel {
    fn validator(&self) -> Box<dyn Validate> {
        Box::new(GrowerValidator {
            display_name: self.display_name.as_ref().to_owned(),
            email: self.email.as_ref().to_owned(),
        })
    }
}

#[async_trait::async_trait]
impl ActiveModelBehavior for super::_entities::growers::ActiveModel {
    async fn before_save<C>(self, _db: &C, insert: bool) -> Result<Self, DbErr>
    where
        C: ConnectionTrait,
    {
        self.validate()?;
        if insert {
            let mut this = self;
            this.pid = ActiveValue::Set(Uuid::new_v4());
            this.api_key = ActiveValue::Set(format!("gr-{}", Uuid::new_v4()));
            Ok(this)
        } else {
            Ok(self)
        }
    }
}

#[async_trait]
impl Authenticable for super::_entities::growers::Model {
    async fn find_by_api_key(db: &DatabaseConnection, api_key: &str) -> ModelResult<Self> {
        let grower = growers::Entity::find()
            .filter(
                model::query::condition()
                    .eq(growers::Column::ApiKey, api_key)
                    .build(),
            )
            .one(db)
            .await?;
        grower.ok_or_else(|| ModelError::EntityNotFound)
    }

    async fn find_by_claims_key(db: &DatabaseConnection, claims_key: &str) -> ModelResult<Self> {
        Self::find_by_pid(db, claims_key).await
    }
}

impl super::_entities::growers::Model {
    /// looks a grower up by e-mail address
    ///
    /// # Errors
    ///
    /// When no grower has that address, or the query fails
    pub async fn find_by_email(db: &DatabaseConnection, email: &str) -> ModelResult<Self> {
        let grower = growers::Entity::find()
            .filter(
                model::query::condition()
                    .eq(growers::Column::Email, email)
                    .build(),
            )
            .one(db)
            .await?;
        grower.ok_or_else(|| ModelError::EntityNotFound)
    }

    /// looks a grower up by public id
    ///
    /// # Errors
    ///
    /// When no grower has that id, or the query fails
    pub async fn find_by_pid(db: &DatabaseConnection, pid: &str) -> ModelResult<Self> {
        let parse_uuid = Uuid::parse_str(pid).map_err(|e| ModelError::Any(e.into()))?;
        let grower = growers::Entity::find()
            .filter(
                model::query::condition()
                    .eq(growers::Column::Pid, parse_uuid)
                    .build(),
            )
            .one(db)
            .await?;
        grower.ok_or_else(|| ModelError::EntityNotFound)
    }

    /// Checks a plain password against the stored hash
    #[must_use]
    pub fn verify_password(&self, password: &str) -> bool {
        hash::verify_password(password, &self.password)
    }

    /// Issues a JWT for this grower
    ///
    /// # Errors
    ///
    /// when the claims cannot be turned into a token
    pub fn generate_jwt(&self, secret: &str, expiration: &u64) -> ModelResult<String> {
        jwt::JWT::new(secret)
            .generate_token(expiration, self.pid.to_string(), None)
            .map_err(ModelError::from)
    }
}

impl super::_entities::growers::ActiveModel {
    /// Stamps the moment the e-mail check was sent and stores a fresh token.
    ///
    /// # Errors
    ///
    /// when the update fails
    pub async fn set_email_check_sent(mut self, db: &DatabaseConnection) -> ModelResult<Model> {
        self.email_check_sent_at = ActiveValue::set(Some(Local::now().into()));
        self.email_check_token = ActiveValue::Set(Some(Uuid::new_v4().to_string()));
        self.update(db).await.map_err(ModelError::from)
    }
}
