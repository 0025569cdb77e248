//! The seeds' analyses, per input: what validation costs over decoding alone and
//! what integrating it costs over two steps (000); formats and buffer reuse
//! (001); the dict path against the JSON path (002); flatten's cost (003). Every
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
    /// `a / b − 1` with its 95% confidence interval (t on the log-ratios);
    /// `None` with fewer than two runs.
    pub interval: Option<crate::change::Change>,
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
        interval: crate::change::Change::between(&b.runs_ns, &a.runs_ns),
    })
}

/// The comparisons of seeds 001, 002 and 003 between our own results.
const OTHER_PAIRS: &[(&str, Variant, Variant)] = &[
    // Seed 003: what flattening costs, serde's way and ours.
    (
        "serde's flatten vs unflattened: de/serde-flatten − de/unflattened",
        Variant::DeSerdeFlatten,
        Variant::DeUnflattened,
    ),
    (
        "fast flatten vs unflattened: de/fast-flatten − de/unflattened",
        Variant::DeFastFlatten,
        Variant::DeUnflattened,
    ),
    (
        "serde's flatten vs fast: de/serde-flatten − de/fast-flatten",
        Variant::DeSerdeFlatten,
        Variant::DeFastFlatten,
    ),
    (
        "fast vs serde's flatten: ser/fast-flatten − ser/serde-flatten",
        Variant::SerFastFlatten,
        Variant::SerSerdeFlatten,
    ),
    (
        "unflattened vs serde's flatten: ser/unflattened − ser/serde-flatten",
        Variant::SerUnflattened,
        Variant::SerSerdeFlatten,
    ),
    // Seed 002: the "dict" path against the JSON path.
    (
        "dict vs JSON, decode: from-value − de",
        Variant::FromValue,
        Variant::De,
    ),
    (
        "dict vs JSON, encode: to-value − ser",
        Variant::ToValue,
        Variant::Ser,
    ),
    (
        "JS object vs JSON, decode: from-js − de",
        Variant::FromJs,
        Variant::De,
    ),
    (
        "JS object vs JSON, encode: to-js − ser",
        Variant::ToJs,
        Variant::Ser,
    ),
    // Seed 001: the formats, and reusing the buffer.
    (
        "postcard vs JSON, encode: enc/postcard − enc/json",
        Variant::EncPostcard,
        Variant::EncJson,
    ),
    (
        "postcard vs JSON, decode: dec/postcard − dec/json",
        Variant::DecPostcard,
        Variant::DecJson,
    ),
    (
        "reused vs fresh buffer, JSON: enc/json-reuse − enc/json",
        Variant::EncJsonReuse,
        Variant::EncJson,
    ),
    (
        "reused vs fresh buffer, postcard: enc/postcard-reuse − enc/postcard",
        Variant::EncPostcardReuse,
        Variant::EncPostcard,
    ),
];

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
            for peer in &peers {
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
            let ours_of = |variant| find(report, variant, &ours, input);
            for (label, a, b) in OTHER_PAIRS {
                comparisons.extend(compare(*label, ours_of(*a), ours_of(*b)));
            }
            for peer in &peers {
                let name = peer.name();
                for variant in [Variant::DeFastFlatten, Variant::SerFastFlatten] {
                    let theirs = find(report, variant, peer, input);
                    comparisons.extend(compare(
                        format!("ours vs {name}: {variant}"),
                        ours_of(variant),
                        theirs,
                    ));
                }
                comparisons.extend(compare(
                    format!("{name} vs unflattened: its de/fast-flatten − de/unflattened"),
                    find(report, Variant::DeFastFlatten, peer, input),
                    ours_of(Variant::DeUnflattened),
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
