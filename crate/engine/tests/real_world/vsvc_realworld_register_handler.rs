// Modelled on JoeyMckenzie/realworld-rust-axum-sqlx, conduit-domain/src/users/requests.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Debug, Validate)]
pub struct RegisterHandlerRequest {
    #[validate(nested)]
    pub handler: Option<RegisterHandlerDto>,
}

#[derive(Deserialize, Debug, Validate)]
pub struct RegisterHandlerDto {
    #[validate(required)]
    pub callsign: Option<String>,
    #[validate(required, email(message = "email is not valid"))]
    pub email: Option<String>,
    #[validate(required)]
    pub password: Option<String>,
}
