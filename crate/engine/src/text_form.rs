//! Types whose serde form is a string of a certain shape: a UUID, a date, an
//! IP address, a duration in words. They decode as text, and text of another
//! shape is an error, as the real type's `Deserialize` makes it. The checks
//! follow those crates' parsers for the forms JSON carries; each is a few
//! lines, not the crate (the interpreter runs in the browser).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use crate::ty::Int;

/// The shape a string must have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextForm {
    /// `uuid::Uuid`: hyphenated, simple (32 hex digits), braced or `urn:uuid:`.
    Uuid,
    /// chrono's `NaiveDate`: `YYYY-MM-DD`, a real calendar day.
    Date,
    /// chrono's `NaiveTime`: `HH:MM:SS` with an optional fraction.
    Time,
    /// chrono's `NaiveDateTime`: a date, `T`, a time.
    NaiveDateTime,
    /// chrono's `DateTime<Tz>`, and time's `rfc3339` module: a date time with
    /// `Z` or an offset.
    DateTime,
    /// `std::net::IpAddr` and its two kinds.
    Ip,
    Ipv4,
    Ipv6,
    /// `std::net::SocketAddr`: an address and a port.
    SocketAddr,
    /// `url::Url`: an absolute URL.
    Url,
    /// `humantime_serde`: `"1h 30m"`, `"250ms"`.
    Humantime,
    /// serde_with's `DisplayFromStr` over an integer: its decimal text.
    Integer(Int),
    /// `DisplayFromStr` over a float: its text.
    Float,
    /// `DisplayFromStr` over a bool: `true` or `false`.
    Bool,
}

impl TextForm {
    /// The form of a type name the playground reads as text of a shape.
    pub fn of_type(name: &str) -> Option<TextForm> {
        Some(match name {
            "Uuid" => TextForm::Uuid,
            // chrono's; the `time` crate's types write a tuple unless its
            // human-readable feature is on, so they stay any text.
            "NaiveDate" => TextForm::Date,
            "NaiveTime" => TextForm::Time,
            "NaiveDateTime" => TextForm::NaiveDateTime,
            // sea-orm's aliases of chrono's `DateTime<Utc>`, `<Local>`, `<FixedOffset>`.
            "DateTime" | "DateTimeUtc" | "DateTimeLocal" | "DateTimeWithTimeZone" => {
                TextForm::DateTime
            }
            "IpAddr" => TextForm::Ip,
            "Ipv4Addr" => TextForm::Ipv4,
            "Ipv6Addr" => TextForm::Ipv6,
            "SocketAddr" => TextForm::SocketAddr,
            "Url" => TextForm::Url,
            // rust_decimal's `Decimal` (its `serde` feature): a number as text.
            "Decimal" => TextForm::Float,
            _ => return None,
        })
    }

