use overhead_flatten::FastFlatten;

#[derive(FastFlatten)]
struct Pair(u32, u32);

fn main() {}
