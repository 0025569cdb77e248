// Modelled on AnatoliiShliakhto/mtc-cms, mtc-api/src/model/user_model.rs: the constructs as written there, in our own words.
use serde::{Deserialize, Serialize};
use serde_json::Value;
use surrealdb::sql::Datetime;
use validator::Validate;

use crate::model::from_thing;

#[derive(Serialize, Debug, Deserialize, Clone)]
pub struct VolunteerModel {
    #[serde(deserialize_with = "from_thing")]
    pub id: String,
    pub handle: String,
    #[serde(skip_serializing)]
    pub passcode: String,
    pub suspended: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra: Option<Value>,
    pub created_at: Datetime,
    pub updated_at: Datetime,
}

#[derive(Deserialize, Validate)]
pub struct VolunteerCreateModel {
    pub passcode: String,
}

#[derive(Deserialize, Validate)]
pub struct VolunteerUpdateModel {
    pub extra: Option<Value>,
}

#[derive(Deserialize, Validate)]
pub struct VolunteerChangePasscodeModel {
    #[validate(length(min = 8, message = "Passcode needs 8 characters at least"))]
    pub passcode: String,
    #[validate(must_match(other = "passcode"))]
    pub confirm_passcode: String,
}

#[derive(Deserialize, Validate)]
pub struct VolunteerAssignShiftsModel {
    pub shifts: Vec<String>,
}
