// Modelled on ydubuc/lazylog, src/auth/dtos/register_dto.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::Validate;

// static RE_TWO_DIGITS: Regex = Regex::new(r"[0-9]{2}$").unwrap();

#[derive(Deserialize, Validate)]
pub struct GreenhouseSignupDto {
    #[validate(length(
        min = 3,
        max = 24,
        message = "grower name must be between 3 and 24 characters."
    ))]
    pub grower: String,
    #[validate(email)]
    pub mailbox: String,
    pub passphrase: String,
}
