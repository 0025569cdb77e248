// Modelled on smf8/riffy, src/config/mod.rs: the constructs as written there, in our own words.
use anyhow::Context;
use config::builder::{ConfigBuilder, DefaultState};
use config::{Config, Environment, File, FileFormat};
use serde::Deserialize;
use std::path::PathBuf;
use std::time::Duration;

#[cfg(test)]
mod tests;

#[derive(Debug, Default)]
pub struct FlagOverrides {
    pub config_file: Option<PathBuf>,
    pub primary: Option<String>,
    pub shadow: Option<String>,
    pub canary: Option<String>,
    pub routes: Vec<String>,
}

pub(crate) const BUILTIN_SETTINGS: &str = include_str!("builtin.yaml");

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Mirrorball {
    #[garde(dive)]
    pub relay: Relay,
    #[garde(dive)]
    pub queue: Queue,
    #[garde(dive)]
    pub origins: Origins,
    #[garde(dive)]
    pub routes: Vec<RouteRule>,
    #[garde(dive)]
    pub archive: Archive,
    #[garde(dive)]
    pub listener: Listener,
    #[garde(dive)]
    pub journal: Journal,
    #[garde(dive)]
    pub tracing: Tracing,
    #[garde(dive)]
    pub gauges: Gauges,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Relay {
    #[garde(skip)]
    pub allow_unsafe_methods: bool,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Queue {
    #[garde(range(min = 1))]
    pub depth: usize,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Origins {
    #[garde(length(min = 1))]
    pub primary: String,
    #[garde(length(min = 1))]
    pub shadow: String,
    #[garde(length(min = 1))]
    pub canary: String,
    #[garde(skip)]
    #[serde(with = "humantime_serde")]
    pub timeout: Duration,
}

/// Noise filter for a route: a quarter relative, a tenth of a percent absolute.
/// Lives in code, not in builtin.yaml, because every route carries its own copy.
#[derive(Debug, Clone, Copy, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Tolerance {
    #[garde(range(min = 0.0))]
    #[serde(default = "default_ratio_tolerance")]
    pub ratio: f64,
    #[garde(range(min = 0.0))]
    #[serde(default = "default_floor_tolerance")]
    pub floor: f64,
}

fn default_ratio_tolerance() -> f64 {
    25.0
}

fn default_floor_tolerance() -> f64 {
    0.1
}

fn default_sample_share() -> f64 {
    1.0
}

impl Default for Tolerance {
    fn default() -> Self {
        Self {
            ratio: default_ratio_tolerance(),
            floor: default_floor_tolerance(),
        }
    }
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct RouteRule {
    #[garde(prefix("/"))]
    pub prefix: String,
    #[garde(dive)]
    #[serde(default)]
    pub tolerance: Tolerance,
    /// Field paths left out of the comparison: a plain subtree, a `*` glob for
    /// one segment, or `re:<regex>`.
    #[garde(skip)]
    #[serde(default)]
    pub ignore_fields: Vec<String>,
    /// Share of requests mirrored to shadow and canary (0.0 to 1.0); the rest
    /// go to the primary only and are not compared.
    #[garde(range(min = 0.0, max = 1.0))]
    #[serde(default = "default_sample_share")]
    pub sample_share: f64,
    /// Keep a replayable request next to each stored difference. Opt-in.
    #[garde(skip)]
    #[serde(default)]
    pub record_replay: bool,
    /// Keep auth header values in the replay instead of masking them.
    #[garde(skip)]
    #[serde(default)]
    pub keep_auth_values: bool,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Archive {
    /// Per-route cap on kept samples; the oldest goes first past it.
    #[garde(range(min = 1))]
    pub sample_limit: usize,
    /// Samples older than this are ignored when reading.
    #[garde(skip)]
    #[serde(with = "humantime_serde")]
    pub horizon: Duration,
    /// A decoded body larger than this is not kept.
    #[garde(range(min = 1))]
    pub max_payload_bytes: usize,
    #[garde(dive)]
    pub backend: ArchiveBackend,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ArchiveBackend {
    Memory,
    Valkey {
        #[garde(length(min = 1))]
        address: String,
    },
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Listener {
    #[garde(skip)]
    pub bind: String,
    #[garde(skip)]
    pub relay_port: u16,
    #[garde(skip)]
    pub control_port: u16,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Journal {
    #[garde(skip)]
    pub level: String,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Tracing {
    #[garde(skip)]
    pub enabled: bool,
    /// OTLP/HTTP collector base address.
    #[garde(skip)]
    pub collector: String,
    #[garde(range(min = 0.0, max = 1.0))]
    pub ratio: f64,
}

#[derive(Debug, Deserialize, garde::Validate)]
#[serde(rename_all = "snake_case")]
pub struct Gauges {
    #[garde(skip)]
    pub enabled: bool,
}

pub fn load(flags: &FlagOverrides) -> anyhow::Result<Mirrorball> {
    // Lowest to highest: builtin settings, the settings file, MIRRORBALL__ env
    // vars, then command-line flags.
    let mut builder =
        Config::builder().add_source(File::from_str(BUILTIN_SETTINGS, FileFormat::Yaml));
    builder = match &flags.config_file {
        Some(path) => builder.add_source(File::from(path.as_path()).required(true)),
        None => builder.add_source(File::new("mirrorball", FileFormat::Yaml).required(false)),
    };
    builder = builder.add_source(
        Environment::with_prefix("MIRRORBALL")
            .separator("__")
            .try_parsing(true),
    );
    builder = apply_flag_overrides(builder, flags)?;

    let settings: Mirrorball = builder.build()?.try_deserialize()?;
    settings.validate()?;
    Ok(settings)
}

pub(crate) fn apply_flag_overrides(
    builder: ConfigBuilder<DefaultState>,
    flags: &FlagOverrides,
) -> anyhow::Result<ConfigBuilder<DefaultState>> {
    use serde_json::{json, Map, Value};

    let mut root = Map::new();
    let mut origins = Map::new();
    if let Some(v) = &flags.primary {
        origins.insert("primary".to_owned(), json!(v));
    }
    if let Some(v) = &flags.shadow {
        origins.insert("shadow".to_owned(), json!(v));
    }
    if let Some(v) = &flags.canary {
        origins.insert("canary".to_owned(), json!(v));
    }
    if !origins.is_empty() {
        root.insert("origins".to_owned(), Value::Object(origins));
    }
    if !flags.routes.is_empty() {
        let routes: Vec<Value> = flags.routes.iter().map(|p| json!({ "prefix": p })).collect();
        root.insert("routes".to_owned(), Value::Array(routes));
    }
    if root.is_empty() {
        return Ok(builder);
    }
    let text = serde_json::to_string(&Value::Object(root)).context("encoding flag overrides")?;
    Ok(builder.add_source(File::from_str(&text, FileFormat::Json)))
}

impl Mirrorball {
    pub fn validate(&self) -> anyhow::Result<()> {
        use anyhow::ensure;

        <Self as garde::Validate>::validate(self).context("invalid settings")?;

        // Checks garde cannot state on one field:
        ensure!(
            self.listener.relay_port != self.listener.control_port,
            "listener.relay_port and listener.control_port must differ"
        );
        Ok(())
    }
}
