//! Integer map keys, as Swift's `Codable` writes an `[Int: T]` dictionary and
//! `serde_json` writes a `HashMap<u32, T>`: the integer's decimal text is the key.
//! Every integer type, in `HashMap`, `BTreeMap` and `IndexMap`, through the derive,
//! the serde bridge and `serde_json`, which all agree.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::num::NonZeroU16;

use indexmap::IndexMap;
use plistvalue::{plist, ErrorKind, FromPlist, FromPlistOwned, PlistValue, ToPlist};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::{decode, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Scores {
    by_id: HashMap<u32, String>,
    by_offset: BTreeMap<i64, bool>,
    ordered: IndexMap<u8, f64>,
}

/// `Scores` for serde, less the `IndexMap` (the tests build indexmap without serde).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct SerdeScores {
    by_id: HashMap<u32, String>,
    by_offset: BTreeMap<i64, bool>,
}

#[test]
fn a_derived_struct_with_integer_keyed_maps_round_trips() {
    let scores = Scores {
        by_id: [(7, "seven".to_owned()), (10, "ten".to_owned())].into(),
        by_offset: [(-5, true), (0, false)].into(),
        ordered: [(9, 0.5), (1, 1.5)].into_iter().collect(),
    };
    roundtrip(&scores);
    let expected = plist!({
        "by_id": { "10": "ten", "7": "seven" },
        "by_offset": { "-5": true, "0": false },
        "ordered": { "9": 0.5, "1": 1.5 },
    });
    assert_eq!(tree(&scores), expected);
    // A `HashMap`'s keys are sorted, as text (as they are written).
    let keys: Vec<_> = tree(&scores)["by_id"]
        .as_dictionary()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(keys, ["10", "7"]);
    // The serde bridge writes and reads the same, and `serde_json` the same text.
    let serde_scores = SerdeScores {
        by_id: scores.by_id,
        by_offset: scores.by_offset,
    };
    let mut expected = expected;
    expected.as_dictionary_mut().unwrap().remove("ordered");
    let bytes = plistvalue::serde::to_vec(&serde_scores).unwrap();
    assert_eq!(
        plistvalue::from_slice::<PlistValue>(&bytes).unwrap(),
        expected
    );
    assert_eq!(
        plistvalue::serde::from_slice::<SerdeScores>(&bytes).unwrap(),
        serde_scores
    );
    let json = serde_json::to_value(&serde_scores).unwrap();
    assert_eq!(
        serde_json::from_value::<PlistValue>(json).unwrap(),
        expected
    );
}

/// One integer type's extremes, written and read by every path, which agree.
fn extremes<K>(keys: [K; 3])
where
    K: Copy + Ord + std::hash::Hash + Debug + ToString + ToPlist + FromPlistOwned,
    K: Serialize + DeserializeOwned,
{
    let map: BTreeMap<K, u8> = keys.iter().map(|&k| (k, 1)).collect();
    let text: PlistValue = keys
        .iter()
        .map(|k| (k.to_string(), PlistValue::from(1)))
        .collect::<plistvalue::Dictionary>()
        .into();
    let name = std::any::type_name::<K>();
    assert_eq!(tree(&map), text, "{name}");
    assert_eq!(decode::<BTreeMap<K, u8>>(&text).unwrap(), map, "{name}");
    let hashed: HashMap<K, u8> = map.iter().map(|(&k, &v)| (k, v)).collect();
    assert_eq!(decode::<HashMap<K, u8>>(&text).unwrap(), hashed, "{name}");
    let indexed: IndexMap<K, u8> = map.iter().map(|(&k, &v)| (k, v)).collect();
    assert_eq!(decode::<IndexMap<K, u8>>(&text).unwrap(), indexed, "{name}");
    assert_eq!(tree(&indexed), text, "{name}");

    let serde_bytes = plistvalue::serde::to_vec(&map).unwrap();
    assert_eq!(
        plistvalue::from_slice::<PlistValue>(&serde_bytes).unwrap(),
        text,
        "{name}"
    );
    let bytes = plistvalue::to_vec(&text).unwrap();
    assert_eq!(
        plistvalue::serde::from_slice::<BTreeMap<K, u8>>(&bytes).unwrap(),
        map,
        "{name}"
    );
    let json = serde_json::to_string(&map).unwrap();
    assert_eq!(
        serde_json::from_str::<PlistValue>(&json).unwrap(),
        text,
        "{name}"
    );
    assert_eq!(
        serde_json::from_str::<BTreeMap<K, u8>>(&json).unwrap(),
        map,
        "{name}"
    );
}

