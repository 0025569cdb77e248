// Modelled on storiny/web, apps/backend/src/routes/v1/auth/signup.rs: the constructs as written there, in our own words.
// Here: a library-card application form; no handler is modelled.
use crate::{
    config::{
        letters::LetterKind,
        blocked_handles::BLOCKED_HANDLES,
        handle_pattern::HANDLE_PATTERN,
    },
    failure::{
        ServiceFailure,
        FieldFailure,
        BannerFailure,
    },
    rpc::shelf::v2::TicketKind,
    queue::{
        letters::welcome_letter::WelcomeLetterTask,
        backend::TaskBackend,
    },
    guards::member::session::Member,
    LibraryState,
};
use actix_web::{
    post,
    web,
    HttpResponse,
};
use actix_web_validator::Json;
use apalis::prelude::Storage;
use argon2::{
    password_hash::{
        rand_core::OsRng,
        SaltString,
    },
    Argon2,
    PasswordHasher,
};
use email_address::EmailAddress;
use nanoid::nanoid;
use serde::{
    Deserialize,
    Serialize,
};
use slugify::slugify;
use sqlx::Row;
use time::{
    Duration,
    OffsetDateTime,
};
use validator::Validate;

#[derive(Debug, Serialize, Deserialize, Validate)]
struct CardApplication {
    #[validate(email(message = "That address cannot receive mail"))]
    #[validate(length(min = 5, max = 254, message = "Mail address too short or too long"))]
    contact_mail: String,
    #[validate(length(min = 2, max = 40, message = "Full name too short or too long"))]
    full_name: String,
    #[validate(regex = "HANDLE_PATTERN")]
    #[validate(length(min = 4, max = 20, message = "Reader handle too short or too long"))]
    reader_handle: String,
    #[validate(length(min = 8, max = 72, message = "Passphrase too short or too long"))]
    passphrase: String,
    #[validate(range(min = 1, max = 700, message = "Pages a week out of bounds"))]
    pages_per_week: u16,
}

#[derive(Debug, Serialize)]
struct WelcomeLetterFields {
    holder: String,
    address: String,
    pickup_link: String,
}

// The static the pattern rule above names (a constants module in the original).
use lazy_static::lazy_static;
use regex::Regex;

lazy_static! {
    pub static ref HANDLE_PATTERN: Regex = Regex::new(r"^[\w.]+$").unwrap();
}
