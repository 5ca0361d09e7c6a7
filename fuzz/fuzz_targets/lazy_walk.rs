//! A lazy walk of the whole document, plus every offset-table entry by index.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::Document;

fuzz_target!(|data: &[u8]| {
    let Ok(doc) = Document::from_slice(data) else {
        return;
    };
    let _ = plistvalue_fuzz::walk(&doc);
    // Objects unreachable from the root are still addressable; the table holds at
    // most one entry per input byte.
    for i in 0..doc.len() {
        if let Ok(node) = doc.node(i) {
            let _ = (node.kind(), node.len(), node.to_str(), node.as_integer());
        }
    }
});
