//! Standard types as fields.

use indexmap::IndexMap;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::fmt::Debug;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use std::time::SystemTime;
use std::time::UNIX_EPOCH;

use plistvalue::{plist, Date, Dictionary, Document, ErrorKind, FromPlist, PlistValue, ToPlist};

use crate::{date, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Numbers {
    a: i8,
    b: i16,
    c: i32,
    d: i64,
    e: isize,
    f: u8,
    g: u16,
    h: u32,
    i: u64,
    j: usize,
    k: i128,
    l: u128,
    m: f64,
    n: bool,
    o: char,
}

#[test]
fn integers_floats_bool_char() {
    let max = Numbers {
        a: i8::MIN,
        b: i16::MAX,
        c: i32::MIN,
        d: i64::MIN,
        e: isize::MAX,
        f: u8::MAX,
        g: u16::MAX,
        h: u32::MAX,
        i: u64::MAX,
        j: usize::MAX,
        k: i128::from(i64::MIN),
        l: u128::from(u64::MAX),
        m: -0.5,
        n: true,
        o: 'é',
    };
    let v = tree(&max);
    assert_eq!(v["i"].as_u64(), Some(u64::MAX));
    assert_eq!(v["d"].as_i64(), Some(i64::MIN));
    assert_eq!(v["o"].as_str(), Some("é"));
    roundtrip(&max);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Floats {
    single: f32,
    double: f64,
}

#[test]
fn f32_is_a_four_byte_real() {
    let bytes = roundtrip(&Floats {
        single: 1.5,
        double: 1.5,
    });
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    let marker = |key: &str| bytes[root.get(key).unwrap().unwrap().offset() as usize];
    assert_eq!(marker("single"), 0x22);
    assert_eq!(marker("double"), 0x23);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Texts<'a> {
    owned: String,
    borrowed: &'a str,
    cow: Cow<'a, str>,
    boxed: Box<str>,
}

#[test]
fn strings_borrow_from_the_input() {
    let value = Texts {
        owned: "ünïcode".into(),
        borrowed: "ascii",
        cow: Cow::Borrowed("also ascii"),
        boxed: "box".into(),
    };
    let bytes = plistvalue::to_vec(&value).unwrap();
    let back: Texts = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back, value);
    let input = bytes.as_ptr_range();
    assert!(input.contains(&back.borrowed.as_ptr()));
    assert!(matches!(back.cow, Cow::Borrowed(s) if input.contains(&s.as_ptr())));
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct BorrowedText<'a> {
    text: &'a str,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct CowText<'a> {
    text: Cow<'a, str>,
}

#[test]
fn utf16_text_cannot_be_borrowed_as_str() {
    let bytes = plistvalue::to_vec(&plist!({ "text": "naïve" })).unwrap();
    let err = plistvalue::from_slice::<BorrowedText>(&bytes).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::BorrowUtf16), "{err}");
    assert!(err.to_string().contains("Cow<str>"), "{err}");
    assert_eq!(err.path_string(), "text");
    let cow: CowText = plistvalue::from_slice(&bytes).unwrap();
    assert!(matches!(cow.text, Cow::Owned(ref s) if s == "naïve"));
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[allow(clippy::struct_field_names, reason = "the fields name what they hold")]
struct Bytes<'a> {
    vec: Vec<u8>,
    slice: &'a [u8],
    array: [u8; 4],
    boxed: Box<[u8]>,
    cow: Cow<'a, [u8]>,
    not_bytes: Vec<u16>,
}

#[test]
fn bytes_are_data_not_arrays() {
    let value = Bytes {
        vec: vec![1, 2, 3],
        slice: &[4, 5],
        array: [6, 7, 8, 9],
        boxed: vec![10].into_boxed_slice(),
        cow: Cow::Borrowed(&[11, 12]),
        not_bytes: vec![1, 2],
    };
    let v = tree(&value);
    for key in ["vec", "slice", "array", "boxed", "cow"] {
        assert!(v[key].as_data().is_some(), "{key} is {:?}", v[key]);
    }
    assert_eq!(v["array"].as_data(), Some(&[6, 7, 8, 9][..]));
    assert!(v["not_bytes"].is_array());

    let bytes = plistvalue::to_vec(&value).unwrap();
    let back: Bytes = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back, value);
    assert!(bytes.as_ptr_range().contains(&back.slice.as_ptr()));
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Dates {
    plist: Date,
    chrono: chrono::DateTime<chrono::Utc>,
    system: SystemTime,
}