    /// Its name in the JS engines' model (`web/src/js-engine/text-forms.ts`).
    pub fn name(self) -> &'static str {
        match self {
            TextForm::Uuid => "uuid",
            TextForm::Date => "date",
            TextForm::Time => "time",
            TextForm::NaiveDateTime => "naive_date_time",
            TextForm::DateTime => "date_time",
            TextForm::Ip => "ip",
            TextForm::Ipv4 => "ipv4",
            TextForm::Ipv6 => "ipv6",
            TextForm::SocketAddr => "socket_addr",
            TextForm::Url => "url",
            TextForm::Humantime => "humantime",
            TextForm::Integer(_) => "integer",
            TextForm::Float => "float",
            TextForm::Bool => "bool",
        }
    }

    /// What the error says is expected.
    pub fn expecting(self) -> &'static str {
        match self {
            TextForm::Uuid => "a UUID",
            TextForm::Date => "a date (YYYY-MM-DD)",
            TextForm::Time => "a time (HH:MM:SS)",
            TextForm::NaiveDateTime => "a date and time (YYYY-MM-DDTHH:MM:SS)",
            TextForm::DateTime => "an RFC 3339 date and time",
            TextForm::Ip => "an IP address",
            TextForm::Ipv4 => "an IPv4 address",
            TextForm::Ipv6 => "an IPv6 address",
            TextForm::SocketAddr => "a socket address",
            TextForm::Url => "an absolute URL",
            TextForm::Humantime => "a duration such as \"1h 30m\"",
            TextForm::Integer(_) => "an integer as text",
            TextForm::Float => "a number as text",
            TextForm::Bool => "`true` or `false` as text",
        }
    }

    /// Whether `text` has the form.
    pub fn accepts(self, text: &str) -> bool {
        match self {
            TextForm::Uuid => uuid(text),
            TextForm::Date => date(text).is_some(),
            TextForm::Time => time(text).is_some(),
            TextForm::NaiveDateTime => text
                .split_once(['T', ' '])
                .is_some_and(|(d, t)| date(d).is_some() && time(t).is_some()),
            TextForm::DateTime => date_time(text),
            TextForm::Ip => text.parse::<IpAddr>().is_ok(),
            TextForm::Ipv4 => text.parse::<Ipv4Addr>().is_ok(),
            TextForm::Ipv6 => text.parse::<Ipv6Addr>().is_ok(),
            TextForm::SocketAddr => text.parse::<SocketAddr>().is_ok(),
            TextForm::Url => overhead_validate::Rule::check(&overhead_validate::rules::Url, text),
            TextForm::Humantime => humantime(text),
            TextForm::Integer(int) => {
                text.parse::<i128>().is_ok_and(|n| {
                    let (lo, hi) = int.bounds();
                    (lo..=hi).contains(&n)
                }) || (int == Int::U128 && text.parse::<u128>().is_ok())
            }
            TextForm::Float => text.parse::<f64>().is_ok(),
            TextForm::Bool => matches!(text, "true" | "false"),
        }
    }

    /// What `Default::default()` of the type writes (a nil UUID, the Unix
    /// epoch); the sample for types without a `Default`.
    pub fn default_text(self) -> &'static str {
        match self {
            TextForm::Uuid => "00000000-0000-0000-0000-000000000000",
            TextForm::Date => "1970-01-01",
            TextForm::Time => "00:00:00",
            TextForm::NaiveDateTime => "1970-01-01T00:00:00",
            TextForm::DateTime => "1970-01-01T00:00:00Z",
            TextForm::Integer(_) => "0",
            TextForm::Float => "0",
            TextForm::Bool => "false",
            TextForm::Ip
            | TextForm::Ipv4
            | TextForm::Ipv6
            | TextForm::SocketAddr
            | TextForm::Url
            | TextForm::Humantime => self.sample(),
        }
    }

    /// A text of the form, for generated inputs.
    pub fn sample(self) -> &'static str {
        match self {
            TextForm::Uuid => "67e55044-10b1-426f-9247-bb680e5fe0c8",
            TextForm::Date => "2024-05-17",
            TextForm::Time => "09:30:00",
            TextForm::NaiveDateTime => "2024-05-17T09:30:00",
            TextForm::DateTime => "2024-05-17T09:30:00Z",
            TextForm::Ip | TextForm::Ipv4 => "192.0.2.1",
            TextForm::Ipv6 => "2001:db8::1",
            TextForm::SocketAddr => "192.0.2.1:8080",
            TextForm::Url => "https://example.com/",
            TextForm::Humantime => "1h 30m",
            TextForm::Integer(_) => "1",
            TextForm::Float => "1.5",
            TextForm::Bool => "true",
        }
    }
}

fn uuid(text: &str) -> bool {
    let text = text.strip_prefix("urn:uuid:").unwrap_or(text);
    let text = text
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or(text);
    let hex = |s: &str| s.bytes().all(|b| b.is_ascii_hexdigit());
    match text.len() {
        32 => hex(text),
        36 => {
            let groups: Vec<&str> = text.split('-').collect();
            groups.iter().map(|g| g.len()).eq([8, 4, 4, 4, 12]) && groups.iter().all(|g| hex(g))
        }
        _ => false,
    }
}

/// `YYYY-MM-DD` as (year, month, day), a day the calendar has.
fn date(text: &str) -> Option<(i32, u32, u32)> {
    let mut parts = text.splitn(3, '-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if y.len() < 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if !digits(y) || !digits(m) || !digits(d) {
        return None;
    }
    let (y, m, d): (i32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&d).then_some((y, m, d))
}

