// Modelled on Grafcube/wordforge src/util.rs: the constructs as written there, in our own words.
use actix_web::{post, web, HttpResponse, Responder};
use lazy_static::lazy_static;
use regex::Regex;
use serde::Deserialize;
use validator::Validate;

lazy_static! {
    pub static ref HANDLE_RE: Regex = Regex::new(r"(?i)^[a-z0-9._-]+$").unwrap();
}

#[derive(Debug, Deserialize, Validate)]
pub struct NewAuthor {
    #[validate(length(min = 3, max = 32), regex(path = *HANDLE_RE))]
    pub handle: String,
    #[validate(length(min = 1, max = 64))]
    pub pen_name: String,
    #[validate(email)]
    pub email: String,
    #[validate(length(min = 10, max = 256))]
    pub password: String,
    #[validate(url)]
    pub website: Option<String>,
}

#[post("/authors")]
pub async fn register_author(form: web::Json<NewAuthor>) -> impl Responder {
    match form.validate() {
        Ok(()) => HttpResponse::Created().finish(),
        Err(e) => HttpResponse::BadRequest().json(e),
    }
}
