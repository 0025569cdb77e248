// Modelled on rwf2/Rocket, examples/serialization/src/json.rs: the constructs as written there, renamed (message -> note).
use std::borrow::Cow;

use rocket::State;
use rocket::tokio::sync::Mutex;
use rocket::serde::json::{Json, Value, json};
use rocket::serde::{Serialize, Deserialize};

// The type of a note's ID.
type Id = usize;

// All notes live here; no need for a DB.
type NoteList = Mutex<Vec<String>>;
type Notes<'r> = &'r State<NoteList>;

#[derive(Serialize, Deserialize)]
#[serde(crate = "rocket::serde")]
struct Note<'r> {
    id: Option<Id>,
    note: Cow<'r, str>
}

#[post("/", format = "json", data = "<note>")]
async fn new(note: Json<Note<'_>>, list: Notes<'_>) -> Value {
    let mut list = list.lock().await;
    let id = list.len();
    list.push(note.note.to_string());
    json!({ "status": "ok", "id": id })
}

#[put("/<id>", format = "json", data = "<note>")]
async fn update(id: Id, note: Json<Note<'_>>, list: Notes<'_>) -> Option<Value> {
    match list.lock().await.get_mut(id) {
        Some(existing) => {
            *existing = note.note.to_string();
            Some(json!({ "status": "ok" }))
        }
        None => None
    }
}

#[get("/<id>", format = "json")]
async fn get(id: Id, list: Notes<'_>) -> Option<Json<Note<'_>>> {
    let list = list.lock().await;

    Some(Json(Note {
        id: Some(id),
        note: list.get(id)?.to_string().into(),
    }))
}

#[catch(404)]
fn not_found() -> Value {
    json!({
        "status": "error",
        "reason": "Resource was not found."
    })
}
