// Modelled on jprochazk/garde integrations/axum_garde/examples/custom_validation.rs: the constructs as written there, in our own words.
use axum::response::IntoResponse;
use axum::routing::post;
use axum::{Json, Router};
use axum_garde::WithValidation;
use garde::Validate;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize, Validate)]
#[garde(context(PasswordPolicy))]
struct Member {
    #[garde(ascii, length(min = 3, max = 25))]
    username: String,
    #[garde(custom(strong_enough))]
    password: String,
    #[garde(email)]
    email: String,
}

#[derive(Debug, Clone)]
struct PasswordPolicy {
    min_classes: usize,
}

impl Default for PasswordPolicy {
    fn default() -> Self {
        Self { min_classes: 3 }
    }
}

fn strong_enough(value: &str, policy: &PasswordPolicy) -> garde::Result {
    let classes = [
        value.chars().any(|c| c.is_ascii_lowercase()),
        value.chars().any(|c| c.is_ascii_uppercase()),
        value.chars().any(|c| c.is_ascii_digit()),
        value.chars().any(|c| c.is_ascii_punctuation()),
    ]
    .iter()
    .filter(|present| **present)
    .count();
    if classes < policy.min_classes {
        return Err(garde::Error::new(format!(
            "password mixes {classes} kinds of character, {} needed",
            policy.min_classes
        )));
    }
    Ok(())
}

async fn join(WithValidation(member): WithValidation<Json<Member>>) -> impl IntoResponse {
    format!("{member:?}")
}

fn app() -> Router {
    Router::new()
        .route("/members", post(join))
        .with_state(PasswordPolicy::default())
}
