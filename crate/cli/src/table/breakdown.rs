//! Where validation time goes, as the table prints it: each rule's cost, timed
//! alone by the interpreted engine, then the totals. The totals are compiled
//! code's when it ran on the input (what a Rust user ships), and the rules are
//! shares of its validation there, not parts to subtract: compiled code inlines
//! the checks into the decode, so rules timed apart need not add up to its
//! whole. The interpreted engine's own parts follow; their rest is its
//! integration.

use std::fmt::Write;

use overhead_bench::{Engine, Outcome, Report, RuleCost, Variant};

use super::{ns, range, signed_ns, width};

/// One engine's decoding and validated decode of an input.
struct Totals {
    decoding: f64,
    /// `validate-on-de`, else `de+validate`.
    variant: Variant,
    whole: f64,
}

impl Totals {
    fn of(report: &Report, engine: &Engine, input: &str) -> Option<Totals> {
        let median = |variant: Variant| {
            report
                .results
                .iter()
                .find(|r| {
                    r.variant == variant
                        && r.engine == *engine
                        && r.input == input
                        && r.outcome != Outcome::Error
                })
                .map(|r| (variant, r.median_ns))
        };
        let (_, decoding) = median(Variant::De)?;
        let (variant, whole) =
            median(Variant::ValidateOnDe).or_else(|| median(Variant::DeValidate))?;
        Some(Totals {
            decoding,
            variant,
            whole,
        })
    }

    fn validation(&self) -> f64 {
        self.whole - self.decoding
    }
}

pub(super) fn render(out: &mut String, report: &Report) {
    let mut inputs: Vec<&str> = report.breakdown.iter().map(|c| c.input.as_str()).collect();
    inputs.dedup();
    for input in inputs {
        let costs: Vec<&RuleCost> = report
            .breakdown
            .iter()
            .filter(|c| c.input == input)
            .collect();
        let rules: f64 = costs.iter().map(|c| c.median_ns).sum();
        let compiled = Totals::of(report, &Engine::Compiled, input);
        let interpreted = Totals::of(report, &Engine::Interpreted, input);
        let _ = writeln!(
            out,
            "\nWHERE VALIDATION TIME GOES, input `{input}` (each rule timed alone by the interpreted engine; ns per decode)"
        );
        let label = |c: &RuleCost| {
            let detail = if c.part.detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", c.part.detail)
            };
            format!("{} · {}{detail}", c.part.path, c.part.rule)
        };
        let w = width(costs.iter().map(|c| label(c).chars().count()), "");
        for c in &costs {
            let share = if rules > 0.0 {
                c.median_ns.max(0.0) / rules
            } else {
                0.0
            };
            let of_compiled = match &compiled {
                Some(t) if rules > 0.0 => format!(
                    "  ≈{:>9} of compiled validation",
                    ns(t.validation().max(0.0) * share)
                ),
                _ => String::new(),
            };
            let _ = writeln!(
                out,
                "  {:<w$}  {:>10}  {:>18}  {:>3.0}% of rules{of_compiled}  {} value(s){}",
                label(c),
                ns(c.median_ns),
                range(c.min_ns, c.max_ns),
                share * 100.0,
                c.part.values,
                if c.failed { ", fails" } else { "" }
            );
        }
        let _ = writeln!(out, "  {:<w$}  {:>10}", "all rules", ns(rules));
        if let Some(t) = &compiled {
            let _ = writeln!(out, "  {}", compiled_line(t));
        }
        if let Some(t) = &interpreted {
            let _ = writeln!(
                out,
                "  interpreted: decoding {}, rules {}, integration {} = {} {}",
                ns(t.decoding),
                ns(rules),
                signed_ns(t.validation() - rules),
                t.variant,
                ns(t.whole)
            );
        }
    }
}

