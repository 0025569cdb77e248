//! A paste as its build compiles it: the person's own items, with their own
//! `#[derive(Deserialize, Validate)]`, compiled in a module of the crate built
//! on demand (`overhead_codegen::shipped` writes it), and its root measured as
//! the library's users run it. Its rows are the library's (`peer:validator`,
//! `peer:garde`, `peer:serde` for a paste that only decodes): `de` is
//! `serde_json::from_str`, `de+validate` that and the library's `validate()`.
//!
//! The root's type is only known where the module is compiled, and it may
//! borrow from the text (`&'a str`, `Cow<'a, str>`): [`shipped_root!`] writes
//! each operation as a closure over `&str` that drops its value inside, as a
//! handler does, and the jobs here are generic over those closures, so each
//! is monomorphised and inlined into its loop like any hand-written peer.

use overhead_contract::report::ViolationRecord;

use crate::compiled::JobRequest;
use crate::{Engine, Job, JobInfo, Outcome, Variant};

/// Why a `de+validate` operation produced no value.
pub enum Failure<E> {
    De(serde_json::Error),
    Invalid(E),
}

/// What the library makes of one text: its outcome and, when it breaks
/// rules, the library's violations (`path:code`, or the path alone for a
/// library whose errors carry no code), sorted.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LibraryVerdict {
    Ok,
    Error,
    Invalid(Vec<String>),
}

/// A validation library as its users call it.
pub trait Library {
    /// The crate's name, as the Report's engine `peer:<name>` says it.
    const NAME: &'static str;
    type Error;
    /// The violations of an error, path and code as the library reports them.
    fn violations(error: &Self::Error) -> Vec<ViolationRecord>;
}

/// validator: `ValidationErrors`, nested by field, list index and struct.
pub struct Validator;

impl Library for Validator {
    const NAME: &'static str = "validator";
    type Error = validator::ValidationErrors;

    fn violations(error: &Self::Error) -> Vec<ViolationRecord> {
        let mut out = Vec::new();
        validator_violations(error, "", &mut out);
        out.sort_by(|a, b| (&a.path, &a.code).cmp(&(&b.path, &b.code)));
        out
    }
}

fn validator_violations(
    errors: &validator::ValidationErrors,
    prefix: &str,
    out: &mut Vec<ViolationRecord>,
) {
    use validator::ValidationErrorsKind as Kind;
    for (field, kind) in errors.errors() {
        let path = if prefix.is_empty() {
            field.to_string()
        } else {
            format!("{prefix}.{field}")
        };
        match kind {
            Kind::Field(errors) => out.extend(errors.iter().map(|e| {
                ViolationRecord {
                    path: path.clone(),
                    code: e.code.to_string(),
                    message: e
                        .message
                        .as_deref()
                        .map_or_else(|| e.code.to_string(), str::to_owned),
                }
            })),
            Kind::Struct(inner) => validator_violations(inner, &path, out),
            Kind::List(items) => {
                for (index, inner) in items {
                    validator_violations(inner, &format!("{path}[{index}]"), out);
                }
            }
        }
    }
}

/// garde: a flat `Report` of (path, message); its rules carry no code.
pub struct Garde;

impl Library for Garde {
    const NAME: &'static str = "garde";
    type Error = garde::Report;

    fn violations(error: &Self::Error) -> Vec<ViolationRecord> {
        error
            .iter()
            .map(|(path, e)| ViolationRecord {
                path: path.to_string(),
                code: String::new(),
                message: e.message().to_owned(),
            })
            .collect()
    }
}

/// domainstack (the seed's dialect): a flat `ValidationError` of violations.
pub struct Domainstack;

impl Library for Domainstack {
    const NAME: &'static str = "domainstack";
    type Error = domainstack::ValidationError;

    fn violations(error: &Self::Error) -> Vec<ViolationRecord> {
        error
            .violations
            .iter()
            .map(|v| ViolationRecord {
                path: v.path.to_string(),
                code: v.code.to_owned(),
                message: v.message.clone(),
            })
            .collect()
    }
}

/// A paste with no validation library: serde's derive alone.
pub struct Serde;

impl Library for Serde {
    const NAME: &'static str = "serde";
    type Error = std::convert::Infallible;

    fn violations(error: &Self::Error) -> Vec<ViolationRecord> {
        match *error {}
    }
}

