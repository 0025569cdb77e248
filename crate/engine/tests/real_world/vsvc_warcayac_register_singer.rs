// Modelled on warcayac/axum_postgre_email, src/models/dtos/register_user.rs: the constructs as written there, in our own words.
use serde::{Deserialize, Serialize};
use validator::Validate;


#[derive(Debug, Deserialize, Serialize, Validate, Default)] 
pub struct RegisterSingerDto {
    #[validate(length(min= 1, message= "Stage name is required"))]
    pub stage_name: String,
    #[validate(
        length(min= 1, message= "Email is required"),
        email(message= "Email is not valid")
    )]
    pub email: String,
    #[validate(length(min= 8, message= "Password needs at least 8 characters"))]
    pub password: String,
    #[validate(
        length(min= 1, message= "Please repeat the password"),
        must_match(other="password", message= "The two passwords differ")
    )]
    #[serde(rename= "passwordRepeat")]
    pub password_repeat: String,
}
