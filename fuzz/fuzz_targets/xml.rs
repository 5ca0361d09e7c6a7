//! XML: any input read by `from_bytes` (untyped and through the derive) gives `Ok`
//! or `Err`, never a panic, hang or huge allocation. What reads must write back as
//! XML (or be refused only for a date beyond what CF's writer prints, or a null),
//! and that XML must read back; a tree read from XML must read back the same, with
//! XML's one loss on such a tree: `-0.0` is written `0.0`. (A tree from a binary
//! input can hold what XML rounds: fractional dates, UIDs above 32 bits.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::{ErrorKind, Format, PlistValue, XmlError};
use plistvalue_fuzz::same;
use plistvalue_suite::bench_doc::Project;
use plistvalue_suite::differential::model::map_scalars;

fn unsigned_zeros(v: &PlistValue) -> PlistValue {
    map_scalars(v, &mut |x| match x {
        PlistValue::Real(r) if *r == 0.0 => Some(PlistValue::Real(0.0)),
        _ => None,
    })
    .0
}

fuzz_target!(|data: &[u8]| {
    let _ = plistvalue::from_bytes::<Project>(data);
    let Ok(tree) = plistvalue::from_bytes::<PlistValue>(data) else {
        return;
    };
    match plistvalue::to_vec_xml(&tree) {
        Ok(xml) => {
            let back: PlistValue = plistvalue::from_bytes(&xml).expect("our XML reads back");
            if Format::detect(data) == Some(Format::Xml) {
                assert!(
                    same(&unsigned_zeros(&tree), &back),
                    "XML round trip changed the tree"
                );
            }
        }
        Err(e) => assert!(
            matches!(
                e.kind(),
                ErrorKind::DateOutOfRange { .. }
                    | ErrorKind::Xml(XmlError::Null | XmlError::TooDeep(_))
            ),
            "{e}"
        ),
    }
});