/// domainstack's own `ValidateOnDeserialize` (domainstack-derive's `serde`
/// feature; domainstack does not re-export it), for the as-shipped module's
/// copy of a seed-dialect root.
pub use domainstack_derive::ValidateOnDeserialize;

/// The root's jobs for `request`: `de` with `decode`, `de+validate` with
/// `checked` (none for a paste without a library), `validate-on-de` with
/// `on_de` where the library validates inside `Deserialize` (domainstack).
pub fn jobs<L, D, C, O>(
    request: &JobRequest<'_>,
    decode: D,
    checked: Option<C>,
    on_de: Option<O>,
) -> Vec<Job>
where
    L: Library + 'static,
    D: Fn(&str) -> Result<(), serde_json::Error> + Copy + 'static,
    C: Fn(&str) -> Result<(), Failure<L::Error>> + Copy + 'static,
    O: Fn(&str) -> Result<(), serde_json::Error> + Copy + 'static,
{
    let text: Box<str> = request.input.text.as_str().into();
    let info = |outcome, message, violations| JobInfo {
        violations,
        ..JobInfo::of(request, Engine::Peer(L::NAME.into()), outcome, message)
    };
    match request.variant {
        Variant::De => {
            let (outcome, message) = match decode(&text) {
                Ok(()) => (Outcome::Ok, None),
                Err(e) => (Outcome::Error, Some(e.to_string())),
            };
            vec![Job::on_text(
                info(outcome, message, Vec::new()),
                text,
                decode,
            )]
        }
        Variant::DeValidate => {
            let Some(checked) = checked else {
                return Vec::new();
            };
            let (outcome, message, violations) = match checked(&text) {
                Ok(()) => (Outcome::Ok, None, Vec::new()),
                Err(Failure::De(e)) => (Outcome::Error, Some(e.to_string()), Vec::new()),
                Err(Failure::Invalid(e)) => {
                    let violations = L::violations(&e);
                    let message = violations
                        .iter()
                        .map(|v| format!("{}: {}", v.path, v.message))
                        .collect::<Vec<_>>()
                        .join("; ");
                    (Outcome::Invalid, Some(message), violations)
                }
            };
            vec![Job::on_text(
                info(outcome, message, violations),
                text,
                checked,
            )]
        }
        Variant::ValidateOnDe => {
            let Some(on_de) = on_de else {
                return Vec::new();
            };
            let (outcome, message) = match on_de(&text) {
                Ok(()) => (Outcome::Ok, None),
                Err(e) if super::is_domainstack_violation(&e) => {
                    (Outcome::Invalid, Some(e.to_string()))
                }
                Err(e) => (Outcome::Error, Some(e.to_string())),
            };
            vec![Job::on_text(
                info(outcome, message, Vec::new()),
                text,
                on_de,
            )]
        }
        _ => Vec::new(),
    }
}

/// What `checked` (or `decode`, for a paste without a library) makes of `text`.
pub fn verdict<L, D, C>(text: &str, decode: D, checked: Option<C>) -> LibraryVerdict
where
    L: Library,
    D: Fn(&str) -> Result<(), serde_json::Error>,
    C: Fn(&str) -> Result<(), Failure<L::Error>>,
{
    let Some(checked) = checked else {
        return match decode(text) {
            Ok(()) => LibraryVerdict::Ok,
            Err(_) => LibraryVerdict::Error,
        };
    };
    match checked(text) {
        Ok(()) => LibraryVerdict::Ok,
        Err(Failure::De(_)) => LibraryVerdict::Error,
        Err(Failure::Invalid(e)) => {
            let mut found: Vec<String> = L::violations(&e)
                .into_iter()
                .map(|v| {
                    if v.code.is_empty() {
                        v.path
                    } else {
                        format!("{}:{}", v.path, v.code)
                    }
                })
                .collect();
            found.sort();
            LibraryVerdict::Invalid(found)
        }
    }
}

