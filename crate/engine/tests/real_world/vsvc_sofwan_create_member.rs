// Modelled on SofwanCoder/rust-project-api, src/contracts/user.rs: the constructs as written there, in our own words.
use serde::{Deserialize, Serialize};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct CreateMember {
    #[validate(length(min = 2, message = "Name must be longer than 2 chars"))]
    pub name: String,
    #[validate(
        email,
        contains(pattern = "rowingclub", message = "Email must be a rowingclub address")
    )]
    pub email: String,
    pub password: String,
}
