// Modelled on LukeMathWalker/zero-to-production src/domain/subscriber_name.rs and src/routes/subscriptions.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::Validate;

/// A subscriber's name as the newsletter keeps it: checked once, where it is read.
#[derive(Debug, Deserialize)]
#[serde(try_from = "String")]
pub struct SubscriberName(String);

const FORBIDDEN: [char; 9] = ['/', '(', ')', '"', '<', '>', '\\', '{', '}'];

impl TryFrom<String> for SubscriberName {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        let is_empty_or_whitespace = s.trim().is_empty();
        let is_too_long = s.chars().count() > 256;
        let contains_forbidden_characters = s.chars().any(|g| FORBIDDEN.contains(&g));
        if is_empty_or_whitespace || is_too_long || contains_forbidden_characters {
            Err(format!("{} is not a valid subscriber name.", s))
        } else {
            Ok(Self(s))
        }
    }
}

#[derive(Debug, Deserialize, Validate)]
pub struct FormData {
    #[validate(email)]
    pub email: String,
    pub name: SubscriberName,
    #[validate(length(max = 3))]
    #[serde(default)]
    pub topics: Vec<String>,
}
