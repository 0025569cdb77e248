//! The interpreter's jobs: `overhead-engine` running the definitions' text.

use std::rc::Rc;

use overhead_engine::run::Interpreter;

use super::{Builder, Slot};
use crate::variant::Family;
use crate::{Error, Variant, interpreted};

pub struct InterpretedJobs<'a> {
    pub engine: Rc<Interpreter>,
    pub schema: &'a str,
    pub root: Option<&'a str>,
    /// Whether compiled code runs beside it: then a variant it cannot run is
    /// a note, and handing text to wasm (the same for both) is left to that.
    pub beside_compiled: bool,
}

impl Builder for InterpretedJobs<'_> {
    fn build(&self, slot: &mut Slot<'_>) -> Result<(), Error> {
        let variant = slot.request.variant;
        if variant == Variant::StrIn && self.beside_compiled {
            return Ok(());
        }
        let job = match variant.family() {
            Family::Flatten => interpreted::flatten_job(self.schema, self.root, &slot.request),
            _ => interpreted::job(&self.engine, &slot.request),
        };
        match job {
            None if !self.beside_compiled => Err(Error::Run(format!(
                "the interpreted engine cannot run `{variant}` on these definitions in this version"
            ))),
            None => {
                slot.notes.push(format!(
                    "the interpreted engine does not run `{variant}` in this version"
                ));
                Ok(())
            }
            Some(Err(why)) => {
                slot.notes.push(format!(
                    "interpreted `{variant}` with input `{}` not timed: {why}",
                    slot.request.input.name
                ));
                Ok(())
            }
            Some(Ok(job)) => {
                slot.answer(job, "interpreted");
                Ok(())
            }
        }
    }
}
