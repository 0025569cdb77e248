//! The crates a person's definitions may name beside serde, serde_json and
//! the validators: this crate's `[dependencies]` is the list, and a crate
//! built on demand for a person's definitions depends on the same crates by
//! the same versions and features (its manifest copies the table), so that
//! `use uuid::Uuid;` in a paste compiles as it does in the person's build.
//! Being a workspace member puts them in Cargo.lock, which such a crate
//! builds against offline.
//!
//! Nothing here is called: the re-exports only keep the dependencies used.

pub use chrono;
pub use humantime_serde;
pub use lazy_static;
pub use once_cell;
pub use regex;
pub use rust_decimal;
pub use serde_bytes;
pub use serde_trim;
pub use serde_with;
pub use time;
pub use url;
pub use uuid;