#[test]
fn dates_are_plist_dates() {
    let value = Dates {
        plist: date(725_760_000.5),
        chrono: chrono::DateTime::from_timestamp(1_704_067_200, 0).unwrap(),
        system: UNIX_EPOCH + Duration::from_secs(1_704_067_200),
    };
    let v = tree(&value);
    assert_eq!(v["plist"].as_date(), Some(date(725_760_000.5)));
    assert_eq!(v["chrono"].as_date(), Some(date(725_760_000.0)));
    assert_eq!(v["system"].as_date(), Some(date(725_760_000.0)));
    roundtrip(&value);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Sequences {
    vec: Vec<String>,
    deque: VecDeque<i32>,
    array: [bool; 3],
    boxed: Box<[i64]>,
    pair: (i32, String),
    triple: (u8, f64, Vec<u8>),
    nested: Vec<Vec<u32>>,
}

#[test]
fn sequences_and_tuples() {
    let value = Sequences {
        vec: vec!["a".into(), "b".into()],
        deque: VecDeque::from([3, 2, 1]),
        array: [true, false, true],
        boxed: vec![-1, 2].into_boxed_slice(),
        pair: (7, "seven".into()),
        triple: (1, 2.5, vec![3]),
        nested: vec![vec![], vec![1, 2]],
    };
    let v = tree(&value);
    assert_eq!(v["pair"], plist!([7, "seven"]));
    assert_eq!(v["triple"][2].as_data(), Some(&[3u8][..]));
    roundtrip(&value);
}

#[derive(ToPlist)]
struct Slices<'a> {
    ints: &'a [i32],
    strs: &'a [&'a str],
}

#[test]
fn slices_encode_as_arrays() {
    let v = tree(&Slices {
        ints: &[1, 2],
        strs: &["x"],
    });
    assert_eq!(v, plist!({ "ints": [1, 2], "strs": ["x"] }));
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Maps {
    hash: HashMap<String, i32>,
    btree: BTreeMap<String, Vec<u8>>,
    index: IndexMap<String, bool>,
}

#[test]
fn string_keyed_maps() {
    let value = Maps {
        hash: HashMap::from([("b".into(), 2), ("a".into(), 1), ("c".into(), 3)]),
        btree: BTreeMap::from([("x".into(), vec![1])]),
        index: IndexMap::from([("z".into(), true), ("y".into(), false)]),
    };
    let v = tree(&value);
    // A HashMap is written sorted, as Foundation sorts a [String: V].
    let keys: Vec<_> = v["hash"].as_dictionary().unwrap().keys().collect();
    assert_eq!(keys, ["a", "b", "c"]);
    let keys: Vec<_> = v["index"].as_dictionary().unwrap().keys().collect();
    assert_eq!(keys, ["z", "y"]);
    roundtrip(&value);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Pointers {
    boxed: Box<i32>,
    rc: Rc<String>,
    arc: Arc<Vec<u8>>,
    boxed_option: Box<Option<i32>>,
}

#[test]
fn box_rc_arc() {
    let value = Pointers {
        boxed: Box::new(1),
        rc: Rc::new("rc".into()),
        arc: Arc::new(vec![1, 2]),
        boxed_option: Box::new(None),
    };
    let v = tree(&value);
    assert!(v["arc"].as_data().is_some());
    // The Option inside the Box is still left out.
    assert!(v.get("boxed_option").is_none());
    roundtrip(&value);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Untyped {
    any: PlistValue,
    dict: Dictionary,
    uid: plistvalue::Uid,
}

#[test]
fn plist_value_as_a_field() {
    let value = Untyped {
        any: plist!({ "k": [1, "two", 3.0] }),
        dict: [("a", 1)].into_iter().collect(),
        uid: plistvalue::Uid::new(7),
    };
    roundtrip(&value);
}
