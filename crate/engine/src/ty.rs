//! What a field's Rust type means to the interpreter: the exact type, resolved
//! from the definition's syntax (the schema's `Shape` is coarser: it has no
//! integer widths).

use std::collections::HashMap;

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::text_form::TextForm;

/// An index into the plan's types.
pub type TypeId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Int {
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
}

impl Int {
    pub fn name(self) -> &'static str {
        match self {
            Int::I8 => "i8",
            Int::I16 => "i16",
            Int::I32 => "i32",
            Int::I64 => "i64",
            Int::I128 => "i128",
            Int::Isize => "isize",
            Int::U8 => "u8",
            Int::U16 => "u16",
            Int::U32 => "u32",
            Int::U64 => "u64",
            Int::U128 => "u128",
            Int::Usize => "usize",
        }
    }

    /// The range of the type, as `i128` bounds (`u128`'s upper bound is capped).
    pub fn bounds(self) -> (i128, i128) {
        match self {
            Int::I8 => (i8::MIN.into(), i8::MAX.into()),
            Int::I16 => (i16::MIN.into(), i16::MAX.into()),
            Int::I32 => (i32::MIN.into(), i32::MAX.into()),
            Int::I64 | Int::Isize => (i64::MIN.into(), i64::MAX.into()),
            Int::I128 => (i128::MIN, i128::MAX),
            Int::U8 => (0, u8::MAX.into()),
            Int::U16 => (0, u16::MAX.into()),
            Int::U32 => (0, u32::MAX.into()),
            Int::U64 | Int::Usize => (0, u64::MAX.into()),
            Int::U128 => (0, i128::MAX),
        }
    }

    pub fn is_signed(self) -> bool {
        matches!(
            self,
            Int::I8 | Int::I16 | Int::I32 | Int::I64 | Int::I128 | Int::Isize
        )
    }
}

/// A type the interpreter can decode, check and write.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    Unit,
    Bool,
    Int(Int),
    F32,
    F64,
    Char,
    /// `String`, `&str`, `Cow<str>`, `Box<str>`, and the wrapper types read as
    /// their serde string form (dates, UUIDs, URLs, decimals).
    Str,
    Option(Box<Ty>),
    /// `Vec`, `VecDeque`, `LinkedList`, slices.
    Seq(Box<Ty>),
    /// `BTreeSet` (written sorted) and `HashSet` (written in input order here).
    Set {
        item: Box<Ty>,
        sorted: bool,
    },
    Array(usize, Box<Ty>),
    /// A map with string keys; `sorted` for `BTreeMap`.
    Map {
        value: Box<Ty>,
        sorted: bool,
    },
    Tuple(Vec<Ty>),
    /// A struct or enum of the definitions.
    Named(TypeId),
    /// `serde_json::Value`.
    Json,
    /// A string of a certain shape (a UUID, a date, an address…): text of
    /// another shape does not decode.
    Text(TextForm),
    /// serde_trim's `string_trim`: text, read without its surrounding
    /// whitespace.
    Trimmed,
    /// `&'a str`: serde borrows it from the input text, so a string written
    /// with an escape (which it cannot borrow) does not decode.
    Borrowed,
    /// `NonZeroU32` and its kin: the integer, and 0 does not decode.
    NonZero(Int),
}

/// Why a type cannot be interpreted, at its place in the text.
#[derive(Debug, Clone)]
pub struct Unsupported {
    pub span: Span,
    pub message: String,
    /// The type name that is neither defined nor known, when that is why.
    pub undefined: Option<String>,
}

/// The integer type of a name (`u8`, `i32`, …).
pub fn int_named(name: &str) -> Option<Int> {
    Some(match name {
        "i8" => Int::I8,
        "i16" => Int::I16,
        "i32" => Int::I32,
        "i64" => Int::I64,
        "i128" => Int::I128,
        "isize" => Int::Isize,
        "u8" => Int::U8,
        "u16" => Int::U16,
        "u32" => Int::U32,
        "u64" => Int::U64,
        "u128" => Int::U128,
        "usize" => Int::Usize,
        _ => return None,
    })
}

