// Modelled on abdulhakim2902/marketplace-api (commit e8aafac), src/models/api/requests/mod.rs + filter_nft.rs (types) and src/http_server/controllers/collection.rs (handler): the constructs as written there, renamed (nft -> artwork).
use serde::{Deserialize, Deserializer};
use serde_with::{DisplayFromStr, PickFirst, serde_as};
use validator::{Validate, ValidationError, ValidationErrors};

use axum::{
    Json,
    extract::{Path, State},
    response::{IntoResponse, Response},
};

use crate::http_server::utils::validator::QueryValidator;

#[serde_as]
#[derive(Deserialize, Debug, Clone, Validate, Default)]
#[serde(rename_all = "camelCase")]
pub struct PagingRequest {
    #[validate(range(min = 1, message = "page must be greater than 0"))]
    #[serde_as(as = "PickFirst<(_, DisplayFromStr)>")]
    #[serde(default = "default_page")]
    pub page: i64,

    #[validate(range(min = 1, message = "page_size must be greater than 0"))]
    #[serde_as(as = "PickFirst<(_, DisplayFromStr)>")]
    #[serde(default = "default_page_size")]
    pub page_size: i64,
}

fn default_page() -> i64 {
    1
}

fn default_page_size() -> i64 {
    10
}

#[derive(Deserialize, Validate, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FilterArtwork {
    #[serde(default)]
    pub account: String,
    #[serde(flatten)]
    pub paging: PagingRequest,
}

pub async fn artworks<TInternalService: IInternalServices>(
    State(state): InternalState<TInternalService>,
    Path(id): Path<String>,
    QueryValidator(query): QueryValidator<FilterArtwork>,
) -> Response {
    match state
        .services
        .collection_service
        .fetch_collection_artworks(&id, &query)
        .await
    {
        Ok((data, total)) => Json(HttpResponsePaging { data, total }).into_response(),
        Err(err) => response_unhandled_err(err),
    }
}
