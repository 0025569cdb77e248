//! `email` as validator (0.21) and garde (0.23) check it, which is not the
//! HTML Standard's address that Overhead's own `email` is: both libraries
//! split the address at an `@` (validator at the last, garde at the first),
//! take the same local part and domain labels, also take an IP literal as the
//! domain (`a@[127.0.0.1]`) and an international domain (`a@bücher.de`,
//! through `idna`'s domain-to-ASCII), and have no limit on the whole address.
//!
//! Where they part:
//! - validator counts the local part's and domain's lengths in chars (≤ 64,
//!   ≤ 255), garde in bytes;
//! - validator's literal is its regex `\[([a-fA-F0-9:.]+)\]\z`, unanchored at
//!   the start, so `a@host[127.0.0.1]` passes; garde's is the whole domain in
//!   brackets;
//! - garde converts an international domain only with its `email-idna`
//!   feature (in `full`), which the builds here turn on.

use std::net::IpAddr;

use super::email::{is_labels, is_local_part};
use crate::rules::registry;
use crate::{Rule, Violation};

/// validator's `email` (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ValidatorEmail;

/// garde's `email` (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GardeEmail;

impl Rule<str> for ValidatorEmail {
    #[inline]
    fn check(&self, value: &str) -> bool {
        is_validator_email(value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::VALIDATOR_EMAIL, "")
    }
}

impl Rule<str> for GardeEmail {
    #[inline]
    fn check(&self, value: &str) -> bool {
        is_garde_email(value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::GARDE_EMAIL, "")
    }
}

/// validator 0.21's `ValidateEmail::validate_email`.
pub fn is_validator_email(s: &str) -> bool {
    let Some((user, domain)) = s.rsplit_once('@') else {
        return false;
    };
    if user.chars().count() > 64 || domain.chars().count() > 255 {
        return false;
    }
    if !is_local_part(user.as_bytes()) {
        return false;
    }
    let domain_part = |d: &str| is_labels(d.as_bytes()) || validator_literal(d);
    domain_part(domain) || idna::domain_to_ascii(domain).is_ok_and(|d| domain_part(&d))
}

/// garde 0.23's `parse_email`, with `email-idna`.
pub fn is_garde_email(s: &str) -> bool {
    let Some((user, domain)) = s.split_once('@') else {
        return false;
    };
    if user.len() > 64 || !is_local_part(user.as_bytes()) || domain.len() > 255 {
        return false;
    }
    let domain_part = |d: &str| {
        is_labels(d.as_bytes())
            || d.strip_prefix('[')
                .and_then(|d| d.strip_suffix(']'))
                .is_some_and(|ip| ip.parse::<IpAddr>().is_ok())
    };
    domain_part(domain)
        || idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::URL)
            .is_ok_and(|d| domain_part(&d))
}

