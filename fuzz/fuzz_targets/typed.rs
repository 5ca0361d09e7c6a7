//! Typed decode of the benchmark model through `#[derive(FromPlist)]`: the owned
//! model (copies every string and body) and the borrowed one (`&str`, `&[u8]`).
//! Any input gives `Ok` or `Err`, never a panic, hang or huge allocation; when both
//! decode, they must hold the same content.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue_fuzz::same;
use plistvalue_suite::bench_doc::{Project, ProjectRef};

fuzz_target!(|data: &[u8]| {
    let owned = plistvalue::from_slice::<Project>(data);
    let borrowed = plistvalue::from_slice::<ProjectRef<'_>>(data);
    if let (Ok(owned), Ok(borrowed)) = (&owned, &borrowed) {
        let borrowed = borrowed.to_owned_model();
        assert!(
            same(owned, &borrowed),
            "owned and borrowed derive decodes differ:\n{owned:#?}\n{borrowed:#?}"
        );
    }
});
