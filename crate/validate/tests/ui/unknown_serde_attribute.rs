use overhead_validate::ValidateOnDeserialize;

#[derive(ValidateOnDeserialize)]
struct Signup {
    #[serde(bogus)]
    #[validate(email)]
    email: String,
}

fn main() {}