/// `HH:MM` or `HH:MM:SS`, with an optional `.fraction`.
fn time(text: &str) -> Option<()> {
    let (main, fraction) = match text.split_once('.') {
        Some((main, f)) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => (main, f),
        Some(_) => return None,
        None => (text, ""),
    };
    let _ = fraction;
    let parts: Vec<&str> = main.split(':').collect();
    if !(2..=3).contains(&parts.len())
        || parts
            .iter()
            .any(|p| p.len() != 2 || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let n = |i: usize| parts.get(i).map_or(Some(0), |p| p.parse::<u32>().ok());
    // A leap second (60) is accepted, as chrono does.
    (n(0)? < 24 && n(1)? < 60 && n(2)? <= 60).then_some(())
}

/// RFC 3339: a date, `T` (or a space), a time, then `Z` or `±HH:MM`.
fn date_time(text: &str) -> bool {
    let Some((d, rest)) = text.split_once(['T', 't', ' ']) else {
        return false;
    };
    if date(d).is_none() {
        return false;
    }
    let (t, zone) = if let Some(t) = rest.strip_suffix(['Z', 'z']) {
        (t, "")
    } else if let Some(at) = rest.rfind(['+', '-']) {
        (&rest[..at], &rest[at + 1..])
    } else {
        return false;
    };
    let zone_ok = zone.is_empty() || time(zone).is_some() && zone.len() == 5;
    time(t).is_some() && zone_ok
}

/// humantime's durations: one or more `<number><unit>` pieces, spaces
/// between them allowed, units from `ns` to `years`.
fn humantime(text: &str) -> bool {
    const UNITS: &[&str] = &[
        "nsec", "ns", "usec", "us", "µs", "msec", "ms", "seconds", "second", "secs", "sec", "s",
        "minutes", "minute", "mins", "min", "m", "hours", "hour", "hrs", "hr", "h", "days", "day",
        "d", "weeks", "week", "w", "months", "month", "M", "years", "year", "y",
    ];
    let text = text.trim();
    if text.is_empty() {
        return false;
    }
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return false;
        }
        rest = rest[digits..].trim_start();
        let unit_len = rest
            .char_indices()
            .find(|(_, c)| !c.is_alphabetic())
            .map_or(rest.len(), |(i, _)| i);
        if !UNITS.contains(&&rest[..unit_len]) {
            return false;
        }
        rest = rest[unit_len..].trim_start();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_form_takes_its_text_and_refuses_others() {
        let cases: &[(TextForm, &[&str], &[&str])] = &[
            (
                TextForm::Uuid,
                &[
                    "67e55044-10b1-426f-9247-bb680e5fe0c8",
                    "67e5504410b1426f9247bb680e5fe0c8",
                ],
                &["berth-7", "67e55044-10b1-426f-9247-bb680e5fe0c"],
            ),
            (
                TextForm::Date,
                &["2024-02-29", "1990-12-31"],
                &["2023-02-29", "2024-13-45", "31/12/1990"],
            ),
            (
                TextForm::Time,
                &["09:30:00", "23:59:59.123", "09:30"],
                &["24:00:00", "9:30"],
            ),
            (
                TextForm::DateTime,
                &["2024-05-17T09:30:00Z", "2024-05-17T09:30:00.5+02:00"],
                &["2024-05-17T09:30:00", "2024-05-17"],
            ),
            (
                TextForm::Ipv4,
                &["10.20.30.40"],
                &["10.20.30.400", "01.1.1.1"],
            ),
            (
                TextForm::Humantime,
                &["1h 30m", "250ms", "2h30m", "4 seconds"],
                &["soon", "four seconds", ""],
            ),
            (
                TextForm::Integer(Int::U8),
                &["255", "0"],
                &["256", "x", "1.5"],
            ),
        ];
        for (form, good, bad) in cases {
            for text in *good {
                assert!(form.accepts(text), "{form:?} refuses {text}");
            }
            for text in *bad {
                assert!(!form.accepts(text), "{form:?} takes {text}");
            }
            assert!(form.accepts(form.sample()), "{form:?}'s sample");
        }
    }
}
