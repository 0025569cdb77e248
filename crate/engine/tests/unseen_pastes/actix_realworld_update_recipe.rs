// Modelled on fairingrey/actix-realworld-example-app, src/app/articles/mod.rs: the constructs as written there, renamed (articles -> recipes).
pub mod comments;

use actix_web::{HttpRequest, HttpResponse, web::Json, web::Path, web::Query, web::Data};
use actix_http::error::ResponseError;
use futures::{future::result, Future};
use validator::Validate;

use super::AppState;
use crate::app::profiles::ProfileResponseInner;
use crate::prelude::*;
use crate::utils::{
    auth::{authenticate, Auth},
    CustomDateTime,
};

#[derive(Debug, Deserialize)]
pub struct In<T> {
    recipe: T,
}

// Extractors ↓

#[derive(Debug, Deserialize)]
pub struct RecipePath {
    pub slug: String,
}

#[derive(Debug, Deserialize)]
pub struct RecipesParams {
    pub tag: Option<String>,
    pub author: Option<String>,
    pub favorited: Option<String>,
    pub limit: Option<usize>,  // <- 20 when not set
    pub offset: Option<usize>, // <- 0 when not set
}

// Client Messages ↓

#[derive(Debug, Validate, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateRecipe {
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub title: String,
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub description: String,
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub body: String,
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub tag_list: Vec<String>,
}

#[derive(Debug)]
pub struct CreateRecipeOuter {
    pub auth: Auth,
    pub recipe: CreateRecipe,
}

#[derive(Debug, Validate, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRecipe {
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub title: Option<String>,
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub description: Option<String>,
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub body: Option<String>,
    #[validate(length(min = "1", message = "fails validation - cannot be empty"))]
    pub tag_list: Option<Vec<String>>,
}

#[derive(Debug)]
pub struct UpdateRecipeOuter {
    pub auth: Auth,
    pub slug: String,
    pub recipe: UpdateRecipe,
}

#[derive(Debug)]
pub struct DeleteRecipe {
    pub auth: Auth,
    pub slug: String,
}

// Route handlers ↓

pub fn update(
    state: Data<AppState>,
    (path, form, req): (
        Path<RecipePath>,
        Json<In<UpdateRecipe>>,
        HttpRequest,
    ),
) -> impl Future<Item = HttpResponse, Error = Error> {
    let recipe = form.into_inner().recipe;

    let db = state.db.clone();

    result(recipe.validate())
        .from_err()
        .and_then(move |_| authenticate(&state, &req))
        .and_then(move |auth| {
            db.send(UpdateRecipeOuter {
                auth,
                slug: path.slug.to_owned(),
                recipe,
            })
            .from_err()
        })
        .and_then(|res| match res {
            Ok(res) => Ok(HttpResponse::Ok().json(res)),
            Err(e) => Ok(e.error_response()),
        })
}
