//! Typed decode of the benchmark model.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue_fuzz::model::Project;

fuzz_target!(|data: &[u8]| {
    let _ = plistvalue::from_slice::<Project>(data);
});
