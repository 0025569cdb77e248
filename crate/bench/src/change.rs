//! How much one figure changed against another, with a 95% confidence
//! interval, and whether that is a change at all.
//!
//! The interval is Student's t on the logarithms of the paired per-run ratios
//! `after[k] / before[k]`: the log makes a ratio's noise symmetric (2× faster
//! and 2× slower are equally far from 1), the mean of the logs is the
//! geometric mean ratio, and t (not the normal) because there are few runs.
//! A change is reported when the interval excludes no change *and* the
//! estimate is at least [`NOISE_THRESHOLD`], as criterion reports "change
//! within noise threshold" for a real but negligible one.

use serde::{Deserialize, Serialize};

/// A change smaller than this is not reported as one, however sure.
pub const NOISE_THRESHOLD: f64 = 0.01;

/// `after / before − 1`, as a fraction, with its 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Change {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
    /// Pairs of runs it rests on.
    pub pairs: usize,
}

/// What a change says, in words a table can print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Faster,
    Slower,
    NoDetectableChange,
}

impl Change {
    /// The change from `before` to `after` (ns/op of each run, paired by
    /// index); `None` with fewer than two pairs of positive figures.
    pub fn between(before: &[f64], after: &[f64]) -> Option<Change> {
        let logs: Vec<f64> = before
            .iter()
            .zip(after)
            .filter(|(b, a)| **b > 0.0 && **a > 0.0)
            .map(|(b, a)| (a / b).ln())
            .collect();
        let n = logs.len();
        if n < 2 {
            return None;
        }
        let mean = logs.iter().sum::<f64>() / n as f64;
        let variance = logs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        let half = t_975(n - 1) * (variance / n as f64).sqrt();
        Some(Change {
            estimate: mean.exp() - 1.0,
            low: (mean - half).exp() - 1.0,
            high: (mean + half).exp() - 1.0,
            pairs: n,
        })
    }

    /// The change between two groups of invocations, from each invocation's
    /// median (ns/op): Welch's t on the logarithms of the medians, so that what
    /// moves a whole invocation (code placement, the machine's state) is in the
    /// interval, as it cannot be from one Report per side. A side with one
    /// invocation borrows the other side's spread. `None` unless one side has
    /// two or more.
    pub fn between_invocations(before: &[f64], after: &[f64]) -> Option<Change> {
        let logs =
            |xs: &[f64]| -> Vec<f64> { xs.iter().filter(|x| **x > 0.0).map(|x| x.ln()).collect() };
        let (a, b) = (logs(before), logs(after));
        if a.is_empty() || b.is_empty() || a.len() + b.len() < 3 {
            return None;
        }
        let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
        let var = |xs: &[f64]| {
            let m = mean(xs);
            (xs.len() > 1)
                .then(|| xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len() - 1) as f64)
        };
        let (va, vb) = match (var(&a), var(&b)) {
            (Some(va), Some(vb)) => (va, vb),
            (Some(v), None) | (None, Some(v)) => (v, v),
            (None, None) => return None,
        };
        let (na, nb) = (a.len() as f64, b.len() as f64);
        let (sa, sb) = (va / na, vb / nb);
        let se = (sa + sb).sqrt();
        // Welch–Satterthwaite; a side of one counts as one degree of freedom.
        let df = |s: f64, n: f64| if n > 1.0 { s * s / (n - 1.0) } else { s * s };
        let dof = if se > 0.0 {
            (sa + sb).powi(2) / (df(sa, na) + df(sb, nb))
        } else {
            na + nb - 2.0
        };
        let diff = mean(&b) - mean(&a);
        let half = t_975(dof.floor().max(1.0) as usize) * se;
        Some(Change {
            estimate: diff.exp() - 1.0,
            low: (diff - half).exp() - 1.0,
            high: (diff + half).exp() - 1.0,
            pairs: a.len().min(b.len()),
        })
    }

    pub fn verdict(&self) -> Verdict {
        let sure = self.high < 0.0 || self.low > 0.0;
        match () {
            _ if !sure || self.estimate.abs() < NOISE_THRESHOLD => Verdict::NoDetectableChange,
            _ if self.estimate < 0.0 => Verdict::Faster,
            _ => Verdict::Slower,
        }
    }

    /// "faster by 12.3% (CI 10.1–14.4%)", "no detectable change (−0.8%, CI −2.1%–+0.5%)".
    pub fn describe(&self) -> String {
        let pct = |x: f64| x * 100.0;
        match self.verdict() {
            Verdict::Faster => format!(
                "faster by {:.1}% (CI {:.1}–{:.1}%)",
                -pct(self.estimate),
                -pct(self.high),
                -pct(self.low)
            ),
            Verdict::Slower => format!(
                "slower by {:.1}% (CI {:.1}–{:.1}%)",
                pct(self.estimate),
                pct(self.low),
                pct(self.high)
            ),
            Verdict::NoDetectableChange => format!(
                "no detectable change ({}, CI {}–{})",
                signed_percent(self.estimate),
                signed_percent(self.low),
                signed_percent(self.high)
            ),
        }
    }
}

