//! The rule registry, a crate of its own so that every other crate can
//! depend on it: overhead-schema reads its keywords to parse attributes,
//! overhead-validate builds violations from its codes and messages, the
//! engine, the derive and the page take what a rule is from here.
//!
//! A rule that reads a string and has no parameters (a [`TextRule`]), or
//! looks for one text in it (a [`NeedleRule`]: `contains`, `ends_with`), is
//! written in four places: its check (a file in overhead-validate's `rules/`),
//! its arm in `text_rule_check` or `needle_rule_passes` beside it, its entry
//! here, and its twin in the JS engine's `rules.ts`. Everything else handles
//! it as data. Where a library spells it its own way, that spelling lives
//! with the library (the translated peers' `translate.rs`, zod's methods in
//! `zod.ts`). Any other rule with parameters also needs its parsing and its
//! compiled form; the exhaustive matches over [`RuleId`] list every place.

pub mod registry;

pub use registry::{Dialect, NeedleRule, NumberRule, RuleId, RuleInfo, TextRule};
