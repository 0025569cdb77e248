//! The rules, one module each.
