// Modelled on dani-garcia/vaultwarden, src/api/core/accounts.rs: the constructs as written there, renamed (register -> signup).
use std::collections::HashSet;

use chrono::Utc;
use rocket::{
    http::Status,
    request::{FromRequest, Outcome, Request},
    serde::json::Json,
};
use serde_json::Value;

use crate::{
    CONFIG,
    api::{EmptyResult, JsonResult, Notify, UpdateType},
    db::{
        DbConn,
        models::{EmergencyAccessId, MembershipId, User, UserKdfType},
    },
    mail,
};

#[derive(Debug, Deserialize, Eq, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct KdfSettings {
    #[serde(alias = "kdfType")]
    kdf: i32,
    #[serde(alias = "iterations")]
    kdf_iterations: i32,
    #[serde(alias = "memory")]
    kdf_memory: Option<i32>,
    #[serde(alias = "parallelism")]
    kdf_parallelism: Option<i32>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignupData {
    email: String,

    #[serde(flatten)]
    compat: SignupDataCompat,

    #[serde(alias = "userAsymmetricKeys")]
    keys: Option<KeysData>,

    master_password_hint: Option<String>,

    name: Option<String>,

    organization_user_id: Option<MembershipId>,

    // Only sent by the signup/finish endpoint
    email_verification_token: Option<String>,
    accept_emergency_access_id: Option<EmergencyAccessId>,
    accept_emergency_access_invite_token: Option<String>,
    #[serde(alias = "token")]
    org_invite_token: Option<String>,
}

impl SignupData {
    fn hash(&self) -> String {
        self.compat.fold(|old| &old.master_password_hash, |cur| &cur.master_password_authentication.hash).to_owned()
    }

    fn kdf(&self) -> &KdfSettings {
        self.compat.fold(|old| &old.kdf, |cur| &cur.master_password_authentication.kdf)
    }
}

#[derive(Debug, Deserialize)]
struct SignupDataOld {
    #[serde(flatten)]
    kdf: KdfSettings,

    #[serde(alias = "userSymmetricKey")]
    key: String,

    #[serde(alias = "masterPasswordHash")]
    master_password_hash: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SignupDataCur {
    master_password_authentication: MasterPasswordAuthentication,
    master_password_unlock: MasterPasswordUnlock,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum SignupDataCompat {
    SignupDataOld(SignupDataOld),
    SignupDataCur(SignupDataCur),
}

impl SignupDataCompat {
    fn fold<'a, T>(
        &'a self,
        fold_old: impl FnOnce(&'a SignupDataOld) -> &'a T,
        fold_cur: impl FnOnce(&'a SignupDataCur) -> &'a T,
    ) -> &'a T {
        match self {
            SignupDataCompat::SignupDataOld(old) => fold_old(old),
            SignupDataCompat::SignupDataCur(cur) => fold_cur(cur),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct KeysData {
    encrypted_private_key: String,
    public_key: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MasterPasswordAuthentication {
    kdf: KdfSettings,
    salt: String,

    #[serde(alias = "masterPasswordAuthenticationHash")]
    hash: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MasterPasswordUnlock {
    kdf: KdfSettings,
    salt: String,

    #[serde(alias = "masterKeyWrappedUserKey")]
    key: String,
}

pub async fn signup(data: Json<SignupData>, email_verification: bool, conn: DbConn) -> JsonResult {
    let mut data: SignupData = data.into_inner();
    let email = data.email.to_lowercase();
    let user = User::new(email, data.name.take());
    user.save(&conn).await?;
    Ok(Json(json!({ "object": "signup", "verify": email_verification })))
}
