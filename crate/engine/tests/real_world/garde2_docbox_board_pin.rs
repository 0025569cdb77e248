// Modelled on docbox-nz/docbox, packages/docbox-http/src/models/link.rs: the constructs as written there, in our own words.
use crate::error::HttpError;
use axum::http::StatusCode;
use pinboard_core::{database::models::board::BoardId, pins::create_pin::CreatePinError};
use garde::Validate;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use utoipa::ToSchema;

/// Request to pin a link on a board
#[derive(Debug, Validate, Deserialize, ToSchema)]
pub struct CreatePin {
    /// Caption shown on the pin
    #[garde(length(min = 1, max = 140))]
    #[schema(min_length = 1, max_length = 140)]
    pub caption: String,

    /// Address the pin points at
    #[garde(length(min = 1))]
    #[schema(min_length = 1)]
    pub target: String,

    /// Board to pin it on
    #[garde(skip)]
    #[schema(value_type = Uuid)]
    pub board_id: BoardId,
}

/// Request to change a pin
#[derive(Debug, Validate, Deserialize, ToSchema)]
pub struct UpdatePinRequest {
    /// New caption
    #[garde(inner(length(min = 1, max = 140)))]
    #[schema(min_length = 1, max_length = 140)]
    pub caption: Option<String>,

    /// New address
    #[garde(inner(length(min = 1)))]
    #[schema(min_length = 1)]
    pub target: Option<String>,

    /// Board to move the pin to
    #[garde(skip)]
    #[schema(value_type = Option<Uuid>)]
    pub board_id: Option<BoardId>,

    /// Whether the pin stays at the top
    #[garde(skip)]
    #[schema(value_type = Option<bool>)]
    pub sticky: Option<bool>,
}

/// What the pinned page says about itself
#[derive(Debug, Serialize, ToSchema)]
pub struct PinPreviewResponse {
    /// The page title
    pub title: Option<String>,
    /// The OpenGraph title
    pub og_title: Option<String>,
    /// The OpenGraph description
    pub og_description: Option<String>,

    /// Whether an icon was found
    pub icon: bool,
    /// Whether a picture was found
    pub picture: bool,
}

#[derive(Debug, Error)]
pub enum HttpPinError {
    #[error("unknown pin")]
    UnknownPin,

    #[error("invalid pin target")]
    InvalidPinTarget,

    /// Creating the pin failed
    #[error(transparent)]
    CreateError(CreatePinError),

    // A page we cannot read is a 404: there is nothing to show
    #[error("could not read the page")]
    FailedPreview,

    #[error("page has no icon")]
    NoIcon,

    #[error("page has no picture")]
    NoPicture,
}

impl HttpError for HttpPinError {
    fn status(&self) -> axum::http::StatusCode {
        match self {
            HttpPinError::UnknownPin
            | HttpPinError::NoIcon
            | HttpPinError::NoPicture
            | HttpPinError::FailedPreview => StatusCode::NOT_FOUND,
            HttpPinError::InvalidPinTarget => StatusCode::BAD_REQUEST,
            HttpPinError::CreateError(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}
