//! `email`: a WHATWG HTML "valid e-mail address" within RFC 5321's length limits.
//!
//! The grammar (HTML Standard, `input type=email`):
//!
//! ```text
//! email = 1*( atext / "." ) "@" label *( "." label )
//! atext = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "/"
//!       / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~" / "-"
//! label = 1-63 ASCII letters, digits or "-", neither first nor last "-"
//! ```
//!
//! plus: local part ≤ 64 octets, domain ≤ 255 octets, address ≤ 254 octets.
//! No IP literals, no quoted local parts, nothing outside ASCII.
//!
//! A hand-written byte scanner: one table lookup per byte, no allocation.

use crate::rules::registry;
use crate::{Rule, Violation};

/// The value is an e-mail address (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Email;

impl Rule<str> for Email {
    #[inline]
    fn check(&self, value: &str) -> bool {
        is_email(value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::EMAIL, "")
    }
}

/// RFC 5321 §4.5.3.1: the longest local part, domain and address.
const MAX_LOCAL: usize = 64;
const MAX_DOMAIN: usize = 255;
const MAX_ADDRESS: usize = 254;
const MAX_LABEL: usize = 63;

/// Byte classes, as bits, so one lookup answers "local part?", "letter or
/// digit?" and "inside a label?".
const LOCAL: u8 = 1;
const LET_DIG: u8 = 2;
const IN_LABEL: u8 = 4;

const fn byte_classes() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            table[b] = LOCAL | LET_DIG | IN_LABEL;
        }
        b += 1;
    }
    table[b'-' as usize] |= IN_LABEL;
    let specials = b".!#$%&'*+/=?^_`{|}~-";
    let mut i = 0;
    while i < specials.len() {
        table[specials[i] as usize] |= LOCAL;
        i += 1;
    }
    table
}

static CLASSES: [u8; 256] = byte_classes();

/// Whether `b` is an ASCII letter or digit: one load from the table, where
/// `u8::is_ascii_alphanumeric` compares three ranges (`alphanumeric`'s
/// byte scan uses it too).
#[inline(always)]
pub(crate) fn is_ascii_let_dig(b: u8) -> bool {
    CLASSES[usize::from(b)] & LET_DIG != 0
}

/// True when `s` is a valid e-mail address (see the [module docs](self)).
pub fn is_email(s: &str) -> bool {
    let bytes = s.as_bytes();
    if bytes.len() > MAX_ADDRESS {
        return false;
    }
    // The local part runs to the first byte that is not allowed in it, which
    // must be the "@"; a second "@" later fails the domain scan.
    let at = match bytes.iter().position(|&b| CLASSES[b as usize] & LOCAL == 0) {
        Some(at) if bytes[at] == b'@' => at,
        _ => return false,
    };
    if at == 0 || at > MAX_LOCAL {
        return false;
    }
    is_domain(&bytes[at + 1..])
}

/// `label *("." label)` within 255 bytes (see [`is_labels`]).
fn is_domain(domain: &[u8]) -> bool {
    domain.len() <= MAX_DOMAIN && is_labels(domain)
}

/// A local part: one or more `atext` or `.` bytes (the libraries' user part).
pub(crate) fn is_local_part(local: &[u8]) -> bool {
    !local.is_empty() && local.iter().all(|&b| CLASSES[b as usize] & LOCAL != 0)
}

/// `label *("." label)`, each label 1–63 letters/digits/hyphens with a letter
/// or digit at both ends: the HTML Standard's domain, and the libraries'.
pub(crate) fn is_labels(domain: &[u8]) -> bool {
    // One lookup a byte while inside a label; a label's ends and length are
    // checked once, at the "." or the end that closes it.
    let mut start = 0;
    for (i, &b) in domain.iter().enumerate() {
        if CLASSES[b as usize] & IN_LABEL != 0 {
            continue;
        }
        if b != b'.' || !is_label(&domain[start..i]) {
            return false;
        }
        start = i + 1;
    }
    is_label(&domain[start..])
}

