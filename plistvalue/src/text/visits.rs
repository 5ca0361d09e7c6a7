//! What the text writers (XML and OpenStep) keep while they walk a filled table:
//! every reference checked against the table, a cycle refused, and each container
//! visited at most CoreFoundation's width bound, so that a shared subtree cannot
//! make the text exponential.

use crate::error::{Error, ErrorKind};

/// CF's `_CFPropertyListMaxRecursionWidth`: visits one container may take.
const MAX_VISITS: u16 = 3 * 512 + 1;

/// Per object of the table, its visits so far and whether it is open now.
pub(crate) struct Visits {
    count: Vec<u16>,
    on_path: Vec<u64>,
}

impl Visits {
    /// For a table of `objects` objects.
    pub(crate) fn new(objects: usize) -> Visits {
        Visits {
            count: vec![0; objects],
            on_path: vec![0; objects.div_ceil(64)],
        }
    }

    /// Refuses a reference past the table's last object.
    pub(crate) fn check(&self, index: u32) -> Result<(), Error> {
        let n = self.count.len() as u64;
        if u64::from(index) >= n {
            return Err(Error::new(ErrorKind::RefOutOfRange {
                reference: u64::from(index),
                num_objects: n,
            }));
        }
        Ok(())
    }

    /// Counts a visit of a container and marks it open; a container visited more
    /// than the bound is the format's own `too_many` error.
    pub(crate) fn enter(
        &mut self,
        index: u32,
        too_many: impl FnOnce() -> Error,
    ) -> Result<(), Error> {
        let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
        if self.on_path[word] & bit != 0 {
            return Err(Error::new(ErrorKind::Cycle));
        }
        self.on_path[word] |= bit;
        let v = &mut self.count[index as usize];
        *v += 1;
        if *v > MAX_VISITS {
            return Err(too_many());
        }
        Ok(())
    }

    /// Marks a container closed.
    pub(crate) fn leave(&mut self, index: u32) {
        self.on_path[index as usize / 64] &= !(1u64 << (index % 64));
    }
}
