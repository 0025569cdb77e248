//! Strings that match a rule's regular expression, for generated inputs
//! (`rand_regex` samples the pattern's syntax tree).

use std::collections::HashMap;

use regex_syntax::ParserBuilder;
use regex_syntax::hir::{Capture, Hir, HirKind, Repetition};

/// Each pattern's sampler, built once.
#[derive(Default)]
pub struct Samplers {
    built: HashMap<String, Option<rand_regex::Regex>>,
}

/// How far `*`, `+` and `{n,}` repeat beyond their minimum.
const MAX_REPEAT: u32 = 6;

/// The longest sample a pattern may produce. `rand_regex` multiplies nested
/// repetitions' bounds to size its buffer, which overflows (a panic, or a
/// wrapped size in wasm) for patterns such as `((a*)*)*…`; such a pattern
/// gets no sampler, so its field is generated like any string and checked.
const MAX_SAMPLE_BYTES: u64 = 64 * 1024;

impl Samplers {
    /// A string `regex` matches, within `lo..=hi` characters, or `None` when a
    /// few tries find none (a pattern whose matches are all longer, say).
    pub fn sample(
        &mut self,
        regex: &regex::Regex,
        lo: usize,
        hi: usize,
        rng: &mut impl rand::Rng,
    ) -> Option<String> {
        // Looked up by `&str`: the pattern is copied only the first time.
        if !self.built.contains_key(regex.as_str()) {
            self.built
                .insert(regex.as_str().to_owned(), sampler(regex.as_str()));
        }
        let sampler = self.built.get(regex.as_str())?.as_ref()?;
        (0..20).find_map(|_| {
            let text: Result<String, _> = rand::distr::Distribution::sample(sampler, rng);
            text.ok().filter(|t| {
                let n = t.chars().count();
                (lo..=hi).contains(&n) && regex.is_match(t)
            })
        })
    }
}

/// ASCII classes where the pattern allows it (readable data); Unicode ones
/// when it does not (a pattern that names Unicode classes).
fn sampler(pattern: &str) -> Option<rand_regex::Regex> {
    let hir = ParserBuilder::new()
        .unicode(false)
        .build()
        .parse(pattern)
        .ok()
        .or_else(|| ParserBuilder::new().build().parse(pattern).ok())?;
    if longest(&hir) > MAX_SAMPLE_BYTES {
        return None;
    }
    rand_regex::Regex::with_hir(without_looks(hir), MAX_REPEAT).ok()
}

/// The most bytes a sample of `hir` can have, as `rand_regex` bounds it
/// (repetitions without a maximum repeat `MAX_REPEAT` more), saturating.
fn longest(hir: &Hir) -> u64 {
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => 0,
        HirKind::Literal(literal) => literal.0.len() as u64,
        HirKind::Class(_) => 4,
        HirKind::Capture(capture) => longest(&capture.sub),
        HirKind::Concat(items) => items.iter().map(longest).fold(0, u64::saturating_add),
        HirKind::Alternation(items) => items.iter().map(longest).max().unwrap_or(0),
        HirKind::Repetition(repetition) => {
            let upper = repetition
                .max
                .unwrap_or_else(|| repetition.min.saturating_add(MAX_REPEAT));
            longest(&repetition.sub).saturating_mul(u64::from(upper).max(1))
        }
    }
}

/// The pattern with its anchors and word boundaries taken out (`rand_regex`
/// samples none): a string made from the rest is checked against the whole
/// pattern, so what they ruled out is still ruled out.
fn without_looks(hir: Hir) -> Hir {
    match hir.into_kind() {
        HirKind::Look(_) => Hir::empty(),
        HirKind::Concat(items) => Hir::concat(items.into_iter().map(without_looks).collect()),
        HirKind::Alternation(items) => {
            Hir::alternation(items.into_iter().map(without_looks).collect())
        }
        HirKind::Capture(capture) => Hir::capture(Capture {
            sub: Box::new(without_looks(*capture.sub)),
            ..capture
        }),
        HirKind::Repetition(repetition) => Hir::repetition(Repetition {
            sub: Box::new(without_looks(*repetition.sub)),
            ..repetition
        }),
        HirKind::Empty => Hir::empty(),
        HirKind::Literal(literal) => Hir::literal(literal.0),
        HirKind::Class(class) => Hir::class(class),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Rng;

    #[test]
    fn samples_match_their_pattern_and_length() {
        let mut samplers = Samplers::default();
        let mut rng = Rng::new(1);
        for pattern in [
            r"^[a-z0-9-]+$",
            r"\A[A-Z]{2}\d{4}\z",
            r"^\w+@\w+\.com$",
            "^(red|green)$",
        ] {
            let regex = regex::Regex::new(pattern).expect("valid");
            for _ in 0..50 {
                let text = samplers
                    .sample(&regex, 1, 40, &mut rng)
                    .unwrap_or_else(|| panic!("{pattern}: no sample"));
                assert!(regex.is_match(&text), "{pattern}: {text}");
                assert!(text.is_ascii(), "{pattern}: {text}");
            }
        }
    }

    #[test]
    fn a_pattern_that_would_sample_without_bound_gets_no_sampler() {
        let mut samplers = Samplers::default();
        let mut rng = Rng::new(1);
        let nested = format!("^{}a{}$", "(?:".repeat(30), ")*".repeat(30));
        let regex = regex::Regex::new(&nested).expect("valid");
        assert_eq!(samplers.sample(&regex, 0, 40, &mut rng), None);
        assert_eq!(
            longest(
                &ParserBuilder::new()
                    .build()
                    .parse("a{3}(bc)?")
                    .expect("parses")
            ),
            5
        );
    }
}
