// Modelled on GPeaky/intelli-api, src/dtos/user.rs: the constructs as written there, in our own words.
// Here: the players of a chess club; a response struct holding the crate's `Arc<Player>` and
// `Vec<Tournament>` (no rules) is not modelled.
use crate::model::{Tournament, Player};
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_trim::{option_string_trim, string_trim};
use std::sync::Arc;

#[derive(Debug, Deserialize, Validate)]
pub struct EditPlayer {
    #[serde(default, deserialize_with = "option_string_trim")]
    #[garde(inner(ascii, length(min = 2, max = 16)))]
    pub nickname: Option<String>,
    #[serde(default, deserialize_with = "option_string_trim")]
    #[garde(inner(ascii, length(min = 12, max = 200)))]
    pub portrait: Option<String>,
}

#[derive(Debug, Deserialize, Validate)]
pub struct InvitePlayer {
    #[serde(deserialize_with = "string_trim")]
    #[garde(email)]
    pub mailbox: String,
}

#[derive(Debug, Deserialize, Validate)]
pub struct PlayerIdPath {
    #[garde(range(min = 300000000, max = 399999999))]
    pub id: i32,
}
