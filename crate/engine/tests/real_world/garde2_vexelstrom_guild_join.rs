// Modelled on aumetra/vexelstrom, src/http/routes/user/mod.rs: the constructs as written there, in our own words.
use axum::Form;
use axum_valid::Garde;
use garde::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
pub struct JoinGuild {
    #[garde(length(min = 1))]
    login: String,
    #[garde(email)]
    email: String,
    #[garde(length(min = 1))]
    secret: String,
    #[garde(matches(secret))]
    secret_again: String,
}

pub async fn join(Garde(Form(data)): Garde<Form<JoinGuild>>) -> String {
    format!("welcome to the guild, {}", data.email)
}
