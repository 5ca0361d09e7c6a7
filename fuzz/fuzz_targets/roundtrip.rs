//! decode → encode → decode is the identity on every input that decodes, through
//! every writer: this is decode-then-encode of untrusted input, the CLI's
//! `-convert`, so a crafted input must not make an encode slow (the interner's
//! caps) or panic, and serde's recursive encode must stop at its depth limit.
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
    if let Ok(via_serde) = plistvalue::serde::to_vec(&value) {
        let back: PlistValue = plistvalue::from_slice_with_limits(&via_serde, Limits::trusted())
            .expect("the serde encoder's output decodes");
        assert_eq!(
            back, value,
            "decode -> serde encode -> decode changed the value"
        );
    }
    // XML keeps less (whole-second dates, no NaN payloads), so it must only read back.
    if let Ok(xml) = plistvalue::to_vec_xml(&value) {
        plistvalue::from_bytes::<PlistValue>(&xml).expect("the XML output decodes");
    }
});
