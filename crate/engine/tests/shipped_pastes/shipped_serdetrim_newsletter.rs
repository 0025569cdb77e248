// Modelled on baoyachi/serde_trim README.md: the constructs as written there, in our own words.
use serde::{de, Deserialize, Deserializer};
use validator::Validate;

fn de_trimmed<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let raw = String::deserialize(d)?;
    Ok(raw.trim().to_string())
}

fn de_opt_trimmed<'de, D>(d: D) -> Result<Option<String>, D::Error>
where
    D: Deserializer<'de>,
{
    let raw = Option::<String>::deserialize(d)?;
    Ok(raw.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()))
}

fn de_country<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let raw = String::deserialize(d)?;
    if raw.trim().is_empty() {
        return Err(de::Error::invalid_value(de::Unexpected::Str(&raw), &"a country code"));
    }
    Ok(raw.trim().to_uppercase())
}

#[derive(Debug, Deserialize, Validate)]
pub struct NewsletterSignup {
    #[serde(deserialize_with = "de_trimmed")]
    #[validate(email)]
    pub email: String,
    #[serde(default, deserialize_with = "de_opt_trimmed")]
    #[validate(length(min = 2, max = 40))]
    pub first_name: Option<String>,
    #[serde(deserialize_with = "de_country")]
    #[validate(length(equal = 2))]
    pub country: String,
}
