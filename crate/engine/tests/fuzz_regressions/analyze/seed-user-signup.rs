use overhead_validate::Validate;
use serde::Deserialize;

/// A sign-up request, as in seed 000 (domainstack's serde integration benchmark).
#[derive(Debug, Deserialize, Validate)]
pub struct UserSignup {
    #[validate(email, max_len = 255)]
    pub email: String,
    #[validate(range(min = 18, max = 120))]
    pub age: u8,
    #[validate(alphanumeric, min_len = 3, max_len = 20)]
    pub username: String,
}