/// validator's `\[([a-fA-F0-9:\.]+)\]\z` and an IP address inside: the
/// bracket is the last `[` (the class takes no other), wherever it starts.
fn validator_literal(domain: &str) -> bool {
    let Some(rest) = domain.strip_suffix(']') else {
        return false;
    };
    let Some(open) = rest.rfind('[') else {
        return false;
    };
    let inside = &rest[open + 1..];
    !inside.is_empty()
        && inside
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        && inside.parse::<IpAddr>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// validator 0.21's own cases (its `email.rs` tests, taken from Django),
    /// with its verdicts, then ours.
    #[test]
    fn validators_own_cases() {
        for (s, ok) in [
            ("email@here.com", true),
            ("weirder-email@here.and.there.com", true),
            (r#"!def!xyz%abc@example.com"#, true),
            ("email@[127.0.0.1]", true),
            ("email@[2001:dB8::1]", true),
            ("email@[2001:dB8:0:0:0:0:0:1]", true),
            ("email@[::fffF:127.0.0.1]", true),
            ("example@valid-----hyphens.com", true),
            ("example@valid-with-hyphens.com", true),
            ("test@domain.with.idn.tld.उदाहरण.परीक्षा", true),
            (r#""test@test"@example.com"#, false),
            // max length for domain name labels is 63 characters per RFC 1034
            (
                "a@atm.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                true,
            ),
            (
                "a@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.atm",
                true,
            ),
            (
                "a@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbb.atm",
                true,
            ),
            // 64 * a
            (
                "a@atm.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                false,
            ),
            ("", false),
            ("abc", false),
            ("abc@", false),
            ("abc@bar", true),
            ("a @x.cz", false),
            ("abc@.com", false),
            ("something@@somewhere.com", false),
            ("email@127.0.0.1", true),
            ("email@[127.0.0.256]", false),
            ("email@[2001:db8::12345]", false),
            ("email@[2001:db8:0:0:0:0:1]", false),
            ("email@[::ffff:127.0.0.256]", false),
            ("example@invalid-.com", false),
            ("example@-invalid.com", false),
            ("example@invalid.com-", false),
            ("example@inv-.alid-.com", false),
            ("example@inv-.-alid.com", false),
            (r#"test@example.com\n\n<script src="x.js">"#, false),
            (r#""\\\011"@here.com"#, false),
            (r#""\\\012"@here.com"#, false),
            ("trailingdot@shouldfail.com.", false),
            // Trailing newlines in username or domain not allowed
            ("a@b.com\n", false),
            ("a\n@b.com", false),
            (r#""test@test"\n@example.com"#, false),
            ("a@[127.0.0.1]\n", false),
            // underscores are not allowed
            ("John.Doe@exam_ple.com", false),
            // Unanchored at the start: a host before the bracket passes.
            ("a@host[127.0.0.1]", true),
            ("ünicode@example.com", false),
            ("user@bücher.de", true),
        ] {
            assert_eq!(is_validator_email(s), ok, "{s:?}");
        }
        let long_local = format!("{}@example.com", "a".repeat(65));
        assert!(!is_validator_email(&long_local));
        let long_address = format!(
            "{}@{}.com",
            "a".repeat(64),
            vec!["b".repeat(60); 4].join(".")
        );
        assert!(
            is_validator_email(&long_address),
            "no limit on the whole address"
        );
    }

    /// garde 0.23's own cases (its `email.rs` tests), with its verdicts,
    /// then ours.
    #[test]
    fn gardes_own_cases() {
        for (s, ok) in [
            ("email@here.com", true),
            ("weirder-email@here.and.there.com", true),
            (r#"!def!xyz%abc@example.com"#, true),
            ("email@[127.0.0.1]", true),
            ("email@[2001:dB8::1]", true),
            ("email@[2001:dB8:0:0:0:0:0:1]", true),
            ("email@[::fffF:127.0.0.1]", true),
            ("example@valid-----hyphens.com", true),
            ("example@valid-with-hyphens.com", true),
            ("test@domain.with.idn.tld.उदाहरण.परीक्षा", true),
            (r#""test@test"@example.com"#, false),
            // max length for domain name labels is 63 characters per RFC 1034
            (
                "a@atm.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                true,
            ),
            (
                "a@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.atm",
                true,
            ),
            (
                "a@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbb.atm",
                true,
            ),
            // 64 * a
            (
                "a@atm.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                false,
            ),
            ("", false),
            ("abc", false),
            ("abc@", false),
            ("abc@bar", true),
            ("a @x.cz", false),
            ("abc@.com", false),
            ("something@@somewhere.com", false),
            ("email@127.0.0.1", true),
            ("email@[127.0.0.256]", false),
            ("email@[2001:db8::12345]", false),
            ("email@[2001:db8:0:0:0:0:1]", false),
            ("email@[::ffff:127.0.0.256]", false),
            ("example@invalid-.com", false),
            ("example@-invalid.com", false),
            ("example@invalid.com-", false),
            ("example@inv-.alid-.com", false),
            ("example@inv-.-alid.com", false),
            (r#"test@example.com\n\n<script src="x.js">"#, false),
            (r#""\\\011"@here.com"#, false),
            (r#""\\\012"@here.com"#, false),
            ("trailingdot@shouldfail.com.", false),
            // Trailing newlines in username or domain not allowed
            ("a@b.com\n", false),
            ("a\n@b.com", false),
            (r#""test@test"\n@example.com"#, false),
            ("a@[127.0.0.1]\n", false),
            // underscores are not allowed
            ("John.Doe@exam_ple.com", false),
            ("a@host[127.0.0.1]", false),
            ("", false),
            ("abc", false),
            ("abc@", false),
            ("a@b@c.com", false),
            ("user@bücher.de", true),
            ("user@b%C3%BCcher.de", false),
        ] {
            assert_eq!(is_garde_email(s), ok, "{s:?}");
        }
        // Bytes, not chars: 32 two-byte chars are 64 bytes.
        assert!(!is_garde_email(&format!("{}@example.com", "é".repeat(32))));
    }
}
