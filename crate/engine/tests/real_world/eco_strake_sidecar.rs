// Modelled on strake-data/strake, crates/common/src/config/integrations.rs: the constructs as written there, in our own words.
//! # Integration Configuration
//!
//! Settings for outside systems: the query sidecar and the metrics exporter.
//!
//! ## Overview
//!
//! This module defines [`SidecarConfig`] for the helper process that answers
//! tool calls and [`ExportConfig`] for the OTLP exporter.
//!
//! ## Usage
//!
//! ```rust
//! # use strake_common::config::integrations::SidecarConfig;
//! let config = SidecarConfig::default();
//! assert!(!config.enabled);
//! ```
//!
//! ## Errors
//!
//! Reported while the whole configuration loads, in [`crate::config::AppConfig`].
//!
use super::DeployStage;
use crate::config::defaults::*;
use serde::{Deserialize, Serialize};
use validator::Validate;

/// Settings for the helper sidecar.
#[derive(Debug, Deserialize, Serialize, Clone, Validate)]
#[non_exhaustive]
pub struct SidecarConfig {
    /// Stage the sidecar runs in.
    #[serde(default)]
    pub stage: DeployStage,
    /// Whether the sidecar runs at all.
    #[serde(default = "Default::default")]
    pub enabled: bool,
    /// Port the sidecar listens on.
    #[serde(default = "default_sidecar_port")]
    #[validate(range(min = 1))]
    pub port: u16,
    /// Most retries for a sidecar call.
    #[serde(default = "default_max_attempts")]
    pub max_retries: u32,
    /// Milliseconds between retries.
    #[serde(default = "default_base_delay_ms")]
    pub retry_delay_ms: u64,
    /// Milliseconds the sidecar is expected to take to start.
    #[serde(default = "default_sidecar_startup_delay_ms")]
    pub startup_delay_ms: u64,
    /// Milliseconds allowed for the sidecar to stop.
    #[serde(default = "default_sidecar_shutdown_timeout_ms")]
    pub shutdown_timeout_ms: u64,
    /// Interpreter used to launch the sidecar.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interpreter: Option<String>,
    /// Milliseconds between health probes.
    #[serde(default = "default_sidecar_probe_interval_ms")]
    #[validate(range(min = 1000, max = 300000))] // 1s to 5min
    pub probe_interval_ms: u64,
    /// Most rows the sidecar returns in one answer.
    #[serde(default = "default_sidecar_max_rows")]
    pub max_rows: usize,
    /// Seconds to wait after a sidecar failure.
    #[serde(default = "default_sidecar_cooldown_secs")]
    pub cooldown_secs: u64,
    /// Address probed for health.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[validate(custom(function = "crate::config::validate_url"))]
    pub probe_url: Option<String>,
    /// Whether to run the sidecar inside a micro-VM.
    #[serde(default = "default_use_microvm")]
    pub use_microvm: bool,
}

impl SidecarConfig {
    /// The parsed probe address, or `None` when unset or invalid.
    pub fn parsed_probe_url(&self) -> Option<url::Url> {
        self.probe_url
            .as_ref()
            .and_then(|s| url::Url::parse(s).ok())
    }
}

impl Default for SidecarConfig {
    fn default() -> Self {
        Self {
            stage: DeployStage::default(),
            enabled: false,
            port: default_sidecar_port(),
            max_retries: default_max_attempts(),
            retry_delay_ms: default_base_delay_ms(),
            startup_delay_ms: default_sidecar_startup_delay_ms(),
            shutdown_timeout_ms: default_sidecar_shutdown_timeout_ms(),
            interpreter: None,
            probe_interval_ms: default_sidecar_probe_interval_ms(),
            max_rows: default_sidecar_max_rows(),
            cooldown_secs: default_sidecar_cooldown_secs(),
            probe_url: None,
            use_microvm: default_use_microvm(),
        }
    }
}

/// Settings for the OTLP exporter.
#[derive(Debug, Deserialize, Serialize, Clone, Validate)]
#[non_exhaustive]
pub struct ExportConfig {
    /// Whether exporting is on.
    #[serde(default = "default_export_enabled")]
    pub enabled: bool,

    /// OTLP collector address (e.g., http://localhost:4317).
    #[serde(default = "default_otlp_endpoint")]
    #[validate(custom(function = "crate::config::validate_url"))]
    pub endpoint: String,

    /// Name this instance reports under.
    #[serde(default = "default_server_name")]
    pub service_name: String,
}

impl Default for ExportConfig {
    fn default() -> Self {
        Self {
            enabled: default_export_enabled(),
            endpoint: default_otlp_endpoint(),
            service_name: default_server_name(),
        }
    }
}
