//! How a field is read and written when serde is told to call something else
//! than its type's own `Deserialize`/`Serialize`: serde_with's `As::<T>` (what
//! `#[serde_as(as = "T")]` expands to), or a `with` module of a library whose
//! meaning is known. Anything else is the person's own code, which cannot run
//! here.

use quote::ToTokens;

/// What reads a field's value.
#[derive(Debug, Clone)]
pub enum Via {
    /// Its type's own serde form.
    Own,
    /// serde_with's `As::<T>`: the `T`, matched against the field's type.
    As(Box<syn::Type>),
    /// A `with` module of a library the playground knows.
    Module(Module),
}

/// The `with` modules read with their library's meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Module {
    /// chrono's `serde::ts_seconds` … `ts_nanoseconds`: a Unix timestamp, an
    /// integer in the unit; `option` for the `_option` modules.
    ChronoTimestamp { unit: TimeUnit, option: bool },
    /// `humantime_serde` (and `::option`): a duration as `"1h 30m"`.
    Humantime { option: bool },
    /// `time::serde::rfc3339` (and `::option`): an RFC 3339 string.
    TimeRfc3339 { option: bool },
    /// `time::serde::timestamp` (and `::option`): Unix seconds.
    TimeTimestamp { option: bool },
    /// `serde_bytes`: a byte string, or a sequence of bytes.
    SerdeBytes,
    /// serde_trim's `string_trim` (and `option_string_trim`,
    /// `vec_string_trim`): the text with its surrounding whitespace removed.
    Trim { option: bool, vec: bool },
    /// `rust_decimal::serde::str` (and `str_option`): the decimal as a string.
    DecimalStr { option: bool },
    /// `rust_decimal::serde::float` (and `float_option`): the decimal as a float.
    DecimalFloat { option: bool },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds,
    Millis,
    Micros,
    Nanos,
}

impl Via {
    /// Reads serde's `deserialize_with` path (`with = "m"` gives
    /// `m::deserialize`); `None` when it is the person's own function.
    pub fn of(deserialize_with: &syn::ExprPath) -> Option<Via> {
        let segments: Vec<&syn::PathSegment> = deserialize_with.path.segments.iter().collect();
        let (last, module) = segments.split_last()?;
        // serde_trim's functions are named themselves: `deserialize_with = "string_trim"`.
        let trim = match last.ident.to_string().as_str() {
            "string_trim" => Some(Module::Trim {
                option: false,
                vec: false,
            }),
            "option_string_trim" => Some(Module::Trim {
                option: true,
                vec: false,
            }),
            "vec_string_trim" => Some(Module::Trim {
                option: false,
                vec: true,
            }),
            _ => None,
        };
        if let Some(trim) = trim
            && module.iter().all(|s| s.ident == "serde_trim")
        {
            return Some(Via::Module(trim));
        }
        if last.ident != "deserialize" {
            return None;
        }
        if let Some(as_type) = module.last().and_then(|s| as_argument(s)) {
            return Some(Via::As(Box::new(as_type)));
        }
        let names: Vec<String> = module.iter().map(|s| s.ident.to_string()).collect();
        module_named(&names).map(Via::Module)
    }
}

/// `T` of serde_with's `As::<T>`.
fn as_argument(segment: &syn::PathSegment) -> Option<syn::Type> {
    if segment.ident != "As" {
        return None;
    }
    match &segment.arguments {
        syn::PathArguments::AngleBracketed(args) => args.args.iter().find_map(|a| match a {
            syn::GenericArgument::Type(t) => Some(t.clone()),
            _ => None,
        }),
        _ => None,
    }
}

