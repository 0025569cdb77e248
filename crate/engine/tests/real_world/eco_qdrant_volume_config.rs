// Modelled on qdrant/qdrant, lib/collection/src/config.rs: the constructs as written there, in our own words.
use std::io::{Read, Write as _};
use std::num::{NonZeroU32, NonZeroUsize};
use std::path::Path;

use atomicwrites::AtomicFile;
use atomicwrites::OverwriteBehavior::AllowOverwrite;
use fs_err::File;
use schemars::JsonSchema;
use segment::common::anonymize::Anonymize;
use serde::{Deserialize, Serialize};
use uuid::Uuid;
use validator::Validate;
use wal::WalOptions;

use crate::operations::types::{VolumeError, VolumeResult};

pub const VOLUME_CONFIG_FILE: &str = "volume.json";

#[derive(Debug, Deserialize, Serialize, JsonSchema, Validate, Anonymize, Clone, PartialEq, Eq)]
#[anonymize(false)]
pub struct JournalConfig {
    /// Size of one journal segment in MB
    #[validate(range(min = 1))]
    pub segment_capacity_mb: usize,
    /// How many journal segments to create before they are needed
    pub segments_ahead: usize,
    /// How many closed journal segments to keep
    #[validate(range(min = 1))]
    #[serde(default = "default_closed_retained")]
    pub closed_retained: usize,
}

fn default_closed_retained() -> usize {
    1
}

impl From<&JournalConfig> for WalOptions {
    fn from(config: &JournalConfig) -> Self {
        let JournalConfig {
            segment_capacity_mb,
            segments_ahead,
            closed_retained,
        } = config;
        WalOptions {
            segment_capacity: segment_capacity_mb * 1024 * 1024,
            segment_queue_len: *segments_ahead,
            retain_closed: NonZeroUsize::new(*closed_retained).unwrap(),
        }
    }
}

impl Default for JournalConfig {
    fn default() -> Self {
        JournalConfig {
            segment_capacity_mb: 16,
            segments_ahead: 0,
            closed_retained: default_closed_retained(),
        }
    }
}

#[derive(
    Debug, Deserialize, Serialize, JsonSchema, Anonymize, PartialEq, Eq, Hash, Clone, Copy, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum PlacementMethod {
    #[default]
    Auto,
    Custom,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema, Validate, Anonymize, Clone, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub struct VolumeParams {
    /// How many partitions the volume is split into
    #[serde(default = "default_partition_count")]
    #[anonymize(false)]
    pub partition_count: NonZeroU32,
    /// How records are placed on partitions.
    /// Auto spreads them over every partition; Custom places them by partition key
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<PlacementMethod>,
    /// How many copies of each partition to keep
    #[serde(default = "default_copies")]
    #[anonymize(false)]
    pub copies: NonZeroU32,
    /// How many copies must accept a write before it counts as done.
    /// Higher is safer against drift but fails sooner when copies are down.
    #[serde(default = "default_write_quorum")]
    #[anonymize(false)]
    pub write_quorum: NonZeroU32,
    /// How many extra copies answer each read at the same time
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[anonymize(false)]
    pub read_fan_out: Option<u32>,
    /// If true, record payloads stay on disk and are read on every request.
    ///
    /// Default: true
    #[serde(default = "default_payload_on_disk")]
    pub payload_on_disk: bool,
}

pub fn default_partition_count() -> NonZeroU32 {
    NonZeroU32::new(1).unwrap()
}

pub fn default_copies() -> NonZeroU32 {
    NonZeroU32::new(1).unwrap()
}

pub fn default_write_quorum() -> NonZeroU32 {
    NonZeroU32::new(1).unwrap()
}

pub const fn default_payload_on_disk() -> bool {
    true
}

#[derive(Debug, Deserialize, Serialize, Validate, Clone, PartialEq)]
pub struct VolumeConfigInternal {
    #[validate(nested)]
    pub params: VolumeParams,
    #[validate(nested)]
    pub journal_config: JournalConfig,
    #[serde(default)]
    pub uuid: Option<Uuid>,
}

impl VolumeConfigInternal {
    pub fn to_bytes(&self) -> VolumeResult<Vec<u8>> {
        serde_json::to_vec(self).map_err(|err| VolumeError::service_error(err.to_string()))
    }

    pub fn save(&self, path: &Path) -> VolumeResult<()> {
        let config_path = path.join(VOLUME_CONFIG_FILE);
        let af = AtomicFile::new(&config_path, AllowOverwrite);
        let state_bytes = serde_json::to_vec(self).unwrap();
        af.write(|f| f.write_all(&state_bytes)).map_err(|err| {
            VolumeError::service_error(format!("Can't write {config_path:?}, error: {err}"))
        })?;
        Ok(())
    }

    pub fn load(path: &Path) -> VolumeResult<Self> {
        let config_path = path.join(VOLUME_CONFIG_FILE);
        let mut contents = String::new();
        let mut file = File::open(config_path)?;
        file.read_to_string(&mut contents)?;
        Ok(serde_json::from_str(&contents)?)
    }
}
