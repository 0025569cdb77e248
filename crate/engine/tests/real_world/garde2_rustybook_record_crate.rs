// Modelled on dtorannpu/rusty-book-manager, api/src/model/book.rs: the constructs as written there, in our own words.
use super::member::RecordOwner;
use derive_new::new;
use garde::Validate;
use kernel::model::record::event::UpdateRecord;
use kernel::model::record::{event::CreateRecord, Record, RecordListOptions};
use kernel::model::id::{RecordId, MemberId};
use kernel::model::list::PaginatedList;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CreateRecordRequest {
    #[garde(length(min = 1))]
    pub title: String,
    #[garde(length(min = 1))]
    pub artist: String,
    #[garde(length(min = 1))]
    pub catalogue_no: String,
    #[garde(skip)]
    pub sleeve_notes: String,
}

impl From<CreateRecordRequest> for CreateRecord {
    fn from(value: CreateRecordRequest) -> Self {
        let CreateRecordRequest {
            title,
            artist,
            catalogue_no,
            sleeve_notes,
        } = value;
        Self {
            title,
            artist,
            catalogue_no,
            sleeve_notes,
        }
    }
}

#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRecordRequest {
    #[garde(length(min = 1))]
    pub title: String,
    #[garde(length(min = 1))]
    pub artist: String,
    #[garde(length(min = 1))]
    pub catalogue_no: String,
    #[garde(skip)]
    pub sleeve_notes: String,
}

#[derive(new)]
pub struct UpdateRecordRequestWithIds(RecordId, MemberId, UpdateRecordRequest);

impl From<UpdateRecordRequestWithIds> for UpdateRecord {
    fn from(value: UpdateRecordRequestWithIds) -> Self {
        let UpdateRecordRequestWithIds(
            record_id,
            member_id,
            UpdateRecordRequest {
                title,
                artist,
                catalogue_no,
                sleeve_notes,
            },
        ) = value;
        Self {
            record_id,
            title,
            artist,
            catalogue_no,
            sleeve_notes,
            requested_by: member_id,
        }
    }
}

#[derive(Debug, Deserialize, Validate)]
pub struct RecordListQuery {
    #[garde(range(min = 0))]
    #[serde(default = "default_limit")]
    pub limit: i64,
    #[garde(range(min = 0))]
    #[serde(default)]
    pub offset: i64,
}

const DEFAULT_LIMIT: i64 = 25;
const fn default_limit() -> i64 {
    DEFAULT_LIMIT
}

impl From<RecordListQuery> for RecordListOptions {
    fn from(value: RecordListQuery) -> Self {
        let RecordListQuery { limit, offset } = value;
        Self { limit, offset }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordResponse {
    pub id: RecordId,
    pub title: String,
    pub artist: String,
    pub catalogue_no: String,
    pub sleeve_notes: String,
    pub owner: RecordOwner,
}

impl From<Record> for RecordResponse {
    fn from(value: Record) -> Self {
        let Record {
            id,
            title,
            artist,
            catalogue_no,
            sleeve_notes,
            owner,
        } = value;
        Self {
            id,
            title,
            artist,
            catalogue_no,
            sleeve_notes,
            owner: owner.into(),
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaginatedRecordResponse {
    pub total: i64,
    pub limit: i64,
    pub offset: i64,
    pub items: Vec<RecordResponse>,
}

impl From<PaginatedList<Record>> for PaginatedRecordResponse {
    fn from(value: PaginatedList<Record>) -> Self {
        let PaginatedList {
            total,
            limit,
            offset,
            items,
        } = value;
        Self {
            total,
            limit,
            offset,
            items: items.into_iter().map(RecordResponse::from).collect(),
        }
    }
}
