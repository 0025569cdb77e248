//! The `Validate` trait: check a decoded value against its rules.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use crate::{Segment, Violations};

pub trait Validate {
    /// Records every violation of `self` into `violations`, with paths relative to `self`.
    fn validate_into(&self, violations: &mut Violations);

    /// Every violation of `self`, or `Ok(())`. Allocates nothing when valid.
    fn validate(&self) -> Result<(), Violations> {
        let mut violations = Violations::new();
        self.validate_into(&mut violations);
        violations.into_result()
    }
}

impl<T: Validate + ?Sized> Validate for &T {
    fn validate_into(&self, violations: &mut Violations) {
        (**self).validate_into(violations);
    }
}

impl<T: Validate + ?Sized> Validate for Box<T> {
    fn validate_into(&self, violations: &mut Violations) {
        (**self).validate_into(violations);
    }
}

impl<T: Validate> Validate for Option<T> {
    fn validate_into(&self, violations: &mut Violations) {
        if let Some(value) = self {
            value.validate_into(violations);
        }
    }
}

/// Each element's violations go under its index: `guests[1].email`.
impl<T: Validate> Validate for [T] {
    fn validate_into(&self, violations: &mut Violations) {
        for (index, element) in self.iter().enumerate() {
            let start = violations.len();
            element.validate_into(violations);
            if violations.len() > start {
                violations.nest_since(start, &Segment::Index(index));
            }
        }
    }
}

impl<T: Validate> Validate for Vec<T> {
    fn validate_into(&self, violations: &mut Violations) {
        self.as_slice().validate_into(violations);
    }
}

impl<T: Validate, const N: usize> Validate for [T; N] {
    fn validate_into(&self, violations: &mut Violations) {
        self.as_slice().validate_into(violations);
    }
}

/// Each value's violations go under its key: `rooms["101"].beds`.
fn validate_entries<'a, K: fmt::Display + 'a, V: Validate + 'a>(
    entries: impl Iterator<Item = (&'a K, &'a V)>,
    violations: &mut Violations,
) {
    for (key, value) in entries {
        let start = violations.len();
        value.validate_into(violations);
        if violations.len() > start {
            violations.nest_since(start, &Segment::Key(key.to_string().into_boxed_str()));
        }
    }
}

impl<K: fmt::Display, V: Validate, S> Validate for HashMap<K, V, S> {
    fn validate_into(&self, violations: &mut Violations) {
        validate_entries(self.iter(), violations);
    }
}

impl<K: fmt::Display, V: Validate> Validate for BTreeMap<K, V> {
    fn validate_into(&self, violations: &mut Violations) {
        validate_entries(self.iter(), violations);
    }
}
