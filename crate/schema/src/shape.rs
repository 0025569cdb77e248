//! What a field's type is, as far as decoding and validation care.

use quote::ToTokens;

/// Types from other crates whose serde form is a string, as users paste them
/// (`chrono`/`time` dates, `uuid`, `url`, `rust_decimal`): their rules see the
/// string.
pub const STRING_FORMS: &[&str] = &[
    "DateTime",
    "NaiveDate",
    "NaiveDateTime",
    "NaiveTime",
    "Date",
    "OffsetDateTime",
    "PrimitiveDateTime",
    "Time",
    "Uuid",
    "Url",
    "Decimal",
    "IpAddr",
    "Ipv4Addr",
    "Ipv6Addr",
    "PathBuf",
    // sea-orm's names for chrono's types.
    "DateTimeUtc",
    "DateTimeLocal",
    "DateTimeWithTimeZone",
];

#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Bool,
    Int,
    Float,
    Char,
    /// `String`, `&str`, `Cow<str>`, `Box<str>`.
    Str,
    Option(Box<Shape>),
    /// `Vec<T>`, `VecDeque<T>`, `[T; N]`, `&[T]`, sets.
    Seq(Box<Shape>),
    /// A map with its value shape (keys are strings in JSON).
    Map(Box<Shape>),
    Tuple(Vec<Shape>),
    /// `serde_json::Value`.
    Json,
    /// A type defined by the user (or not known to us), by its last path segment.
    Named(String),
}

impl Shape {
    pub fn of(ty: &syn::Type) -> Shape {
        match ty {
            syn::Type::Reference(r) => Shape::of(&r.elem),
            syn::Type::Paren(p) => Shape::of(&p.elem),
            syn::Type::Group(g) => Shape::of(&g.elem),
            syn::Type::Array(a) => Shape::Seq(Box::new(Shape::of(&a.elem))),
            syn::Type::Slice(s) => Shape::Seq(Box::new(Shape::of(&s.elem))),
            syn::Type::Tuple(t) => Shape::Tuple(t.elems.iter().map(Shape::of).collect()),
            syn::Type::Path(p) => Shape::of_path(&p.path),
            other => Shape::Named(other.to_token_stream().to_string()),
        }
    }

    fn of_path(path: &syn::Path) -> Shape {
        let Some(last) = path.segments.last() else {
            return Shape::Named(String::new());
        };
        let name = last.ident.to_string();
        let args = type_args(last);
        let arg = |i: usize| {
            args.get(i)
                .map_or(Shape::Named(String::new()), |t| Shape::of(t))
        };
        match name.as_str() {
            "bool" => Shape::Bool,
            "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64"
            | "i128" | "isize" => Shape::Int,
            "f32" | "f64" => Shape::Float,
            "char" => Shape::Char,
            "String" | "str" => Shape::Str,
            "Cow" if args.first().is_some_and(|t| Shape::of(t) == Shape::Str) => Shape::Str,
            "Option" => Shape::Option(Box::new(arg(0))),
            "Box" | "Rc" | "Arc" | "Cow" => arg(0),
            "Vec" | "VecDeque" | "LinkedList" | "HashSet" | "BTreeSet" | "IndexSet" => {
                Shape::Seq(Box::new(arg(0)))
            }
            "HashMap" | "BTreeMap" | "IndexMap" => Shape::Map(Box::new(arg(1))),
            n if STRING_FORMS.contains(&n) => Shape::Str,
            "Value"
                if path.segments.len() == 1
                    || path.segments.iter().any(|s| s.ident == "serde_json") =>
            {
                Shape::Json
            }
            // serde_json's `RawValue` (behind `Box` or `&`): any JSON, kept.
            "RawValue" => Shape::Json,
            _ => Shape::Named(name),
        }
    }

    /// The shape inside any `Option`s.
    pub fn without_option(&self) -> &Shape {
        match self {
            Shape::Option(inner) => inner.without_option(),
            other => other,
        }
    }

    /// Whether a user-defined type appears anywhere in it.
    pub fn has_named(&self) -> bool {
        match self {
            Shape::Named(_) => true,
            Shape::Option(s) | Shape::Seq(s) | Shape::Map(s) => s.has_named(),
            Shape::Tuple(items) => items.iter().any(Shape::has_named),
            _ => false,
        }
    }

    /// Whether a value of this shape may have rules of its own for `nested`
    /// to check: a named type, or a JSON value (what a type the paste does not
    /// define reads as when no input shows its form), in any container.
    pub fn may_have_rules(&self) -> bool {
        match self {
            Shape::Named(_) | Shape::Json => true,
            Shape::Option(s) | Shape::Seq(s) | Shape::Map(s) => s.may_have_rules(),
            Shape::Tuple(items) => items.iter().any(Shape::may_have_rules),
            _ => false,
        }
    }

    /// For messages: "a string", "an integer", …
    pub fn describe(&self) -> String {
        match self {
            Shape::Bool => "a bool".into(),
            Shape::Int => "an integer".into(),
            Shape::Float => "a float".into(),
            Shape::Char => "a char".into(),
            Shape::Str => "a string".into(),
            Shape::Option(inner) => format!("an Option of {}", inner.describe()),
            Shape::Seq(_) => "a sequence".into(),
            Shape::Map(_) => "a map".into(),
            Shape::Tuple(_) => "a tuple".into(),
            Shape::Json => "a JSON value".into(),
            Shape::Named(n) => format!("`{n}`"),
        }
    }
}

/// The type arguments of a path segment (`String` and `u8` of
/// `HashMap<String, u8>`), lifetimes and constants left out.
pub fn type_args(segment: &syn::PathSegment) -> Vec<&syn::Type> {
    match &segment.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|arg| match arg {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(ty: &str) -> Shape {
        Shape::of(&syn::parse_str(ty).expect("a type"))
    }

    #[test]
    fn recognises_common_types() {
        assert_eq!(shape("String"), Shape::Str);
        assert_eq!(shape("&'a str"), Shape::Str);
        assert_eq!(shape("Cow<'a, str>"), Shape::Str);
        assert_eq!(shape("Box<str>"), Shape::Str);
        assert_eq!(shape("u8"), Shape::Int);
        assert_eq!(
            shape("Option<Vec<Guest>>"),
            Shape::Option(Box::new(Shape::Seq(Box::new(Shape::Named("Guest".into())))))
        );
        assert_eq!(
            shape("std::collections::HashMap<String, f64>"),
            Shape::Map(Box::new(Shape::Float))
        );
        assert_eq!(shape("serde_json::Value"), Shape::Json);
        assert_eq!(shape("[u8; 4]"), Shape::Seq(Box::new(Shape::Int)));
        assert_eq!(shape("Box<Address>"), Shape::Named("Address".into()));
        assert!(shape("Option<Vec<Guest>>").has_named());
        assert!(!shape("Option<Vec<u8>>").has_named());
    }
}
