//! Peer crates' jobs on the same definitions: the hand-written ones of a
//! bundled scenario, those the compiled code carries (serde_fast_flatten
//! beside a flattening type), and the paste as its own build compiles it.
//! Each is timed only when its outcome is the reference's; the as-shipped
//! build, asked first, is the reference (the library decides).

use super::{Builder, Slot};
use crate::Error;
use crate::compiled::CompiledType;

pub struct PeerJobs {
    /// The hand-written peers' jobs (`peers::jobs_of`), if any.
    pub hand_written: Option<super::HandWritten>,
    pub root: &'static dyn CompiledType,
    /// The paste as shipped: its jobs answer first where none did.
    pub reference: bool,
}

impl PeerJobs {
    /// A library's build of the paste (`peers::shipped`), as a builder.
    pub fn shipped(root: &'static dyn CompiledType, reference: bool) -> Box<dyn Builder> {
        Box::new(PeerJobs {
            hand_written: None,
            root,
            reference,
        })
    }
}

impl Builder for PeerJobs {
    fn build(&self, slot: &mut Slot<'_>) -> Result<(), Error> {
        let mut jobs = self
            .hand_written
            .map(|jobs| jobs(slot.request.variant, slot.request.input))
            .unwrap_or_default();
        jobs.extend(self.root.peer_jobs(&slot.request));
        for job in jobs {
            if self.reference && slot.reference.is_none() {
                slot.answer(job, "as-shipped");
            } else {
                slot.admit(job);
            }
        }
        Ok(())
    }
}
