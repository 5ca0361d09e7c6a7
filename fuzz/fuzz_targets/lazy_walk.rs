//! A lazy walk of the whole document, plus every offset-table entry by index, and
//! `validate_all`: when it passes, every object must read.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::Document;

fuzz_target!(|data: &[u8]| {
    let Ok(doc) = Document::from_slice(data) else {
        return;
    };
    let _ = plistvalue_suite::walk::walk(&doc);
    let valid = doc.validate_all().is_ok();
    // Objects unreachable from the root are still addressable; the table holds at
    // most one entry per input byte.
    for i in 0..doc.len() {
        match doc.node(i) {
            Ok(node) => {
                let _ = (node.kind(), node.len(), node.to_str(), node.as_integer());
            }
            Err(e) => assert!(!valid, "validate_all passed but object {i} fails: {e}"),
        }
    }
});
