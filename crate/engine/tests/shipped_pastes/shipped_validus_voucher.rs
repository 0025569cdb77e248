// Modelled on axionbuster/validus README.md: the constructs as written there, in our own words.
use regex::Regex;
use serde::Deserialize;
use validator::{Validate, ValidationError};

const VOUCHER_RE_S: &str = r"^[A-Z0-9]{4}-[A-Z0-9]{4}$";
static VOUCHER_RE: OnceLock<Regex> = OnceLock::new();

fn voucher_code(code: &str) -> Result<(), ValidationError> {
    let re = VOUCHER_RE.get_or_init(|| Regex::new(VOUCHER_RE_S).unwrap());
    if re.is_match(code) {
        Ok(())
    } else {
        Err(ValidationError::new("voucher_format"))
    }
}

#[derive(Debug, Deserialize, Validate)]
pub struct RedeemVoucher {
    #[validate(custom(function = "voucher_code"))]
    pub code: String,
    /// sku -> quantity
    #[validate(length(min = 1, max = 3))]
    pub basket: BTreeMap<String, u32>,
    #[validate(range(min = 1, max = 10))]
    pub seats: u8,
}
