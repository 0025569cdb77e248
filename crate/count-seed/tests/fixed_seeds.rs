//! Linked into this test, the library stands in for glibc's `getrandom` as it
//! does when preloaded: std's hash maps get the same keys in every thread (and
//! every process), where they would otherwise differ.

// The library's symbol is what this test is about; nothing of it is called by name.
use overhead_count_seed as _;

use std::hash::{BuildHasher, RandomState};

fn hash_in_a_fresh_thread() -> u64 {
    std::thread::spawn(|| RandomState::new().hash_one("the same key"))
        .join()
        .expect("the thread hashes")
}

#[test]
fn hash_maps_get_the_same_keys_in_every_thread() {
    assert_eq!(hash_in_a_fresh_thread(), hash_in_a_fresh_thread());
}
