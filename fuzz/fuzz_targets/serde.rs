//! The serde deserializer (`plistvalue::serde::from_slice`) over hostile input: the
//! benchmark model owned and borrowed, `PlistValue`, a string-keyed map, and maps
//! with integer keys, whose keys are parsed from their text (the key-parse error
//! path). Any input gives `Ok` or `Err`, never a panic, hang or huge allocation.
//!
//! The derive reads the same file through the same lazy reader, so when the derive
//! and serde decodes of a model both succeed they must be equal (the model's serde
//! derives read dates through `plist::Date`, so those agree to the microsecond).
#![no_main]

use std::collections::{BTreeMap, HashMap};

use libfuzzer_sys::fuzz_target;
use plistvalue::PlistValue;
use plistvalue_fuzz::same_but_dates;
use plistvalue_suite::bench_doc::{Project, ProjectRef};

fuzz_target!(|data: &[u8]| {
    let owned = plistvalue::serde::from_slice::<Project>(data);
    let borrowed = plistvalue::serde::from_slice::<ProjectRef<'_>>(data);
    let _ = plistvalue::serde::from_slice::<PlistValue>(data);
    let _ = plistvalue::serde::from_slice::<BTreeMap<String, PlistValue>>(data);
    let _ = plistvalue::serde::from_slice::<Vec<HashMap<u32, String>>>(data);

    if let Ok(owned) = &owned {
        if let Ok(derived) = plistvalue::from_slice::<Project>(data) {
            assert!(
                same_but_dates(owned, &derived),
                "serde and derive decodes of Project differ:\n{owned:#?}\n{derived:#?}"
            );
        }
    }
    if let Ok(borrowed) = &borrowed {
        if let Ok(derived) = plistvalue::from_slice::<ProjectRef<'_>>(data) {
            let (borrowed, derived) = (borrowed.to_owned_model(), derived.to_owned_model());
            assert!(
                same_but_dates(&borrowed, &derived),
                "serde and derive decodes of ProjectRef differ:\n{borrowed:#?}\n{derived:#?}"
            );
        }
    }
});
