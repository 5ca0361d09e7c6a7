//! `plist::Value` into `PlistValue` and back (for moving to the native API one
//! function at a time), and into the plist crate's own `Value` and back (feature
//! `plist-interop`, for crates still built on it): nothing lost, no recursion.

use plistvalue::plist::Value;
use plistvalue::{ErrorKind, PlistValue};
use plistvalue_suite::differential::gen::{self, Profile};

#[test]
fn random_trees_go_to_the_native_tree_and_back_unchanged() {
    let mut converted = 0;
    for tree in gen::trees(0x0026_0001, 300, Profile::Portable) {
        let Ok(ours) = Value::try_from(tree.clone()) else {
            continue;
        };
        let native = PlistValue::from(ours.clone());
        // Dates are the double a binary plist stores, so bytes written from either
        // tree are the same.
        assert_eq!(
            plistvalue::to_vec(&native).unwrap(),
            plistvalue::to_vec(&ours).unwrap()
        );
        let back = Value::try_from(native).unwrap();
        assert_eq!(format!("{back:?}"), format!("{ours:?}"));
        // And into the plist crate's tree and back.
        let theirs = ::plist::Value::from(ours.clone());
        assert_eq!(format!("{theirs:?}"), format!("{ours:?}"));
        assert_eq!(format!("{:?}", Value::from(theirs)), format!("{ours:?}"));
        converted += 1;
    }
    assert!(converted > 250, "{converted}");
}

#[test]
fn null_and_depth_are_refused_on_the_way_in() {
    let err = Value::try_from(plistvalue::plist!([1, null])).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TypeMismatch { found: "null", .. }),
        "{err}"
    );
    let deep = |n: usize| {
        (0..n).fold(PlistValue::from(Vec::<PlistValue>::new()), |v, _| {
            PlistValue::from(vec![v])
        })
    };
    assert!(Value::try_from(deep(511)).is_ok());
    let err = Value::try_from(deep(100_000)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit(512)), "{err}");
}

/// Out to the native tree and the plist crate's, a deep value converts with a heap
/// stack. (Its own clone and drop recurse, like the plist crate's: a debug build
/// spends about 700 bytes of stack a level on them.)
#[test]
fn deep_values_convert_without_recursion() {
    let deep = (0..1000).fold(Value::Array(vec![]), |v, _| Value::Array(vec![v]));
    let native = PlistValue::from(deep.clone());
    let mut depth = 0;
    let mut at = &native;
    while let Some(inner) = at.as_array().and_then(|a| a.first()) {
        at = inner;
        depth += 1;
    }
    assert_eq!(depth, 1000);
    let theirs = ::plist::Value::from(deep);
    let back = Value::from(theirs);
    assert!(matches!(back, Value::Array(_)));
}

#[test]
fn a_date_keeps_its_double_natively_and_its_instant_here() {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};
    let t = UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789);
    let native = PlistValue::from(Value::Date(t.into()));
    // The double is the one the plist crate writes to a binary plist.
    let mut bytes = Vec::new();
    ::plist::Value::Date(t.into())
        .to_writer_binary(&mut bytes)
        .unwrap();
    let written: PlistValue = plistvalue::from_bytes(&bytes).unwrap();
    assert_eq!(native, written);
    // Back from the double, the instant is the one the plist crate reads.
    let back: SystemTime = Value::try_from(native).unwrap().as_date().unwrap().into();
    let theirs = ::plist::Value::from_reader(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(Some(back), theirs.as_date().map(SystemTime::from));
    assert_ne!(
        back, t,
        "a binary plist's double does not keep the nanoseconds"
    );
}
