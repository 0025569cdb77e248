//! `credit_card`: a card number as card-validate 2.x accepts it, the crate
//! validator's and garde's `credit_card` call: only ASCII digits (spaces and
//! dashes fail: neither library strips them), a prefix of a known brand, that
//! brand's length, and the Luhn checksum. Brands are tried in card-validate's
//! order, the more specific debit patterns first, so a number takes the
//! length of the first brand whose prefix it has.

use crate::rules::registry;
use crate::{Rule, Violation};

/// A credit or debit card number (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CreditCard;

/// One brand: the prefixes it starts with and the lengths it has.
struct Brand {
    prefixes: &'static [&'static str],
    lengths: (usize, usize),
}

/// card-validate's brands in its order (debit first, then credit).
const BRANDS: &[Brand] = &[
    // Visa Electron
    Brand {
        prefixes: &["4026", "417500", "4405", "4508", "4844", "4913", "4917"],
        lengths: (16, 16),
    },
    // Maestro
    Brand {
        prefixes: &["5018", "502", "503", "56", "58", "639", "67"],
        lengths: (12, 19),
    },
    // Forbrugsforeningen
    Brand {
        prefixes: &["600"],
        lengths: (16, 16),
    },
    // Dankort
    Brand {
        prefixes: &["5019"],
        lengths: (16, 16),
    },
    // Visa
    Brand {
        prefixes: &["4"],
        lengths: (13, 16),
    },
    // MIR
    Brand {
        prefixes: &["2200", "2201", "2202", "2203", "2204"],
        lengths: (16, 19),
    },
    // MasterCard
    Brand {
        prefixes: &[
            "51", "52", "53", "54", "55", "22", "23", "24", "25", "26", "27",
        ],
        lengths: (16, 16),
    },
    // American Express
    Brand {
        prefixes: &["34", "37"],
        lengths: (15, 15),
    },
    // Diners Club
    Brand {
        prefixes: &["30", "36", "38", "39"],
        lengths: (14, 14),
    },
    // Discover
    Brand {
        prefixes: &["60", "64", "65", "622"],
        lengths: (16, 16),
    },
    // UnionPay
    Brand {
        prefixes: &["62", "88"],
        lengths: (16, 19),
    },
    // JCB
    Brand {
        prefixes: &["35"],
        lengths: (16, 16),
    },
];

impl Rule<str> for CreditCard {
    #[inline]
    fn check(&self, value: &str) -> bool {
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        let Some(brand) = BRANDS
            .iter()
            .find(|b| b.prefixes.iter().any(|p| value.starts_with(p)))
        else {
            return false;
        };
        let (lo, hi) = brand.lengths;
        (lo..=hi).contains(&value.len()) && luhn(value)
    }

    #[cold]
    fn violation(&self, _value: &str) -> Violation {
        Violation::of(&registry::CREDIT_CARD, "")
    }
}

/// The Luhn (mod 10) checksum of ASCII digits.
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let twice = d * 2;
                if twice > 9 { twice - 9 } else { twice }
            } else {
                d
            }
        })
        .sum();
    sum % 10 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validators_own_cases() {
        assert!(CreditCard.check("4539571147647251"));
        assert!(CreditCard.check("343380440754432"));
        assert!(!CreditCard.check("zduhefljsdfKJKJZHUI"));
        assert!(!CreditCard.check("5236313877109141"));
        assert!(CreditCard.check("5236313877109142"));
    }

    #[test]
    fn format_brand_length_and_checksum_all_count() {
        assert!(
            !CreditCard.check("4539 5711 4764 7251"),
            "spaces are not stripped"
        );
        assert!(!CreditCard.check("4539-5711-4764-7251"));
        assert!(!CreditCard.check(""));
        // Luhn-valid but no brand starts with 1.
        assert!(!CreditCard.check("1234567812345670"));
        // A Visa prefix, Luhn-valid, but 12 digits.
        assert!(!CreditCard.check("400000000006"));
        assert!(CreditCard.check("4111111111111111"));
        assert!(CreditCard.check("378282246310005"), "Amex, 15 digits");
        assert!(!CreditCard.check("378282246310006"), "one digit off");
    }

    #[test]
    fn violation_names_the_rule() {
        let v = CreditCard.violation("1");
        assert_eq!(v.code, "credit_card");
        assert_eq!(v.message(), "must be a valid credit card number");
    }
}
