//! What a field reads as when serde is told to call something else than its
//! type's own `Deserialize` (`overhead_schema::via`): serde_with's `As::<T>`
//! and the `with` modules of well-known crates have a known JSON form; a
//! person's own module is read in the field type's own form, loosely (its
//! text is not held to the type's shape, since the module parses it).

use overhead_schema::via::{Module, Via};

use crate::text_form::TextForm;
use crate::ty::{Int, Ty};

/// The type the interpreter reads for a field of type `ty` read through `via`.
pub fn read_as(via: &Via, deserialize_with: bool, ty: Ty) -> Ty {
    match via {
        Via::Own if deserialize_with => loosen(ty),
        Via::Own => ty,
        Via::Module(module) => module_ty(*module, ty),
        Via::As(as_type) => as_ty(as_type, ty),
    }
}

/// Text of a shape becomes any text: the person's function parses it.
fn loosen(ty: Ty) -> Ty {
    match ty {
        Ty::Text(_) => Ty::Str,
        Ty::Option(inner) => Ty::Option(Box::new(loosen(*inner))),
        other => other,
    }
}

fn module_ty(module: Module, ty: Ty) -> Ty {
    let (inner, option) = match module {
        Module::ChronoTimestamp { option, .. } | Module::TimeTimestamp { option } => {
            (Ty::Int(Int::I64), option)
        }
        Module::Humantime { option } => (Ty::Text(TextForm::Humantime), option),
        Module::TimeRfc3339 { option } => (Ty::Text(TextForm::DateTime), option),
        Module::DecimalStr { option } => (Ty::Text(TextForm::Float), option),
        Module::DecimalFloat { option } => (Ty::F64, option),
        // A byte string in JSON is a sequence of numbers: the field's own form.
        Module::SerdeBytes => return ty,
        Module::Trim { option, vec: false } => (Ty::Trimmed, option),
        Module::Trim { option, vec: true } => (Ty::Seq(Box::new(Ty::Trimmed)), option),
    };
    if option {
        Ty::Option(Box::new(inner))
    } else {
        inner
    }
}

/// serde_with's `As::<T>`: `T` read against the field's type, through
/// `Option`, `Vec` and the like as serde_with nests them.
fn as_ty(as_type: &syn::Type, ty: Ty) -> Ty {
    let syn::Type::Path(path) = as_type else {
        return ty;
    };
    let Some(last) = path.path.segments.last() else {
        return ty;
    };
    let args = overhead_schema::shape::type_args(last);
    let name = last.ident.to_string();
    match (name.as_str(), ty) {
        ("Same", ty) => ty,
        ("Option", Ty::Option(inner)) => match args.first() {
            Some(arg) => Ty::Option(Box::new(as_ty(arg, *inner))),
            None => Ty::Option(inner),
        },
        ("Vec", Ty::Seq(inner)) => match args.first() {
            Some(arg) => Ty::Seq(Box::new(as_ty(arg, *inner))),
            None => Ty::Seq(inner),
        },
        ("DisplayFromStr", ty) => match ty {
            Ty::Int(int) | Ty::NonZero(int) => Ty::Text(TextForm::Integer(int)),
            Ty::F32 | Ty::F64 => Ty::Text(TextForm::Float),
            Ty::Bool => Ty::Text(TextForm::Bool),
            Ty::Text(form) => Ty::Text(form),
            // The type's `FromStr` is the person's (or a crate's): any text.
            _ => Ty::Str,
        },
        (
            "DurationSeconds"
            | "DurationMilliSeconds"
            | "DurationMicroSeconds"
            | "DurationNanoSeconds",
            _,
        ) => duration_as(args.first(), Ty::Int(Int::U64)),
        (
            "DurationSecondsWithFrac"
            | "DurationMilliSecondsWithFrac"
            | "DurationMicroSecondsWithFrac"
            | "DurationNanoSecondsWithFrac",
            _,
        ) => duration_as(args.first(), Ty::F64),
        ("TimestampSeconds" | "TimestampMilliSeconds", _) => {
            duration_as(args.first(), Ty::Int(Int::I64))
        }
        (_, ty) => ty,
    }
}

/// serde_with's duration formats: `u64` (the default), `i64`, `f64` or `String`.
fn duration_as(format: Option<&&syn::Type>, default: Ty) -> Ty {
    let Some(syn::Type::Path(p)) = format.map(|t| &**t) else {
        return default;
    };
    match p
        .path
        .segments
        .last()
        .map(|s| s.ident.to_string())
        .as_deref()
    {
        Some("u64") => Ty::Int(Int::U64),
        Some("i64") => Ty::Int(Int::I64),
        Some("f64") => Ty::F64,
        Some("String") => Ty::Text(TextForm::Float),
        _ => default,
    }
}
