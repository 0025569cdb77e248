// Modelled on sogan-sozluk/arpacik, service/src/dto/auth.rs: the constructs as written there, in our own words.
// Here: a birdwatchers' forum (`check_secret` lives in another module, as there).
use crate::rules::check_secret;
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct SignInRequest {
    #[validate(length(min = 3, max = 24))]
    pub alias: String,
    #[validate(length(min = 10, max = 40))]
    pub secret: String,
}

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct JoinRequest {
    #[validate(length(min = 3, max = 24))]
    pub alias: String,
    #[validate(email)]
    pub mailbox: String,
    #[validate(custom(function = check_secret))]
    pub secret: String,
}
