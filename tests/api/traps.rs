//! What a `serde_json` user expects and used to get wrong: vectors, slices and
//! indexing a missing key.

use plistvalue::{plist, Data, PlistValue};

#[test]
fn a_vector_of_small_integers_is_an_array() {
    // The literals used to infer `u8` and make data.
    let v = PlistValue::from(vec![1, 2, 3]);
    assert_eq!(
        v,
        PlistValue::Array(vec![1.into(), 2.into(), 3.into()].into()),
        "{v:?}"
    );
    let in_macro = plist!({ "scores": (vec![90, 85]) });
    assert_eq!(in_macro["scores"].as_array().map(Vec::len), Some(2));
    assert_eq!(in_macro["scores"][1].as_i64(), Some(85));
    let bytes: Vec<u8> = vec![0xCA, 0xFE];
    assert!(PlistValue::from(bytes.clone()).is_array());
    assert!(PlistValue::from(&bytes[..]).is_array());
    assert_eq!(PlistValue::from(vec!["a", "b"])[1].as_str(), Some("b"));
}

#[test]
fn bytes_are_data_only_when_asked() {
    let bytes = vec![0xCA, 0xFE];
    assert_eq!(
        PlistValue::from(Data::new(bytes.clone())).as_data(),
        Some(&bytes[..])
    );
    let v = plist!({ "blob": (Data::from(&bytes[..])) });
    let back: PlistValue = plistvalue::from_slice(&plistvalue::to_vec(&v).unwrap()).unwrap();
    assert_eq!(back["blob"].as_data(), Some(&bytes[..]));
}

#[test]
fn indexing_what_is_not_there_is_null() {
    let v = plist!({ "a": [1, { "b": "x" }], "n": 5 });
    assert!(v["missing"].is_null());
    assert!(v["a"][9].is_null());
    assert!(v["a"][1]["b"]["deeper"].is_null());
    assert!(v["n"][0].is_null(), "an integer has no positions");
    assert!(v[0].is_null(), "a dictionary has no positions");
    assert_eq!(v["a"][1]["b"].as_str(), Some("x"));
    // `get` still tells a missing key from a stored Null.
    let stored = plist!({ "k": null });
    assert!(stored["k"].is_null());
    assert_eq!(stored.get("k"), Some(&PlistValue::Null));
    assert_eq!(stored.get("z"), None);
}

#[test]
fn assigning_through_a_null_makes_a_dictionary() {
    let mut v = PlistValue::Null;
    v["a"]["b"] = PlistValue::from(1);
    assert_eq!(v, plist!({ "a": { "b": 1 } }));
}
