//! `numeric_string` (domainstack's): every char is numeric, as
//! `char::is_numeric` says (Unicode general categories Nd, Nl and No: "٣",
//! "Ⅻ" and "½" pass). No sign, no decimal point, no space. The empty string
//! passes.

use crate::rules::registry;
use crate::{Rule, Violation};

/// Only numeric characters (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NumericString;

impl Rule<str> for NumericString {
    #[inline]
    fn check(&self, value: &str) -> bool {
        // ASCII first: most text never needs the Unicode tables.
        value.bytes().all(|b| b.is_ascii_digit()) || value.chars().all(char::is_numeric)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::NUMERIC_STRING, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_of_any_script_pass() {
        for s in ["", "0123", "١٢٣", "Ⅻ", "½"] {
            assert!(NumericString.check(s), "should accept {s:?}");
        }
    }

    #[test]
    fn signs_points_and_letters_fail() {
        for s in ["-1", "1.5", "1 2", "12a", "+3"] {
            assert!(!NumericString.check(s), "should reject {s:?}");
        }
    }

    #[test]
    fn violation_names_the_rule() {
        let v = NumericString.violation("a");
        assert_eq!(v.code, "numeric_string");
        assert_eq!(v.message(), "must contain only numbers");
    }
}
