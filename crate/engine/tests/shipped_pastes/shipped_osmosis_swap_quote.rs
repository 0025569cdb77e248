// Modelled on osmosis-labs/osmosis-rust packages/osmosis-std/src/serde/mod.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

pub mod as_str {
    use serde::{de, Deserialize, Deserializer, Serializer};
    use std::{fmt::Display, str::FromStr};

    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        let s = String::deserialize(deserializer)?;
        T::from_str(&s).map_err(de::Error::custom)
    }

    pub fn serialize<S, T>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
    where
        S: Serializer,
        T: Display,
    {
        serializer.serialize_str(&value.to_string())
    }
}

#[derive(Debug, Serialize, Deserialize, Validate)]
pub struct SwapQuote {
    #[garde(ascii, length(min = 3, max = 12))]
    pub token_in: String,
    #[garde(ascii, length(min = 3, max = 12))]
    pub token_out: String,
    #[serde(with = "as_str")]
    #[garde(range(min = 1))]
    pub amount_in: u128,
    #[serde(with = "as_str")]
    #[garde(range(max = 5000))]
    pub slippage_bps: u32,
}
