//! Serialization: a flattened child writes its fields into its parent's struct.

use serde::Serializer;
use serde::ser::SerializeStruct;

/// A struct whose fields, its flattened children's included, can be written into
/// a `serialize_struct` that someone else opened.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is flattened into a `#[derive(FastFlatten)]` struct, so it must derive `FastFlatten` too",
    label = "a flattened field's type does not derive `FastFlatten`"
)]
pub trait FlattenSerialize {
    /// The type's name, as serde would give it.
    const NAME: &'static str;

    /// How many fields this value writes (a format such as CBOR writes the count
    /// first, so fields that `skip_serializing_if` leaves out are not counted).
    fn field_count(&self) -> usize;

    fn serialize_fields<S: SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error>;
}

/// `Serialize::serialize` for a derived type: one struct holding every field.
#[inline]
pub fn serialize<T: FlattenSerialize + ?Sized, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut s = serializer.serialize_struct(T::NAME, value.field_count())?;
    value.serialize_fields(&mut s)?;
    s.end()
}
