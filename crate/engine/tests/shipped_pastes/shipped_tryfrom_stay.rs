// Modelled on EqualMa/serde-validation-with-try-from src/main.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use std::convert::TryFrom;
use validator::Validate;

#[derive(Deserialize)]
struct StayUnchecked {
    guest: String,
    nights: i32,
    adults: i32,
    children: i32,
}

#[derive(Deserialize, Debug, Validate)]
#[serde(try_from = "StayUnchecked")]
pub struct Stay {
    #[validate(length(min = 2, max = 70))]
    guest: String,
    #[validate(range(min = 1, max = 28))]
    nights: i32,
    #[validate(range(min = 1, max = 6))]
    guests: i32,
}

impl Stay {
    pub fn guests(&self) -> i32 {
        self.guests
    }
}

impl TryFrom<StayUnchecked> for Stay {
    type Error = String;

    fn try_from(raw: StayUnchecked) -> Result<Self, Self::Error> {
        if raw.adults < 1 {
            return Err("a stay needs at least one adult".to_string());
        }
        Ok(Stay {
            guest: raw.guest.trim().to_string(),
            nights: raw.nights,
            guests: raw.adults + raw.children,
        })
    }
}
