// Modelled on vaam-apps/vpay, backends/crates/vpay-config/src/config.rs: the constructs as written there, in our own words.
//! Steps 1-3 of the start-up sequence:
//!
//! 1. Load `settings.yml`, then lay `settings-{profile}.yml` over it.
//! 2. Resolve `${ENV}` placeholders. One left unresolved is fatal, never an
//!    empty string.
//! 3. Validate. A failure means [`Config::load`] returns `Err` and the
//!    caller must not take traffic.

use std::collections::BTreeMap;
use std::fmt;

use figment::Figment;
use figment::providers::{Format, Yaml};
use garde::Validate;
use serde::{Deserialize, Serialize};
use vpay_core::Currency;
use vpay_provider::ProviderConfig;

use crate::{ConfigError, Deployment, validate_secret};

/// One payment rail's connection details for this deployment.
#[derive(Clone, Serialize, Deserialize, Validate)]
pub struct RailHost {
    /// Stable rail code, e.g. `lagoon_pay`.
    #[garde(length(min = 1, max = 64))]
    pub code: String,
    /// Whether new charges may be routed to this rail.
    ///
    /// Defaults to `true`, so a settings file written before this field
    /// existed keeps every rail it had. Turning a rail off keeps its
    /// credentials loaded, so charges already on it can still be settled.
    #[garde(skip)]
    #[serde(default = "default_true")]
    pub enabled: bool,
    /// Non-secret settings the rail adapter defines.
    #[garde(skip)]
    #[serde(default)]
    pub settings: BTreeMap<String, String>,
    /// Where the rail sends its callbacks, when the derived address is wrong
    /// for this deployment. Absent is the normal case.
    #[garde(skip)]
    #[serde(default)]
    pub callback_url: Option<String>,
    /// ISO-4217 code this rail settles in, e.g. `XOF`.
    ///
    /// `garde` only pins the length; the set of known codes lives in
    /// `vpay-core` and is checked after this.
    #[garde(length(min = 3, max = 3))]
    pub currency: String,
    /// Secret material. In a live deployment every value must be written as a
    /// `${VAR}` placeholder; that rule is checked by [`validate_secret`], not
    /// by `garde`.
    #[garde(skip)]
    #[serde(default)]
    pub credentials: BTreeMap<String, String>,
}

/// `#[serde(default)]` on a `bool` gives `false`; [`RailHost::enabled`] needs
/// the other one, and serde only takes a path here.
const fn default_true() -> bool {
    true
}

/// Prints everything but the credential values.
impl fmt::Debug for RailHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hidden: BTreeMap<&str, &str> = self
            .credentials
            .keys()
            .map(|key| (key.as_str(), "[hidden]"))
            .collect();
        f.debug_struct("RailHost")
            .field("code", &self.code)
            .field("enabled", &self.enabled)
            .field("callback_url", &self.callback_url)
            .field("currency", &self.currency)
            .field("settings", &self.settings)
            .field("credentials", &hidden)
            .finish()
    }
}

/// The keys each rail adapter cannot run without, checked at start-up.
const REQUIRED_RAIL_KEYS: [RequiredRailKeys; 2] = [
    RequiredRailKeys {
        code: "lagoon_pay",
        settings: &["region", "merchant_ref"],
        credentials: &["api_key"],
    },
    RequiredRailKeys {
        code: "harbor_wallet",
        settings: &[],
        credentials: &["client_id", "client_secret"],
    },
];

/// One row of [`REQUIRED_RAIL_KEYS`].
struct RequiredRailKeys {
    code: &'static str,
    settings: &'static [&'static str],
    credentials: &'static [&'static str],
}
