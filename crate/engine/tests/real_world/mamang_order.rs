// Modelled on MamangRust/simple-microservice-ecommerce-rust-sqlx, crates/apigateway/src/domain/requests/order.rs: the constructs as written there, in our own words.
// Here: loans of a seed library.
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate, IntoParams)]
pub struct ListLoans {
    #[serde(default = "first_page")]
    pub page: i32,

    #[serde(default = "loans_per_page")]
    pub per_page: i32,

    #[serde(default)]
    pub query: String,
}

fn first_page() -> i32 {
    1
}

fn loans_per_page() -> i32 {
    25
}

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct OpenLoanRequest {
    #[validate(range(min = 1))]
    #[serde(rename = "member_id")]
    pub member_id: i32,

    #[validate(length(min = 1))]
    pub packets: Vec<LoanPacketRequest>,
}

#[derive(Debug, Serialize, Deserialize, Validate, ToSchema)]
pub struct AmendLoanRequest {
    #[serde(rename = "loan_id")]
    pub loan_id: Option<i32>,

    #[validate(range(min = 1))]
    #[serde(rename = "member_id")]
    pub member_id: i32,

    #[validate(length(min = 1))]
    pub packets: Vec<AmendPacketRequest>,
}

#[derive(Debug, Serialize, Deserialize, Validate, Clone, ToSchema)]
pub struct LoanPacketRequest {
    #[validate(range(min = 1))]
    #[serde(rename = "variety_id")]
    pub variety_id: i32,

    #[validate(range(min = 5))]
    pub grams: i32,

    #[validate(range(min = 2))]
    pub deposit: i32,
}

#[derive(Debug, Serialize, Deserialize, Validate, Clone, ToSchema)]
pub struct AmendPacketRequest {
    #[validate(range(min = 1))]
    #[serde(rename = "loan_packet_id")]
    pub loan_packet_id: i32,

    #[validate(range(min = 1))]
    #[serde(rename = "variety_id")]
    pub variety_id: i32,

    #[validate(range(min = 5))]
    pub grams: i32,

    #[validate(range(min = 2))]
    pub deposit: i32,
}
