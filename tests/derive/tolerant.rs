//! Tolerant decoding, like Foundation.

use std::fmt::Debug;

use plistvalue::{
    plist, Document, Encoder, Error, ErrorKind, FromPlist, ObjRef, PlistValue, ToPlist,
};

use crate::{decode, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Tolerant {
    real: f64,
    int: i32,
    small: u8,
}

#[test]
fn tolerant_numbers_and_unknown_keys() {
    let back: Tolerant =
        decode(&plist!({ "extra": [1], "real": 3, "int": 4.0, "small": 255 })).unwrap();
    assert_eq!(
        back,
        Tolerant {
            real: 3.0,
            int: 4,
            small: 255
        }
    );
    let err = decode::<Tolerant>(&plist!({ "real": 1, "int": 4.5, "small": 1 })).unwrap_err();
    assert_eq!(err.path_string(), "int");
    let err = decode::<Tolerant>(&plist!({ "real": 1, "int": 4, "small": 256 })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::IntegerOutOfRange { value: 256, .. }),
        "{err}"
    );
    assert_eq!(err.path_string(), "small");
    let err = decode::<Tolerant>(&plist!({ "real": 1, "int": 4 })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::MissingField("small")),
        "{err}"
    );
}

/// Writes a dictionary whose key `a` appears twice.
struct DuplicateKeys;

impl ToPlist for DuplicateKeys {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let frame = enc.begin_dict();
        for _ in 0..2 {
            let k = enc.str("a");
            enc.child(k);
        }
        for v in [1, 2] {
            let r = enc.i64(v);
            enc.child(r);
        }
        Ok(enc.end_dict(frame))
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct OnlyA {
    a: i64,
}

#[test]
fn first_duplicate_key_wins() {
    let bytes = plistvalue::to_vec(&DuplicateKeys).unwrap();
    let back: OnlyA = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back.a, 1);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(deny_unknown_fields)]
struct Denied {
    a: i32,
}

#[test]
fn deny_unknown_fields() {
    let err = decode::<Denied>(&plist!({ "a": 1, "b": 2 })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField(f) if f == "b"),
        "{err}"
    );
    assert!(err.offset().is_some());
}

#[derive(Debug, PartialEq, FromPlist)]
struct Both {
    a: i32,
    b: i32,
}

#[test]
fn keys_read_through_the_string_cache_keep_their_errors() {
    // "b" is cached by `Both` before `Denied` rejects it: the error still names the
    // key object, read again for its offset.
    let bytes = plistvalue::to_vec(&plist!([{ "a": 1, "b": 2 }, { "a": 1, "b": 2 }])).unwrap();
    let err = plistvalue::from_slice::<(Both, Denied)>(&bytes).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField(f) if f == "b"),
        "{err}"
    );
    let doc = Document::from_slice(&bytes).unwrap();
    let key = doc.node(err.object().unwrap()).unwrap();
    assert_eq!(key.as_str().as_deref(), Some("b"));
    assert_eq!(err.offset(), Some(key.offset()));

    // Paths name cached ASCII keys and UTF-16 keys alike.
    let err = decode::<Vec<Denied>>(&plist!([{ "a": 1 }, { "a": "x" }])).unwrap_err();
    assert_eq!(err.path_string(), "1.a");
    let err = decode::<NonAscii>(&plist!({ "naïve": "x", "日本": "y" })).unwrap_err();
    assert_eq!(err.path_string(), "naïve");
}

#[test]
fn an_unknown_keys_value_is_never_read() {
    let mut bytes = plistvalue::to_vec(&plist!({ "a": 1, "zzz": 12345 })).unwrap();
    let doc = Document::from_slice(&bytes).unwrap();
    let zzz = doc.root().unwrap().get("zzz").unwrap().unwrap().offset() as usize;
    bytes[zzz] = 0x70; // no format version defines this marker
    assert!(matches!(
        plistvalue::from_slice::<PlistValue>(&bytes)
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidMarker(0x70)
    ));
    assert_eq!(
        plistvalue::from_slice::<OnlyA>(&bytes).unwrap(),
        OnlyA { a: 1 }
    );
    let err = plistvalue::from_slice::<Denied>(&bytes).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField(f) if f == "zzz"),
        "{err}"
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct NonAscii {
    #[plist(rename = "naïve")]
    naive: i32,
    #[plist(rename = "日本")]
    japan: String,
}

#[test]
fn utf16_keys_match() {
    let value = NonAscii {
        naive: 1,
        japan: "語".into(),
    };
    assert_eq!(tree(&value), plist!({ "naïve": 1, "日本": "語" }));
    roundtrip(&value);
}
