//! Group e: dictionary semantics.

use std::collections::{BTreeMap, HashMap};

use plistvalue::{plist, Document, ErrorKind, Kind, PlistValue, Uid};

use crate::support::decode;
use plistvalue_suite::bplist::{array, ascii, data, date, dict, int, raw, real, utf16, Bplist};

#[test]
fn e32_non_string_keys_readable_lazily_rejected_in_plist_value() {
    // CoreFoundation accepts non-container keys (the libplist reproducer
    // `crash-39f1347…` is `{65: "B"}`); `PlistValue` and typed maps have string keys
    // only, so they reject every non-string key at the key object.
    let keys: [(Vec<u8>, &str, Kind); 9] = [
        (int(65), "integer", Kind::Integer),
        (real(1.5), "real", Kind::Real),
        (date(0.0), "date", Kind::Date),
        (data(b"k"), "data", Kind::Data),
        (raw(0x80, &[3]), "UID", Kind::Uid),
        (vec![0x09], "boolean", Kind::Boolean),
        (vec![0x00], "null", Kind::Null),
        (array(&[]), "array", Kind::Array),
        (vec![0xD0], "dictionary", Kind::Dictionary),
    ];
    for (key, name, kind) in keys {
        let b = Bplist::of(&[dict(&[1], &[2]), key, ascii(b"B")]);
        let bytes = b.build();
        let e = assert_err!(bytes, ErrorKind::NonStringKey(_), b.offset_of(1));
        assert!(
            matches!(e.kind(), ErrorKind::NonStringKey(n) if *n == name),
            "{e:?}"
        );
        assert_fails!(
            plistvalue::from_slice::<HashMap<String, String>>(&bytes),
            ErrorKind::NonStringKey(_),
            b.offset_of(1)
        );
        let doc = Document::from_slice(&bytes).unwrap();
        let root = doc.root().unwrap();
        let (k, v) = root.entries().unwrap().next().unwrap().unwrap();
        assert_eq!(k.kind(), kind);
        assert_eq!(v.as_ascii(), Some("B"));
        assert!(root.get("B").unwrap().is_none());
    }
}

#[test]
fn e33_duplicate_keys_first_wins_everywhere() {
    // Policy: CoreFoundation keeps the first entry; so do `PlistValue`, `Node::get`
    // and the typed maps. Cases: one key object twice; two equal ASCII strings; ASCII
    // "a" and UTF-16 "a".
    let cases = [
        Bplist::of(&[dict(&[1, 1], &[2, 3]), ascii(b"a"), int(1), int(2)]),
        Bplist::of(&[
            dict(&[1, 4], &[2, 3]),
            ascii(b"a"),
            int(1),
            int(2),
            ascii(b"a"),
        ]),
        Bplist::of(&[
            dict(&[1, 4], &[2, 3]),
            ascii(b"a"),
            int(1),
            int(2),
            utf16(&[0x61]),
        ]),
    ];
    for b in cases {
        let bytes = b.build();
        assert_eq!(decode(&bytes).unwrap(), plist!({ "a": 1 }));
        let doc = Document::from_slice(&bytes).unwrap();
        assert_eq!(
            doc.root().unwrap().get("a").unwrap().unwrap().as_i64(),
            Some(1)
        );
        assert_eq!(doc.root().unwrap().entries().unwrap().len(), 2);
        let h: HashMap<String, i64> = plistvalue::from_slice(&bytes).unwrap();
        assert_eq!(h, HashMap::from([("a".to_owned(), 1)]));
        let t: BTreeMap<String, i64> = plistvalue::from_slice(&bytes).unwrap();
        assert_eq!(t, BTreeMap::from([("a".to_owned(), 1)]));
    }
}

#[test]
fn e34_scalar_and_empty_tops_and_empty_strings_accepted() {
    let cases: [(Vec<u8>, PlistValue); 7] = [
        (int(0), PlistValue::from(0)),
        (vec![0x08], PlistValue::from(false)),
        (vec![0xA0], plist!([])),
        (vec![0xD0], plist!({})),
        (vec![0x50], PlistValue::from("")),
        (vec![0x60], PlistValue::from("")),
        (vec![0x40], PlistValue::Data(Vec::new())),
    ];
    for (object, value) in cases {
        assert_eq!(decode(&Bplist::of(&[object]).build()).unwrap(), value);
    }
    let typed: Vec<i64> = plistvalue::from_slice(&Bplist::of(&[vec![0xA0]]).build()).unwrap();
    assert!(typed.is_empty());
}

#[test]
fn e35_dollar_null_and_cf_uid_dicts_are_plain_values() {
    // `PlistValue` keeps "$null" as a string and `{"CF$UID": n}` as a dictionary;
    // only a typed `Option` reads "$null" as `None` (Foundation's convention).
    let b = Bplist::of(&[
        dict(&[1, 2], &[3, 4]),
        ascii(b"nil"),
        ascii(b"ref"),
        ascii(b"$null"),
        dict(&[5], &[6]),
        ascii(b"CF$UID"),
        int(5),
    ]);
    let bytes = b.build();
    let expected = plist!({ "nil": "$null", "ref": { "CF$UID": 5 } });
    assert_eq!(decode(&bytes).unwrap(), expected);
    let typed: HashMap<String, Option<PlistValue>> = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(typed["nil"], None);
    assert_eq!(typed["ref"], Some(plist!({ "CF$UID": 5 })));
    // A real UID object stays a UID.
    let b = Bplist::of(&[dict(&[1], &[2]), ascii(b"CF$UID"), raw(0x80, &[5])]);
    assert_eq!(
        decode(&b.build()).unwrap(),
        plist!({ "CF$UID": (Uid::new(5)) })
    );
}
