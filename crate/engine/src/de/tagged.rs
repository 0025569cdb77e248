//! Enums that are not externally tagged: `#[serde(tag = "t")]`,
//! `#[serde(tag = "t", content = "c")]` and `#[serde(untagged)]`. serde reads
//! these by buffering the value (its private `Content`) and then reading the
//! variant from the buffer; the interpreter buffers into `serde_json::Value`,
//! which holds every value a self-describing format gives (integers up to 64
//! bits; larger ones are refused as serde's buffer would not refuse them).

use overhead_schema::{Style, Tagging};
use serde::Deserialize;
use serde::de::{Deserializer, Error as _};
use serde_json::{Map, Value as Json};

use super::fail_fast::{Stop, nested};
use super::program::{Op, Program};
use super::structs::Finisher;
use crate::plan::{EnumPlan, Plan, TypePlan, VariantPlan};
use crate::value::Value;
use overhead_validate::Segment;

/// The program's ops of tagged enum `id`'s newtype and tuple variants'
/// values (by variant, `None` for the others; a struct variant's fields'
/// are [`Program::struct_variant`]), and the program that reads them from
/// the buffered value; with the plan, and in fail-fast where a violation
/// is left.
#[derive(Clone, Copy)]
pub(super) struct PayloadOps<'p> {
    pub(super) plan: &'p Plan,
    pub(super) program: &'p Program,
    pub(super) id: crate::ty::TypeId,
    pub(super) ops: &'p [Option<Op>],
    pub(super) stop: Option<&'p Stop>,
}

/// Decodes an enum of `ty` tagged as `e.tagging` says (not externally).
pub(super) fn deserialize<'de, D: Deserializer<'de>>(
    ty: &TypePlan,
    e: &EnumPlan,
    ops: PayloadOps<'_>,
    d: D,
) -> Result<Value, D::Error> {
    let mut repeated = None;
    let buffered = d.deserialize_any(Buffer {
        repeated: &mut repeated,
    })?;
    // serde's buffer keeps a key written twice, and the variant's reading
    // refuses it; a `serde_json::Value` keeps the last one only.
    if let Some(key) = repeated
        && repeats_a_field(e, &key, &buffered)
    {
        return Err(D::Error::custom(format_args!("duplicate field `{key}`")));
    }
    read(ty, e, ops, buffered).map_err(D::Error::custom)
}

/// Whether `key`, written twice at the top of a tagged enum's object, is one
/// serde's reading refuses: the tag, the content, or a field of the struct
/// variant the tag names.
fn repeats_a_field(e: &EnumPlan, key: &str, buffered: &Json) -> bool {
    let tagged = match e.tagging {
        Tagging::Internal { .. } => key == e.tag,
        Tagging::Adjacent { .. } => key == e.tag || key == e.content,
        Tagging::Untagged | Tagging::External => return false,
    };
    tagged
        || matches!(e.tagging, Tagging::Internal { .. })
            && buffered
                .get(e.tag)
                .and_then(Json::as_str)
                .and_then(|name| e.lookup.find(name))
                .is_some_and(|index| {
                    let variant = &e.variants[index];
                    variant.style == Style::Named && variant.fields.keys.contains(&key)
                })
}

/// Buffers a value as `serde_json::Value` does, noting the first key its top
/// object has twice.
struct Buffer<'a> {
    repeated: &'a mut Option<String>,
}

impl<'de> serde::de::Visitor<'de> for Buffer<'_> {
    type Value = Json;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any valid JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
        Ok(Json::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::String(v))
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        Json::deserialize(d)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Json>()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value::<Json>()?;
            // The key is copied only when it repeats: every decode of a
            // tagged enum passes here.
            match object.entry(key) {
                serde_json::map::Entry::Vacant(slot) => {
                    slot.insert(value);
                }
                serde_json::map::Entry::Occupied(mut slot) => {
                    if self.repeated.is_none() {
                        *self.repeated = Some(slot.key().clone());
                    }
                    slot.insert(value);
                }
            }
        }
        Ok(Json::Object(object))
    }
}

pub(super) fn read(
    ty: &TypePlan,
    e: &EnumPlan,
    ops: PayloadOps<'_>,
    buffered: Json,
) -> Result<Value, serde_json::Error> {
    match &e.tagging {
        Tagging::Internal { .. } => internal(ty, e, ops, buffered),
        Tagging::Adjacent { .. } => adjacent(ty, e, ops, buffered),
        Tagging::Untagged => untagged(ty, e, ops, buffered),
        Tagging::External => Err(serde_json::Error::custom(
            "externally tagged enums decode directly",
        )),
    }
}

pub(super) fn variant_named<'e>(
    e: &'e EnumPlan,
    name: &str,
) -> Result<(usize, &'e VariantPlan), serde_json::Error> {
    match e.lookup.find(name) {
        Some(index) => Ok((index, &e.variants[index])),
        None => Err(serde_json::Error::unknown_variant(name, e.names)),
    }
}

pub(super) fn tag_of<'a>(
    object: &'a Map<String, Json>,
    tag: &'static str,
) -> Result<&'a str, serde_json::Error> {
    match object.get(tag) {
        Some(Json::String(name)) => Ok(name),
        Some(other) => Err(serde_json::Error::invalid_type(
            unexpected(other),
            &"variant identifier",
        )),
        None => Err(serde_json::Error::missing_field(tag)),
    }
}

