//! Every decode path under the same budgets and
//! rules. The serde bridge charges what its visitors copy (map keys, everything
//! read through `deserialize_any`, the value inside a `{Some: v}`), UTF-16 is
//! charged at the UTF-8 it produces, data is not an array of values, a date no
//! calendar names reaches a `deserialize_any` visitor, and derive structs reject
//! non-string keys as `PlistValue` does.

use std::collections::HashMap;

use plistvalue::error::Budget;
use plistvalue::{Error, ErrorKind, PlistValue};
use plistvalue_suite::bplist::{ascii, date, dict, dict_w, int, seq, utf16, Bplist};

/// An array (object 0) of `n` 2-byte references to object 1, then `objects`.
fn shared(n: usize, objects: &[Vec<u8>]) -> Vec<u8> {
    let mut b = Bplist::new();
    b.ref_size = 2;
    b.offset_size = 4;
    b.push(&seq(0xA0, 2, &vec![1; n]));
    for o in objects {
        b.push(o);
    }
    b.build()
}

fn assert_byte_budget<T>(r: Result<T, Error>) {
    let Err(e) = r else {
        panic!("decoded past the byte budget");
    };
    assert!(
        matches!(
            e.kind(),
            ErrorKind::BudgetExceeded {
                what: Budget::Bytes,
                ..
            }
        ),
        "wrong kind: {e:?}"
    );
}

/// 4,096 references to one dictionary whose key is 16 KiB: 64 MiB of copied keys
/// from a 25 KB file, against a byte budget of about 1.2 MB.
fn big_key_file() -> Vec<u8> {
    shared(
        4096,
        &[dict_w(2, &[2], &[3]), ascii(&[b'k'; 16 << 10]), int(1)],
    )
}

#[test]
fn serde_map_keys_are_charged() {
    let bytes = big_key_file();
    assert_byte_budget(plistvalue::serde::from_slice::<Vec<HashMap<String, u8>>>(
        &bytes,
    ));
    // The derive and PlistValue stop on the same file.
    assert_byte_budget(plistvalue::from_slice::<Vec<HashMap<String, u8>>>(&bytes));
    assert_byte_budget(plistvalue::from_slice::<PlistValue>(&bytes));
    // A small file of the same shape still decodes.
    let small = shared(4, &[dict_w(2, &[2], &[3]), ascii(b"key"), int(1)]);
    let v: Vec<HashMap<String, u8>> = plistvalue::serde::from_slice(&small).unwrap();
    assert_eq!(v.len(), 4);
    assert_eq!(v[3]["key"], 1);
}

#[test]
fn deserialize_any_is_charged() {
    let bytes = big_key_file();
    assert_byte_budget(plistvalue::serde::from_slice::<serde_json::Value>(&bytes));
    let strings = shared(4096, &[ascii(&[b's'; 16 << 10])]);
    assert_byte_budget(plistvalue::serde::from_slice::<serde_json::Value>(&strings));
    #[derive(Debug, serde::Deserialize)]
    #[serde(untagged)]
    #[allow(dead_code, reason = "decoded, then dropped")]
    enum Either {
        Number(u64),
        Text(String),
        Bytes(serde_bytes::ByteBuf),
    }
    assert_byte_budget(plistvalue::serde::from_slice::<Vec<Either>>(&strings));
    // serde buffers an untagged enum's content through `deserialize_any`, a copy.
    let data = shared(4096, &[plistvalue_suite::bplist::data(&[7; 16 << 10])]);
    assert_byte_budget(plistvalue::serde::from_slice::<Vec<Either>>(&data));
}

/// The plist crate's `{Some: v}`: the value's length is charged, not the
/// wrapper's one entry.
#[test]
fn the_value_inside_some_is_charged() {
    let bytes = shared(
        4096,
        &[
            dict_w(2, &[2], &[3]),
            ascii(b"Some"),
            ascii(&[b'v'; 16 << 10]),
        ],
    );
    assert_byte_budget(plistvalue::serde::from_slice::<Vec<Option<String>>>(&bytes));
    let small = shared(2, &[dict_w(2, &[2], &[3]), ascii(b"Some"), ascii(b"v")]);
    let v: Vec<Option<String>> = plistvalue::serde::from_slice(&small).unwrap();
    assert_eq!(v, [Some("v".to_owned()), Some("v".to_owned())]);
}