fn compiled_line(t: &Totals) -> String {
    let validation = t.validation();
    if validation > 0.0 {
        format!(
            "compiled: decoding {} + validation {} = {} {} (split among the rules by their shares: compiled code inlines the checks, so their times are not parts to subtract)",
            ns(t.decoding),
            ns(validation),
            t.variant,
            ns(t.whole)
        )
    } else {
        format!(
            "compiled: decoding {}, {} {}: validation adds no time these runs can tell apart",
            ns(t.decoding),
            t.variant,
            ns(t.whole)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A report of user-signup's valid input with two rule costs and the
    /// given rows, each `(variant, engine, median)`.
    fn report(rows: &[(&str, &str, f64)]) -> Report {
        let row = |(variant, engine, median): &(&str, &str, f64)| {
            serde_json::json!({
                "variant": variant, "engine": engine, "input": "valid", "data": "serial",
                "outcome": "ok", "size": 1, "runs_ns": [median], "median_ns": median,
                "min_ns": median, "max_ns": median, "mean_ns": median,
            })
        };
        let cost = |path: &str, rule: &str, median: f64| {
            serde_json::json!({
                "input": "valid", "path": path, "rule": rule, "values": 1, "failed": false,
                "runs_ns": [median], "median_ns": median, "min_ns": median, "max_ns": median,
            })
        };
        serde_json::from_value(serde_json::json!({
            "scenario": "user-signup",
            "env": {"target": "native", "engine_version": "0"},
            "settings": {"iterations": 1, "runs": 1, "warmup": 0},
            "timer": {"resolution_ns": 1.0, "overhead_ns": 1.0},
            "results": rows.iter().map(row).collect::<Vec<_>>(),
            "breakdown": [cost("email", "email", 6.0), cost("age", "range", 2.0)],
        }))
        .expect("a report")
    }

    fn rendered(report: &Report) -> String {
        let mut out = String::new();
        render(&mut out, report);
        out
    }

    #[test]
    fn compiled_totals_split_their_validation_by_the_rules_shares() {
        let text = rendered(&report(&[
            ("de", "compiled", 100.0),
            ("validate-on-de", "compiled", 104.0),
            ("de", "interpreted", 150.0),
            ("validate-on-de", "interpreted", 180.0),
        ]));
        assert!(
            text.contains("each rule timed alone by the interpreted engine"),
            "{text}"
        );
        // 8 ns of rules against 4 ns of compiled validation: shares, not a sum.
        assert!(
            text.contains("75% of rules  ≈  3.00 ns of compiled validation"),
            "{text}"
        );
        assert!(
            text.contains("25% of rules  ≈  1.00 ns of compiled validation"),
            "{text}"
        );
        assert!(
            text.contains("compiled: decoding 100 ns + validation 4.00 ns = validate-on-de 104 ns (split among the rules by their shares"),
            "{text}"
        );
        assert!(
            text.contains("interpreted: decoding 150 ns, rules 8.00 ns, integration +22.0 ns = validate-on-de 180 ns"),
            "{text}"
        );
    }

    #[test]
    fn compiled_validation_within_the_noise_is_said_so() {
        let text = rendered(&report(&[
            ("de", "compiled", 100.0),
            ("de+validate", "compiled", 99.0),
        ]));
        assert!(
            text.contains("compiled: decoding 100 ns, de+validate 99.0 ns: validation adds no time these runs can tell apart"),
            "{text}"
        );
        assert!(text.contains("≈  0.00 ns of compiled validation"), "{text}");
        assert!(!text.contains("interpreted: decoding"), "{text}");
    }

    #[test]
    fn without_compiled_rows_the_interpreted_engine_alone_adds_up() {
        let text = rendered(&report(&[
            ("de", "interpreted", 150.0),
            ("validate-on-de", "interpreted", 155.0),
        ]));
        assert!(!text.contains("compiled"), "{text}");
        assert!(
            text.contains("interpreted: decoding 150 ns, rules 8.00 ns, integration −3.00 ns = validate-on-de 155 ns"),
            "{text}"
        );
    }
}
