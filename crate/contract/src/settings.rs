//! How long to measure: warm-up, runs and iterations, with the seed's defaults
//! and limits that keep a typo from freezing a tab for an hour.

use serde::{Deserialize, Serialize};

use crate::Error;

/// Seed 000's methodology: warm-up 50,000 iterations, 5 runs × 500,000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Operations per timed run.
    pub iterations: u64,
    /// Timed runs per result.
    pub runs: u32,
    /// Untimed operations per result before the first run.
    pub warmup: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self::SEED
    }
}

impl Settings {
    pub const SEED: Settings = Settings {
        iterations: 500_000,
        runs: 5,
        warmup: 50_000,
    };
    pub const MAX_ITERATIONS: u64 = 100_000_000;
    pub const MAX_RUNS: u32 = 1_000;
    pub const MAX_WARMUP: u64 = 100_000_000;

    /// Rejects settings that cannot give a figure or would run for hours.
    pub fn validate(&self) -> Result<(), Error> {
        check("iterations", self.iterations, 1, Self::MAX_ITERATIONS)?;
        check("runs", u64::from(self.runs), 1, u64::from(Self::MAX_RUNS))?;
        check("warmup", self.warmup, 0, Self::MAX_WARMUP)
    }
}

fn check(name: &str, value: u64, min: u64, max: u64) -> Result<(), Error> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(Error::Settings(format!(
            "{name} must be between {min} and {max}, got {value}"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_defaults() {
        let s = Settings::default();
        assert_eq!((s.warmup, s.runs, s.iterations), (50_000, 5, 500_000));
        assert!(s.validate().is_ok());
    }

    #[test]
    fn out_of_range_values_are_named_in_the_error() {
        let zero_runs = Settings {
            runs: 0,
            ..Settings::SEED
        };
        let err = zero_runs.validate().expect_err("0 runs").to_string();
        assert!(
            err.contains("runs must be between 1 and 1000, got 0"),
            "{err}"
        );
        let huge = Settings {
            iterations: u64::MAX,
            ..Settings::SEED
        };
        assert!(
            huge.validate()
                .expect_err("too many")
                .to_string()
                .contains("iterations")
        );
    }

    #[test]
    fn partial_settings_take_defaults() {
        let s: Settings = serde_json::from_str(r#"{"runs":3}"#).expect("parses");
        assert_eq!(
            s,
            Settings {
                runs: 3,
                ..Settings::SEED
            }
        );
    }
}
