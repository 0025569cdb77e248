//! `'static` names for serde: `deserialize_struct` takes `&'static [&'static str]`
//! (postcard reads its length, serde-wasm-bindgen looks each name up), and a
//! violation's path segment is cheapest as a `&'static str`. Plans are rebuilt
//! as the user types, so names are interned: the same text is leaked once per
//! process, and the memory is bounded by the distinct names ever written.

use std::cell::RefCell;
use std::collections::HashSet;

thread_local! {
    static NAMES: RefCell<HashSet<&'static str>> = RefCell::new(HashSet::new());
    static SLICES: RefCell<HashSet<&'static [&'static str]>> = RefCell::new(HashSet::new());
}

pub fn intern(name: &str) -> &'static str {
    NAMES.with(|names| {
        let mut names = names.borrow_mut();
        if let Some(&known) = names.get(name) {
            return known;
        }
        let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
        names.insert(leaked);
        leaked
    })
}

pub fn intern_slice(names: &[&'static str]) -> &'static [&'static str] {
    SLICES.with(|slices| {
        let mut slices = slices.borrow_mut();
        if let Some(&known) = slices.get(names) {
            return known;
        }
        let leaked: &'static [&'static str] = Box::leak(names.to_vec().into_boxed_slice());
        slices.insert(leaked);
        leaked
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_text_is_leaked_once() {
        let a = intern("email");
        let b = intern(&String::from("email"));
        assert!(std::ptr::eq(a, b));
        let s1 = intern_slice(&[a, "age"]);
        let s2 = intern_slice(&[b, "age"]);
        assert!(std::ptr::eq(s1, s2));
    }
}
