//! `Node::get` on a large dictionary goes through a key index: it must find what
//! the scan of every entry finds (the first of repeated keys, Latin-1 and UTF-16
//! keys; never a key that is not text), read the keys once, and fail cleanly on
//! a broken key.

use plistvalue::{Document, ErrorKind, PlistValue};
use plistvalue_suite::bplist::{ascii, dict_w, int, raw, utf16, Bplist};

/// What `get` must answer: the value of the first entry whose key is the string
/// `key`, by a scan of every entry.
fn scan(doc: &Document<'_>, key: &str) -> Option<PlistValue> {
    let root = doc.root().unwrap();
    for entry in root.entries().unwrap() {
        let (k, v) = entry.unwrap();
        if k.str_eq(key) {
            return Some(v.to_value().unwrap());
        }
    }
    None
}

/// A dictionary of `n` entries whose keys mix every kind a file can hold.
fn mixed(n: u64) -> Vec<u8> {
    let mut b = Bplist::new();
    b.ref_size = 2;
    b.offset_size = 4;
    let mut keys = Vec::new();
    let mut values = Vec::new();
    for i in 0..n {
        let key = match i % 7 {
            0 => utf16(&format!("ü{i}").encode_utf16().collect::<Vec<_>>()),
            1 => raw(0x50, &[b'L', 0xE9, b'0' + (i % 10) as u8]), // Latin-1 "Lé<digit>"
            2 => int(i),                                          // not a string
            3 => utf16(&[0xD800, u16::from(b'x')]),               // a lone surrogate
            4 => ascii(format!("dup{}", i % 3).as_bytes()),       // repeated keys
            _ => ascii(format!("k{i}").as_bytes()),
        };
        keys.push(b.push(&key));
        values.push(b.push(&int(1000 + i)));
    }
    b.top = b.push(&dict_w(2, &keys, &values));
    b.build()
}

#[test]
fn the_index_finds_what_the_scan_finds() {
    for n in [10, 63, 64, 65, 700] {
        let bytes = mixed(n);
        let doc = Document::from_slice(&bytes).unwrap();
        let root = doc.root().unwrap();
        let mut probes: Vec<String> = (0..n).map(|i| format!("k{i}")).collect();
        probes.extend((0..n).map(|i| format!("ü{i}")));
        probes.extend(
            [
                "dup0", "dup1", "dup2", "Lé3", "Lé9", "x", "2", "", "k", "missing",
            ]
            .map(String::from),
        );
        for key in &probes {
            let got = root.get(key).unwrap().map(|v| v.to_value().unwrap());
            assert_eq!(got, scan(&doc, key), "n = {n}, key {key:?}");
        }
    }
}

#[test]
fn a_broken_key_is_an_error_not_a_panic() {
    let n = 100;
    let mut b = Bplist::new();
    b.offset_size = 4;
    let keys: Vec<u64> = (0..n)
        .map(|i| b.push(&ascii(format!("k{i}").as_bytes())))
        .collect();
    let values: Vec<u64> = (0..n).map(|i| b.push(&int(i))).collect();
    let mut bad = keys.clone();
    bad[50] = 250; // no such object
    b.top = b.push(&dict_w(1, &bad, &values));
    let bytes = b.build();
    let doc = Document::from_slice(&bytes).unwrap();
    let err = doc.root().unwrap().get("k1").unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::RefOutOfRange { .. }),
        "{err}"
    );
}

#[test]
fn a_dictionary_with_a_very_long_key_is_scanned_and_still_answers() {
    let long = "L".repeat(5000);
    let mut d = plistvalue::Dictionary::new();
    for i in 0..100 {
        d.insert(format!("k{i}"), i.into());
    }
    d.insert(long.clone(), (-1).into());
    let bytes = plistvalue::to_vec(&PlistValue::Dictionary(d)).unwrap();
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    for key in ["k0", "k99", long.as_str(), "nope"] {
        let got = root.get(key).unwrap().map(|v| v.to_value().unwrap());
        assert_eq!(got, scan(&doc, key), "{key:.10}");
    }
    assert_eq!(root.get(&long).unwrap().and_then(|v| v.as_i64()), Some(-1));
}
