//! `Array`, the list inside `PlistValue::Array`: a `Vec<PlistValue>` to use, which
//! only drops differently (`tests/value_deep.rs` drops a million levels of it).

use plistvalue::{plist, Array, PlistValue};

fn abc() -> Vec<PlistValue> {
    vec!["a".into(), "b".into(), "c".into()]
}

#[test]
fn an_array_is_used_as_a_vector() {
    let mut a = Array::from(abc());
    a.push(PlistValue::from(4));
    assert_eq!(a.len(), 4);
    assert_eq!(a[1].as_str(), Some("b"));
    a.retain(|v| v.as_str() != Some("b"));
    a.sort_by_key(|v| v.as_str().map(str::to_owned));
    assert_eq!(a.first(), Some(&PlistValue::from(4)));
    let slice: &[PlistValue] = &a;
    assert_eq!(slice.len(), 3);
    let mut empty = Array::with_capacity(8);
    assert!(empty.capacity() >= 8);
    empty.extend(["x", "y"]);
    empty.extend(vec![PlistValue::Null]);
    assert_eq!(empty, [PlistValue::from("x"), "y".into(), PlistValue::Null]);
    assert_eq!(Array::new(), Array::default());
}

#[test]
fn an_array_compares_with_vectors_slices_and_arrays() {
    let a: Array = abc().into();
    assert_eq!(a, abc());
    assert_eq!(abc(), a);
    assert_eq!(a, abc()[..]);
    assert_eq!(a, &abc()[..]);
    assert_eq!(a, [PlistValue::from("a"), "b".into(), "c".into()]);
    assert_ne!(a, abc()[..2]);
    assert_eq!(a.clone(), a);
}

#[test]
fn an_array_iterates_owned_borrowed_and_mutably() {
    let mut a: Array = ["a", "b"].into_iter().collect();
    for v in &mut a {
        *v = PlistValue::from(format!("{}!", v.as_str().unwrap()));
    }
    let borrowed: Vec<&str> = (&a).into_iter().filter_map(PlistValue::as_str).collect();
    assert_eq!(borrowed, ["a!", "b!"]);
    let owned: Vec<String> = a.into_iter().filter_map(PlistValue::into_string).collect();
    assert_eq!(owned, ["a!", "b!"]);
    let from_values: Array = abc().into_iter().collect();
    assert_eq!(from_values.into_vec(), abc());
}

#[test]
fn vectors_and_slices_still_convert_into_a_value() {
    assert_eq!(PlistValue::from(abc()), plist!(["a", "b", "c"]));
    assert_eq!(
        PlistValue::from(&["a", "b", "c"][..]),
        plist!(["a", "b", "c"])
    );
    assert_eq!(
        PlistValue::from(Array::from(abc())),
        plist!(["a", "b", "c"])
    );
    assert_eq!(Vec::from(Array::from(abc())), abc());
    assert_eq!(plist!([]), PlistValue::Array(Array::new()));
}

#[test]
fn an_array_prints_as_a_list() {
    let a = Array::from(vec![PlistValue::from(1), plist!(["x"])]);
    assert_eq!(format!("{a:?}"), r#"[Integer(1), Array([String("x")])]"#);
    assert_eq!(format!("{:?}", Array::new()), "[]");
    assert_eq!(
        format!("{a:#?}"),
        "[\n    Integer(1),\n    Array([\n        String(\"x\"),\n    ]),\n]"
    );
    // As a value's field it prints as the vector it replaced did.
    assert_eq!(
        format!("{:?}", PlistValue::Array(a)),
        r#"Array([Integer(1), Array([String("x")])])"#
    );
}

#[test]
fn an_array_encodes_and_decodes_on_every_path() {
    let a = Array::from(vec![PlistValue::from(1), plist!({ "k": "v" })]);
    let bytes = plistvalue::to_vec(&a).unwrap();
    assert_eq!(
        bytes,
        plistvalue::to_vec(&PlistValue::Array(a.clone())).unwrap()
    );
    let back: Array = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back, a);
    let err = plistvalue::from_slice::<Array>(&plistvalue::to_vec(&plist!({})).unwrap());
    assert!(err.unwrap_err().to_string().contains("array"));
    // serde: JSON and this crate's serde bridge.
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, r#"[1,{"k":"v"}]"#);
    assert_eq!(serde_json::from_str::<Array>(&json).unwrap(), a);
    assert!(serde_json::from_str::<Array>("{}").is_err());
    let bytes = plistvalue::serde::to_vec(&a).unwrap();
    assert_eq!(plistvalue::serde::from_slice::<Array>(&bytes).unwrap(), a);
}
