// Modelled on jprochazk/garde README.md: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize, Validate)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Card {
        #[garde(length(min = 2, max = 26))]
        holder: String,
        #[garde(length(equal = 4), pattern(r"^[0-9]+$"))]
        last_four: String,
    },
    BankTransfer {
        #[garde(length(min = 15, max = 34), alphanumeric)]
        iban: String,
    },
    Voucher(#[garde(ascii, length(min = 6, max = 12))] String),
}
