// Modelled on EqualMa/serde-validation-with-try-from src/validate_struct.rs: the constructs as written there, in our own words.
use axum::{http::StatusCode, Json};
use garde::Validate;
use serde::Deserialize;

#[derive(Deserialize)]
pub struct QuietHoursInput {
    from_hour: u8,
    to_hour: u8,
    label: String,
}

#[derive(Debug, Deserialize, Validate)]
#[serde(try_from = "QuietHoursInput")]
pub struct QuietHours {
    #[garde(range(max = 23))]
    from_hour: u8,
    #[garde(range(max = 23))]
    to_hour: u8,
    #[garde(length(min = 1, max = 24), alphanumeric)]
    label: String,
}

impl TryFrom<QuietHoursInput> for QuietHours {
    type Error = &'static str;

    fn try_from(input: QuietHoursInput) -> Result<Self, Self::Error> {
        if input.from_hour == input.to_hour {
            return Err("quiet hours cannot start and end at the same hour");
        }
        Ok(Self {
            from_hour: input.from_hour,
            to_hour: input.to_hour,
            label: input.label,
        })
    }
}

pub async fn set_quiet_hours(Json(body): Json<QuietHours>) -> StatusCode {
    match body.validate() {
        Ok(()) => StatusCode::NO_CONTENT,
        Err(_) => StatusCode::UNPROCESSABLE_ENTITY,
    }
}
