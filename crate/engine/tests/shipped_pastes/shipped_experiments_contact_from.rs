// Modelled on andrewweston/experiments serde_from/src/main.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::Validate;

/// What the address-book sync sends.
#[derive(Deserialize, Debug)]
pub struct WireContact {
    pub full_name: String,
    pub email: String,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Deserialize, Debug, Validate)]
#[serde(from = "WireContact")]
pub struct Contact {
    #[validate(length(min = 1, max = 50))]
    pub first_name: String,
    #[validate(length(max = 50))]
    pub last_name: String,
    #[validate(email)]
    pub email: String,
    #[validate(length(max = 5))]
    pub tags: Vec<String>,
}

impl From<WireContact> for Contact {
    fn from(w: WireContact) -> Self {
        let mut parts = w.full_name.splitn(2, ' ');
        let first_name = parts.next().unwrap_or_default().to_string();
        let last_name = parts.next().unwrap_or_default().to_string();
        Contact {
            first_name,
            last_name,
            email: w.email.to_lowercase(),
            tags: w.tags,
        }
    }
}
