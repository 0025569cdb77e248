// Modelled on onepointconsulting/rust-bot, src/config/schema.rs: the constructs as written there, in our own words.
use std::collections::HashMap;

use garde::Validate;
use serde::{Deserialize, Serialize};

fn default_stream_progress() -> bool {
    true
}
fn default_delivery_attempts() -> u8 {
    4
}
fn default_speech_backend() -> String {
    "whisper".to_string()
}

fn default_digest_every_h() -> u32 {
    6
}
fn default_digest_batch() -> u32 {
    40
}
fn default_digest_steps() -> u32 {
    8
}

fn default_crew_home() -> String {
    "~/.relaybot/home".to_string()
}
fn default_crew_model() -> String {
    "local/granite-8b".to_string()
}
fn default_crew_max_tokens() -> u32 {
    4096
}
fn default_crew_temperature() -> f32 {
    0.3
}
fn default_crew_retry_mode() -> RetryMode {
    RetryMode::Standard
}
fn default_crew_reasoning() -> Option<String> {
    None
}
fn default_crew_timezone() -> String {
    "Europe/Lisbon".to_string()
}

/// Credentials and endpoint for one model vendor.
#[derive(Deserialize, Serialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct VendorConfig {
    /// Key for the vendor. Empty by default so it can come from the
    /// environment at run time instead.
    #[serde(alias = "api_key")]
    #[garde(skip)]
    pub api_key: String,

    /// Endpoint override for the vendor.
    #[serde(alias = "api_base")]
    #[garde(skip)]
    pub api_base: Option<String>,

    /// Extra HTTP headers sent with every call.
    #[serde(alias = "extra_headers")]
    #[garde(skip)]
    pub extra_headers: Option<HashMap<String, String>>,
}

impl Default for VendorConfig {
    fn default() -> Self {
        Self {
            api_key: String::new(),
            api_base: None,
            extra_headers: None,
        }
    }
}

/// Settings shared by all chat channels.
///
/// Built-in and plugin channel blocks end up in `extra`; each channel reads
/// its own block. `"streaming": true` in a block turns on streamed replies.
#[derive(Deserialize, Serialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct RelayChannels {
    /// Stream the agent's progress text to the channel.
    #[serde(alias = "stream_progress")]
    #[garde(skip)]
    pub stream_progress: bool,

    /// Stream tool-call hints.
    #[serde(alias = "stream_hints")]
    #[garde(skip)]
    pub stream_hints: bool,

    /// Delivery attempts, the first send included. Range: 0–10.
    #[serde(alias = "delivery_attempts", default = "default_delivery_attempts")]
    #[garde(range(min = 0, max = 10))]
    pub delivery_attempts: u8,

    /// Speech-to-text backend: `"whisper"` or `"vosk"`.
    #[serde(alias = "speech_backend", default = "default_speech_backend")]
    #[garde(skip)]
    pub speech_backend: String,

    /// Plugin channel blocks not covered by the fields above.
    #[serde(flatten)]
    #[garde(skip)]
    pub extra: HashMap<String, serde_json::Value>,
}

impl Default for RelayChannels {
    fn default() -> Self {
        Self {
            stream_progress: default_stream_progress(),
            stream_hints: false,
            delivery_attempts: default_delivery_attempts(),
            speech_backend: default_speech_backend(),
            extra: HashMap::new(),
        }
    }
}

/// A cron or fixed-interval schedule for the digest job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum DigestSchedule {
    /// A cron expression.
    Cron { expr: String, tz: String },
    /// A fixed interval in milliseconds.
    Every { every_ms: u64 },
}

/// Memory digest settings.
#[derive(Deserialize, Serialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct DigestConfig {
    /// Whole hours between digests. At least 1.
    #[serde(alias = "every_h", default = "default_digest_every_h")]
    #[garde(range(min = 1))]
    pub every_h: u32,

    /// Older cron override; wins over `every_h` when set. Never written back.
    #[serde(alias = "cron", skip_serializing)]
    #[garde(skip)]
    pub cron: Option<String>,

    /// Entries read per digest run. At least 1.
    #[serde(alias = "batch", default = "default_digest_batch")]
    #[garde(range(min = 1))]
    pub batch: u32,

    /// Tool calls allowed per run. At least 1.
    #[serde(alias = "steps", default = "default_digest_steps")]
    #[garde(range(min = 1))]
    pub steps: u32,
}

impl Default for DigestConfig {
    fn default() -> Self {
        Self {
            every_h: default_digest_every_h(),
            cron: None,
            batch: default_digest_batch(),
            steps: default_digest_steps(),
        }
    }
}

impl DigestConfig {
    const HOUR_MS: u64 = 3_600_000;

    /// The schedule to run, preferring the older cron override.
    pub fn schedule(&self, timezone: &str) -> DigestSchedule {
        if let Some(ref expr) = self.cron {
            return DigestSchedule::Cron {
                expr: expr.clone(),
                tz: timezone.to_string(),
            };
        }
        DigestSchedule::Every {
            every_ms: self.every_h as u64 * Self::HOUR_MS,
        }
    }
}

#[derive(Deserialize, Serialize, Default, Debug, Clone, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum RetryMode {
    #[default]
    Standard,
    Stubborn,
}

#[derive(Deserialize, Serialize, Validate)]
#[serde(rename_all = "camelCase", default)]
pub struct CrewConfig {
    #[serde(alias = "home", default = "default_crew_home")]
    #[garde(skip)]
    pub home: String,

    #[serde(alias = "model", default = "default_crew_model")]
    #[garde(skip)]
    pub model: String,

    #[serde(alias = "max_tokens", default = "default_crew_max_tokens")]
    #[garde(range(min = 1))]
    pub max_tokens: u32,

    #[serde(alias = "temperature", default = "default_crew_temperature")]
    #[garde(range(min = 0.0, max = 1.0))]
    pub temperature: f32,

    #[serde(alias = "retry_mode", default = "default_crew_retry_mode")]
    #[garde(skip)]
    pub retry_mode: RetryMode,

    /// Thinking effort; accepted values depend on the vendor.
    #[serde(alias = "reasoning", default = "default_crew_reasoning")]
    #[garde(skip)]
    pub reasoning: Option<String>,

    #[serde(alias = "timezone", default = "default_crew_timezone")]
    #[garde(skip)]
    pub timezone: String,
}

impl Default for CrewConfig {
    fn default() -> Self {
        Self {
            home: default_crew_home(),
            model: default_crew_model(),
            max_tokens: default_crew_max_tokens(),
            temperature: default_crew_temperature(),
            retry_mode: default_crew_retry_mode(),
            reasoning: None,
            timezone: default_crew_timezone(),
        }
    }
}