/// Resolves `ty`; `names` maps the definitions' type names to their ids.
pub fn resolve(ty: &syn::Type, names: &HashMap<String, TypeId>) -> Result<Ty, Unsupported> {
    let unsupported = |what: &str| {
        Err(Unsupported {
            span: ty.span(),
            message: what.to_owned(),

            undefined: None,
        })
    };
    match ty {
        syn::Type::Reference(r) => resolve(&r.elem, names).map(|t| match t {
            // `&str` borrows; `&String` and the like are not `Deserialize`
            // (rustc says so in the person's build).
            Ty::Str if matches!(&*r.elem, syn::Type::Path(p) if p.path.is_ident("str")) => {
                Ty::Borrowed
            }
            other => other,
        }),
        syn::Type::Paren(p) => resolve(&p.elem, names),
        syn::Type::Group(g) => resolve(&g.elem, names),
        syn::Type::Slice(s) => Ok(Ty::Seq(Box::new(resolve(&s.elem, names)?))),
        syn::Type::Array(a) => {
            let len = match &a.len {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Int(n),
                    ..
                }) => n.base10_parse::<usize>().ok(),
                _ => None,
            };
            match len {
                Some(len) if len <= 4096 => Ok(Ty::Array(len, Box::new(resolve(&a.elem, names)?))),
                Some(_) => unsupported(
                    "arrays longer than 4096 elements are not supported here; use a Vec",
                ),
                None => unsupported(
                    "an array's length must be a number literal here (constants are not evaluated); write the number, or use a Vec",
                ),
            }
        }
        syn::Type::Tuple(t) if t.elems.is_empty() => Ok(Ty::Unit),
        syn::Type::Tuple(t) => Ok(Ty::Tuple(
            t.elems
                .iter()
                .map(|e| resolve(e, names))
                .collect::<Result<_, _>>()?,
        )),
        syn::Type::Path(p) if p.qself.is_none() => resolve_path(&p.path, ty, names),
        syn::Type::TraitObject(_) | syn::Type::ImplTrait(_) => unsupported(
            "trait objects cannot be deserialized; use a concrete type or an enum of the cases",
        ),
        _ => unsupported(
            "this kind of type is not supported by the interpreter; use a named type, a reference, a tuple or an array",
        ),
    }
}

