//! `ip`: the text is an IP address as `std::net` parses it — what validator's
//! `ip`, `ip(v4)`, `ip(v6)` and garde's `ip`, `ipv4`, `ipv6` call. IPv4 is
//! four dotted decimal octets without leading zeros ("01.1.1.1" fails); IPv6
//! is RFC 4291 text (`::`, embedded IPv4 `::ffff:1.2.3.4`), without a zone
//! (`fe80::1%eth0` fails). No surrounding spaces, no port, ASCII digits only.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use crate::rules::registry;
use crate::{Rule, Violation};

/// Which addresses pass.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum IpKind {
    #[default]
    Any,
    V4,
    V6,
}

/// An IP address of the given kind (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ip(pub IpKind);

impl Rule<str> for Ip {
    #[inline]
    fn check(&self, value: &str) -> bool {
        match self.0 {
            IpKind::Any => value.parse::<IpAddr>().is_ok(),
            IpKind::V4 => value.parse::<Ipv4Addr>().is_ok(),
            IpKind::V6 => value.parse::<Ipv6Addr>().is_ok(),
        }
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        let case = match self.0 {
            IpKind::Any => "any",
            IpKind::V4 => "v4",
            IpKind::V6 => "v6",
        };
        Violation::of(&registry::IP, case)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANY: Ip = Ip(IpKind::Any);
    const V4: Ip = Ip(IpKind::V4);
    const V6: Ip = Ip(IpKind::V6);

    #[test]
    fn validators_own_cases() {
        for (s, ok) in [
            ("1.1.1.1", true),
            ("255.0.0.0", true),
            ("0.0.0.0", true),
            ("256.1.1.1", false),
            ("25.1.1.", false),
            ("25,1,1,1", false),
            ("fe80::223:6cff:fe8a:2e8a", true),
            ("::ffff:254.42.16.14", true),
            ("2a02::223:6cff :fe8a:2e8a", false),
        ] {
            assert_eq!(ANY.check(s), ok, "{s:?}");
        }
    }

    #[test]
    fn v4_and_v6_refuse_each_other() {
        assert!(V4.check("127.0.0.1"));
        assert!(!V4.check("::1"));
        assert!(!V4.check("1.1.1.1\n"));
        assert!(!V4.check("٧.2٥.3٣.243"));
        assert!(!V4.check("01.1.1.1"));
        assert!(V6.check("::"));
        assert!(V6.check("1::2:3:4:5:6:7"));
        assert!(!V6.check("127.0.0.1"));
        assert!(!V6.check("1::2::3"));
        assert!(!V6.check("fe80::1%eth0"));
    }

    #[test]
    fn violations_name_the_kind() {
        assert_eq!(ANY.violation("x").code, "ip");
        assert_eq!(V4.violation("x").message(), "must be a valid IPv4 address");
        assert_eq!(V6.violation("x").message(), "must be a valid IPv6 address");
    }
}
