//! What the tests, examples and fuzz targets of the workspace share, so that each
//! exists once: the benchmark document, a byte-level builder of hand-made (and
//! hostile) files, a counting allocator, the NSKeyedArchiver oracle, the
//! skip-unless-required check, a lazy walk of a whole document, the key-lookup
//! document, a generated Xcode project, the differential tests' trees, models
//! and tools, and the profiling drivers' timed rounds.

pub mod alloc;
pub mod archive;
pub mod bench_doc;
pub mod bplist;
pub mod differential;
// The file lives in the library's CLI test, so that the published package holds
// every file its tests include.
#[path = "../plistvalue/tests/cli/env.rs"]
pub mod env;
pub mod lookup;
pub mod pbxproj;
pub mod rounds;
pub mod walk;

/// The repository's README is compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