/// A known module by its path, written in full or after a `use` (`ts_seconds`,
/// `serde::ts_seconds`, `rfc3339::option`).
fn module_named(names: &[String]) -> Option<Module> {
    let text: Vec<&str> = names.iter().map(String::as_str).collect();
    let (option, base) = match text.split_last()? {
        (&"option", rest) => (true, rest),
        _ => (false, &text[..]),
    };
    let last = *base.last()?;
    let from = |krate: &str| base.len() == 1 || base.first() == Some(&krate);
    let chrono = |unit| {
        from("chrono").then_some(Module::ChronoTimestamp {
            unit,
            option: false,
        })
    };
    let module = match last {
        "ts_seconds" => chrono(TimeUnit::Seconds),
        "ts_milliseconds" => chrono(TimeUnit::Millis),
        "ts_microseconds" => chrono(TimeUnit::Micros),
        "ts_nanoseconds" => chrono(TimeUnit::Nanos),
        "ts_seconds_option" => chrono(TimeUnit::Seconds).map(optional),
        "ts_milliseconds_option" => chrono(TimeUnit::Millis).map(optional),
        "ts_microseconds_option" => chrono(TimeUnit::Micros).map(optional),
        "ts_nanoseconds_option" => chrono(TimeUnit::Nanos).map(optional),
        "humantime_serde" => Some(Module::Humantime { option: false }),
        "rfc3339" if from("time") => Some(Module::TimeRfc3339 { option: false }),
        "timestamp" if from("time") => Some(Module::TimeTimestamp { option: false }),
        "serde_bytes" if !option => Some(Module::SerdeBytes),
        "str" if from("rust_decimal") && base.len() > 1 => {
            Some(Module::DecimalStr { option: false })
        }
        "str_option" if from("rust_decimal") => Some(Module::DecimalStr { option: true }),
        "float" if from("rust_decimal") && base.len() > 1 => {
            Some(Module::DecimalFloat { option: false })
        }
        "float_option" if from("rust_decimal") => Some(Module::DecimalFloat { option: true }),
        _ => None,
    }?;
    Some(if option { optional(module) } else { module })
}

fn optional(module: Module) -> Module {
    match module {
        Module::ChronoTimestamp { unit, .. } => Module::ChronoTimestamp { unit, option: true },
        Module::Humantime { .. } => Module::Humantime { option: true },
        Module::TimeRfc3339 { .. } => Module::TimeRfc3339 { option: true },
        Module::TimeTimestamp { .. } => Module::TimeTimestamp { option: true },
        Module::DecimalStr { .. } => Module::DecimalStr { option: true },
        Module::DecimalFloat { .. } => Module::DecimalFloat { option: true },
        Module::SerdeBytes => Module::SerdeBytes,
        Module::Trim { vec, .. } => Module::Trim { option: true, vec },
    }
}

/// A path as the person wrote it, for messages.
pub fn path_text(path: &syn::ExprPath) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn via(path: &str) -> Option<Via> {
        Via::of(&syn::parse_str(path).expect("a path"))
    }

    #[test]
    fn knows_the_libraries_modules_and_not_the_persons() {
        assert!(matches!(
            via("chrono::serde::ts_seconds::deserialize"),
            Some(Via::Module(Module::ChronoTimestamp {
                unit: TimeUnit::Seconds,
                option: false
            }))
        ));
        assert!(matches!(
            via("ts_milliseconds_option::deserialize"),
            Some(Via::Module(Module::ChronoTimestamp {
                unit: TimeUnit::Millis,
                option: true
            }))
        ));
        assert!(matches!(
            via("humantime_serde::option::deserialize"),
            Some(Via::Module(Module::Humantime { option: true }))
        ));
        assert!(matches!(
            via("time::serde::rfc3339::option::deserialize"),
            Some(Via::Module(Module::TimeRfc3339 { option: true }))
        ));
        assert!(matches!(
            via("rust_decimal::serde::str::deserialize"),
            Some(Via::Module(Module::DecimalStr { option: false }))
        ));
        assert!(matches!(
            via("::serde_with::As::<DisplayFromStr>::deserialize"),
            Some(Via::As(_))
        ));
        assert!(via("my_dates::deserialize").is_none());
        assert!(via("str::deserialize").is_none());
        assert!(via("parse_flag").is_none());
    }
}
