//! The form JSON values show, and the Rust definition that reads it: what an
//! undefined type is assumed to be.

use std::fmt::Write;

/// What a set of JSON values has in common.
#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    /// No value seen.
    Nothing,
    /// Only `null`s.
    Null,
    Bool,
    /// Whole numbers; `beyond_i64` when one is larger than `i64` holds.
    Int {
        beyond_i64: bool,
    },
    Float,
    Str,
    Array(Box<Form>),
    /// Keys in first-seen order, each with its form and how many objects had it.
    Object {
        fields: Vec<(String, Form, usize)>,
        objects: usize,
    },
    /// `null` and something else.
    Nullable(Box<Form>),
    /// Values of different kinds: any JSON value.
    Mixed,
}

impl Form {
    pub fn of<'a>(values: impl IntoIterator<Item = &'a serde_json::Value>) -> Form {
        values
            .into_iter()
            .fold(Form::Nothing, |form, v| form.merge(Form::one(v)))
    }

    /// [`of`](Form::of), each object without the keys listed beside it.
    pub fn of_left<'a>(
        values: impl IntoIterator<Item = (&'a serde_json::Value, &'a [&'a str])>,
    ) -> Form {
        values
            .into_iter()
            .fold(Form::Nothing, |form, (value, left_out)| {
                let one = match value {
                    serde_json::Value::Object(map) if !left_out.is_empty() => Form::Object {
                        fields: map
                            .iter()
                            .filter(|(key, _)| !left_out.contains(&key.as_str()))
                            .map(|(key, v)| (key.clone(), Form::one(v), 1))
                            .collect(),
                        objects: 1,
                    },
                    value => Form::one(value),
                };
                form.merge(one)
            })
    }

    fn one(value: &serde_json::Value) -> Form {
        use serde_json::Value as J;
        match value {
            J::Null => Form::Null,
            J::Bool(_) => Form::Bool,
            J::Number(n) if n.is_i64() => Form::Int { beyond_i64: false },
            J::Number(n) if n.is_u64() => Form::Int { beyond_i64: true },
            J::Number(_) => Form::Float,
            J::String(_) => Form::Str,
            J::Array(items) => Form::Array(Box::new(Form::of(items))),
            J::Object(map) => Form::Object {
                fields: map
                    .iter()
                    .map(|(k, v)| (k.clone(), Form::one(v), 1))
                    .collect(),
                objects: 1,
            },
        }
    }

    fn merge(self, other: Form) -> Form {
        match (self, other) {
            (Form::Nothing, f) | (f, Form::Nothing) => f,
            (Form::Null, Form::Null) => Form::Null,
            (Form::Null, Form::Nullable(f)) | (Form::Nullable(f), Form::Null) => Form::Nullable(f),
            (Form::Null, f) | (f, Form::Null) => Form::Nullable(Box::new(f)),
            (Form::Nullable(a), Form::Nullable(b)) => Form::Nullable(Box::new(a.merge(*b))),
            (Form::Nullable(a), b) | (b, Form::Nullable(a)) => Form::Nullable(Box::new(a.merge(b))),
            (Form::Bool, Form::Bool) => Form::Bool,
            (Form::Int { beyond_i64: a }, Form::Int { beyond_i64: b }) => {
                Form::Int { beyond_i64: a || b }
            }
            (Form::Int { .. } | Form::Float, Form::Int { .. } | Form::Float) => Form::Float,
            (Form::Str, Form::Str) => Form::Str,
            (Form::Array(a), Form::Array(b)) => Form::Array(Box::new(a.merge(*b))),
            (
                Form::Object {
                    mut fields,
                    objects,
                },
                Form::Object {
                    fields: more,
                    objects: more_objects,
                },
            ) => {
                for (key, form, seen) in more {
                    match fields.iter_mut().find(|(k, _, _)| *k == key) {
                        Some((_, mine, count)) => {
                            *mine = std::mem::replace(mine, Form::Nothing).merge(form);
                            *count += seen;
                        }
                        None => fields.push((key, form, seen)),
                    }
                }
                Form::Object {
                    fields,
                    objects: objects + more_objects,
                }
            }
            _ => Form::Mixed,
        }
    }

    /// For the warning: "a string", "an object with keys `a`, `b`".
    pub fn describe(&self) -> String {
        match self {
            Form::Nothing | Form::Null | Form::Mixed => "any JSON value".into(),
            Form::Bool => "a bool".into(),
            Form::Int { .. } => "an integer".into(),
            Form::Float => "a number".into(),
            Form::Str => "a string".into(),
            Form::Array(item) => format!("an array of {}", plural(item)),
            Form::Object { fields, .. } if fields.is_empty() => "an object".into(),
            Form::Object { fields, .. } => {
                let keys: Vec<String> = fields.iter().map(|(k, _, _)| format!("`{k}`")).collect();
                format!("an object with keys {}", keys.join(", "))
            }
            Form::Nullable(inner) => format!("{} or null", inner.describe()),
        }
    }
}

fn plural(item: &Form) -> String {
    match item {
        Form::Bool => "bools".into(),
        Form::Int { .. } => "integers".into(),
        Form::Float => "numbers".into(),
        Form::Str => "strings".into(),
        Form::Object { .. } => "objects".into(),
        Form::Array(_) => "arrays".into(),
        other => other.describe(),
    }
}

/// Rust definitions for `name` reading `form`: the type itself first, then the
/// structs its objects need (named after it and their key).
pub fn definitions(name: &str, form: &Form) -> String {
    let mut out = Definitions::default();
    match form {
        Form::Object { .. } => out.structure(name, form, 0),
        other => {
            let ty = out.ty(name, "Item", other, 0);
            out.text.insert_str(0, &format!("type {name} = {ty};\n"));
        }
    }
    out.text
}

