// Modelled on vncommunityleague/vocolo, models/src/v1/osu/tournament.rs (types) and api/src/routes/v1/osu/tournaments.rs (handler): the constructs as written there, renamed (tournament -> league).
use bson::oid::ObjectId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::v1::osu::GameMode;

#[derive(Deserialize, Serialize, Debug, Clone, Eq, PartialEq)]
pub struct League {
    #[serde(serialize_with = "bson::serde_helpers::serialize_object_id_as_hex_string")]
    pub id: ObjectId,
    pub slug: String,
    pub name: String,

    pub mode: GameMode,

    #[serde(skip_serializing_if = "crate::if_false", default)]
    pub invite_only: bool,
    pub min_team_size: i16,
    pub max_team_size: i16,

    pub registration_start_date: DateTime<Utc>,
    pub registration_end_date: DateTime<Utc>,
}

#[derive(Deserialize, Serialize, Debug, Clone, Eq, PartialEq)]
pub struct LeagueTeam {
    pub id: ObjectId,
    pub name: String,

    pub captain: i32,
    pub players: Vec<i32>,
}

#[derive(Deserialize, Serialize, Debug, Clone, Eq, PartialEq)]
pub struct LeagueStaff {
    pub id: i32,
    pub role: LeagueStaffRole,
}

#[derive(Deserialize, Serialize, Debug, Clone, Eq, PartialEq)]
pub enum LeagueStaffRole {
    Organizer,

    Mappooler,
    Mapper,
    Testplayer,

    Referee,
    Streamer,
    Commentator,

    Staff,
    Designer,
    Developer,
}

// DTO

#[derive(garde::Validate, Deserialize, Debug)]
#[garde(allow_unvalidated)]
pub struct CreateLeagueRequest {
    #[garde(length(min = crate::MIN_SLUG_LENGTH, max = crate::MAX_SLUG_LENGTH))]
    pub slug: String,
    #[garde(length(min = crate::MIN_NAME_LENGTH, max = crate::MAX_NAME_LENGTH))]
    pub name: String,
    pub mode: GameMode,
    pub invite_only: Option<bool>,
    #[garde(range(min = 1, max = 16))]
    pub min_team_size: i16,
    #[garde(range(min = 1, max = 128))]
    pub max_team_size: i16,
    pub registration_start_date: Option<DateTime<Utc>>,
    pub registration_end_date: Option<DateTime<Utc>>,
}

#[derive(Serialize)]
pub struct CreateLeagueResponse {
    #[serde(serialize_with = "bson::serde_helpers::serialize_object_id_as_hex_string")]
    pub id: ObjectId,
    pub slug: String,
    pub name: String,
}

#[derive(garde::Validate, Deserialize, Debug)]
#[garde(allow_unvalidated)]
pub struct UpdateLeagueRequest {
    #[garde(length(min = crate::MIN_SLUG_LENGTH, max = crate::MAX_SLUG_LENGTH))]
    pub slug: Option<String>,
    pub name: Option<String>,
    pub mode: Option<GameMode>,
    pub invite_only: Option<bool>,
    #[garde(range(min = 1, max = 128))]
    pub min_team_size: Option<i16>,
    #[garde(range(min = 1, max = 128))]
    pub max_team_size: Option<i16>,
    pub registration_start_date: Option<DateTime<Utc>>,
    pub registration_end_date: Option<DateTime<Utc>>,
}

#[derive(garde::Validate, Deserialize, Debug)]
#[garde(allow_unvalidated)]
pub struct RegisterLeagueTeamRequest {
    #[garde(length(min = crate::MIN_NAME_LENGTH, max = crate::MAX_NAME_LENGTH))]
    pub name: String,
    pub players: Option<Vec<i32>>,
}

pub async fn league_create(
    connections: UserConnections,
    State(db): State<Database>,
    WithValidation(data): WithValidation<Json<v1::osu::CreateLeagueRequest>>,
) -> Result<(StatusCode, Json<v1::osu::CreateLeagueResponse>)> {
    let data = data.into_inner();

    let league: League = data.into();
    let id = league.create(&db).await?;

    Ok((
        StatusCode::CREATED,
        Json(v1::osu::CreateLeagueResponse {
            id,
            slug: league.slug,
            name: league.name,
        }),
    ))
}
