// Modelled on tokio-rs/axum, examples/todos/src/main.rs: the constructs as written there, renamed (todos -> chores).
use axum::{
    error_handling::HandleErrorLayer,
    extract::{Path, Query, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, patch},
    Json, Router,
};
use serde::{Deserialize, Serialize};
use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
    time::Duration,
};
use tower::{BoxError, ServiceBuilder};
use tower_http::trace::TraceLayer;
use uuid::Uuid;

// The query parameters for the chores index
#[derive(Debug, Deserialize, Default)]
pub struct Pagination {
    pub offset: Option<usize>,
    pub limit: Option<usize>,
}

async fn chores_index(pagination: Query<Pagination>, State(db): State<Db>) -> impl IntoResponse {
    let chores = db.read().unwrap();

    let chores = chores
        .values()
        .skip(pagination.offset.unwrap_or(0))
        .take(pagination.limit.unwrap_or(usize::MAX))
        .cloned()
        .collect::<Vec<_>>();

    Json(chores)
}

#[derive(Debug, Deserialize)]
struct CreateChore {
    text: String,
}

async fn chores_create(State(db): State<Db>, Json(input): Json<CreateChore>) -> impl IntoResponse {
    let chore = Chore {
        id: Uuid::new_v4(),
        text: input.text,
        completed: false,
    };

    db.write().unwrap().insert(chore.id, chore.clone());

    (StatusCode::CREATED, Json(chore))
}

#[derive(Debug, Deserialize)]
struct UpdateChore {
    text: Option<String>,
    completed: Option<bool>,
}

async fn chores_update(
    Path(id): Path<Uuid>,
    State(db): State<Db>,
    Json(input): Json<UpdateChore>,
) -> Result<impl IntoResponse, StatusCode> {
    let mut chore = db
        .read()
        .unwrap()
        .get(&id)
        .cloned()
        .ok_or(StatusCode::NOT_FOUND)?;

    if let Some(text) = input.text {
        chore.text = text;
    }

    if let Some(completed) = input.completed {
        chore.completed = completed;
    }

    db.write().unwrap().insert(chore.id, chore.clone());

    Ok(Json(chore))
}

async fn chores_delete(Path(id): Path<Uuid>, State(db): State<Db>) -> impl IntoResponse {
    if db.write().unwrap().remove(&id).is_some() {
        StatusCode::NO_CONTENT
    } else {
        StatusCode::NOT_FOUND
    }
}

type Db = Arc<RwLock<HashMap<Uuid, Chore>>>;

#[derive(Debug, Serialize, Clone)]
struct Chore {
    id: Uuid,
    text: String,
    completed: bool,
}
