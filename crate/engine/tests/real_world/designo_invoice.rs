// Modelled on lbk2knewlifegithub/designo, api/invoice-app/src/dto/invoice_dto.rs: the constructs as written there, in our own words.
// Here: a catering quote; the two DTOs it uses (two more files there) follow.
use super::site_dto::NewSiteDTO;
use super::line_dto::NewLineDTO;
use chrono::NaiveDateTime;
use serde::Deserialize;
use validator::Validate;

#[derive(Clone, Deserialize, Validate)]
pub struct NewQuoteDTO {
    #[validate(length(min = 1, max = 400))]
    pub summary: String,

    #[validate(length(min = 1, max = 60))]
    #[serde(rename(deserialize = "customerName"))]
    pub customer_name: String,

    #[serde(with = "quote_timestamp")]
    #[serde(rename(deserialize = "issuedAt"))]
    pub issued_at: NaiveDateTime,

    #[validate(length(min = 1, max = 120))]
    #[serde(rename(deserialize = "customerMail"))]
    pub customer_mail: String,

    #[validate(range(min = 1, max = 365))]
    #[serde(rename(deserialize = "validDays"))]
    pub valid_days: i32,

    #[validate(length(min = 1, max = 16))]
    pub stage: String,

    #[validate(required)]
    #[serde(rename(deserialize = "kitchenSite"))]
    pub kitchen_site: Option<NewSiteDTO>,

    #[validate(required)]
    #[serde(rename(deserialize = "eventSite"))]
    pub event_site: Option<NewSiteDTO>,

    pub lines: Option<Vec<NewLineDTO>>,
}

mod quote_timestamp {
    use chrono::NaiveDateTime;
    use serde::{self, Deserialize, Deserializer, Serializer};
    use tracing::error;

    const LAYOUT: &'static str = "%d/%m/%Y %H:%M:%S";

    pub fn serialize<S>(stamp: &NaiveDateTime, out: S) -> Result<S::Ok, S::Error>
    where
        S: Serializer,
    {
        out.collect_str(&stamp.format(LAYOUT))
    }

    pub fn deserialize<'de, D>(input: D) -> Result<NaiveDateTime, D::Error>
    where
        D: Deserializer<'de>,
    {
        let text = String::deserialize(input)?;
        NaiveDateTime::parse_from_str(&text, LAYOUT).map_err(|why| {
            error!("quote timestamp {text:?} unreadable: {why}");
            serde::de::Error::custom("unreadable timestamp")
        })
    }
}

// The site DTO (another file in the original).
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Clone, Deserialize, Serialize, Validate)]
pub struct NewSiteDTO {
    #[validate(length(min = 1, max = 120))]
    pub road: String,

    #[validate(length(min = 1, max = 120))]
    #[serde(rename(deserialize = "postalCode"))]
    pub postal_code: String,

    #[validate(length(min = 1, max = 120))]
    pub region: String,

    #[validate(length(min = 1, max = 120))]
    pub town: String,
}

// The line DTOs (another file in the original).
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Clone, Deserialize, Serialize, Validate)]
pub struct NewLineDTO {
    #[validate(length(min = 1, max = 120))]
    pub dish: String,

    #[validate(range(min = 0, max = 500_000))]
    pub portions: i32,

    #[validate(range(min = 0, max = 500_000))]
    pub unit_cost: f32,
}

#[derive(Clone, Deserialize, Serialize, Validate)]
pub struct EditLineDTO {
    pub line_id: i32,

    #[validate(length(min = 1, max = 120))]
    pub dish: String,

    #[validate(range(min = 0, max = 500_000))]
    pub portions: i32,

    #[validate(range(min = 0, max = 500_000))]
    pub unit_cost: f32,
}
