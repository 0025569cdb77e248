use overhead_validate::ValidateOnDeserialize;

#[derive(ValidateOnDeserialize)]
struct Envelope<T> {
    #[validate(non_empty)]
    id: String,
    payload: T,
}

fn main() {}
