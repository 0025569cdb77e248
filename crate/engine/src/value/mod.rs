//! A decoded value, laid out by the plan: a struct is its fields' values in slot
//! order (no map per object), an enum its variant's index and payload.

mod default;
#[allow(unsafe_code)]
mod pool;
#[allow(unsafe_code)]
mod slots;

pub use default::{default_value, fill_default};
pub use pool::{reserve_rows, unit_slots};
pub use slots::Slots;

/// One value of some [`Ty`](crate::Ty); which variant holds it follows from the type.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `()`, a unit struct or an `Option`'s `None`.
    Unit,
    Bool(bool),
    I64(i64),
    U64(u64),
    I128(i128),
    U128(u128),
    F64(f64),
    Char(char),
    Str(Box<str>),
    /// Sequences, sets, arrays and tuples.
    Seq(Slots),
    /// A `Vec` of a struct laid out in rows (see [`StructPlan::in_rows`]):
    /// each element's slots after the one before's, `width` (the `u32`) of
    /// them each. One allocation for every element, as compiled code's `Vec<T>`.
    ///
    /// [`StructPlan::in_rows`]: crate::StructPlan::in_rows
    Rows(u32, Slots),
    /// String-keyed maps, in the order they are written.
    Map(Vec<(Box<str>, Value)>),
    /// A struct's fields, by slot.
    Struct(Slots),
    /// An enum: the variant's index and its payload (the value for a newtype
    /// variant, `Seq` for a tuple variant, `Struct` for a struct variant). Made
    /// by [`Value::variant`], which keeps a payload of `Unit` as a [`Value::Tag`].
    Variant(u32, Box<Value>),
    /// An enum's variant whose payload is `Unit` (a unit variant), by index:
    /// no allocation, as a C-like enum in compiled code is just its tag.
    Tag(u32),
    /// `serde_json::Value`, kept as it is.
    Json(Box<serde_json::Value>),
}

/// The payload a [`Value::Tag`] stands for.
static UNIT: Value = Value::Unit;

impl Value {
    /// An enum's value: the variant's index and its payload.
    #[inline]
    pub fn variant(index: u32, payload: Value) -> Value {
        match payload {
            Value::Unit => Value::Tag(index),
            payload => Value::Variant(index, Box::new(payload)),
        }
    }

    /// A `Unit`, borrowed for as long as needed.
    #[inline]
    pub fn unit() -> &'static Value {
        &UNIT
    }

    /// An enum's variant index and payload (`Unit` for a [`Value::Tag`]).
    #[inline]
    pub fn as_variant(&self) -> Option<(u32, &Value)> {
        match self {
            Value::Variant(index, payload) => Some((*index, payload)),
            Value::Tag(index) => Some((*index, &UNIT)),
            _ => None,
        }
    }

    /// The value as a string, for the string rules.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The rows of a [`Value::Rows`]: each element's slots.
    #[inline]
    pub fn rows(&self) -> Option<std::slice::ChunksExact<'_, Value>> {
        match self {
            Value::Rows(width, slots) => Some(slots.chunks_exact((*width).max(1) as usize)),
            _ => None,
        }
    }

    /// Whether dropping the value frees memory: not a scalar, a `Unit` or a tag.
    #[inline(always)]
    pub fn owns_memory(&self) -> bool {
        !matches!(
            self,
            Value::Unit
                | Value::Bool(_)
                | Value::I64(_)
                | Value::U64(_)
                | Value::I128(_)
                | Value::U128(_)
                | Value::F64(_)
                | Value::Char(_)
                | Value::Tag(_)
        )
    }

    /// Whether this is an `Option`'s `None`.
    pub fn is_none(&self) -> bool {
        matches!(self, Value::Unit)
    }
}

// A value is four words: `Rows` keeps its width beside the tag.
const _: () = assert!(std::mem::size_of::<Value>() == 32);
