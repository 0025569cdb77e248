use std::collections::HashMap;

use overhead_flatten::FastFlatten;

#[derive(FastFlatten)]
struct Event {
    id: u32,
    #[serde(flatten)]
    rest: HashMap<String, String>,
}

fn main() {}
