//! The `Validate` trait: check a decoded value against its rules.

use crate::Violations;

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
