//! JSON pointers on the tree and on the lazy document, a typed decode at a pointer
//! whose errors carry the whole key path, and error paths that parse back as
//! plutil keypaths.

use plistvalue::{plist, Document, ErrorKind, KeyPath, PathSegment, PlistValue};

fn messages(n: usize) -> PlistValue {
    let list: Vec<PlistValue> = (0..n)
        .map(|i| plist!({ "id": i, "url": (format!("https://x/{i}")), "meta": { "size": (i * 10) } }))
        .collect();
    plist!({ "messages": list, "a/b": { "m~n": 1 }, "": 2 })
}

#[test]
fn pointer_follows_rfc_6901_as_serde_json_does() {
    let v = messages(3);
    assert_eq!(v.pointer(""), Some(&v));
    assert_eq!(
        v.pointer("/messages/2/url").and_then(PlistValue::as_str),
        Some("https://x/2")
    );
    assert_eq!(
        v.pointer("/a~1b/m~0n").and_then(PlistValue::as_i64),
        Some(1)
    );
    assert_eq!(
        v.pointer("/").and_then(PlistValue::as_i64),
        Some(2),
        "the empty key"
    );
    for none in [
        "/messages/3",
        "/messages/01",
        "/messages/+1",
        "/messages/-1",
        "/nope",
        "messages",
        "/messages/0/id/x",
    ] {
        assert_eq!(v.pointer(none), None, "{none}");
    }
    // RFC 6901's positions: "0" is one; "00", "+0", "" and " 1" are not.
    let list = plist!([10, 11]);
    assert_eq!(list.pointer("/0").and_then(PlistValue::as_i64), Some(10));
    for bad in ["/00", "/+0", "/", "/ 1", "/1 "] {
        assert_eq!(list.pointer(bad), None, "{bad}");
    }
}

#[test]
fn pointer_mut_changes_in_place() {
    let mut v = messages(2);
    *v.pointer_mut("/messages/1/meta/size").unwrap() = PlistValue::from("big");
    assert_eq!(v["messages"][1]["meta"]["size"].as_str(), Some("big"));
    assert!(v.pointer_mut("/messages/5").is_none());
}

#[test]
fn lazy_pointer_matches_the_tree_and_reads_only_the_path() {
    let v = messages(2000);
    let bytes = plistvalue::to_vec(&v).unwrap();
    for p in [
        "",
        "/messages/1999/url",
        "/a~1b/m~0n",
        "/",
        "/messages/7/meta/size",
        "/messages/2000",
        "/x",
        "/messages/0/id/deeper",
        "no-slash",
    ] {
        let doc = Document::from_slice(&bytes).unwrap();
        let lazy = doc.pointer(p).unwrap().map(|n| n.to_value().unwrap());
        assert_eq!(lazy.as_ref(), v.pointer(p), "{p}");
    }
    let doc = Document::from_slice(&bytes).unwrap();
    let url = doc.pointer("/messages/1234/url").unwrap().unwrap();
    assert_eq!(url.as_ascii(), Some("https://x/1234"));
}

#[test]
fn decode_at_decodes_one_value_and_names_the_whole_path() {
    let mut v = messages(20);
    v["messages"][12]["meta"]["size"] = "big".into();
    let bytes = plistvalue::to_vec(&v).unwrap();
    let doc = Document::from_slice(&bytes).unwrap();
    assert_eq!(doc.decode_at::<u64>("/messages/3/meta/size").unwrap(), 30);
    assert_eq!(
        doc.decode_at::<String>("/messages/3/url").unwrap(),
        "https://x/3"
    );
    let four = doc.pointer("/messages/4").unwrap().unwrap();
    assert_eq!(
        four.decode_at::<u64>("/meta/size").unwrap(),
        40,
        "from a node"
    );

    let err = doc.decode_at::<u64>("/messages/12/meta/size").unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TypeMismatch { .. }),
        "{err}"
    );
    assert_eq!(err.path_string(), "messages.12.meta.size");
    assert!(err.offset().is_some());

    // The error inside the value keeps its own steps, after the pointer's.
    #[derive(plistvalue::FromPlist, Debug)]
    struct Meta {
        #[allow(dead_code)]
        size: u64,
    }
    let err = doc.decode_at::<Meta>("/messages/12/meta").unwrap_err();
    assert_eq!(err.path_string(), "messages.12.meta.size");

    let err = doc.decode_at::<u64>("/messages/12/nope/size").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::NoValueAt(p) if p == "/messages/12/nope/size"));
    assert_eq!(
        err.path().cloned().collect::<Vec<_>>(),
        [
            PathSegment::Key("messages".into()),
            PathSegment::Index(12),
            PathSegment::Key("nope".into()),
        ]
    );
    let twelve = doc.pointer("/messages/12").unwrap().unwrap();
    assert_eq!(
        err.offset(),
        Some(twelve.offset()),
        "located at the last object reached"
    );
}

