//! decode → encode → decode is the identity on every input that decodes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::{Limits, PlistValue};

fuzz_target!(|data: &[u8]| {
    let Ok(value) = plistvalue::from_slice::<PlistValue>(data) else {
        return;
    };
    let bytes = plistvalue::to_vec(&value).expect("a decoded value encodes");
    // The first decode already bounded the tree; the budgets scale with the input
    // length, and the re-encoded file may be shorter than the tree it holds.
    let back: PlistValue = plistvalue::from_slice_with_limits(&bytes, Limits::trusted())
        .expect("the encoder's output decodes");
    assert_eq!(back, value, "decode -> encode -> decode changed the value");
});
