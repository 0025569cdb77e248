// garde's `dive((self.min, self.max))` into a type that takes no context:
// garde refuses it, and so do our derives, saying what to add.
use overhead_validate::Validate;
use serde::Deserialize;

#[derive(Deserialize, Validate)]
struct Inner {
    #[garde(length(max = 10))]
    field: String,
}

#[derive(Deserialize, Validate)]
struct Outer {
    #[garde(skip)]
    min: usize,
    #[garde(skip)]
    max: usize,
    #[garde(dive((self.min, self.max)))]
    inner: Inner,
}

fn main() {}
