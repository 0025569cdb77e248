use std::collections::BTreeSet;

use overhead_validate::Validate;
use serde::{Deserialize, Serialize};

/// Seed 001's `Car` message (Rumi's serialization benchmark): simple fields, a
/// nested engine, a set of flags, an array of numbers and two repeated groups.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Car {
    /// Milliseconds since the Unix epoch.
    pub timestamp: i64,
    pub serial_number: u32,
    #[validate(range(min = 1886, max = 2100))]
    pub model_year: u16,
    pub available: bool,
    pub code: Code,
    #[validate(length(min = 1, max = 16), alphanumeric)]
    pub vehicle_code: String,
    #[validate(nested)]
    pub engine: Engine,
    pub extras: BTreeSet<Extra>,
    pub some_numbers: [i32; 5],
    #[validate(length(max = 8), nested)]
    pub performance_figures: Vec<PerformanceFigures>,
    #[validate(length(max = 8))]
    pub fuel_figures: Vec<FuelFigures>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Code {
    A,
    B,
    C,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Extra {
    SunRoof,
    SportsPack,
    CruiseControl,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Engine {
    #[validate(range(max = 20000))]
    pub capacity: u16,
    #[validate(range(min = 1, max = 16))]
    pub num_cylinders: u8,
    pub max_rpm: u16,
    #[validate(length(max = 3))]
    pub manufacturer_code: String,
    pub fuel: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PerformanceFigures {
    #[validate(range(min = 80, max = 120))]
    pub octane_rating: u8,
    pub acceleration: Vec<Acceleration>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Acceleration {
    pub mph: u16,
    pub seconds: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FuelFigures {
    pub speed: u16,
    pub mpg: f32,
}
