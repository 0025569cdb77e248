// Modelled on dennybiasiolli/reveal.js slides/rust-rocket/json-02-example.md: the constructs as written there, in our own words.
use rocket::serde::{Deserialize, json::Json};
use validator::Validate;

#[derive(Deserialize, Validate)]
#[serde(crate = "rocket::serde")]
struct Chore<'r> {
    #[validate(length(min = 1, max = 100))]
    description: &'r str,
    #[validate(length(max = 30))]
    room: &'r str,
    #[validate(range(min = 5, max = 240))]
    minutes: u16,
    done: bool,
}

#[post("/chores", data = "<chore>")]
fn add_chore(chore: Json<Chore<'_>>) -> Result<(), String> {
    chore.validate().map_err(|e| e.to_string())
}
