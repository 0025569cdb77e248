// Modelled on bmanturner/omnius, crates/telemetry/src/config.rs: the constructs as written there, in our own words.
use std::{collections::BTreeMap, time::Duration};

use garde::Validate;
use omnius_config::SecretString;
use serde::Deserialize;
use url::Url;

/// Output style of the local log formatter.
#[derive(Clone, Copy, Debug, Deserialize, Eq, PartialEq)]
#[serde(rename_all = "kebab-case")]
pub enum TraceStyle {
    /// Readable output for a terminal.
    Human,
    /// One JSON object per line.
    Machine,
}

/// Optional OTLP collector settings.
#[derive(Deserialize, Validate)]
#[serde(deny_unknown_fields)]
pub struct CollectorConfig {
    /// Collector gRPC address.
    #[garde(skip)]
    pub endpoint: Url,
    /// Deadline for one export call.
    #[serde(with = "humantime_serde")]
    #[garde(skip)]
    pub timeout: Duration,
    /// Secret metadata values keyed by an allowed header name.
    #[garde(skip)]
    pub headers: BTreeMap<String, SecretString>,
}

/// Logging, tracing and metrics start-up settings.
#[derive(Deserialize, Validate)]
#[serde(deny_unknown_fields)]
pub struct ObservabilityConfig {
    /// Service name put on every span and metric.
    #[garde(ascii, length(min = 1, max = 64))]
    pub service: String,
    /// Release put on every span and metric.
    #[garde(ascii, length(min = 1, max = 64))]
    pub release: String,
    /// Short name of the deployment stage.
    #[garde(ascii, length(min = 1, max = 32))]
    pub stage: String,
    /// Log filter expression.
    #[garde(ascii, length(min = 1, max = 512))]
    pub filter: String,
    /// Log output style.
    #[garde(skip)]
    pub style: TraceStyle,
    /// Install the Prometheus recorder.
    #[garde(skip)]
    pub metrics: bool,
    /// Optional OTLP collector.
    #[garde(dive)]
    pub collector: Option<CollectorConfig>,
}
