// Modelled on ranger-ross/actix-web-validation README.md: the constructs as written there, in our own words.
use actix_web::{post, web::Json, HttpResponse, Responder};
use actix_web_validation::Validated;
use garde::Validate;
use serde::Deserialize;

#[derive(Debug, Validate, Deserialize)]
pub struct Guest {
    #[garde(length(min = 1, max = 60))]
    pub name: String,
    #[garde(inner(range(max = 17)))]
    pub child_age: Option<u8>,
}

#[derive(Debug, Validate, Deserialize)]
pub struct Rsvp {
    #[garde(required, email)]
    pub contact_email: Option<String>,
    #[garde(length(min = 1, max = 8), dive)]
    pub guests: Vec<Guest>,
    #[garde(length(max = 300))]
    pub dietary_notes: Option<String>,
}

#[post("/rsvp")]
async fn rsvp(Validated(Json(payload)): Validated<Json<Rsvp>>) -> impl Responder {
    HttpResponse::Ok().body(format!("{} guests", payload.guests.len()))
}
