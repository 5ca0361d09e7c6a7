//! Size amplification: a default decode into `PlistValue` (directly, and through
//! serde) holds at most 64 bytes of heap per input byte plus 10 MiB, the bound
//! `Limits::heap_per_input_byte` states, measured with a counting allocator.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::PlistValue;
use plistvalue_suite::alloc::{self, Counting};

#[global_allocator]
static ALLOCATOR: Counting = Counting::single_threaded();

/// A decode into `PlistValue`, named, reporting only whether it succeeded.
type Decoder = (&'static str, fn(&[u8]) -> bool);

fuzz_target!(|data: &[u8]| {
    let bound = 64 * data.len() + (10 << 20);
    let decoders: [Decoder; 2] = [
        ("from_slice", |d| {
            plistvalue::from_slice::<PlistValue>(d).is_ok()
        }),
        ("serde", |d| {
            plistvalue::serde::from_slice::<PlistValue>(d).is_ok()
        }),
    ];
    for (path, decode) in decoders {
        let (_, peak) = alloc::peak_during(|| decode(data));
        let len = data.len();
        assert!(
            peak <= bound,
            "{path}: peak {peak} over {bound} for {len} bytes"
        );
    }
});
