// Modelled on docbox-nz/docbox, packages/docbox-http/src/models/file.rs: the constructs as written there, in our own words.
use chrono::{DateTime, Utc};
use docbox_database::models::{
    asset::{AssetId, AssetWithExtra},
    generated_asset::GeneratedAsset,
    shelf::ShelfId,
    staged_upload_task::StagedUploadTaskId,
    tasks::TaskId,
};
use docbox_processing::ProcessingConfig;
use garde::Validate;
use mime::Mime;
use serde::{Deserialize, Serialize};
use serde_with::serde_as;
use std::{collections::HashMap, marker::PhantomData};
use utoipa::ToSchema;

/// Request to stage an upload that the client then sends straight to storage
#[serde_as]
#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct StageUploadRequest {
    /// Title of the asset being uploaded
    #[garde(length(min = 1, max = 255))]
    #[schema(min_length = 1, max_length = 255)]
    pub title: String,

    /// ID of the shelf the asset goes on
    #[garde(skip)]
    #[schema(value_type = Uuid)]
    pub shelf_id: ShelfId,

    /// Size of the upload in bytes. Must match what is actually sent
    #[garde(range(min = 1))]
    #[schema(minimum = 1)]
    pub byte_count: i32,

    /// Media type of the asset
    #[garde(skip)]
    #[serde_as(as = "Option<serde_with::DisplayFromStr>")]
    #[schema(value_type = Option<String>)]
    pub media_type: Option<Mime>,

    /// Optional ID of the asset this one is attached to, such as the
    /// message a scanned receipt came in with
    #[garde(skip)]
    #[schema(value_type = Option<Uuid>)]
    pub parent_asset: Option<AssetId>,

    /// Optional processing settings
    #[garde(skip)]
    pub processing: Option<ProcessingConfig>,

    /// Turns off media type sniffing. When false or absent, a generic
    /// application/octet-stream type is replaced by one guessed from the title
    #[garde(skip)]
    pub skip_sniffing: Option<bool>,
}

/// Where and how to send the staged bytes, and the task to poll
#[derive(Serialize, ToSchema)]
pub struct StageUploadResponse {
    /// ID of the upload task to poll
    #[schema(value_type = Uuid)]
    pub task_id: StagedUploadTaskId,
    /// HTTP method for the upload
    pub method: String,
    /// Address to send the bytes to
    pub uri: String,
    /// Headers the upload must carry
    pub headers: HashMap<String, String>,
}

#[derive(Serialize, ToSchema)]
#[serde(tag = "status")]
#[allow(clippy::large_enum_variant)]
pub enum StageStatusResponse {
    /// Still waiting for the bytes
    Pending,
    /// Upload finished
    Complete {
        /// The stored asset
        asset: AssetWithExtra,
        /// What processing produced from it
        generated: Vec<GeneratedAsset>,
    },
    /// Upload failed
    Failed {
        /// What went wrong
        error: String,
    },
}

/// Request to rename and or move an asset
#[derive(Debug, Validate, Deserialize, ToSchema)]
pub struct UpdateAssetRequest {
    /// New title for the asset
    #[garde(inner(length(min = 1, max = 255)))]
    #[schema(min_length = 1, max_length = 255)]
    pub title: Option<String>,

    /// New shelf for the asset
    #[garde(skip)]
    #[schema(value_type = Option<Uuid>)]
    pub shelf_id: Option<ShelfId>,

    /// Whether to pin the asset
    #[garde(skip)]
    #[schema(value_type = Option<bool>)]
    pub pinned: Option<bool>,
}

#[derive(Default, Debug, Deserialize)]
#[serde(default)]
pub struct RawAssetQuery {
    pub download: bool,
}

/// Response from starting a background upload
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadTaskResponse {
    #[schema(value_type = Uuid)]
    pub task_id: TaskId,
    pub created_at: DateTime<Utc>,
}

/// Request for a signed download link
#[derive(Debug, Validate, Deserialize, ToSchema)]
pub struct SignedLinkRequest {
    /// Seconds until the link stops working
    #[garde(skip)]
    #[schema(default = 900)]
    pub expires_in: Option<i64>,
}

/// Type hint for Utoipa marking a binary response
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct BinaryResponse(PhantomData<Vec<u8>>);
