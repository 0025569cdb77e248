use overhead_validate::ValidateOnDeserialize;

fn short(value: &u32) -> bool {
    *value < 3
}

#[derive(ValidateOnDeserialize)]
struct Signup {
    #[validate(custom(function = "short"))]
    username: String,
}

fn main() {}