/// An error path is a plutil keypath: `.` inside a key is `\.`, positions are
/// numbers, and the text parses back into a `KeyPath` that finds the same place,
/// so it can be pasted into `plistvalue -extract`.
#[test]
fn an_error_path_parses_back_as_the_keypath_of_its_place() {
    use std::collections::HashMap;
    type Deep = (
        u64,
        HashMap<String, HashMap<String, HashMap<String, Vec<u64>>>>,
    );
    type Shallow = (u64, HashMap<String, HashMap<String, u64>>);
    let keys = [
        "NSExceptionDomains",
        "example.com",
        "a\\.b",
        ".",
        "..x..",
        "back\\slash",
        "12",
        " spaced key ",
        "[0]",
        "trailing\\",
    ];
    // One path through arrays and dictionaries per key, the key in the middle and
    // last (a key ending in `\` only last: no keypath names it before a step), to a
    // string where the type wants an integer.
    for (i, key) in keys.iter().enumerate() {
        for last in [false, true] {
            if key.ends_with('\\') && !last {
                continue;
            }
            let mut v = PlistValue::from("found");
            if !last {
                v = plist!({ "z": [0, (v)] });
            }
            let v = plist!([(i), { "k.k": { (*key): (v) } }]);
            let err = if last {
                plistvalue::from_value::<Shallow>(v.clone()).unwrap_err()
            } else {
                plistvalue::from_value::<Deep>(v.clone()).unwrap_err()
            };
            assert!(
                matches!(err.kind(), ErrorKind::TypeMismatch { .. }),
                "{err}"
            );
            let text = err.path_string();
            let path: KeyPath = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                v.keypath(&path).and_then(PlistValue::as_str),
                Some("found"),
                "{text}"
            );
            assert!(err.to_string().ends_with(&format!(" at `{text}`")), "{err}");
        }
    }
    let v = plist!({ "NSExceptionDomains": { "example.com": { "x": "yes" } } });
    let err = plistvalue::from_value::<HashMap<String, HashMap<String, HashMap<String, bool>>>>(v)
        .unwrap_err();
    assert_eq!(err.path_string(), r"NSExceptionDomains.example\.com.x");
}

/// `from_value` decodes bytes the caller never saw, so its errors name the path in
/// the value and no byte offset or object number, on the derive path and serde's.
#[test]
fn from_value_errors_name_the_path_and_no_offset() {
    let v = plist!({ "NSExceptionDomains": { "example.com": { "x": "yes" } }, "n": [1, "two"] });
    #[derive(plistvalue::FromPlist, serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Domain {
        x: bool,
    }
    type Domains = std::collections::BTreeMap<String, Domain>;
    #[derive(plistvalue::FromPlist, serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Info {
        #[plist(rename = "NSExceptionDomains")]
        #[serde(rename = "NSExceptionDomains")]
        domains: Domains,
    }
    let derive = plistvalue::from_value::<Info>(v.clone()).unwrap_err();
    let serde = plistvalue::serde::from_value::<Info>(v.clone()).unwrap_err();
    for err in [&derive, &serde] {
        assert_eq!(
            err.path_string(),
            r"NSExceptionDomains.example\.com.x",
            "{err}"
        );
        assert_eq!((err.offset(), err.object(), err.line()), (None, None, None));
        assert!(!err.to_string().contains("offset"), "{err}");
        assert!(
            err.to_string()
                .contains(r"at `NSExceptionDomains.example\.com.x`"),
            "{err}"
        );
    }
    let err = plistvalue::from_value::<Vec<u8>>(v["n"].clone()).unwrap_err();
    assert_eq!((err.path_string().as_str(), err.offset()), ("1", None));
    let err = plistvalue::serde::from_value::<Vec<u8>>(v["n"].clone()).unwrap_err();
    assert_eq!((err.path_string().as_str(), err.offset()), ("1", None));
}