fn resolve_path(
    path: &syn::Path,
    ty: &syn::Type,
    names: &HashMap<String, TypeId>,
) -> Result<Ty, Unsupported> {
    let Some(last) = path.segments.last() else {
        return Err(Unsupported {
            span: ty.span(),
            message: "empty type path".into(),

            undefined: None,
        });
    };
    let name = last.ident.to_string();
    let args = overhead_schema::shape::type_args(last);
    let arg = |i: usize| -> Result<Ty, Unsupported> {
        match args.get(i) {
            Some(t) => resolve(t, names),
            None => Err(Unsupported {
                span: last.span(),
                message: format!("`{name}` needs its type argument here"),

                undefined: None,
            }),
        }
    };
    // The definitions' own types first: a user's `Url` struct is theirs.
    if let Some(&id) = names.get(&name) {
        // A generic definition at these arguments (`generic.rs` made it).
        if let Some(&instance) = names.get(&crate::generic::key(last)) {
            return Ok(Ty::Named(instance));
        }
        if !args.is_empty() {
            return Err(Unsupported {
                span: last.span(),
                message: format!(
                    "`{name}` takes no type arguments here: generic definitions are not supported by the interpreter; write the concrete types"
                ),
                undefined: None,
            });
        }
        return Ok(Ty::Named(id));
    }
    if let Some(int) = int_named(&name) {
        return Ok(Ty::Int(int));
    }
    Ok(match name.as_str() {
        "bool" => Ty::Bool,
        "f32" => Ty::F32,
        "f64" => Ty::F64,
        "char" => Ty::Char,
        "String" | "str" => Ty::Str,
        "Cow" => match args.first() {
            Some(inner) => resolve(inner, names)?,
            None => Ty::Str,
        },
        "Box" | "Rc" | "Arc" => arg(0)?,
        "Option" => Ty::Option(Box::new(arg(0)?)),
        "Vec" | "VecDeque" | "LinkedList" => Ty::Seq(Box::new(arg(0)?)),
        "HashSet" | "IndexSet" => Ty::Set {
            item: Box::new(arg(0)?),
            sorted: false,
        },
        "BTreeSet" => Ty::Set {
            item: Box::new(arg(0)?),
            sorted: true,
        },
        // `Map` is `serde_json::Map<String, Value>`.
        "HashMap" | "BTreeMap" | "IndexMap" | "Map" => {
            // A string key, or a type of the definitions read from one (a
            // newtype of `String`, an enum of names); its text is the key.
            if !matches!(arg(0)?, Ty::Str | Ty::Text(_) | Ty::Named(_)) {
                return Err(Unsupported {
                    span: last.span(),
                    message: "maps need string keys here (JSON object keys are strings)".into(),

                    undefined: None,
                });
            }
            Ty::Map {
                value: Box::new(arg(1)?),
                sorted: matches!(name.as_str(), "BTreeMap" | "Map"),
            }
        }
        // serde_json's `RawValue` keeps the text of any JSON value; read as
        // one, it decodes (and refuses) what it does.
        "Value" | "RawValue" => Ty::Json,
        // `NonZeroU32`, `NonZeroI64`, …: the integer, 0 refused.
        n if let Some(int) = n
            .strip_prefix("NonZero")
            .and_then(|i| int_named(&i.to_ascii_lowercase())) =>
        {
            Ty::NonZero(int)
        }
        n if let Some(form) = TextForm::of_type(n) => Ty::Text(form),
        // serde reads and writes a marker as unit.
        "PhantomData" => Ty::Unit,
        n if overhead_schema::shape::STRING_FORMS.contains(&n) => Ty::Str,
        _ => {
            return Err(Unsupported {
                span: last.span(),
                message: format!(
                    "`{name}` is not defined here; add its definition (a struct or enum) to the file, \
                     or use a type the playground knows (String, numbers, Vec, Option, HashMap, …)"
                ),
                undefined: Some(name),
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> Result<Ty, Unsupported> {
        let names = HashMap::from([("Inner".to_owned(), 0)]);
        resolve(&syn::parse_str::<syn::Type>(text).expect("a type"), &names)
    }

    #[test]
    fn resolves_what_users_write() {
        assert_eq!(ty("u8").ok(), Some(Ty::Int(Int::U8)));
        assert_eq!(
            ty("Option<Vec<Inner>>").ok(),
            Some(Ty::Option(Box::new(Ty::Seq(Box::new(Ty::Named(0))))))
        );
        assert_eq!(ty("std::borrow::Cow<'a, str>").ok(), Some(Ty::Str));
        assert_eq!(
            ty("chrono::DateTime<Utc>").ok(),
            Some(Ty::Text(TextForm::DateTime))
        );
        assert_eq!(ty("Decimal").ok(), Some(Ty::Text(TextForm::Float)));
        assert_eq!(ty("NonZeroU32").ok(), Some(Ty::NonZero(Int::U32)));
        assert_eq!(
            ty("[i32; 5]").ok(),
            Some(Ty::Array(5, Box::new(Ty::Int(Int::I32))))
        );
        assert_eq!(
            ty("BTreeMap<String, f64>").ok(),
            Some(Ty::Map {
                value: Box::new(Ty::F64),
                sorted: true
            })
        );
        assert_eq!(ty("serde_json::Value").ok(), Some(Ty::Json));
    }

    #[test]
    fn says_what_to_do_with_what_it_cannot_run() {
        let message = |t: &str| ty(t).err().map(|e| e.message).unwrap_or_default();
        assert!(message("Box<dyn Fn()>").contains("trait objects"));
        assert!(message("Widget").contains("`Widget` is not defined here"));
        assert!(message("HashMap<u32, String>").contains("string keys"));
        assert!(message("[u8; N]").contains("number literal"));
    }
}
