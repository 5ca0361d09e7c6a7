//! Untyped decode: any input gives `Ok` or `Err`, never a panic, hang or huge allocation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = plistvalue::from_slice::<plistvalue::PlistValue>(data);
});