pub(super) fn unexpected(value: &Json) -> serde::de::Unexpected<'_> {
    use serde::de::Unexpected;
    match value {
        Json::Null => Unexpected::Unit,
        Json::Bool(b) => Unexpected::Bool(*b),
        Json::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Unexpected::Unsigned(u),
            (_, Some(i), _) => Unexpected::Signed(i),
            (_, _, Some(f)) => Unexpected::Float(f),
            _ => Unexpected::Other("number"),
        },
        Json::String(s) => Unexpected::Str(s),
        Json::Array(_) => Unexpected::Seq,
        Json::Object(_) => Unexpected::Map,
    }
}

/// The buffered object of a tagged enum, and the variant its tag names.
pub(super) fn tagged_object<'e>(
    ty: &TypePlan,
    e: &'e EnumPlan,
    buffered: Json,
    how: &str,
) -> Result<(Map<String, Json>, usize, &'e VariantPlan), serde_json::Error> {
    let Json::Object(object) = buffered else {
        let expected = match e.expecting {
            Some(expecting) => expecting.to_owned(),
            None => format!("{how} tagged enum {}", ty.ident),
        };
        return Err(serde_json::Error::invalid_type(
            unexpected(&buffered),
            &expected.as_str(),
        ));
    };
    let (index, variant) = variant_named(e, tag_of(&object, e.tag)?)?;
    Ok((object, index, variant))
}

/// `{"t": "Variant", …the variant's fields}`.
pub(super) fn internal(
    ty: &TypePlan,
    e: &EnumPlan,
    ops: PayloadOps<'_>,
    buffered: Json,
) -> Result<Value, serde_json::Error> {
    let (mut object, index, variant) = tagged_object(ty, e, buffered, "internally")?;
    object.remove(e.tag);
    let payload = payload(variant, ops, index, Json::Object(object))?;
    Ok(Value::variant(index as u32, payload))
}

/// `{"t": "Variant", "c": …the variant's content}`.
pub(super) fn adjacent(
    ty: &TypePlan,
    e: &EnumPlan,
    ops: PayloadOps<'_>,
    buffered: Json,
) -> Result<Value, serde_json::Error> {
    let (mut object, index, variant) = tagged_object(ty, e, buffered, "adjacently")?;
    let content = match (object.remove(e.content), variant.style) {
        (Some(content), _) => content,
        (None, Style::Unit) => Json::Null,
        (None, _) => return Err(serde_json::Error::missing_field(e.content)),
    };
    let payload = payload(variant, ops, index, content)?;
    Ok(Value::variant(index as u32, payload))
}

/// The first variant the value reads as.
pub(super) fn untagged(
    ty: &TypePlan,
    e: &EnumPlan,
    ops: PayloadOps<'_>,
    buffered: Json,
) -> Result<Value, serde_json::Error> {
    for (index, variant) in e.variants.iter().enumerate().filter(|(_, v)| !v.skip) {
        match payload(variant, ops, index, buffered.clone()) {
            Ok(payload) => return Ok(Value::variant(index as u32, payload)),
            // The variant read and broke a rule: fail-fast stops here, as
            // serde's derive takes this variant and validation refuses it.
            Err(stopped) if ops.stop.is_some_and(Stop::has) => return Err(stopped),
            Err(_) => {}
        }
    }
    Err(match e.expecting {
        Some(expecting) => serde_json::Error::custom(expecting),
        None => serde_json::Error::custom(format!(
            "data did not match any variant of untagged enum {}",
            ty.ident
        )),
    })
}

/// A variant's payload read from its buffered content by the program:
/// a newtype or tuple variant's value by its op, a struct variant's fields
/// by theirs, from the buffer as a tree (see [`super::from_value`]); in
/// fail-fast, as a visitor reads the buffer, each value checked as it is
/// read.
pub(super) fn payload(
    variant: &VariantPlan,
    ops: PayloadOps<'_>,
    index: usize,
    content: Json,
) -> Result<Value, serde_json::Error> {
    let PayloadOps {
        plan,
        program,
        id,
        ops,
        stop,
    } = ops;
    match variant.style {
        Style::Unit => match content {
            Json::Null => Ok(Value::Unit),
            Json::Object(map) if map.is_empty() => Ok(Value::Unit),
            other => Err(serde_json::Error::invalid_type(
                unexpected(&other),
                &"unit variant",
            )),
        },
        Style::Newtype | Style::Tuple => match (ops.get(index), stop) {
            (Some(Some(op)), None) => super::from_value::read_op(plan, program, op, &content),
            (Some(Some(op)), Some(stop)) => {
                let value = super::visited::read_op_checked(plan, program, op, stop, &content)?;
                // A newtype variant's field is checked by its own rules, as
                // a struct's field is, under the variant's key.
                if let (Style::Newtype, Some(field)) =
                    (variant.style, variant.fields.fields.first())
                {
                    let finisher = Finisher {
                        plan,
                        stop: Some(stop),
                        root: false,
                        s: &variant.fields,
                        name: plan.types[id].ident,
                        variant: Some(variant.ident),
                    };
                    nested(
                        Some(stop),
                        || variant.violation_key.map(|key| Segment::Field(key.into())),
                        finisher.check_read::<serde_json::Error>(field, &value),
                    )?;
                }
                Ok(value)
            }
            _ => Err(serde_json::Error::custom(NO_OPS)),
        },
        // Owned, as serde's buffer hands a struct variant's fields over.
        Style::Named => match program.struct_variant(id, index) {
            Some(fields) => super::visited::struct_variant(
                plan,
                program,
                id,
                &variant.fields,
                fields,
                stop,
                content,
            ),
            None => Err(serde_json::Error::custom(NO_OPS)),
        },
    }
}

/// A variant the program has no ops for: a fault of the program.
const NO_OPS: &str = "a variant the plan's program has no ops for";
