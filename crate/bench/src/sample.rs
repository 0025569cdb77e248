//! Random values for `data = "random"` (seed 001): a pool drawn from a seeded
//! generator, so every run and every machine measures the same values, and
//! sizes vary the way real traffic does. `build.rs` implements [`Sample`] for
//! the bundled scenarios' types, field by field.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::Hash;

/// SplitMix64: tiny, fast and good enough to vary benchmark data; the seed makes
/// the pool the same everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// A length for strings and collections: short mostly, sometimes longer.
    fn len(&mut self, max: u64) -> usize {
        usize::try_from(self.below(max + 1)).unwrap_or(0)
    }
}

/// A type whose values can be drawn at random.
pub trait Sample: Sized {
    fn sample(rng: &mut Rng) -> Self;
}

/// The pool a random-data job cycles through.
pub fn pool<T: Sample>(seed: u64, size: usize) -> Vec<T> {
    let mut rng = Rng::new(seed);
    (0..size).map(|_| T::sample(&mut rng)).collect()
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl Sample for $t {
            /// Magnitudes spread over the type's range, so varint sizes vary.
            fn sample(rng: &mut Rng) -> Self {
                let bits = <$t>::BITS as u64;
                let shift = rng.below(bits);
                (rng.next_u64() as $t) >> shift
            }
        }
    )*};
}
integers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl Sample for u128 {
    fn sample(rng: &mut Rng) -> Self {
        (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) >> rng.below(128)
    }
}

impl Sample for i128 {
    fn sample(rng: &mut Rng) -> Self {
        u128::sample(rng) as i128
    }
}

impl Sample for bool {
    fn sample(rng: &mut Rng) -> Self {
        rng.next_u64() & 1 == 1
    }
}

impl Sample for f64 {
    /// Finite values with a few decimals, as measurements have.
    fn sample(rng: &mut Rng) -> Self {
        (rng.below(2_000_000) as f64 - 1_000_000.0) / 100.0
    }
}

impl Sample for f32 {
    fn sample(rng: &mut Rng) -> Self {
        (rng.below(200_000) as f32 - 100_000.0) / 10.0
    }
}

const ALPHANUMERIC: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

impl Sample for char {
    fn sample(rng: &mut Rng) -> Self {
        char::from(ALPHANUMERIC[rng.below(ALPHANUMERIC.len() as u64) as usize])
    }
}

impl Sample for String {
    fn sample(rng: &mut Rng) -> Self {
        let len = rng.len(24);
        (0..len).map(|_| char::sample(rng)).collect()
    }
}

impl<T: Sample> Sample for Option<T> {
    fn sample(rng: &mut Rng) -> Self {
        bool::sample(rng).then(|| T::sample(rng))
    }
}

impl<T: Sample> Sample for Box<T> {
    fn sample(rng: &mut Rng) -> Self {
        Box::new(T::sample(rng))
    }
}

impl<T: Sample> Sample for Vec<T> {
    fn sample(rng: &mut Rng) -> Self {
        let len = rng.len(6);
        (0..len).map(|_| T::sample(rng)).collect()
    }
}

impl<T: Sample> Sample for VecDeque<T> {
    fn sample(rng: &mut Rng) -> Self {
        Vec::sample(rng).into()
    }
}

impl<T: Sample, const N: usize> Sample for [T; N] {
    fn sample(rng: &mut Rng) -> Self {
        std::array::from_fn(|_| T::sample(rng))
    }
}

impl<T: Sample + Eq + Hash> Sample for HashSet<T> {
    fn sample(rng: &mut Rng) -> Self {
        Vec::sample(rng).into_iter().collect()
    }
}

impl<T: Sample + Ord> Sample for BTreeSet<T> {
    fn sample(rng: &mut Rng) -> Self {
        Vec::sample(rng).into_iter().collect()
    }
}

impl<K: Sample + Eq + Hash, V: Sample> Sample for HashMap<K, V> {
    fn sample(rng: &mut Rng) -> Self {
        Vec::<(K, V)>::sample(rng).into_iter().collect()
    }
}

impl<K: Sample + Ord, V: Sample> Sample for BTreeMap<K, V> {
    fn sample(rng: &mut Rng) -> Self {
        Vec::<(K, V)>::sample(rng).into_iter().collect()
    }
}

macro_rules! tuples {
    ($(($($t:ident),+)),*) => {$(
        impl<$($t: Sample),+> Sample for ($($t,)+) {
            fn sample(rng: &mut Rng) -> Self {
                ($($t::sample(rng),)+)
            }
        }
    )*};
}
tuples!((A), (A, B), (A, B, C), (A, B, C, D));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_pool() {
        let a: Vec<(u32, String, Vec<i16>)> = pool(7, 20);
        let b: Vec<(u32, String, Vec<i16>)> = pool(7, 20);
        assert_eq!(a, b);
        let c: Vec<(u32, String, Vec<i16>)> = pool(8, 20);
        assert_ne!(a, c);
    }

    #[test]
    fn values_vary_in_size() {
        let strings: Vec<String> = pool(1, 50);
        let lengths: HashSet<usize> = strings.iter().map(String::len).collect();
        assert!(lengths.len() > 5, "{lengths:?}");
        let numbers: Vec<u64> = pool(1, 50);
        let digits: HashSet<usize> = numbers.iter().map(|n| n.to_string().len()).collect();
        assert!(digits.len() > 5, "{digits:?}");
    }
}
