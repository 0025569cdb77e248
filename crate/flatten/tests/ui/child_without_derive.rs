use overhead_flatten::FastFlatten;

struct Meta {
    lang: String,
}

#[derive(FastFlatten)]
struct Page {
    id: u32,
    #[serde(flatten)]
    meta: Meta,
}

fn main() {}
