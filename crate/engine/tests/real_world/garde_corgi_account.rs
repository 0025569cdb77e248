// Modelled on corgi-media/corgi-media, packages/corgi-server/src/dto/request/account.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, Serialize, ToSchema, Validate)]
pub struct PilotEnrolRequest {
    #[garde(length(min = 3, max = 128))]
    pub callsign: String,

    #[garde(ascii, length(min = 3, max = 64))]
    pub licence_code: String,

    #[garde(length(min = 6, max = 128))]
    pub passphrase: String,
}
