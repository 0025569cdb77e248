// Modelled on fuiz/game game/logic/src/settings.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

/// The row shape the settings store keeps.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredNotificationSettings {
    pub channel: String,
    pub digest_hour: u8,
    pub muted_topics: Vec<String>,
    pub version: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize, Validate)]
#[serde(into = "StoredNotificationSettings")]
pub struct NotificationSettings {
    #[garde(length(min = 3, max = 16))]
    pub channel: String,
    #[garde(range(max = 23))]
    pub digest_hour: u8,
    #[garde(length(max = 10), inner(length(min = 1, max = 32)))]
    pub muted_topics: Vec<String>,
}

impl From<NotificationSettings> for StoredNotificationSettings {
    fn from(s: NotificationSettings) -> Self {
        Self {
            channel: s.channel,
            digest_hour: s.digest_hour,
            muted_topics: s.muted_topics,
            version: 2,
        }
    }
}
