//! A flatten codec for serde that does not buffer.
//!
//! serde's `#[serde(flatten)]` reads every key its struct does not know into an
//! intermediate `Content` tree, then re-reads that tree for each flattened child.
//! That costs about twice the unflattened decode, cannot work with formats that
//! are not self-describing (postcard, bincode: serde-rs/serde#1183, #1529), and
//! lets unknown keys through `deny_unknown_fields` (serde-rs/serde#2283).
//!
//! Here a struct and its flattened children are one field table known at compile
//! time. Each key is identified once ([`FlattenDeserialize::field`]) as one of the
//! struct's own fields or one of a child's, and its value is read straight into
//! the child's partial state: no buffering, no second pass. Serialization writes
//! the children's fields into the parent's `serialize_struct`, so a sequence
//! format sees one flat struct and JSON reads exactly as serde's flatten writes it.
//!
//! The traits are implemented by `#[derive(FastFlatten)]` (from `overhead-derive`,
//! re-exported here), which reads the serde attributes through `overhead-schema`:
//! `rename`, `rename_all`, `alias`, `default`, `skip`, `skip_serializing`,
//! `skip_deserializing`, `skip_serializing_if`, `flatten` and `deny_unknown_fields`.

mod de;
mod ser;

pub use de::{FlattenDeserialize, FlattenFields, concat, deserialize, missing_field, next_element};
pub use ser::{FlattenSerialize, serialize};

#[cfg(feature = "derive")]
pub use overhead_derive::FastFlatten;

/// What derived code names; not part of the public API.
#[doc(hidden)]
pub mod __private {
    pub use serde;
}
