// Modelled on corgi-media/corgi-media, packages/corgi-server/src/dto/request/users.rs: the constructs as written there, in our own words.
// Here: enrolling a singer in a choir.
use choir_core::chrono::NaiveDate;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, Serialize, ToSchema, Validate)]
pub struct EnrolSingerRequest {
    #[garde(length(min = 2, max = 100))]
    #[schema(example = "Clara Schumann")]
    pub full_name: String,

    #[garde(ascii, length(min = 2, max = 40))]
    #[schema(example = "clara")]
    pub stage_name: String,

    #[garde(email)]
    #[schema(example = "clara@choir.test")]
    pub mailbox: String,

    #[garde(length(min = 8, max = 100))]
    #[schema(example = "four-part-harmony")]
    pub passphrase: String,

    #[garde(range(min = 0, max = 3))]
    #[schema(example = 2)]
    pub voice_part: i32,

    #[garde(skip)]
    #[schema(example = "1819-09-13")]
    pub born_on: Option<NaiveDate>,
}
