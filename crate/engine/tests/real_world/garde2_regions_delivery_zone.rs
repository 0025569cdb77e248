// Modelled on Luxxy-Hosting/Calagopus-Regions, backend/src/models.rs: the constructs as written there, in our own words.
use chrono::{DateTime, Utc};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(ToSchema, Serialize, Clone)]
pub struct ApiDeliveryZone {
    pub uuid: Uuid,
    pub name: String,
    pub country_code: String,
    pub district: Option<String>,
    pub active: bool,
    pub van_uuids: Vec<Uuid>,
    pub created: DateTime<Utc>,
    pub updated: DateTime<Utc>,
}

#[derive(ToSchema, Validate, Deserialize, Clone)]
pub struct CreateDeliveryZoneRequest {
    #[garde(length(min = 1, max = 80))]
    pub name: String,
    #[garde(length(min = 2, max = 2))]
    pub country_code: String,
    #[garde(inner(length(max = 60)))]
    pub district: Option<String>,
    #[garde(skip)]
    pub active: Option<bool>,
    #[garde(skip)]
    pub van_uuids: Option<Vec<Uuid>>,
}

#[derive(ToSchema, Validate, Deserialize, Clone)]
pub struct UpdateDeliveryZoneRequest {
    #[garde(inner(length(min = 1, max = 80)))]
    pub name: Option<String>,
    #[garde(inner(length(min = 2, max = 2)))]
    pub country_code: Option<String>,
    #[garde(inner(length(max = 60)))]
    pub district: Option<String>,
    #[garde(skip)]
    pub active: Option<bool>,
    #[garde(skip)]
    pub van_uuids: Option<Vec<Uuid>>,
}

#[derive(ToSchema, Serialize, Clone)]
pub struct ApiBakeryZone {
    pub uuid: Uuid,
    pub name: String,
    pub country_code: String,
    pub district: Option<String>,
}
