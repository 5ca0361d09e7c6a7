//! The differential tests' machinery, shared by the binary (`tests/compat`), the
//! XML (`tests/xml`) and the OpenStep (`tests/openstep`) targets: random trees
//! (`gen`), what a reader saw and how it is compared with what was written
//! (`model`), the plist crate as a reader and a writer (`plist_crate`), the OpenStep
//! model and its corpus (`openstep`), random trees and Xcode projects for the
//! OpenStep writer (`openstep_gen`), and libplist, the run's settings and the
//! tally (`tools`). The binary and XML targets keep their own Python oracles;
//! `notation.py` is the trees' notation on their side, with the loop that answers a
//! batch of jobs.

pub mod gen;
pub mod model;
pub mod openstep;
pub mod openstep_gen;
pub mod plist_crate;
pub mod tools;
