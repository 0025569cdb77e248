// Modelled on Crinax/security-db-server, src/services/dto/auth.rs: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::Validate;

#[derive(Deserialize, Validate, Debug, Clone)]
pub struct PharmacistSignupDto {
    #[validate(email)]
    pub email: String,

    #[validate(length(min = 4, max = 200))]
    pub login: String,

    #[validate(length(min = 10, max = 64))]
    pub password: String,

    pub given_name: String,
    pub surname: String,
    pub middle_name: Option<String>,
    pub date_of_birth: chrono::NaiveDate,
}
