// Modelled on hoprnet/hoprnet, transport/network/src/network.rs: the constructs as written there, in our own words.
use std::collections::hash_map::HashMap;
use std::time::Duration;

use libp2p_identity::PeerId;
use serde::{Deserialize, Serialize};
use serde_with::{serde_as, DurationSeconds};
use validator::Validate;

use crate::constants::DEFAULT_OFFLINE_SCORE;
use tracing::{debug, warn};

#[cfg(all(feature = "prometheus", not(test)))]
use hopr_metrics::metrics::{MultiGauge, SimpleGauge};

#[cfg(all(feature = "prometheus", not(test)))]
lazy_static::lazy_static! {
    static ref METRIC_LINK_HEALTH: SimpleGauge =
        SimpleGauge::new("relay_link_health", "Overall link health").unwrap();
    static ref METRIC_LINKS_BY_SCORE: MultiGauge =
        MultiGauge::new("relay_links_by_score", "Links counted by score band",
            &["kind", "band"],
        ).unwrap();
}

/// Settings for the [LinkProbe] object
#[serde_as]
#[derive(Debug, Clone, Serialize, Deserialize, Validate, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LinkProbeConfig {
    /// Smallest pause between probes; backoff multiplies it
    #[serde_as(as = "DurationSeconds<u64>")]
    pub min_pause: Duration,

    /// Largest pause between probes
    #[serde_as(as = "DurationSeconds<u64>")]
    pub max_pause: Duration,

    #[validate(range(min = 0.0, max = 1.0))]
    pub poor_score_threshold: f64,

    #[validate(range(min = 0.0, max = 1.0))]
    pub offline_score_threshold: f64,

    pub score_step: f64,

    /// How many probe results the moving average looks at
    #[validate(range(min = 1_u32))]
    pub score_window: u32,

    #[serde_as(as = "DurationSeconds<u64>")]
    pub quiet_period: Duration,

    pub backoff_exponent: f64,

    pub backoff_floor: f64,

    pub backoff_ceiling: f64,
}

impl Default for LinkProbeConfig {
    fn default() -> Self {
        let min_pause_s = 2;
        let max_pause_s = 240;

        Self {
            min_pause: Duration::from_secs(min_pause_s),
            max_pause: Duration::from_secs(max_pause_s), // 4 minutes
            poor_score_threshold: 0.25,
            offline_score_threshold: DEFAULT_OFFLINE_SCORE,
            score_step: 0.05,
            score_window: 20, // TODO: tune once real traffic exists
            quiet_period: Duration::from_secs(900), // 15 minutes
            backoff_exponent: 1.5,
            backoff_floor: 2.0,
            backoff_ceiling: max_pause_s as f64 / min_pause_s as f64,
        }
    }
}

/// Overall link health, best to worst
#[derive(Debug, Copy, Clone, PartialEq, Eq, PartialOrd, Ord, strum::Display, strum::EnumString)]
pub enum Health {
    /// Not measured yet
    Unknown = 0,
    /// No usable link
    Red = 1,
    /// A weak link to at least one relay
    Orange = 2,
    /// A good link to at least one relay
    Yellow = 3,
    /// Good links to a relay and to a peer behind NAT
    Green = 4,
}

/// What the probe records about one peer
#[derive(Debug, Clone, PartialEq)]
pub struct LinkStatus {
    pub id: PeerId,
    pub reachable_publicly: bool,
    pub last_seen: u64,         // timestamp
    pub last_seen_latency: u64, // duration in ms
    pub probes_sent: u64,
    pub probes_answered: u64,
    pub backoff: f64,
    pub(crate) score: f64,
}

impl LinkStatus {
    pub fn update_score(&mut self, new_value: f64) {
        if (0.0f64..=1.0f64).contains(&new_value) {
            self.score = new_value;
        } else {
            warn!("score outside [0,1] ignored")
        }
    }
}

pub struct LinkProbe {
    cfg: LinkProbeConfig,
    entries: HashMap<PeerId, LinkStatus>,
    last_health: Health,
}

impl LinkProbe {
    pub fn new(cfg: LinkProbeConfig) -> Self {
        if cfg.offline_score_threshold < cfg.poor_score_threshold {
            panic!(
                "poor score threshold {} must be below offline score threshold {}",
                cfg.poor_score_threshold, cfg.offline_score_threshold
            );
        }
        debug!("link probe starting");
        Self {
            cfg,
            entries: HashMap::new(),
            last_health: Health::Unknown,
        }
    }
}
