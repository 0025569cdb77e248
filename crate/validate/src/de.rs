//! Decoding helpers that derived `ValidateOnDeserialize` code calls for nested
//! collections: they put each element's violations under its index or key.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::{Segment, collector};

/// A type whose `Deserialize` checks its rules while it decodes (what
/// `#[derive(ValidateOnDeserialize)]` writes), or a box, option or collection
/// of one. A `nested` field under `ValidateOnDeserialize` must hold one: a
/// type that derives plain `Deserialize` decodes without a word, and its
/// rules would silently go unchecked.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is `nested` under `ValidateOnDeserialize`, but it does not check its rules while it decodes",
    label = "its type derives `Deserialize`, which checks nothing",
    note = "derive `ValidateOnDeserialize` on the nested type too"
)]
pub trait ChecksOnDecode {}

impl<T: ChecksOnDecode + ?Sized> ChecksOnDecode for Box<T> {}
impl<T: ChecksOnDecode + ?Sized> ChecksOnDecode for std::rc::Rc<T> {}
impl<T: ChecksOnDecode + ?Sized> ChecksOnDecode for std::sync::Arc<T> {}
impl<T: ChecksOnDecode> ChecksOnDecode for Option<T> {}
impl<T: ChecksOnDecode> ChecksOnDecode for Vec<T> {}
impl<K, V: ChecksOnDecode, S> ChecksOnDecode for HashMap<K, V, S> {}

/// Refuses to compile unless `T` checks its rules while it decodes: called
/// by a `nested` field's decoder.
#[inline(always)]
pub const fn checks_on_decode<T: ChecksOnDecode + ?Sized>() {}

/// A `Vec<T>` whose elements validate while they decode.
pub fn nested_vec<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Vec<T>, D::Error> {
    struct Elements<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Elements<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a sequence")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
            loop {
                let start = collector::len();
                let element = seq.next_element::<T>();
                // Also on error: fail-fast stops with an error after the violation.
                if collector::len() > start {
                    collector::nest_since(start, &Segment::Index(out.len()));
                }
                match element? {
                    Some(element) => out.push(element),
                    None => return Ok(out),
                }
            }
        }
    }
    deserializer.deserialize_seq(Elements(PhantomData))
}

/// A map with string-like keys whose values validate while they decode.
pub fn nested_map<'de, D, K, V>(deserializer: D) -> Result<HashMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Eq + Hash + fmt::Display,
    V: Deserialize<'de>,
{
    struct Entries<K, V>(PhantomData<(K, V)>);
    impl<'de, K, V> Visitor<'de> for Entries<K, V>
    where
        K: Deserialize<'de> + Eq + Hash + fmt::Display,
        V: Deserialize<'de>,
    {
        type Value = HashMap<K, V>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a map")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<HashMap<K, V>, A::Error> {
            let mut out = HashMap::with_capacity(map.size_hint().unwrap_or(0).min(4096));
            while let Some(key) = map.next_key::<K>()? {
                let start = collector::len();
                let value = map.next_value::<V>();
                if collector::len() > start {
                    collector::nest_since(start, &Segment::Key(key.to_string().into()));
                }
                out.insert(key, value?);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Entries(PhantomData))
}

/// `Deserialize::deserialize` of a type that decodes with its own code (`decode`,
/// e.g. the fast flatten codec) and is then validated as a whole with
/// [`Validate`](crate::Validate): the value's rules, nested values' included, run
/// once after decoding, and what fails goes to the collector like
/// `ValidateOnDeserialize`'s violations (or, through plain serde, into one
/// `D::Error`).
pub fn decode_then_validate<'de, T, D>(
    deserializer: D,
    decode: fn(D) -> Result<T, D::Error>,
) -> Result<T, D::Error>
where
    T: crate::Validate,
    D: Deserializer<'de>,
{
    use serde::de::Error as _;
    if !collector::is_active() {
        let (result, violations) = collector::collect(collector::Mode::CollectAll, || {
            decode_then_validate(deserializer, decode)
        });
        let value = result?;
        return match violations {
            None => Ok(value),
            Some(violations) => Err(D::Error::custom(violations)),
        };
    }
    let root = collector::take_root();
    // Values inside validate through `validate_into` below (`nested`), not as
    // they decode: their own reports would count twice.
    let value = collector::muted(|| decode(deserializer))?;
    let mut violations = crate::Violations::new();
    value.validate_into(&mut violations);
    if !violations.is_empty() && collector::report(violations) && !root {
        return Err(D::Error::custom(collector::STOPPED));
    }
    Ok(value)
}