/// 24 references to a string of 65,536 UTF-16 units of U+4E00: 1.5 M units, and
/// 4.7 MB of UTF-8, against a byte budget of 2.1 MB.
#[test]
fn utf16_is_charged_at_the_utf8_it_produces() {
    let bytes = shared(24, &[utf16(&vec![0x4E00; 1 << 16])]);
    assert_byte_budget(plistvalue::from_slice::<Vec<String>>(&bytes));
    assert_byte_budget(plistvalue::from_slice::<PlistValue>(&bytes));
    assert_byte_budget(plistvalue::serde::from_slice::<Vec<String>>(&bytes));
    let few = shared(4, &[utf16(&vec![0x4E00; 1 << 16])]);
    let v: Vec<String> = plistvalue::from_slice(&few).unwrap();
    assert_eq!(v[3].len(), 3 << 16);
}

#[test]
fn data_is_not_an_array_of_values_through_serde() {
    let bytes = Bplist::of(&[plistvalue_suite::bplist::data(&[1, 2, 3])]).build();
    let e = plistvalue::serde::from_slice::<Vec<PlistValue>>(&bytes).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TypeMismatch {
                expected: "array",
                found: "data"
            }
        ),
        "wrong kind: {e:?}"
    );
    assert_eq!(e.offset(), Some(8));
    // As the derive says.
    assert!(plistvalue::from_slice::<Vec<PlistValue>>(&bytes).is_err());
    // `Vec<u8>` without serde_bytes still reads data.
    let v: Vec<u8> = plistvalue::serde::from_slice(&bytes).unwrap();
    assert_eq!(v, [1, 2, 3]);
}

/// NaN, infinite and out-of-range dates are dates to every path: `PlistValue`,
/// the `Date` types, and now `deserialize_any` visitors, which get the seconds.
#[test]
fn a_date_no_calendar_names_reaches_deserialize_any() {
    #[derive(Debug, serde::Deserialize, PartialEq)]
    #[serde(untagged)]
    enum When {
        Text(String),
        Seconds(f64),
    }
    for secs in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300] {
        let bytes = Bplist::of(&[date(secs)]).build();
        let v: PlistValue = plistvalue::from_slice(&bytes).unwrap();
        assert!(matches!(v, PlistValue::Date(_)));
        let d: plistvalue::Date = plistvalue::serde::from_slice(&bytes).unwrap();
        assert_eq!(d.seconds_since_2001().to_bits(), secs.to_bits());
        match plistvalue::serde::from_slice::<When>(&bytes).unwrap() {
            When::Seconds(s) => assert_eq!(s.to_bits(), secs.to_bits()),
            other @ When::Text(_) => panic!("{secs}: {other:?}"),
        }
        assert!(plistvalue::serde::from_slice::<serde_json::Value>(&bytes).is_ok());
    }
    // A date a calendar names still reads as its RFC 3339 text.
    let bytes = Bplist::of(&[date(0.0)]).build();
    let w: When = plistvalue::serde::from_slice(&bytes).unwrap();
    assert_eq!(w, When::Text("2001-01-01T00:00:00Z".to_owned()));
}

/// A derive struct's dictionary with an integer, an array, or itself as a key.
#[test]
fn derive_structs_reject_non_string_keys() {
    #[derive(Debug, plistvalue::FromPlist)]
    #[allow(dead_code, reason = "decoded, then dropped")]
    struct S {
        a: Option<u8>,
    }
    // {1: 2}; {[]: 2}; a dictionary that is its own key.
    let cases = [
        (Bplist::of(&[dict(&[1], &[1]), int(2)]), "integer"),
        (
            Bplist::of(&[dict(&[1], &[2]), seq(0xA0, 1, &[]), int(2)]),
            "array",
        ),
        (Bplist::of(&[dict(&[0], &[1]), int(2)]), "dictionary"),
    ];
    for (b, found) in cases {
        let bytes = b.build();
        let e = plistvalue::from_slice::<S>(&bytes).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::NonStringKey(k) if *k == found),
            "{found}: {e:?}"
        );
        assert!(plistvalue::from_slice::<PlistValue>(&bytes).is_err());
    }
}
