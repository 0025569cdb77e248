// Modelled on hmziqrs/ruxlog-backend, src/modules/post_v1/validator.rs: the constructs as written there, in our own words.
use sea_orm::prelude::DateTimeWithTimeZone;
use serde::{Deserialize, Serialize};
use validator::Validate;

use crate::db::sea_models::sighting::{NewSighting, SightingQuery, SightingState, UpdateSighting};

#[derive(Debug, Deserialize, Serialize, Validate)]
pub struct V1CreateSightingPayload {
    #[validate(length(min = 1, max = 180))]
    pub headline: String,
    #[validate(length(min = 1))]
    pub field_notes: String,
    pub observed_at: Option<DateTimeWithTimeZone>,
    #[serde(default)]
    pub is_public: bool,
    #[validate(length(min = 1, max = 180))]
    pub handle: String,
    #[validate(length(max = 400))]
    pub summary: Option<String>,
    pub cover_photo: Option<String>,
    pub habitat_id: i32,
    #[serde(default = "Vec::new")]
    pub species_ids: Vec<i32>,
}

impl V1CreateSightingPayload {
    pub fn into_new_sighting(self, observer_id: i32) -> NewSighting {
        NewSighting {
            headline: self.headline,
            field_notes: self.field_notes,
            observer_id,
            observed_at: self.observed_at,
            state: if self.is_public {
                SightingState::Shared
            } else {
                SightingState::Private
            },
            handle: self.handle,
            summary: self.summary,
            cover_photo: self.cover_photo,
            habitat_id: self.habitat_id,
            view_count: 0,
            star_count: 0,
            species_ids: self.species_ids,
        }
    }
}

#[derive(Debug, Deserialize, Serialize, Validate)]
pub struct V1UpdateSightingPayload {
    #[validate(length(min = 1, max = 180))]
    pub headline: Option<String>,
    #[validate(length(min = 1))]
    pub field_notes: Option<String>,
    pub observed_at: Option<DateTimeWithTimeZone>,
    pub state: Option<SightingState>,
    #[validate(length(min = 1, max = 180))]
    pub handle: Option<String>,
    #[validate(length(max = 400))]
    pub summary: Option<String>,
    pub cover_photo: Option<String>,
    pub habitat_id: Option<i32>,
    pub species_ids: Option<Vec<i32>>,
}

impl V1UpdateSightingPayload {
    pub fn into_update_sighting(self) -> UpdateSighting {
        UpdateSighting {
            headline: self.headline,
            field_notes: self.field_notes,
            observed_at: self.observed_at,
            updated_at: chrono::Utc::now().fixed_offset(),
            state: self.state,
            handle: self.handle,
            summary: self.summary,
            cover_photo: self.cover_photo,
            habitat_id: self.habitat_id,
            view_count: None,
            star_count: None,
            species_ids: self.species_ids,
        }
    }
}

#[derive(Debug, Deserialize, Serialize, Validate, Clone)]
pub struct V1SightingQueryParams {
    pub page: Option<u64>,
    pub observer_id: Option<i32>,
    pub habitat_id: Option<i32>,
    pub state: Option<SightingState>,
    pub search: Option<String>,
    pub sort_by: Option<Vec<String>>,
    pub sort_order: Option<String>,
    pub species_ids: Option<Vec<i32>>,
    pub headline: Option<String>,
}

impl V1SightingQueryParams {
    pub fn into_sighting_query(self) -> SightingQuery {
        SightingQuery {
            page_no: self.page,
            observer_id: self.observer_id,
            habitat_id: self.habitat_id,
            state: self.state,
            search: self.search,
            sort_by: self.sort_by,
            sort_order: self.sort_order,
            species_ids: self.species_ids,
            headline: self.headline,
            created_at: None,
            updated_at: None,
            observed_at: None,
        }
    }
}
