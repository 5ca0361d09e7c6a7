//! The differential tests' machinery, shared by the binary (`tests/compat`) and the
//! XML (`tests/xml`) targets: random trees (`gen`), what a reader saw and how it is
//! compared with what was written (`model`), the plist crate as a reader and a
//! writer (`plist_crate`), and libplist, the run's settings and the tally
//! (`tools`). Each target keeps its own Python oracle; `notation.py` is the trees'
//! notation on their side, with the loop that answers a batch of jobs.

pub mod gen;
pub mod model;
pub mod plist_crate;
pub mod tools;
