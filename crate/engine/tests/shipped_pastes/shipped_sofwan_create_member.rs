// Modelled on SofwanCoder/rust-project-api src/contracts/user.rs: the constructs as written there, in our own words.
use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::domain::{DisplayName, Username};

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct CreateMember {
    #[validate(length(min = 3, max = 20, message = "Username must be 3 to 20 characters"))]
    pub username: Username,
    #[validate(length(max = 40))]
    pub display_name: Option<DisplayName>,
    #[validate(email)]
    pub email: String,
    #[validate(length(min = 6, message = "Password must be at least 6 characters"))]
    pub password: String,
}
