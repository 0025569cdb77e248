//! The rules, one module each. Every rule is a small value implementing
//! [`Rule`](crate::Rule): `check` is the allocation-free hot path, `violation`
//! builds the code, message template and parameters for a value that failed.
//!
//! | rule | on | code | passes when |
//! |---|---|---|---|
//! | [`Email`] | `str` | `email` | a WHATWG "valid e-mail address" within RFC 5321 lengths (below) |
//! | [`ValidatorEmail`] / [`GardeEmail`] | `str` | `email` | validator's and garde's own address check: also IP literals and international domains (below) |
//! | [`Url`] | `str` | `url` | an absolute URL by the WHATWG URL Standard, any scheme (below) |
//! | [`Length`] | strings, collections | `length` | `min ≤ length ≤ max`, `length = equal`, in a [`LengthMode`] (below) |
//! | [`Range`] | numbers | `range` | `min ≤ v ≤ max`, `exclusive_min < v < exclusive_max`; NaN fails any bound |
//! | [`Alphanumeric`] | `str` | `alphanumeric` | every char is `char::is_alphanumeric` (Unicode letters and digits); `""` passes |
//! | [`Ascii`] | `str` | `ascii` | `str::is_ascii` (controls included); `""` passes |
//! | [`NonEmpty`] | strings, collections | `non_empty` | at least one byte / item; `" "` passes |
//! | [`NonBlank`] | `str` | `non_blank` | some char is not `char::is_whitespace` (Unicode White_Space); `""` fails |
//! | [`Contains`] / [`DoesNotContain`] | `str` | `contains` / `does_not_contain` | the substring is / is not present, byte for byte; `""` is in every string |
//! | [`StartsWith`] / [`EndsWith`] | `str` | `starts_with` / `ends_with` | `str::starts_with` / `str::ends_with`, byte for byte |
//! | [`Pattern`] | `str` | `regex` | `Regex::is_match`: a match **anywhere** (unanchored; write `^…$` for the whole value) |
//! | [`OneOf`] | `str`, numbers | `one_of` | equal to a listed value; numbers by value across types (`3.0` is `3`) |
//! | [`Unique`] | slices, `Vec`, arrays | `unique` | no two items are equal |
//! | [`Required`] | `Option<T>` | `required` | `Some(_)`, whatever it holds |
//! | [`NonControlCharacter`] | `str` | `non_control_character` | no char is `char::is_control` (Cc: C0, DEL, C1) |
//! | [`Ip`] | `str` | `ip` | `std::net` parses an IP address ([`IpKind`]: any, v4, v6) |
//! | [`CreditCard`] | `str` | `credit_card` | card-validate's brands, lengths and Luhn; digits only |
//! | [`AlphaOnly`] | `str` | `alpha_only` | every char is `char::is_alphabetic` (domainstack's); `""` passes |
//! | [`NumericString`] | `str` | `numeric_string` | every char is `char::is_numeric` (domainstack's); `""` passes |
//! | [`NoWhitespace`] | `str` | `no_whitespace` | no char is `char::is_whitespace` (domainstack's) |
//! | [`NotEquals`] | numbers | `not_equals` | not the number named (domainstack's `not_equals`, `non_zero`) |
//! | [`MultipleOf`] | numbers | `multiple_of` | `value % n == 0` (domainstack's) |
//! | [`MustMatch`] | two fields | `must_match` | `a == b` (not a `Rule`: it needs both values) |
//!
//! Each rule's keywords per dialect, code, message templates, parameters, the
//! types it applies to and its documentation are one entry of [`registry`]
//! (the overhead-rules crate). The rules on a string's text without
//! parameters are also [`TextRule`]s, run by [`Text`] through
//! [`text_rule_check`]: the one match that names each.
//!
//! No rule normalizes Unicode or folds case: "é" (U+00E9) and "e\u{301}" differ.
//!
//! # Length
//!
//! | [`LengthMode`] | a string counts | "é" | "😀" | "👩‍👩‍👧" |
//! |---|---|---|---|---|
//! | `Chars` | Unicode scalar values (`str::chars`) | 1 | 1 | 5 |
//! | `Bytes` | UTF-8 bytes (`str::len`) | 2 | 4 | 18 |
//! | `Utf16` | UTF-16 code units (JavaScript's `length`) | 1 | 2 | 8 |
//! | `Items` | Unicode scalar values, like `Chars` | 1 | 1 | 5 |
//!
//! A collection (`Vec`, slice, array, `VecDeque`, maps, sets) counts items in
//! every mode. `#[validate(length(..))]`, `min_len` and `max_len` count
//! characters, meaning Unicode scalar values (`Chars`), as validator's
//! `length` does. Grapheme clusters (what a reader calls a character: "👩‍👩‍👧"
//! is one) are not supported: that needs Unicode segmentation tables.
//!
//! The peers differ, so the same attribute can give different answers:
//! - garde 0.23's `length` has five modes. `simple`, the default, is
//!   `HasSimpleLength::length`: **bytes** (`str::len`) for strings, items for
//!   collections. `bytes` is `str::len` (and the length of byte slices);
//!   `chars` is `chars().count()` (and the length of `[char]`); `graphemes` is
//!   `graphemes(true).count()` from unicode-segmentation (extended grapheme
//!   clusters, behind garde's `unicode` feature; we have no equivalent);
//!   `utf16` is `encode_utf16().count()`. Our `Bytes`, `Chars` and `Utf16`
//!   agree with garde's `bytes`, `chars` and `utf16`; garde's default agrees
//!   with our `Bytes` on strings, not with our default.
//! - domainstack 1.1's `min_len`, `max_len` and `length` compare `str::len`,
//!   bytes, though their messages say "characters"; its `len_chars` counts
//!   chars.
//!
//! # Email
//!
//! The HTML Standard's "valid e-mail address" (what `<input type=email>`
//! accepts): a local part of one or more ASCII letters, digits, `.` and
//! ``!#$%&'*+/=?^_`{|}~-`` — dots anywhere, so ".a@b.c" and "a..b@c.d" pass —
//! then `@`, then one or more dot-separated labels of 1–63 ASCII letters,
//! digits and hyphens, not starting or ending with a hyphen ("user@localhost"
//! passes: one label is enough). Plus RFC 5321's limits: local part ≤ 64
//! octets, domain ≤ 255, address ≤ 254. Not accepted: IP literals
//! (`a@[1.2.3.4]`; `a@1.2.3.4` is four numeric labels and passes), quoted
//! local parts, comments, and any non-ASCII character — an internationalized
//! domain must be written in punycode (`xn--bcher-kva.de`).
//!
//! # Url
//!
//! `url::Url::parse(s).is_ok()`: an absolute URL as the WHATWG URL Standard
//! (and so a browser) parses it. Any scheme passes (`https://a.b`, `mailto:x`,
//! `urn:isbn:…`, `data:…`); relative references (`/path`, `a.b`, `//host`)
//! fail. The parser is lenient as the standard is: surrounding spaces and
//! control characters are stripped, tabs and newlines removed, and characters
//! that need it percent-encoded, so `" https://a.b/a b "` passes. `http`,
//! `https`, `ws`, `wss`, `ftp` and `file` URLs need a valid host;
//! international hosts pass (converted to punycode).

