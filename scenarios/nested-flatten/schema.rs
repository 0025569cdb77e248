use serde::{Deserialize, Serialize};

/// Seed 003's shape: `A` flattens `B` (which flattens `C`) and `D`, so one JSON
/// object holds all six numbers.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct A {
    pub num1: u64,
    #[serde(flatten)]
    pub b: B,
    #[serde(flatten)]
    pub d: D,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct B {
    pub num2: u64,
    #[serde(flatten)]
    pub c: C,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct C {
    pub num3: u64,
    pub num4: u64,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct D {
    pub num5: u64,
    pub num6: u64,
}
