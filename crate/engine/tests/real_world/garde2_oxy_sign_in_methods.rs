// Modelled on oxy-hq/oxy, crates/core/src/config/auth.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

use crate::config::{constants::DEFAULT_TOKEN_HEADER, validate::ValidationContext};
use schemars::JsonSchema;

#[derive(Serialize, Deserialize, Validate, Debug, Clone, JsonSchema)]
#[garde(context(ValidationContext))]
pub struct SignInMethods {
    #[garde(dive)]
    pub mail: Option<MailRelayLogin>,
    #[garde(dive)]
    pub forge: Option<ForgeLogin>,
    #[garde(dive)]
    #[serde(default = "default_token_login")]
    pub token: Option<TokenHeaderLogin>,
}

#[derive(Serialize, Deserialize, Validate, Debug, Clone, JsonSchema)]
#[garde(context(ValidationContext))]
pub struct MailRelayLogin {
    #[garde(length(min = 1))]
    pub relay_user: String,
    #[garde(length(min = 1))]
    pub relay_password_var: String,

    #[garde(length(min = 1))]
    pub relay_host: Option<String>,
    #[garde(range(min = 1, max = 65535))]
    pub relay_port: Option<u16>,
}

#[derive(Serialize, Deserialize, Validate, Debug, Clone, JsonSchema)]
#[garde(context(ValidationContext))]
pub struct ForgeLogin {
    #[garde(length(min = 1))]
    pub app_id: String,
    #[garde(length(min = 1))]
    pub app_secret_var: String,
}

#[derive(Serialize, Deserialize, Validate, Debug, Clone, JsonSchema)]
#[garde(context(ValidationContext))]
pub struct TokenHeaderLogin {
    #[garde(length(min = 1))]
    #[serde(default = "default_token_header")]
    pub header: String,
}

fn default_token_header() -> String {
    DEFAULT_TOKEN_HEADER.to_string()
}

fn default_token_login() -> Option<TokenHeaderLogin> {
    Some(TokenHeaderLogin {
        header: default_token_header(),
    })
}
