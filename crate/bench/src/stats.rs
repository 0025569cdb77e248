//! Statistics over per-run figures: median, range, mean, and paired ratios.

use serde::{Deserialize, Serialize};

/// The spread of per-run ns/op figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    pub mean_ns: f64,
}

impl Summary {
    /// Summarises `samples`; `None` when there are none.
    pub fn of(samples: &[f64]) -> Option<Self> {
        let median_ns = median(samples)?;
        let min_ns = samples.iter().copied().fold(f64::INFINITY, f64::min);
        let max_ns = samples.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mean_ns = samples.iter().sum::<f64>() / samples.len() as f64;
        Some(Self {
            median_ns,
            min_ns,
            max_ns,
            mean_ns,
        })
    }
}

/// The median; the mean of the middle two for an even count.
pub fn median(samples: &[f64]) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    })
}

/// How many times slower `a` is than `b`, as the median of the per-run ratios
/// `a[k] / b[k]`. Runs with the same index were measured side by side, so machine
/// noise that hits both cancels out, which a ratio of medians does not do.
pub fn paired_ratio(a: &[f64], b: &[f64]) -> Option<f64> {
    let ratios: Vec<f64> = a
        .iter()
        .zip(b)
        .filter(|(_, b)| **b > 0.0)
        .map(|(a, b)| a / b)
        .collect();
    median(&ratios)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn summary_reports_range_and_mean() {
        let s = Summary::of(&[130.0, 126.0, 137.0, 125.0, 127.0]).expect("samples");
        assert_eq!(s.median_ns, 127.0);
        assert_eq!(s.min_ns, 125.0);
        assert_eq!(s.max_ns, 137.0);
        assert!((s.mean_ns - 129.0).abs() < 1e-9);
        assert_eq!(Summary::of(&[]), None);
    }

    #[test]
    fn paired_ratio_cancels_noise_shared_by_a_run() {
        // Run 2 was slow for both sides; the per-run ratio stays 2.
        let a = [200.0, 600.0, 202.0];
        let b = [100.0, 300.0, 101.0];
        assert_eq!(paired_ratio(&a, &b), Some(2.0));
        // A ratio of medians would have said 202/101 = 2 here too, but not below.
        let a = [200.0, 900.0, 220.0];
        let b = [100.0, 300.0, 400.0];
        assert_eq!(paired_ratio(&a, &b), Some(2.0));
    }

    #[test]
    fn paired_ratio_skips_zero_denominators() {
        assert_eq!(paired_ratio(&[1.0, 4.0], &[0.0, 2.0]), Some(2.0));
        assert_eq!(paired_ratio(&[1.0], &[0.0]), None);
    }
}