pub mod alpha_only;
pub mod alphanumeric;
pub mod ascii;
pub mod contains;
pub mod credit_card;
pub mod email;
pub mod ip;
pub mod length;
pub mod library_email;
pub mod must_match;
pub mod no_whitespace;
pub mod non_blank;
pub mod non_control_character;
pub mod non_empty;
pub mod numeric;
pub mod numeric_string;
pub mod one_of;
pub mod pattern;
pub mod prefix;
pub mod range;
pub mod required;
pub mod suffix;
pub mod unique;
pub mod url;

pub use alpha_only::AlphaOnly;
pub use alphanumeric::Alphanumeric;
pub use ascii::Ascii;
pub use contains::{Contains, DoesNotContain};
pub use credit_card::CreditCard;
pub use email::Email;
pub use ip::{Ip, IpKind};
pub use length::{HasLength, Length, LengthMode};
pub use library_email::{GardeEmail, ValidatorEmail};
pub use must_match::MustMatch;
pub use no_whitespace::NoWhitespace;
pub use non_blank::NonBlank;
pub use non_control_character::NonControlCharacter;
pub use non_empty::NonEmpty;
pub use numeric::{MultipleOf, NotEquals, Numeric, number_rule_passes};
pub use numeric::{break_float, break_int, keep_float, keep_int};
pub use numeric_string::NumericString;
pub use one_of::OneOf;
pub use pattern::Pattern;
pub use prefix::StartsWith;
pub use range::{Number, Range};
pub use required::Required;
pub use suffix::EndsWith;
pub use unique::Unique;
pub use url::Url;