/// The as-shipped root `$ty` of a paste validated by `$library`
/// (`validator`, `garde`, or `serde` for none) as `$name`, a
/// `CompiledType` whose jobs are all the library's (`peer_jobs`). The root's
/// context (validator's `ValidateArgs`, garde's `Context`) is `$context`, an
/// expression, when given; garde's `Default` otherwise.
#[macro_export]
macro_rules! shipped_root {
    ($name:ident, serde, $ty:ty) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Serde, $ty,
            ::std::option::Option::None::<fn(&str) -> ::std::result::Result<(), $crate::peers::shipped::Failure<::std::convert::Infallible>>>);
    };
    ($name:ident, validator, $ty:ty) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Validator, $ty,
            ::std::option::Option::Some(|text: &str| match ::serde_json::from_str::<$ty>(text) {
                ::std::result::Result::Ok(value) => ::validator::Validate::validate(&value)
                    .map_err($crate::peers::shipped::Failure::Invalid),
                ::std::result::Result::Err(e) => ::std::result::Result::Err($crate::peers::shipped::Failure::De(e)),
            }));
    };
    ($name:ident, validator, $ty:ty, $context:expr) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Validator, $ty,
            ::std::option::Option::Some(|text: &str| match ::serde_json::from_str::<$ty>(text) {
                ::std::result::Result::Ok(value) => ::validator::ValidateArgs::validate_with_args(&value, &$context)
                    .map_err($crate::peers::shipped::Failure::Invalid),
                ::std::result::Result::Err(e) => ::std::result::Result::Err($crate::peers::shipped::Failure::De(e)),
            }));
    };
    // With the root's copy under domainstack's `ValidateOnDeserialize`.
    ($name:ident, domainstack, $ty:ty, on_de = $on_de:ty) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Domainstack, $ty,
            $crate::shipped_root!(@domainstack $ty),
            ::std::option::Option::Some(|text: &str| ::serde_json::from_str::<$on_de>(text).map(|_| ())));
    };
    ($name:ident, domainstack, $ty:ty) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Domainstack, $ty,
            $crate::shipped_root!(@domainstack $ty));
    };
    // domainstack's decode-then-validate of `$ty`.
    (@domainstack $ty:ty) => {
        ::std::option::Option::Some(|text: &str| match ::serde_json::from_str::<$ty>(text) {
            ::std::result::Result::Ok(value) => ::domainstack::Validate::validate(&value)
                .map_err($crate::peers::shipped::Failure::Invalid),
            ::std::result::Result::Err(e) => ::std::result::Result::Err($crate::peers::shipped::Failure::De(e)),
        })
    };
    ($name:ident, garde, $ty:ty) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Garde, $ty,
            ::std::option::Option::Some(|text: &str| match ::serde_json::from_str::<$ty>(text) {
                ::std::result::Result::Ok(value) => ::garde::Validate::validate(&value)
                    .map_err($crate::peers::shipped::Failure::Invalid),
                ::std::result::Result::Err(e) => ::std::result::Result::Err($crate::peers::shipped::Failure::De(e)),
            }));
    };
    ($name:ident, garde, $ty:ty, $context:expr) => {
        $crate::shipped_root!(@type $name, $crate::peers::shipped::Garde, $ty,
            ::std::option::Option::Some(|text: &str| match ::serde_json::from_str::<$ty>(text) {
                ::std::result::Result::Ok(value) => ::garde::Validate::validate_with(&value, &$context)
                    .map_err($crate::peers::shipped::Failure::Invalid),
                ::std::result::Result::Err(e) => ::std::result::Result::Err($crate::peers::shipped::Failure::De(e)),
            }));
    };
    (@type $name:ident, $library:ty, $ty:ty, $checked:expr) => {
        $crate::shipped_root!(@type $name, $library, $ty, $checked,
            ::std::option::Option::None::<fn(&str) -> ::std::result::Result<(), ::serde_json::Error>>);
    };
    (@type $name:ident, $library:ty, $ty:ty, $checked:expr, $on_de:expr) => {
        pub struct $name;

        impl $name {
            fn decode(text: &str) -> ::std::result::Result<(), ::serde_json::Error> {
                ::serde_json::from_str::<$ty>(text).map(|_| ())
            }
        }

        impl $crate::compiled::CompiledType for $name {
            fn job(
                &self,
                _request: &$crate::compiled::JobRequest<'_>,
            ) -> ::std::option::Option<::std::result::Result<$crate::Job, ::std::string::String>> {
                ::std::option::Option::None
            }

            fn peer_jobs(&self, request: &$crate::compiled::JobRequest<'_>) -> ::std::vec::Vec<$crate::Job> {
                $crate::peers::shipped::jobs::<$library, _, _, _>(request, $name::decode, $checked, $on_de)
            }

            fn library_verdict(&self, text: &str) -> ::std::option::Option<$crate::peers::shipped::LibraryVerdict> {
                ::std::option::Option::Some($crate::peers::shipped::verdict::<$library, _, _>(text, $name::decode, $checked))
            }
        }
    };
}
