//! Option: Codable's encodeIfPresent, and `$null` where there is no key.

use std::fmt::Debug;

use plistvalue::{plist, FromPlist, ToPlist};

use crate::{decode, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Optionals {
    present: Option<String>,
    absent: Option<String>,
    list: Vec<Option<i32>>,
    pair: (Option<i32>, i32),
    newtype: NullableNewtype,
    #[allow(clippy::option_option, reason = "how it encodes is what is tested")]
    nested: Option<Option<i32>>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct NullableNewtype(Option<i32>);

#[test]
fn none_is_omitted_or_null() {
    let value = Optionals {
        present: Some("x".into()),
        absent: None,
        list: vec![Some(1), None, Some(3)],
        pair: (None, 2),
        newtype: NullableNewtype(None),
        nested: None,
    };
    assert_eq!(
        tree(&value),
        plist!({
            "present": "x",
            "list": [1, "$null", 3],
            "pair": ["$null", 2],
            "newtype": "$null"
        })
    );
    roundtrip(&value);
}

#[test]
fn missing_key_and_null_string_decode_as_none() {
    let back: Optionals = decode(&plist!({
        "present": "$null",
        "list": [],
        "pair": ["$null", 2],
        "newtype": "$null"
    }))
    .unwrap();
    assert_eq!(back.present, None);
    assert_eq!(back.absent, None);
    assert_eq!(back.pair, (None, 2));
    assert_eq!(back.newtype, NullableNewtype(None));
}
