//! The compiled engine's jobs: derive-generated code, the reference every
//! other engine's outcome is held to.

use super::{Builder, Slot};
use crate::Error;
use crate::compiled::CompiledType;
use crate::variant::Family;

pub struct CompiledJobs {
    pub root: &'static dyn CompiledType,
}

impl Builder for CompiledJobs {
    fn build(&self, slot: &mut Slot<'_>) -> Result<(), Error> {
        let variant = slot.request.variant;
        match self.root.job(&slot.request) {
            None => Err(Error::Run(format!(
                "the compiled engine has no code for `{variant}` on these definitions{}",
                match variant.family() {
                    Family::Flatten => {
                        " (the flatten variants need a `#[serde(flatten)]` field of a struct: FastFlatten flattens structs, not maps or `Option`s)"
                    }
                    _ => "",
                }
            ))),
            Some(Err(why)) => {
                slot.notes.push(format!(
                    "`{variant}` with input `{}` not timed: {why}",
                    slot.request.input.name
                ));
                Ok(())
            }
            Some(Ok(job)) => {
                slot.answer(job, "compiled");
                Ok(())
            }
        }
    }
}
