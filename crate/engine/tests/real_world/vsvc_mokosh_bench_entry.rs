// Modelled on psa-systems/mokosh-server, crates/mokosh-types/src/time_tracking.rs: the constructs as written there, in our own words.
//! Bench-time DTOs.

// `SignOffStatus` exposes `from_str(&str) -> Option<Self>` on purpose, like
// the other domain enums; it deliberately does not implement `std::str::FromStr`.
#![allow(clippy::should_implement_trait)]

use crate::repairs::InvoiceStatus;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;
use validator::Validate;

/// Sign-off state of one bench entry. Mirrors the
/// `signoff_status` column enum (`draft|waiting|signed|refused`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SignOffStatus {
    Draft,
    #[default]
    Waiting,
    Signed,
    Refused,
}

impl SignOffStatus {
    pub fn from_str(s: &str) -> Option<Self> {
        match s {
            "draft" => Some(Self::Draft),
            "waiting" => Some(Self::Waiting),
            "signed" => Some(Self::Signed),
            "refused" => Some(Self::Refused),
            _ => None,
        }
    }

    pub fn as_str(&self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Waiting => "waiting",
            Self::Signed => "signed",
            Self::Refused => "refused",
        }
    }
}

// ============================================================================
// Bench kinds
// ============================================================================

#[derive(Debug, Clone, Serialize)]
pub struct BenchKindResponse {
    pub id: Uuid,
    pub name: String,
    pub chargeable_by_default: bool,
    pub default_rate: Option<Decimal>,
    pub is_active: bool,
}

#[derive(Debug, Clone, Deserialize, Validate)]
pub struct UpsertBenchKindRequest {
    #[validate(length(min = 1, max = 80))]
    pub name: String,
    #[serde(default = "crate::default_true")]
    pub chargeable_by_default: bool,
    #[validate(custom(function = crate::validation::validate_rate))]
    pub default_rate: Option<Decimal>,
    #[serde(default = "crate::default_true")]
    pub is_active: bool,
}

// ============================================================================
// Bench entries
// ============================================================================

#[derive(Debug, Clone, Serialize)]
pub struct BenchEntryResponse {
    pub id: Uuid,
    pub volunteer_id: Uuid,
    pub date: NaiveDate,
    pub start_time: Option<NaiveTime>,
    pub end_time: Option<NaiveTime>,
    /// Minutes actually spent at the bench.
    pub spent_minutes: i32,
    pub bench_kind_id: Uuid,
    pub repair_id: Option<Uuid>,
    pub notes: Option<String>,
    pub chargeable: bool,
    pub invoice_status: InvoiceStatus,
    pub hourly_rate: Option<Decimal>,
    pub signoff_status: SignOffStatus,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Deserialize, Validate)]
pub struct CreateBenchEntryRequest {
    /// Only coordinators may book bench time for another volunteer.
    /// The route enforces that; the service trusts the caller.
    pub volunteer_id: Uuid,
    pub date: NaiveDate,
    pub start_time: Option<NaiveTime>,
    pub end_time: Option<NaiveTime>,
    /// Either send (start, end) and let the service count the minutes, or
    /// send `spent_minutes` directly. Capped at 720 (12h) so one entry can
    /// never cover more than a long shift.
    #[validate(range(min = 1, max = 720))]
    pub spent_minutes: Option<i32>,
    /// Minutes charged to the owner of the item. May be lower than the
    /// time spent (teaching time is free). Capped at 720 as well.
    #[validate(range(min = 0, max = 720))]
    #[serde(default)]
    pub charged_minutes: Option<i32>,
    pub bench_kind_id: Uuid,
    pub repair_id: Option<Uuid>,
    /// `repair` | `teaching` | `upkeep`. Derived from `repair_id` when left out.
    pub activity: Option<String>,
    pub notes: Option<String>,
    #[serde(default = "crate::default_true")]
    pub chargeable: bool,
    #[validate(custom(function = crate::validation::validate_rate))]
    pub hourly_rate: Option<Decimal>,
}

#[derive(Debug, Clone, Deserialize, Validate)]
pub struct RefuseSheetRequest {
    #[validate(length(min = 1, max = 800))]
    pub reason: String,
}

/// The body of a check-in. `date` is the volunteer's local day; absent, the
/// UTC date of the check-in.
#[derive(Debug, Clone, Deserialize, Default, Validate)]
pub struct CheckInRequest {
    pub date: Option<NaiveDate>,
}
