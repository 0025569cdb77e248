// Modelled on GPeaky/intelli-api, src/dtos/auth.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_trim::string_trim;

#[derive(Serialize)]
pub struct SessionTokens {
    pub access_token: String,
    pub refresh_token: String,
}

#[derive(Deserialize, Debug, Validate)]
pub struct RegisterSingerDto {
    #[garde(length(min = 3, max = 24))]
    #[serde(deserialize_with = "string_trim")]
    pub handle: String,
    #[garde(email)]
    #[serde(deserialize_with = "string_trim")]
    pub email: String,
    #[garde(length(min = 10, max = 40))]
    #[serde(deserialize_with = "string_trim")]
    pub passphrase: String,
}

#[derive(Deserialize, Validate)]
pub struct LoginSingerDto {
    #[garde(email)]
    #[serde(deserialize_with = "string_trim")]
    pub email: String,
    #[garde(length(min = 10, max = 40))]
    #[serde(deserialize_with = "string_trim")]
    pub passphrase: String,
}
