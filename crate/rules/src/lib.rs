//! The rule registry, a crate of its own so that every other crate can
//! depend on it: overhead-schema reads its keywords to parse attributes,
//! overhead-validate builds violations from its codes and messages, the
//! engine, the derive and the page take what a rule is from here.
//!
//! A rule that reads a string and has no parameters (a [`TextRule`]) is
//! written in three places: its check (a file in overhead-validate's
//! `rules/`, with `text_rule_passes` naming it), its entry here, and its
//! twin in the JS engine's `rules.ts`. Everything else handles it as data.
//! A rule with parameters also needs its parsing and its compiled form; the
//! exhaustive matches over [`RuleId`] list every place.

pub mod registry;

pub use registry::{Dialect, RuleId, RuleInfo, TextRule};
