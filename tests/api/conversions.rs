//! `to_value` / `from_value` and their serde twins: the same tree a file written
//! and read back gives, and errors that name the key path.

use plistvalue::{plist, Data, Date, ErrorKind, FromPlist, PlistValue, ToPlist, Uid};
use serde::{Deserialize, Serialize};

#[derive(ToPlist, FromPlist, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Message {
    id: u64,
    url: String,
    #[serde(with = "serde_bytes")]
    body: Vec<u8>,
    tags: Vec<String>,
    reply: Option<Box<Message>>,
}

fn sample() -> Message {
    Message {
        id: 7,
        url: "https://x/7".into(),
        body: vec![0xCA, 0xFE],
        tags: vec!["a".into(), "é".into()],
        reply: Some(Box::new(Message {
            id: 8,
            url: "r".into(),
            body: vec![],
            tags: vec![],
            reply: None,
        })),
    }
}

#[test]
fn to_value_is_the_tree_the_bytes_decode_to() {
    let m = sample();
    let v = plistvalue::to_value(&m).unwrap();
    let via_bytes: PlistValue = plistvalue::from_slice(&plistvalue::to_vec(&m).unwrap()).unwrap();
    assert_eq!(v, via_bytes);
    assert_eq!(v["body"].as_data(), Some(&[0xCA, 0xFE][..]));
    assert_eq!(v["reply"]["id"].as_u64(), Some(8));
    assert!(v["reply"].get("reply").is_none(), "None is left out");
    assert_eq!(plistvalue::serde::to_value(&m).unwrap(), v);
}

#[test]
fn from_value_round_trips_and_names_the_path() {
    let m = sample();
    let v = plistvalue::to_value(&m).unwrap();
    assert_eq!(plistvalue::from_value::<Message>(v.clone()).unwrap(), m);
    assert_eq!(
        plistvalue::serde::from_value::<Message>(v.clone()).unwrap(),
        m
    );

    let mut bad = v;
    bad["reply"]["tags"] = plist!(["ok", 5]);
    let err = plistvalue::from_value::<Message>(bad.clone()).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TypeMismatch { .. }),
        "{err}"
    );
    assert_eq!(err.path_string(), "reply.tags.1");
    assert!(plistvalue::serde::from_value::<Message>(bad).is_err());
}

#[test]
fn scalars_and_special_values_convert() {
    let d = Date::from_seconds_since_2001(12.5);
    let tree = plist!({ "d": d, "u": (Uid::new(3)), "n": null, "b": (Data::new(vec![1])), "big": (u64::MAX) });
    assert_eq!(plistvalue::to_value(&tree).unwrap(), tree);
    let back: PlistValue = plistvalue::from_value(tree.clone()).unwrap();
    assert_eq!(back, tree);
    assert_eq!(
        plistvalue::to_value(&vec![1u8, 2]).unwrap(),
        PlistValue::Data(vec![1, 2]),
        "the derive's Vec<u8> is data"
    );
    assert_eq!(
        plistvalue::serde::to_value(&vec![1u8, 2]).unwrap(),
        plist!([1, 2]),
        "serde's is a sequence"
    );
    assert_eq!(
        plistvalue::from_value::<(u8, String)>(plist!([4, "x"])).unwrap(),
        (4, "x".to_owned())
    );
}
