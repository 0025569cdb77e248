//! Peer crates' jobs on the same definitions: the hand-written ones of a
//! bundled scenario, and those the compiled code carries (serde_fast_flatten
//! beside a flattening type). Each is timed only when its outcome is ours.

use super::{Builder, Slot};
use crate::Error;
use crate::compiled::CompiledType;

pub struct PeerJobs {
    /// The hand-written peers' jobs (`peers::jobs_of`), if any.
    pub hand_written: Option<super::HandWritten>,
    pub root: &'static dyn CompiledType,
}

impl Builder for PeerJobs {
    fn build(&self, slot: &mut Slot<'_>) -> Result<(), Error> {
        let mut jobs = self
            .hand_written
            .map(|jobs| jobs(slot.request.variant, slot.request.input))
            .unwrap_or_default();
        jobs.extend(self.root.peer_jobs(&slot.request));
        for job in jobs {
            slot.admit(job);
        }
        Ok(())
    }
}