/// Nested objects deeper than this read as any JSON value.
const MAX_DEPTH: usize = 4;

#[derive(Default)]
struct Definitions {
    text: String,
}

impl Definitions {
    fn structure(&mut self, name: &str, form: &Form, depth: usize) {
        let Form::Object { fields, objects } = form else {
            return;
        };
        let mut body = String::new();
        for (key, field, seen) in fields {
            let ident = field_ident(key);
            let nested = format!("{name}{}", pascal(key));
            let mut ty = self.ty(&nested, "Item", field, depth + 1);
            if seen < objects && !matches!(field, Form::Nullable(_)) {
                ty = format!("Option<{ty}>");
            }
            if ident != *key {
                let _ = writeln!(body, "    #[serde(rename = {key:?})]");
            }
            let _ = writeln!(body, "    pub {ident}: {ty},");
        }
        // `PartialEq` too: the paste's own structs that hold it often derive
        // it (every field type here has it), and its build then compiles.
        let definition = format!(
            "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\npub struct {name} {{\n{body}}}\n"
        );
        // The type named first, the structs it uses after it.
        self.text.insert_str(0, &definition);
    }

    /// The Rust type of `form`; objects become structs named `name`.
    fn ty(&mut self, name: &str, item: &str, form: &Form, depth: usize) -> String {
        match form {
            Form::Nothing | Form::Null | Form::Mixed => "serde_json::Value".into(),
            Form::Bool => "bool".into(),
            Form::Int { beyond_i64: false } => "i64".into(),
            Form::Int { beyond_i64: true } => "u64".into(),
            Form::Float => "f64".into(),
            Form::Str => "String".into(),
            Form::Array(inner) => {
                format!(
                    "Vec<{}>",
                    self.ty(&format!("{name}{item}"), item, inner, depth)
                )
            }
            Form::Nullable(inner) => format!("Option<{}>", self.ty(name, item, inner, depth)),
            Form::Object { .. } if depth >= MAX_DEPTH => "serde_json::Value".into(),
            Form::Object { .. } => {
                let mut nested = Definitions::default();
                nested.structure(name, form, depth);
                self.text.push_str(&nested.text);
                name.to_owned()
            }
        }
    }
}

/// A Rust field name for a JSON key: snake_case, a raw identifier for a
/// keyword, `_` for what an identifier cannot hold.
fn field_ident(key: &str) -> String {
    let mut out = String::new();
    for (i, c) in key.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if out == "_" {
        out.push_str("field");
    }
    if syn::parse_str::<syn::Ident>(&out).is_err() {
        out = format!("r#{out}");
        // `self`, `Self`, `crate`, `super` cannot be raw.
        if syn::parse_str::<syn::Ident>(&out).is_err() {
            out = format!("{}_", &out[2..]);
        }
    }
    out
}

/// `shipping_address` → `ShippingAddress`, for a nested struct's name.
fn pascal(key: &str) -> String {
    key.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(values: &[&str]) -> Form {
        let values: Vec<serde_json::Value> = values
            .iter()
            .map(|v| serde_json::from_str(v).expect("JSON"))
            .collect();
        Form::of(&values)
    }

    #[test]
    fn a_string_is_an_alias_to_string() {
        let f = form(&["\"u-1\"", "\"u-2\""]);
        assert_eq!(f.describe(), "a string");
        assert_eq!(definitions("UserId", &f), "type UserId = String;\n");
    }

    #[test]
    fn numbers_widen_to_the_form_every_value_fits() {
        assert_eq!(definitions("N", &form(&["1", "-2"])), "type N = i64;\n");
        assert_eq!(definitions("N", &form(&["1", "2.5"])), "type N = f64;\n");
        assert_eq!(
            definitions("N", &form(&["1", "null"])),
            "type N = Option<i64>;\n"
        );
        assert_eq!(
            definitions("N", &form(&["1", "\"x\""])),
            "type N = serde_json::Value;\n"
        );
        assert_eq!(
            definitions("N", &form(&[])),
            "type N = serde_json::Value;\n"
        );
    }

    #[test]
    fn an_object_is_a_struct_with_its_keys() {
        let f = form(&[
            r#"{"city": "Oslo", "zipCode": "0150", "geo": {"lat": 1.5}}"#,
            r#"{"city": "Bergen", "geo": {"lat": 2}}"#,
        ]);
        // serde_json's map orders keys (no `preserve_order` here).
        assert_eq!(f.describe(), "an object with keys `city`, `geo`, `zipCode`");
        assert_eq!(
            definitions("Address", &f),
            "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\npub struct Address {\n    pub city: String,\n    \
             pub geo: AddressGeo,\n    #[serde(rename = \"zipCode\")]\n    pub zip_code: Option<String>,\n}\n\
             #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\npub struct AddressGeo {\n    pub lat: f64,\n}\n"
        );
    }

    #[test]
    fn an_array_of_objects_names_its_item() {
        let f = form(&[r#"[{"sku": "a"}]"#]);
        assert_eq!(f.describe(), "an array of objects");
        assert!(definitions("Lines", &f).starts_with("type Lines = Vec<LinesItem>;\n"));
        assert!(
            definitions("Lines", &f).contains("pub struct LinesItem {\n    pub sku: String,\n}")
        );
    }

    #[test]
    fn keys_become_rust_names() {
        assert_eq!(field_ident("type"), "r#type");
        assert_eq!(field_ident("first-name"), "first_name");
        assert_eq!(field_ident("2fa"), "_2fa");
        assert_eq!(field_ident("self"), "self_");
    }
}
