//! One failed rule: where (path), which rule (code), what to tell a person
//! (message), and the rule's parameters. Built only on failure; the message is a
//! template rendered when it is read, so failing costs no formatting.

use std::borrow::Cow;
use std::fmt;

use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use crate::{Path, Segment};

/// A rule parameter: `min = 3`, `pattern = "^a"`.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    Int(i128),
    Float(f64),
    Str(Cow<'static, str>),
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Int(v) => write!(f, "{v}"),
            Param::Float(v) => write!(f, "{v}"),
            Param::Str(v) => f.write_str(v),
        }
    }
}

impl From<usize> for Param {
    fn from(v: usize) -> Self {
        Param::Int(v as i128)
    }
}
impl From<i128> for Param {
    fn from(v: i128) -> Self {
        Param::Int(v)
    }
}
impl From<f64> for Param {
    fn from(v: f64) -> Self {
        Param::Float(v)
    }
}
impl From<&'static str> for Param {
    fn from(v: &'static str) -> Self {
        Param::Str(Cow::Borrowed(v))
    }
}
impl From<String> for Param {
    fn from(v: String) -> Self {
        Param::Str(Cow::Owned(v))
    }
}

/// At most this many parameters per violation, stored inline.
const MAX_PARAMS: usize = 3;

/// A rule's parameters, inline (no allocation for numbers).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Params {
    entries: [Option<(&'static str, Param)>; MAX_PARAMS],
}

impl Params {
    pub const fn new() -> Self {
        Params {
            entries: [None, None, None],
        }
    }

    /// Adds `name = value`; parameters past the third are dropped (no rule has more).
    pub fn with(mut self, name: &'static str, value: impl Into<Param>) -> Self {
        if let Some(slot) = self.entries.iter_mut().find(|e| e.is_none()) {
            *slot = Some((name, value.into()));
        }
        self
    }

    pub fn get(&self, name: &str) -> Option<&Param> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Param)> {
        self.entries.iter().flatten().map(|(n, v)| (*n, v))
    }

    pub fn is_empty(&self) -> bool {
        self.entries[0].is_none()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub path: Path,
    pub code: Cow<'static, str>,
    /// A template: `{name}` is replaced by the parameter of that name.
    pub message: Cow<'static, str>,
    pub params: Params,
}

impl Violation {
    /// A violation at the root; the caller's path is prepended on the way out.
    pub fn new(code: &'static str, message: &'static str) -> Self {
        Violation {
            path: Path::root(),
            code: Cow::Borrowed(code),
            message: Cow::Borrowed(message),
            params: Params::new(),
        }
    }

    /// A violation of the registry's `rule`, with its template for `case`
    /// (`""` for a rule with one message).
    pub fn of(rule: &'static crate::rules::registry::RuleInfo, case: &str) -> Self {
        Violation::new(rule.code, rule.message(case))
    }

    pub fn with_param(mut self, name: &'static str, value: impl Into<Param>) -> Self {
        self.params = self.params.with(name, value);
        self
    }

    /// Replaces the code (`code = "…"` on the attribute).
    pub fn with_code(mut self, code: impl Into<Cow<'static, str>>) -> Self {
        self.code = code.into();
        self
    }

    /// Replaces the message (`message = "…"` on the attribute).
    pub fn with_message(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.message = message.into();
        self
    }

    /// Puts the violation under `segment` of its parent.
    pub fn under(mut self, segment: Segment) -> Self {
        self.path.prepend(segment);
        self
    }

    /// The message with its parameters filled in.
    pub fn message(&self) -> Cow<'_, str> {
        if !self.message.contains('{') {
            return Cow::Borrowed(&self.message);
        }
        let mut out = String::with_capacity(self.message.len() + 8);
        let mut rest: &str = &self.message;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) => {
                    let name = &after[..close];
                    match self.params.get(name) {
                        Some(value) => out.push_str(&value.to_string()),
                        None => {
                            out.push('{');
                            out.push_str(name);
                            out.push('}');
                        }
                    }
                    rest = &after[close + 1..];
                }
                None => {
                    out.push_str(&rest[open..]);
                    rest = "";
                }
            }
        }
        out.push_str(rest);
        Cow::Owned(out)
    }
}

/// A custom function written for validator: its code and message (the code
/// when it has none) become ours, its parameters are left out.
#[cfg(feature = "validator")]
impl From<validator::ValidationError> for Violation {
    fn from(e: validator::ValidationError) -> Self {
        let message = e.message.unwrap_or_else(|| e.code.clone());
        Violation {
            path: Path::root(),
            code: e.code,
            message,
            params: Params::new(),
        }
    }
}

/// A custom function written for garde: garde's errors carry a message
/// only, so the code is `custom`, as garde's own reports have no code.
#[cfg(feature = "garde")]
impl From<garde::Error> for Violation {
    fn from(e: garde::Error) -> Self {
        Violation {
            path: Path::root(),
            code: Cow::Borrowed("custom"),
            message: Cow::Owned(e.message().to_owned()),
            params: Params::new(),
        }
    }
}

/// Custom rule functions may return `Box<Violation>` to keep their `Result` small.
impl From<Box<Violation>> for Violation {
    fn from(v: Box<Violation>) -> Self {
        *v
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_root() {
            write!(f, "{} ({})", self.message(), self.code)
        } else {
            write!(f, "{}: {} ({})", self.path, self.message(), self.code)
        }
    }
}

struct ParamsJson<'a>(&'a Params);

impl Serialize for ParamsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (name, value) in self.0.iter() {
            match value {
                Param::Int(v) => map.serialize_entry(name, v)?,
                Param::Float(v) => map.serialize_entry(name, v)?,
                Param::Str(v) => map.serialize_entry(name, v)?,
            }
        }
        map.end()
    }
}

/// `{"path": "guests[0].email", "code": "email", "message": "…", "params": {…}}`:
/// the one shape the CLI, the wasm API and the page use.
impl Serialize for Violation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Violation", 4)?;
        s.serialize_field("path", &self.path.to_string())?;
        s.serialize_field("code", &self.code)?;
        s.serialize_field("message", &self.message())?;
        s.serialize_field("params", &ParamsJson(&self.params))?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_fill_in_their_parameters() {
        let v = Violation::new("length", "must be {min}–{max} characters, not {missing}")
            .with_param("min", 3usize)
            .with_param("max", 20usize);
        assert_eq!(v.message(), "must be 3–20 characters, not {missing}");
        assert_eq!(Violation::new("x", "plain {").message(), "plain {");
    }

    #[test]
    fn serializes_to_the_shared_shape() {
        let v = Violation::new("range", "must be at least {min}")
            .with_param("min", 18i128)
            .under(Segment::Field("age".into()));
        let json = serde_json::to_value(&v).expect("serializes");
        assert_eq!(
            json,
            serde_json::json!({"path": "age", "code": "range", "message": "must be at least 18", "params": {"min": 18}})
        );
    }

    #[test]
    fn params_beyond_three_are_dropped_not_panicking() {
        let p = Params::new()
            .with("a", 1usize)
            .with("b", 2usize)
            .with("c", 3usize)
            .with("d", 4usize);
        assert_eq!(p.iter().count(), 3);
        assert!(p.get("d").is_none());
    }
}
