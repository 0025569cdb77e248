// Modelled on lsy969999/playsy_axum src/models/test.rs: the constructs as written there, in our own words.
use std::sync::Arc;

use serde::Deserialize;
use validator::Validate;

use crate::models::{Email, PhoneNumber};

/// 협업자 초대 (invite a collaborator)
#[derive(Debug, Deserialize, Validate)]
pub struct InviteCollaborator {
    #[validate(email(message = "Not an email address"))]
    pub email: Email,
    #[validate(length(min = 7, max = 16))]
    pub phone: Option<PhoneNumber>,
    #[validate(length(min = 1, max = 12, message = "Can not be empty"))]
    pub role: Arc<str>,
    #[validate(length(max = 10))]
    pub note: Arc<str>,
}
