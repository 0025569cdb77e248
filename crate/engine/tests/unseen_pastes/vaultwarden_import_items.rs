// Modelled on dani-garcia/vaultwarden, src/api/core/ciphers.rs: the constructs as written there, renamed (ciphers -> vault items).
use std::collections::{HashMap, HashSet};

use chrono::{NaiveDateTime, Utc};
use rocket::{
    Route,
    form::{Form, FromForm},
    serde::json::Json,
};
use serde_json::Value;

use crate::{
    CONFIG,
    api::{self, EmptyResult, JsonResult, Notify, UpdateType},
    auth::Headers,
    db::{
        DbConn,
        models::{AttachmentId, Folder, FolderId, ItemId, OrganizationId, VaultItem},
    },
    util::deser_opt_nonempty_str,
};

use super::folders::FolderData;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VaultItemData {
    // Only included in bulk share
    pub id: Option<ItemId>,
    // Not included on import
    #[serde(default, deserialize_with = "deser_opt_nonempty_str")]
    pub folder_id: Option<FolderId>,
    #[serde(alias = "organizationID")]
    pub organization_id: Option<OrganizationId>,

    key: Option<String>,

    /*
    Login = 1,
    SecureNote = 2,
    Card = 3,
    Identity = 4
    */
    pub r#type: i32,
    pub name: String,
    pub notes: Option<String>,
    fields: Option<Value>,

    // Only one of these exists, depending on the type
    login: Option<Value>,
    secure_note: Option<Value>,
    card: Option<Value>,
    identity: Option<Value>,

    favorite: Option<bool>,
    reprompt: Option<i32>,

    pub password_history: Option<Value>,

    // Used during key rotation
    #[allow(dead_code)]
    attachments: Option<Value>,
    attachments2: Option<HashMap<AttachmentId, Attachments2Data>>,

    // The revision date of the client's local copy, to refuse stale updates.
    last_known_revision_date: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartialVaultItemData {
    #[serde(default, deserialize_with = "deser_opt_nonempty_str")]
    folder_id: Option<FolderId>,
    favorite: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attachments2Data {
    file_name: String,
    key: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ImportData {
    items: Vec<VaultItemData>,
    folders: Vec<FolderData>,
    folder_relationships: Vec<RelationsData>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RelationsData {
    // Item index
    key: usize,
    // Folder index
    value: usize,
}

#[post("/items/import", data = "<data>")]
async fn post_items_import(data: Json<ImportData>, headers: Headers, conn: DbConn, nt: Notify<'_>) -> EmptyResult {
    let data: ImportData = data.into_inner();

    // Refuse the whole import when one item is invalid.
    VaultItem::validate_item_data(&data.items)?;

    let existing_folders: HashSet<Option<FolderId>> =
        Folder::find_by_user(&headers.user.uuid, &conn).await.into_iter().map(|f| Some(f.uuid)).collect();
    let mut folders: Vec<FolderId> = Vec::with_capacity(data.folders.len());
    for folder in data.folders {
        let folder_id = if existing_folders.contains(&folder.id) {
            folder.id.unwrap()
        } else {
            let mut new_folder = Folder::new(headers.user.uuid.clone(), folder.name);
            new_folder.save(&conn).await?;
            new_folder.uuid
        };
        folders.push(folder_id);
    }
    Ok(())
}
