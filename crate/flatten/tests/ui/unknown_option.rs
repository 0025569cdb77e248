use overhead_flatten::FastFlatten;

#[derive(FastFlatten)]
#[fast_flatten(validated)]
struct Event {
    id: u32,
}

fn main() {}
