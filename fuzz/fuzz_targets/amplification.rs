//! Size amplification: a default decode into `PlistValue` (directly, and through
//! serde) holds at most 64 bytes of heap per input byte plus 10 MiB, the bound
//! `Limits::heap_per_input_byte` states, measured with a counting allocator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::PlistValue;
use plistvalue_suite::alloc::{self, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting::single_threaded();

fuzz_target!(|data: &[u8]| {
    let bound = 64 * data.len() + (10 << 20);
    let (_, peak) = alloc::peak_during(|| plistvalue::from_slice::<PlistValue>(data));
    assert!(peak <= bound, "from_slice: peak {peak} over {bound} for {} bytes", data.len());
    let (_, peak) = alloc::peak_during(|| plistvalue::serde::from_slice::<PlistValue>(data));
    assert!(peak <= bound, "serde: peak {peak} over {bound} for {} bytes", data.len());
});
