// Modelled on Triment/mac-manger crates/common/src/validation.rs: the constructs as written there, in our own words.
// Cut from the middle of the file: its `use std::...` lines sit above the cut.
use garde::Validate;
use regex::Regex;
use serde::Deserialize;

/// Lowercase MAC address, colon separated.
pub static MAC_RE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$").unwrap());

#[derive(Debug, Deserialize, Validate)]
pub struct RegisterDevice {
    #[garde(pattern(MAC_RE))]
    pub mac: String,
    #[garde(length(min = 1, max = 40))]
    pub hostname: String,
    #[garde(ip)]
    pub last_ip: String,
    #[garde(length(max = 8))]
    pub labels: HashMap<String, String>,
    #[garde(range(min = 1, max = 4094))]
    pub vlan: u16,
}
