// Modelled on VoidValue-Team/Calagopus-Support-Tickets, backend-extensions/team_voidvalue_tickets/src/models/mod.rs: the constructs as written there, in our own words.
use chrono::{DateTime, Utc};
use garde::Validate;
use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

#[derive(Clone, Copy, Debug, Deserialize, Serialize, sqlx::Type, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[sqlx(type_name = "bike_shop_order_status", rename_all = "snake_case")]
pub enum OrderStatus {
    Received,
    WaitingForParts,
    WaitingForOwner,
    OnTheStand,
    Ready,
    Collected,
}

impl OrderStatus {
    pub fn may_move_to(self, next: Self, reopen_allowed: bool) -> bool {
        use OrderStatus::*;
        match (self, next) {
            (a, b) if a == b => true,
            (Collected, Received) => reopen_allowed,
            (Collected, _) => false,
            (_, Collected) | (_, Ready) => true,
            (Ready, Received | OnTheStand | WaitingForParts | WaitingForOwner) => reopen_allowed,
            (_, Received | OnTheStand | WaitingForParts | WaitingForOwner) => true,
        }
    }

    pub fn owner_may_set(self) -> bool {
        matches!(self, Self::Received | Self::Collected)
    }
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, sqlx::Type, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
#[sqlx(type_name = "bike_shop_order_urgency", rename_all = "snake_case")]
pub enum Urgency {
    Whenever,
    Normal,
    Soon,
    Today,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum OrderView {
    Active,
    Archived,
}

#[derive(Clone, Debug, FromRow, Serialize, ToSchema)]
pub struct Workbench {
    pub uuid: Uuid,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub position: i32,
    pub default_urgency: Urgency,
    pub quote_within_minutes: i32,
    pub fix_within_minutes: i32,
}

#[derive(Clone, Debug, FromRow, Serialize, ToSchema)]
pub struct OrderSummary {
    pub uuid: Uuid,
    pub number: i64,
    pub code: String,
    pub owner_uuid: Uuid,
    pub owner_name: String,
    pub bike_uuid: Option<Uuid>,
    pub workbench_uuid: Uuid,
    pub subject: String,
    pub status: OrderStatus,
    pub urgency: Urgency,
    pub mechanic_uuid: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub quote_due_at: DateTime<Utc>,
    pub fix_due_at: DateTime<Utc>,
    pub overdue: bool,
}

#[derive(Clone, Debug, FromRow, Serialize, ToSchema)]
pub struct OrderNote {
    pub uuid: Uuid,
    pub order_uuid: Uuid,
    pub author_uuid: Option<Uuid>,
    pub body: String,
    pub created_at: DateTime<Utc>,
    pub edited_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct CreateOrderPayload {
    #[garde(length(chars, min = 3, max = 160))]
    #[schema(min_length = 3, max_length = 160)]
    pub subject: String,
    #[garde(length(chars, min = 1, max = 8000))]
    #[schema(min_length = 1, max_length = 8000)]
    pub description: String,
    #[garde(skip)]
    pub workbench_uuid: Uuid,
    #[garde(skip)]
    pub bike_uuid: Option<Uuid>,
    #[garde(skip)]
    pub urgency: Option<Urgency>,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct PartsRequestPayload {
    #[garde(length(min = 1, max = 40), inner(length(chars, min = 1, max = 96)))]
    pub parts: Vec<String>,
    #[garde(range(min = 1, max = 20160))]
    pub hold_minutes: u32,
    #[garde(length(chars, min = 3, max = 400))]
    pub reason: String,
}

#[derive(Debug, Deserialize, Validate, IntoParams, ToSchema)]
pub struct OrderListQuery {
    #[garde(range(min = 1))]
    pub page: Option<i64>,
    #[garde(range(min = 1, max = 50))]
    pub per_page: Option<i64>,
    #[garde(length(chars, max = 160))]
    pub search: Option<String>,
    #[garde(skip)]
    pub view: Option<OrderView>,
    #[garde(skip)]
    pub status: Option<OrderStatus>,
    #[garde(skip)]
    pub urgency: Option<Urgency>,
    #[garde(skip)]
    pub workbench_uuid: Option<Uuid>,
    #[garde(skip)]
    pub mechanic_uuid: Option<Uuid>,
    #[garde(skip)]
    pub bike_uuid: Option<Uuid>,
    #[garde(length(chars, max = 160))]
    pub owner_search: Option<String>,
    #[garde(skip)]
    pub overdue: Option<bool>,
    #[garde(length(chars, max = 32))]
    pub label: Option<String>,
    #[garde(skip)]
    pub created_from: Option<DateTime<Utc>>,
    #[garde(skip)]
    pub created_to: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Page<T> {
    pub total: i64,
    pub per_page: i64,
    pub page: i64,
    pub data: Vec<T>,
}

#[cfg(test)]
mod tests {
    use super::{OrderListQuery, OrderStatus::*};
    use garde::Validate;

    #[test]
    fn collected_needs_an_explicit_reopen() {
        assert!(!Collected.may_move_to(Received, false));
        assert!(Collected.may_move_to(Received, true));
    }

    #[test]
    fn list_query_refuses_bad_paging() {
        let query = OrderListQuery {
            page: Some(0),
            per_page: Some(51),
            search: None,
            view: None,
            status: None,
            urgency: None,
            workbench_uuid: None,
            mechanic_uuid: None,
            bike_uuid: None,
            owner_search: None,
            overdue: None,
            label: None,
            created_from: None,
            created_to: None,
        };
        assert!(query.validate().is_err());
    }
}
