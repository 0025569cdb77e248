//! `required`: an `Option` is `Some`. A field that is missing from the input,
//! or `null` in JSON, decodes to `None` and fails. What is inside is not
//! looked at: `Some("")` passes (add [`NonEmpty`](super::NonEmpty) for that).

use crate::rules::registry;
use crate::{Rule, Violation};

/// Present (see the [module docs](self)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Required;

impl<T> Rule<Option<T>> for Required {
    #[inline]
    fn check(&self, value: &Option<T>) -> bool {
        value.is_some()
    }

    #[cold]
    fn violation(&self, _value: &Option<T>) -> Violation {
        Violation::of(&registry::REQUIRED, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn some_passes_whatever_it_holds() {
        assert!(Required.check(&Some("")));
        assert!(Required.check(&Some(0)));
        assert!(Required.check(&Some(None::<u8>)));
        assert!(!Required.check(&None::<String>));
    }

    #[test]
    fn violation_names_the_rule() {
        let v = Required.violation(&None::<u8>);
        assert_eq!(v.code, "required");
        assert_eq!(v.message(), "is required");
    }
}
