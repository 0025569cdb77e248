//! The seed's analysis of a validation run, per input: what validation costs
//! over decoding alone, and what integrating it costs over two steps. Every
//! figure pairs runs taken side by side (see `stats::paired_ratio`).

use std::borrow::Cow;

use crate::stats::{median, paired_ratio};
use crate::{Engine, Report, ResultRow, Variant};

/// A comparison of two results: `a` against `b`.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    pub label: Cow<'static, str>,
    /// Median of the per-run differences `a[k] − b[k]`, in ns.
    pub difference_ns: f64,
    /// Median of the per-run ratios `a[k] / b[k]`.
    pub ratio: f64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct InputAnalysis {
    pub input: String,
    pub comparisons: Vec<Comparison>,
}

/// Median of `a[k] − b[k]`.
pub fn paired_difference(a: &[f64], b: &[f64]) -> Option<f64> {
    let differences: Vec<f64> = a.iter().zip(b).map(|(a, b)| a - b).collect();
    median(&differences)
}

fn find<'a>(
    report: &'a Report,
    variant: Variant,
    engine: &Engine,
    input: &str,
) -> Option<&'a ResultRow> {
    report
        .results
        .iter()
        .find(|r| r.variant == variant && r.engine == *engine && r.input == input)
}

fn compare(
    label: impl Into<Cow<'static, str>>,
    a: Option<&ResultRow>,
    b: Option<&ResultRow>,
) -> Option<Comparison> {
    let (a, b) = (a?, b?);
    Some(Comparison {
        label: label.into(),
        difference_ns: paired_difference(&a.runs_ns, &b.runs_ns)?,
        ratio: paired_ratio(&a.runs_ns, &b.runs_ns)?,
    })
}

/// The seed-000 analysis for every input the report has, with each peer's
/// validation cost beside ours.
pub fn analyse(report: &Report) -> Vec<InputAnalysis> {
    let mut inputs: Vec<&str> = Vec::new();
    for r in &report.results {
        if !inputs.contains(&r.input.as_str()) {
            inputs.push(&r.input);
        }
    }
    let ours = Engine::Compiled;
    inputs
        .into_iter()
        .filter_map(|input| {
            let baseline = find(report, Variant::De, &ours, input);
            let two_step = find(report, Variant::DeValidate, &ours, input);
            let integrated = find(report, Variant::ValidateOnDe, &ours, input);
            let fail_fast = find(report, Variant::ValidateOnDeFailFast, &ours, input);
            let mut comparisons: Vec<Comparison> = [
                compare("validation cost: de+validate − de", two_step, baseline),
                compare("integrated cost: validate-on-de − de", integrated, baseline),
                compare(
                    "integrated vs two-step: validate-on-de − de+validate",
                    integrated,
                    two_step,
                ),
                compare(
                    "fail-fast vs two-step: validate-on-de/fail-fast − de+validate",
                    fail_fast,
                    two_step,
                ),
            ]
            .into_iter()
            .flatten()
            .collect();
            let mut peers: Vec<&Engine> = Vec::new();
            for r in &report.results {
                if matches!(r.engine, Engine::Peer(_)) && !peers.contains(&&r.engine) {
                    peers.push(&r.engine);
                }
            }
            for peer in peers {
                let name = peer.name();
                let peer_two_step = find(report, Variant::DeValidate, peer, input);
                comparisons.extend(compare(
                    format!("{name} validation cost: its de+validate − de"),
                    peer_two_step,
                    baseline,
                ));
                comparisons.extend(compare(
                    format!("ours vs {name}: de+validate"),
                    two_step,
                    peer_two_step,
                ));
                let peer_integrated = find(report, Variant::ValidateOnDe, peer, input);
                comparisons.extend(compare(
                    format!("ours vs {name}: validate-on-de"),
                    integrated,
                    peer_integrated,
                ));
            }
            (!comparisons.is_empty()).then(|| InputAnalysis {
                input: input.to_owned(),
                comparisons,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_pair_runs() {
        assert_eq!(
            paired_difference(&[110.0, 300.0, 120.0], &[100.0, 280.0, 100.0]),
            Some(20.0)
        );
        assert_eq!(paired_difference(&[], &[]), None);
    }
}
