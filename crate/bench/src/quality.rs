//! What a result's runs say about how far to trust it: flags the CLI and the
//! page show beside the median.

pub use crate::report::Flag;
use crate::stats::Summary;

/// A run range wider than this share of the median is noisy.
const NOISE: f64 = 0.10;
/// Runs whose trend moves them by more than this share of the median trend.
const TREND: f64 = 0.05;
/// Fewer runs than this give no median worth the name.
pub const MIN_RUNS_FOR_MEDIAN: usize = 3;

/// The flags for one result's per-run figures.
pub fn flags(runs_ns: &[f64], summary: &Summary, warm_up_settled: bool) -> Vec<Flag> {
    let mut flags = Vec::new();
    let median = summary.median_ns;
    if median > 0.0 && (summary.max_ns - summary.min_ns) > NOISE * median {
        flags.push(Flag::Noisy);
    }
    let trend = if runs_ns.len() >= MIN_RUNS_FOR_MEDIAN && median > 0.0 {
        trend(runs_ns) / median
    } else {
        0.0
    };
    if !warm_up_settled || trend < -TREND {
        flags.push(Flag::Warming);
    }
    if trend > TREND {
        flags.push(Flag::Drifting);
    }
    if runs_ns.len() < MIN_RUNS_FOR_MEDIAN {
        flags.push(Flag::FewRuns);
    }
    flags
}

/// How far the runs move from the first to the last, in ns/op (negative:
/// getting faster), by the Theil–Sen slope (the median of the slopes between
/// every two runs), so that one outlying run does not make a trend.
fn trend(runs: &[f64]) -> f64 {
    let mut slopes = Vec::with_capacity(runs.len() * runs.len() / 2);
    for (i, a) in runs.iter().enumerate() {
        for (j, b) in runs.iter().enumerate().skip(i + 1) {
            slopes.push((b - a) / (j - i) as f64);
        }
    }
    crate::stats::median(&slopes).unwrap_or(0.0) * (runs.len() - 1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags_of(runs: &[f64], settled: bool) -> Vec<Flag> {
        let summary = Summary::of(runs).expect("runs");
        flags(runs, &summary, settled)
    }

    #[test]
    fn steady_runs_have_no_flags() {
        assert_eq!(flags_of(&[100.0, 102.0, 99.0, 101.0, 100.0], true), []);
    }

    #[test]
    fn a_wide_range_is_noisy() {
        assert_eq!(
            flags_of(&[100.0, 125.0, 99.0, 101.0, 100.0], true),
            [Flag::Noisy]
        );
    }

    #[test]
    fn runs_that_get_faster_are_still_warming_and_slower_ones_drift() {
        assert_eq!(
            flags_of(&[110.0, 106.0, 103.0, 100.0, 98.0], true),
            [Flag::Noisy, Flag::Warming]
        );
        assert_eq!(
            flags_of(&[100.0, 102.0, 104.0, 106.0, 108.0], true),
            [Flag::Drifting]
        );
        assert_eq!(flags_of(&[100.0, 100.0, 100.0], false), [Flag::Warming]);
    }

    #[test]
    fn one_or_two_runs_say_so() {
        assert_eq!(flags_of(&[100.0], true), [Flag::FewRuns]);
        assert_eq!(flags_of(&[100.0, 101.0], true), [Flag::FewRuns]);
    }

    #[test]
    fn flags_read_as_kebab_case_codes() {
        let json = serde_json::to_string(&[Flag::FewRuns, Flag::Noisy]).expect("json");
        assert_eq!(json, r#"["few-runs","noisy"]"#);
        assert_eq!(Flag::FewRuns.code(), "few-runs");
    }
}