pub use overhead_rules::registry;
pub use overhead_rules::registry::{NeedleRule, NumberRule, TextRule};

use crate::{Rule, Violation};

/// Whether `value` keeps the text rule `rule`.
#[inline]
pub fn text_rule_passes(rule: TextRule, value: &str) -> bool {
    text_rule_check(rule)(value)
}

/// The check of the text rule `rule`, as a function: chosen once where a
/// rule is known before its values are (the interpreter's compiled checks
/// call it per value without matching on the rule again). One exhaustive
/// match, so a new [`TextRule`] is checked here or this crate does not
/// compile.
pub fn text_rule_check(rule: TextRule) -> fn(&str) -> bool {
    match rule {
        TextRule::Email => |s| Email.check(s),
        TextRule::ValidatorEmail => |s| ValidatorEmail.check(s),
        TextRule::GardeEmail => |s| GardeEmail.check(s),
        TextRule::Url => |s| Url.check(s),
        TextRule::Alphanumeric => |s| Alphanumeric.check(s),
        TextRule::Ascii => |s| Ascii.check(s),
        TextRule::NonBlank => |s| NonBlank.check(s),
        TextRule::NonControlCharacter => |s| NonControlCharacter.check(s),
        TextRule::CreditCard => |s| CreditCard.check(s),
        TextRule::AlphaOnly => |s| AlphaOnly.check(s),
        TextRule::NumericString => |s| NumericString.check(s),
        TextRule::NoWhitespace => |s| NoWhitespace.check(s),
    }
}

/// A text rule chosen at run time (the interpreter's); derived code names the
/// rule's own unit struct instead ([`TextRule::rust_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Text(pub TextRule);

impl Rule<str> for Text {
    #[inline]
    fn check(&self, value: &str) -> bool {
        text_rule_passes(self.0, value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(self.0.info(), "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use overhead_rules::registry::ValidText;

    #[test]
    fn the_registrys_texts_keep_and_break_each_text_rule() {
        for &rule in TextRule::ALL {
            assert!(
                !text_rule_passes(rule, rule.invalid()),
                "{} keeps its breaking text",
                rule.name()
            );
            let violation = Text(rule).violation(rule.invalid());
            assert_eq!(violation.code, rule.info().code);
            match rule.valid() {
                ValidText::Fixed(text) => assert!(text_rule_passes(rule, text), "{}", rule.name()),
                ValidText::LettersAndDigits { .. } => {
                    assert!(text_rule_passes(rule, "abc123"), "{}", rule.name());
                }
                ValidText::Format(_) => {}
            }
        }
    }
}

/// Whether `value` keeps the needle rule `rule` with its text `needle`: one
/// exhaustive match, as [`text_rule_check`].
#[inline]
pub fn needle_rule_passes(rule: NeedleRule, value: &str, needle: &str) -> bool {
    match rule {
        NeedleRule::Contains => Contains(needle).check(value),
        NeedleRule::DoesNotContain => DoesNotContain(needle).check(value),
        NeedleRule::StartsWith => StartsWith(needle).check(value),
        NeedleRule::EndsWith => EndsWith(needle).check(value),
    }
}

/// A needle rule chosen at run time (the interpreter's); derived code names
/// the rule's own struct instead ([`NeedleRule::rust_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needle<'a>(pub NeedleRule, pub &'a str);

impl Rule<str> for Needle<'_> {
    #[inline]
    fn check(&self, value: &str) -> bool {
        needle_rule_passes(self.0, value, self.1)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(self.0.info(), "").with_param(self.0.param(), self.1.to_owned())
    }
}
