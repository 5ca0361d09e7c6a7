//! Decode-then-encode, the CLI's `-convert` on untrusted input: whatever decodes
//! (binary or XML) encodes again through every writer, and each output decodes to
//! the same value. A crafted input must not make an encode slow (the interner's
//! caps) or panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::{Limits, PlistValue};
use plistvalue_fuzz::same;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = plistvalue::from_bytes::<PlistValue>(data) else {
        return;
    };
    let binary = plistvalue::to_vec(&value).expect("a decoded value encodes");
    let back: PlistValue = plistvalue::from_slice_with_limits(&binary, Limits::trusted())
        .expect("the encoder's output decodes");
    assert!(same(&back, &value), "binary re-encode changed the value");
    // serde's traits recurse: past the encode depth limit it is an error.
    if let Ok(via_serde) = plistvalue::serde::to_vec(&value) {
        let back: PlistValue = plistvalue::from_slice_with_limits(&via_serde, Limits::trusted())
            .expect("the serde encoder's output decodes");
        assert!(same(&back, &value), "serde re-encode changed the value");
    }
    if let Ok(xml) = plistvalue::to_vec_xml(&value) {
        let back: PlistValue = plistvalue::from_bytes(&xml).expect("the XML output decodes");
        assert!(same(&back, &value), "XML re-encode changed the value");
    }
});