/// A label's bytes (letters, digits or hyphens): 1–63 of them, not starting
/// or ending with a hyphen.
#[inline]
fn is_label(label: &[u8]) -> bool {
    match (label.first(), label.last()) {
        (Some(&first), Some(&last)) => first != b'-' && last != b'-' && label.len() <= MAX_LABEL,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ACCEPTED: &[&str] = &[
        "alice@example.com",
        "a.b+c@x.io",
        "a@b.c",
        "A@B.C",
        "user@localhost", // one label is a valid domain for WHATWG
        "first.last@sub.domain.example",
        "x@a-b.c",
        "x@a--b.c",
        "x@1.2.3.4", // four numeric labels: a domain name, not an IP literal
        "x@123",
        "!#$%&'*+/=?^_`{|}~-@example.com",
        "user/dept=shipping@example.com",
        "o'brien@example.ie",
        "under_score@example.com",
        // WHATWG's local part is 1*( atext / "." ): dots anywhere, repeated,
        // leading or trailing. RFC 5322's dot-atom would refuse these three.
        ".a@b.c",
        "a..b@c.d",
        "a.@b.c",
        "...@b.c",
        "x@xn--bcher-kva.de", // punycode of bücher.de
    ];

    const REJECTED: &[&str] = &[
        "",
        "@",
        "@a.b",
        "a@",
        "a",
        "a.b.c",
        "a@b..c",
        "a@.b",
        "a@b.",
        "a@-b.c",
        "a@b-.c",
        "a@b.-c",
        "a@b.c-",
        "a@b@c.d",
        "a@[1.2.3.4]",
        "a@[IPv6:::1]",
        "\"a\"@b.c",
        "\"a b\"@c.d",
        "a b@c.d",
        " a@b.c",
        "a@b.c ",
        "a@b c.d",
        "a\n@b.c",
        "a(comment)@b.c",
        "a,b@c.d",
        "a;b@c.d",
        "a\\b@c.d",
        "ä@b.c",
        "a@bücher.de",
        "a@b_c.d",
        "a@b.c\0",
        "a@例え.jp",
    ];

    #[test]
    fn whatwg_table() {
        for s in ACCEPTED {
            assert!(is_email(s), "should accept {s:?}");
            assert!(Email.check(s));
        }
        for s in REJECTED {
            assert!(!is_email(s), "should reject {s:?}");
        }
    }

    /// The grammar read plainly: split at "@" once and at each ".", each
    /// part checked by its own rule.
    fn by_the_grammar(s: &str) -> bool {
        let Some((local, domain)) = s.split_once('@') else {
            return false;
        };
        let atext = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~-".contains(c);
        let label = |l: &str| {
            (1..=MAX_LABEL).contains(&l.len())
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        };
        s.len() <= MAX_ADDRESS
            && (1..=MAX_LOCAL).contains(&local.len())
            && local.chars().all(|c| atext(c) || c == '.')
            && domain.len() <= MAX_DOMAIN
            && domain.split('.').all(label)
    }

    /// Every address of up to seven bytes over the bytes the grammar turns
    /// on, each answered as the grammar read plainly answers it.
    #[test]
    fn every_short_address_is_judged_as_the_grammar_says() {
        const BYTES: &[u8] = b"a1-.@_ ";
        let mut checked = 0;
        for len in 0..=7u32 {
            for n in 0..BYTES.len().pow(len) {
                let mut rest = n;
                let s: String = (0..len)
                    .map(|_| {
                        let b = BYTES[rest % BYTES.len()];
                        rest /= BYTES.len();
                        char::from(b)
                    })
                    .collect();
                assert_eq!(is_email(&s), by_the_grammar(&s), "{s:?}");
                checked += 1;
            }
        }
        assert!(checked > 900_000);
        let long_label = format!("a@{}.c", "b".repeat(MAX_LABEL));
        assert!(is_email(&long_label) && by_the_grammar(&long_label));
        let longer = format!("a@{}.c", "b".repeat(MAX_LABEL + 1));
        assert!(!is_email(&longer) && !by_the_grammar(&longer));
    }

    #[test]
    fn local_part_is_at_most_64_octets() {
        assert!(is_email(&format!("{}@b.c", "a".repeat(64))));
        assert!(!is_email(&format!("{}@b.c", "a".repeat(65))));
    }

    #[test]
    fn labels_are_at_most_63_octets() {
        assert!(is_email(&format!("a@{}.c", "b".repeat(63))));
        assert!(!is_email(&format!("a@{}.c", "b".repeat(64))));
        assert!(!is_email(&format!("a@{}", "b".repeat(64))));
        assert!(is_email(&format!("a@b-{}-c", "d".repeat(59))));
    }

    #[test]
    fn address_is_at_most_254_octets() {
        let local = "a".repeat(64);
        let label = "b".repeat(63);
        // 64 + "@" + 63 + "." + 63 + "." + 61 = 254
        let longest = format!("{local}@{label}.{label}.{}", "c".repeat(61));
        assert_eq!(longest.len(), 254);
        assert!(is_email(&longest));
        let too_long = format!("{local}@{label}.{label}.{}", "c".repeat(62));
        assert_eq!(too_long.len(), 255);
        assert!(!is_email(&too_long));
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Email.violation("nope");
        assert_eq!(v.code, "email");
        assert_eq!(v.message(), "must be a valid email address");
        assert!(v.params.is_empty());
    }
}