/// A fraction as a signed percentage with a true minus sign: "+0.5%", "−2.1%".
pub fn signed_percent(x: f64) -> String {
    let sign = if x < 0.0 { '−' } else { '+' };
    format!("{sign}{:.1}%", (x * 100.0).abs())
}

/// Student's t, two-sided 95% (the 0.975 quantile), for `df` degrees of freedom.
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.042 - (df - 30) as f64 * (2.042 - 2.000) / 30.0,
        61..=120 => 2.000 - (df - 60) as f64 * (2.000 - 1.980) / 60.0,
        _ => 1.960,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_is_t_on_the_log_ratios() {
        // Log-ratios 0.1, 0.2, 0.3: mean 0.2, sd 0.1, se 0.1/√3, t(2) 4.303.
        let before = [100.0, 100.0, 100.0];
        let after = [
            100.0 * 0.1f64.exp(),
            100.0 * 0.2f64.exp(),
            100.0 * 0.3f64.exp(),
        ];
        let c = Change::between(&before, &after).expect("three pairs");
        let half = 4.303 * 0.1 / 3f64.sqrt();
        assert!((c.estimate - (0.2f64.exp() - 1.0)).abs() < 1e-12);
        assert!((c.low - ((0.2 - half).exp() - 1.0)).abs() < 1e-12);
        assert!((c.high - ((0.2 + half).exp() - 1.0)).abs() < 1e-12);
        assert_eq!(c.pairs, 3);
        // 0.2 ± 0.248: the interval holds no change.
        assert_eq!(c.verdict(), Verdict::NoDetectableChange);
    }

    #[test]
    fn a_steady_change_is_found_and_said_with_its_interval() {
        let before = [100.0, 102.0, 99.0, 101.0, 100.0];
        let faster: Vec<f64> = before.iter().map(|b| b * 0.9).collect();
        let c = Change::between(&before, &faster).expect("five pairs");
        assert_eq!(c.verdict(), Verdict::Faster);
        assert_eq!(c.describe(), "faster by 10.0% (CI 10.0–10.0%)");
        let slower = [105.0, 107.5, 103.0, 106.0, 105.5];
        let c = Change::between(&before, &slower).expect("five pairs");
        assert_eq!(c.verdict(), Verdict::Slower);
        assert_eq!(c.describe(), "slower by 5.0% (CI 4.3–5.7%)");
    }

    #[test]
    fn a_sure_but_tiny_change_is_no_change() {
        let before = [100.0, 100.0, 100.0, 100.0];
        let after = [100.5, 100.4, 100.6, 100.5];
        let c = Change::between(&before, &after).expect("four pairs");
        assert!(c.low > 0.0);
        assert_eq!(c.verdict(), Verdict::NoDetectableChange);
        assert_eq!(c.describe(), "no detectable change (+0.5%, CI +0.4%–+0.6%)");
        assert_eq!(signed_percent(-0.021), "−2.1%");
    }

    #[test]
    fn too_few_or_empty_runs_give_no_interval() {
        assert_eq!(Change::between(&[100.0], &[90.0]), None);
        assert_eq!(Change::between(&[100.0, 0.0], &[90.0, 80.0]), None);
        assert_eq!(Change::between(&[], &[]), None);
    }

    #[test]
    fn invocations_are_compared_by_welch_s_t_on_their_medians() {
        // Logs of the medians: before 0, 0.02, −0.02 (mean 0, var 0.0004);
        // after 0.1, 0.12, 0.08 (mean 0.1, var 0.0004).
        let before = [0.0f64, 0.02, -0.02].map(|x| 100.0 * x.exp());
        let after = [0.1f64, 0.12, 0.08].map(|x| 100.0 * x.exp());
        let c = Change::between_invocations(&before, &after).expect("three each");
        let se = (0.0004f64 / 3.0 * 2.0).sqrt();
        // Welch's degrees of freedom for equal variances and sizes: 4.
        assert!((c.estimate - (0.1f64.exp() - 1.0)).abs() < 1e-12);
        assert!((c.low - ((0.1 - 2.776 * se).exp() - 1.0)).abs() < 1e-9);
        assert_eq!(c.verdict(), Verdict::Slower);
        // One invocation on a side borrows the other's spread.
        let c = Change::between_invocations(&before[..1], &after).expect("one and three");
        assert!(c.high > c.low);
        assert_eq!(Change::between_invocations(&before[..1], &after[..1]), None);
    }

    #[test]
    fn t_quantiles_fall_toward_the_normal() {
        assert_eq!(t_975(4), 2.776);
        assert_eq!(t_975(30), 2.042);
        assert!(t_975(45) < 2.042 && t_975(45) > 2.0);
        assert_eq!(t_975(1000), 1.960);
        assert!(t_975(0).is_infinite());
    }
}
