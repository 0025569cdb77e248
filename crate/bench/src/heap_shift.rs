//! A different heap layout for every timed run. Where a job's allocations
//! land decides how fast it runs: an output buffer 4 KiB apart from the input
//! it copies (4K aliasing), or two hot blocks in one cache set, cost 10–30%,
//! and an allocator that is warm hands a loop the same blocks on every
//! iteration of every run. Without a shift, each run of a job repeats one
//! layout, chosen by whatever the process did before (the calibration, the
//! progress messages, the other jobs), and a page load or an invocation that
//! drew a slow one is slow throughout: measured in Chromium on user-signup's
//! compiled `de`, fresh page loads gave medians from 128 to 152 ns.
//!
//! So before each run the runner holds a few blocks of each small size — a
//! different count per run — and one larger block, and frees them after the
//! run: the job's allocations then come from other places, each run samples
//! another layout, and the median is of layouts rather than of one (the idea
//! of Stabilizer, Curtsinger and Berger, ASPLOS 2013, for the heap only).
//! Measured on the same page: loads within 4.4% of each other instead of
//! 18% (`npm run bench:spread`; methodology page).

/// The small sizes (bytes) whose blocks are held, 16 to 256 by 16: the sizes
/// of the fields, strings and nodes a deserializer allocates.
const SIZE_STEP: usize = 16;
const SIZE_CLASSES: usize = 16;
/// At most this many blocks of each small size, minus one.
const COUNTS: usize = 5;

/// Blocks held through one run; dropping it frees them.
pub struct HeapShift {
    _blocks: Vec<Vec<u8>>,
}

impl HeapShift {
    /// The layout of run `step`: consecutive steps hold different counts.
    pub fn new(step: usize) -> HeapShift {
        let mut blocks = Vec::with_capacity(SIZE_CLASSES * COUNTS + 1);
        for class in 0..SIZE_CLASSES {
            for _ in 0..(step + class) % COUNTS {
                blocks.push(Vec::with_capacity(SIZE_STEP * (class + 1)));
            }
        }
        // And one larger block of a different size each step, which moves
        // what the allocator carves next from its free space.
        blocks.push(Vec::with_capacity(4096 + 64 * (step % 64)));
        HeapShift {
            _blocks: std::hint::black_box(blocks),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where an allocation of a small struct lands after `shift`.
    fn landing(shift: Option<HeapShift>) -> usize {
        let block = std::hint::black_box(Box::new([7u8; 40]));
        let address = &*block as *const [u8; 40] as usize;
        drop(block);
        drop(shift);
        address
    }

    #[test]
    fn a_warm_allocator_hands_the_same_block_back_and_a_shift_moves_it() {
        // Without a shift, a loop that allocates and frees gets one block.
        let unshifted: std::collections::HashSet<usize> = (0..8).map(|_| landing(None)).collect();
        assert_eq!(unshifted.len(), 1);
        // Each run's shift sends it elsewhere.
        let shifted: std::collections::HashSet<usize> = (0..8)
            .map(|step| landing(Some(HeapShift::new(step))))
            .collect();
        assert!(shifted.len() >= 4, "{} places in 8 runs", shifted.len());
    }
}
