//! Every violation of a value. Empty costs nothing: the list allocates on the
//! first failure only.

use std::fmt;

use serde::{Serialize, Serializer};

use crate::{Segment, Violation};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Violations {
    list: Vec<Violation>,
}

impl Violations {
    #[inline]
    pub const fn new() -> Self {
        Violations { list: Vec::new() }
    }

    pub fn push(&mut self, violation: Violation) {
        self.list.push(violation);
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Violation> {
        self.list.iter()
    }

    /// Puts every violation recorded since `start` (a `len()` taken before a nested
    /// value was checked) under `segment`.
    pub fn nest_since(&mut self, start: usize, segment: &Segment) {
        let start = start.min(self.list.len());
        for v in &mut self.list[start..] {
            v.path.prepend(segment.clone());
        }
    }

    /// Appends every violation of `other`.
    pub fn extend(&mut self, other: Violations) {
        self.list.extend(other.list);
    }

    /// Keeps the first `n` violations.
    pub fn truncate(&mut self, n: usize) {
        self.list.truncate(n);
    }

    /// `Ok(())` when empty. Inline where it is called: out of line, every
    /// valid value's check paid a call and a move of the list (9
    /// instructions of user-signup's `validate-on-de`).
    #[inline]
    pub fn into_result(self) -> Result<(), Violations> {
        if self.list.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }

    pub fn into_vec(self) -> Vec<Violation> {
        self.list
    }
}

impl<'a> IntoIterator for &'a Violations {
    type Item = &'a Violation;
    type IntoIter = std::slice::Iter<'a, Violation>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl IntoIterator for Violations {
    type Item = Violation;
    type IntoIter = std::vec::IntoIter<Violation>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl From<Violation> for Violations {
    fn from(v: Violation) -> Self {
        Violations { list: vec![v] }
    }
}

/// One violation per line.
impl fmt::Display for Violations {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, v) in self.list.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Violations {}

/// A JSON array of violations.
impl Serialize for Violations {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(serializer)
    }
}
