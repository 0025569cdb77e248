// Modelled on FloRide1/gedeair_backend src/models/request/mod.rs: the constructs as written there, in our own words.
//! Request bodies of the community-garden booking API.
//!
//! Everything a client may send lives in `request`; responses stay outside.

use serde::{Deserialize, Serialize};
use validator::Validate;

pub mod request {
    use super::*;

    /// One raised bed the gardener wants for the season.
    #[derive(Debug, Serialize, Deserialize, Validate)]
    #[serde(rename_all = "camelCase")]
    pub struct PlotSlot {
        #[validate(range(min = 1, max = 48))]
        pub bed_number: u16,
        #[validate(length(min = 2, max = 40))]
        pub crop: String,
    }

    #[derive(Debug, Deserialize, Validate)]
    #[serde(rename_all = "camelCase")]
    pub struct Contact {
        #[validate(email)]
        pub email: String,
        #[validate(length(min = 6, max = 20))]
        pub phone: Option<String>,
    }

    #[derive(Debug, Deserialize, Validate)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct CreateReservation {
        #[validate(length(min = 1, max = 80))]
        pub gardener_name: String,
        #[validate(nested)]
        pub contact: Contact,
        #[validate(length(min = 1, max = 4), nested)]
        pub slots: Vec<PlotSlot>,
        #[serde(default)]
        pub needs_watering: bool,
    }
}

#[derive(Debug, Serialize)]
pub struct ReservationCreated {
    pub id: i64,
    pub beds: Vec<u16>,
}