#[test]
fn every_integer_type_is_a_key() {
    extremes::<i8>([i8::MIN, 0, i8::MAX]);
    extremes::<i16>([i16::MIN, -1, i16::MAX]);
    extremes::<i32>([i32::MIN, 1, i32::MAX]);
    extremes::<i64>([i64::MIN, 0, i64::MAX]);
    extremes::<i128>([i128::MIN, 0, i128::MAX]);
    extremes::<isize>([isize::MIN, 0, isize::MAX]);
    extremes::<u8>([0, 1, u8::MAX]);
    extremes::<u16>([0, 10, u16::MAX]);
    extremes::<u32>([0, 9, u32::MAX]);
    extremes::<u64>([0, 100, u64::MAX]);
    extremes::<u128>([0, 1, u128::MAX]);
    extremes::<usize>([0, 2, usize::MAX]);
    let nz = |n| NonZeroU16::new(n).unwrap();
    extremes::<NonZeroU16>([nz(1), nz(2), nz(u16::MAX)]);
}

/// Key text that is not the integer's own decimal form is an error naming the
/// key, the type and the place, on both paths, where `serde_json` fails too.
#[test]
fn a_key_that_is_not_decimal_text_is_a_clear_error() {
    for bad in [
        "abc", "", "+5", "05", " 5", "5 ", "-0", "1.0", "1e2", "300", "-1", "٣",
    ] {
        let v = plist!({ "map": { (bad): 1 } });
        #[derive(Debug, FromPlist, Deserialize)]
        #[allow(dead_code)]
        struct Holder {
            map: HashMap<u8, u8>,
        }
        let err = decode::<Holder>(&v).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::KeyNotParsed { key, target: "u8" } if key == bad),
            "{bad:?}: {err}"
        );
        assert_eq!(
            err.to_string().split(" at ").next().unwrap(),
            format!("dictionary key `{bad}` is not a u8")
        );
        assert!(err.offset().is_some(), "{err}");
        let bytes = plistvalue::to_vec(&v).unwrap();
        let err = plistvalue::serde::from_slice::<Holder>(&bytes).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::KeyNotParsed { key, target: "u8" } if key == bad),
            "serde {bad:?}: {err}"
        );
        let json = serde_json::to_string(&serde_json::json!({ "map": { bad: 1 } })).unwrap();
        assert!(
            serde_json::from_str::<Holder>(&json).is_err(),
            "serde_json {bad:?}"
        );
    }
    let v = plist!({ "0": 1 });
    let err = decode::<BTreeMap<NonZeroU16, u8>>(&v).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            ErrorKind::KeyNotParsed {
                target: "NonZeroU16",
                ..
            }
        ),
        "{err}"
    );
}

/// A newtype over an integer or a string is a key as its value is, both ways.
#[test]
fn a_newtype_is_a_key_as_its_value_is() {
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, ToPlist, FromPlist)]
    struct UserId(u32);
    #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, ToPlist, FromPlist)]
    #[plist(transparent)]
    struct Name {
        text: String,
    }
    let users: BTreeMap<UserId, Name> = [(UserId(42), Name { text: "Ada".into() })].into();
    assert_eq!(tree(&users), plist!({ "42": "Ada" }));
    roundtrip(&users);
    let names: HashMap<Name, UserId> = [(Name { text: "Ada".into() }, UserId(42))].into();
    assert_eq!(tree(&names), plist!({ "Ada": 42 }));
    roundtrip(&names);
}

/// A key type with no text form is an error when written, not a broken file.
#[test]
fn a_key_with_no_text_form_is_an_error() {
    let map: BTreeMap<bool, u8> = [(true, 1)].into();
    let err = plistvalue::to_vec(&map).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::NonStringKey("bool")),
        "{err}"
    );
    let map: HashMap<(u8, u8), u8> = [((1, 2), 3)].into();
    let err = plistvalue::to_vec(&map).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::NonStringKey(_)), "{err}");
}
