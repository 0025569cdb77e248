//! `url`: an absolute URL as the WHATWG URL Standard parses it (the `url` crate,
//! which is what browsers implement).
//!
//! Any scheme is accepted (`https://a.b`, `mailto:x`, `urn:isbn:0451450523`,
//! `file:///tmp`); a relative reference (`/path`, `a.b`, `//host`) is not, for
//! there is no base to resolve it against. The parser is forgiving as the
//! standard says: it strips leading and trailing C0 controls and spaces and
//! drops tabs and newlines inside, so `" https://a.b "` passes; it percent-encodes
//! what needs it, so spaces in a path pass; special schemes (`http`, `https`,
//! `ws`, `wss`, `ftp`, `file`) must have a valid host.

use crate::rules::registry;
use crate::{Rule, Violation};

/// The value is an absolute URL (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Url;

impl Rule<str> for Url {
    #[inline]
    fn check(&self, value: &str) -> bool {
        // The parsed `Url` owns a serialization; there is no allocation-free
        // way to ask the parser "would this parse", and a hand-written
        // approximation would drift from the standard.
        url::Url::parse(value).is_ok()
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::URL, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_urls_of_any_scheme_pass() {
        for s in [
            "https://a.b",
            "http://example.com/path?q=1#frag",
            "https://user:pw@host:8080/",
            "https://[::1]/",
            "http://127.0.0.1",
            "https://bücher.de/straße", // IDNA host and a non-ASCII path are encoded
            "mailto:x",
            "urn:isbn:0451450523",
            "file:///tmp/x",
            "data:text/plain,hi",
            "x:",
            " https://a.b ", // leading and trailing spaces are stripped
            "https://a.b/a b",
        ] {
            assert!(Url.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn relative_references_and_broken_urls_fail() {
        for s in [
            "",
            " ",
            "a.b",
            "/path",
            "//host/path",
            "?q",
            "#frag",
            "example.com",
            "http://",
            "https://exa mple.com",
            "https://[::1/",
            "http://a:99999",
            "1http://a.b",
        ] {
            assert!(!Url.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Url.violation("a.b");
        assert_eq!(v.code, "url");
        assert_eq!(v.message(), "must be a valid URL");
    }
}
