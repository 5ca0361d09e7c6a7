//! `#[derive(ToPlist, FromPlist)]`: round trips of every supported type and
//! attribute, the exact shapes Foundation's Codable writes, tolerant decoding,
//! borrowing, the depth limit, and errors that name the key path and offset.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use indexmap::IndexMap;
use plistvalue::{
    plist, Date, Dictionary, Document, Encoder, Error, ErrorKind, FromPlist, FromPlistOwned,
    Limits, ObjRef, PlistValue, ToPlist,
};

// ---------------------------------------------------------------------------
// Helpers

/// Encodes, decodes, checks the value came back, and returns the bytes.
#[track_caller]
fn roundtrip<T: ToPlist + FromPlistOwned + PartialEq + Debug>(value: &T) -> Vec<u8> {
    let bytes = plistvalue::to_vec(value).expect("encode");
    let back: T = plistvalue::from_slice(&bytes).expect("decode");
    assert_eq!(&back, value);
    bytes
}

/// What a value encodes to, read back untyped.
#[track_caller]
fn tree<T: ToPlist + ?Sized>(value: &T) -> PlistValue {
    plistvalue::from_slice(&plistvalue::to_vec(value).expect("encode")).expect("decode")
}

/// Decodes `T` from a document holding `value`.
fn decode<T: FromPlistOwned>(value: &PlistValue) -> Result<T, Error> {
    plistvalue::from_slice(&plistvalue::to_vec(value).expect("encode"))
}

fn date(secs: f64) -> Date {
    Date::from_seconds_since_2001(secs)
}

// ---------------------------------------------------------------------------
// Standard types as fields

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
    let keys: Vec<&String> = v["hash"].as_dictionary().unwrap().keys().collect();
    assert_eq!(keys, ["a", "b", "c"]);
    let keys: Vec<&String> = v["index"].as_dictionary().unwrap().keys().collect();
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

// ---------------------------------------------------------------------------
// Struct shapes

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct UnitStruct;

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Meters(f64);

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Point(i32, i32, #[plist(skip)] u8, Option<i32>);

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Shapes {
    unit: UnitStruct,
    meters: Meters,
    point: Point,
}

#[test]
fn unit_newtype_and_tuple_structs() {
    let value = Shapes {
        unit: UnitStruct,
        meters: Meters(2.5),
        point: Point(1, 2, 0, None),
    };
    assert_eq!(
        tree(&value),
        plist!({ "unit": {}, "meters": 2.5, "point": [1, 2, "$null"] })
    );
    roundtrip(&value);
    let err = decode::<Point>(&plist!([1, 2])).unwrap_err();
    assert!(
        err.to_string().contains("expected an array of 3 elements"),
        "{err}"
    );
}

// ---------------------------------------------------------------------------
// Option: Codable's encodeIfPresent, and `$null` where there is no key

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Optionals {
    present: Option<String>,
    absent: Option<String>,
    list: Vec<Option<i32>>,
    pair: (Option<i32>, i32),
    newtype: NullableNewtype,
    nested: Option<Option<i32>>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct NullableNewtype(Option<i32>);

#[test]
fn none_is_omitted_or_null() {
    let value = Optionals {
        present: Some("x".into()),
        absent: None,
        list: vec![Some(1), None, Some(3)],
        pair: (None, 2),
        newtype: NullableNewtype(None),
        nested: None,
    };
    assert_eq!(
        tree(&value),
        plist!({
            "present": "x",
            "list": [1, "$null", 3],
            "pair": ["$null", 2],
            "newtype": "$null"
        })
    );
    roundtrip(&value);
}

#[test]
fn missing_key_and_null_string_decode_as_none() {
    let back: Optionals = decode(&plist!({
        "present": "$null",
        "list": [],
        "pair": ["$null", 2],
        "newtype": "$null"
    }))
    .unwrap();
    assert_eq!(back.present, None);
    assert_eq!(back.absent, None);
    assert_eq!(back.pair, (None, 2));
    assert_eq!(back.newtype, NullableNewtype(None));
}

// ---------------------------------------------------------------------------
// Enums: Swift's synthesized Codable form, internal tags, untagged

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
enum Shape {
    Empty,
    Circle { radius: f64 },
    Rect(f64, f64),
    Named(String),
    Maybe { label: Option<String> },
}

#[test]
fn external_enums_match_swift() {
    let cases = [
        (Shape::Empty, plist!({ "Empty": {} })),
        (
            Shape::Circle { radius: 1.5 },
            plist!({ "Circle": { "radius": 1.5 } }),
        ),
        (
            Shape::Rect(1.0, 2.0),
            plist!({ "Rect": { "_0": 1.0, "_1": 2.0 } }),
        ),
        (Shape::Named("n".into()), plist!({ "Named": { "_0": "n" } })),
        (Shape::Maybe { label: None }, plist!({ "Maybe": {} })),
    ];
    for (value, expected) in cases {
        assert_eq!(tree(&value), expected, "{value:?}");
        roundtrip(&value);
    }
    // A bare name still reads (tests/derive_swift_enums.rs has the details).
    assert_eq!(decode::<Shape>(&plist!("Empty")).unwrap(), Shape::Empty);
}

#[test]
fn enum_errors() {
    let err = decode::<Shape>(&plist!("Hexagon")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::UnknownVariant(v) if v == "Hexagon"));
    let err = decode::<Shape>(&plist!("Circle")).unwrap_err();
    assert!(err.to_string().contains("has fields"), "{err}");
    let err = decode::<Shape>(&plist!({ "Circle": { "radius": "big" } })).unwrap_err();
    assert_eq!(err.path_string(), "Circle.radius");
    let err = decode::<Shape>(&plist!({ "Circle": {}, "Rect": {} })).unwrap_err();
    assert!(err.to_string().contains("one key"), "{err}");
    let err = decode::<Shape>(&plist!(3)).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TypeMismatch { .. }),
        "{err}"
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "snake_case")]
enum Status {
    InProgress,
    #[plist(rename = "done", alias = "finished", alias = "complete")]
    Done,
    #[plist(other)]
    Unknown,
}

#[test]
fn variant_rename_alias_other() {
    assert_eq!(tree(&Status::InProgress), plist!("in_progress"));
    assert_eq!(tree(&Status::Done), plist!("done"));
    for name in ["done", "finished", "complete"] {
        assert_eq!(decode::<Status>(&plist!(name)).unwrap(), Status::Done);
    }
    assert_eq!(
        decode::<Status>(&plist!("paused")).unwrap(),
        Status::Unknown
    );
    assert_eq!(
        decode::<Status>(&plist!({ "paused": { "why": 1 } })).unwrap(),
        Status::Unknown
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(tag = "type")]
enum Event {
    Ping,
    Message {
        text: String,
        #[plist(rename = "from")]
        sender: Option<String>,
    },
    Wrapped(Inner),
    #[plist(other)]
    Unknown,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Inner {
    a: i32,
    b: Option<i32>,
}

#[test]
fn internally_tagged_enums() {
    let cases = [
        (Event::Ping, plist!({ "type": "Ping" })),
        (
            Event::Message {
                text: "hi".into(),
                sender: Some("me".into()),
            },
            plist!({ "type": "Message", "text": "hi", "from": "me" }),
        ),
        (
            Event::Wrapped(Inner { a: 1, b: None }),
            plist!({ "type": "Wrapped", "a": 1 }),
        ),
    ];
    for (value, expected) in cases {
        assert_eq!(tree(&value), expected, "{value:?}");
        roundtrip(&value);
    }
    // The tag need not come first.
    let e: Event = decode(&plist!({ "text": "x", "type": "Message" })).unwrap();
    assert_eq!(
        e,
        Event::Message {
            text: "x".into(),
            sender: None
        }
    );
    assert_eq!(
        decode::<Event>(&plist!({ "type": "Pong" })).unwrap(),
        Event::Unknown
    );
    let err = decode::<Event>(&plist!({ "text": "x" })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::MissingField("type")),
        "{err}"
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(tag = "kind", deny_unknown_fields)]
enum Strict {
    A { x: i32 },
}

#[test]
fn internally_tagged_deny_unknown_fields_knows_the_tag() {
    assert_eq!(
        decode::<Strict>(&plist!({ "kind": "A", "x": 1 })).unwrap(),
        Strict::A { x: 1 }
    );
    let err = decode::<Strict>(&plist!({ "kind": "A", "x": 1, "y": 2 })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownField(f) if f == "y"),
        "{err}"
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(untagged)]
enum Loose {
    Nothing,
    Number(i64),
    Pair(String, String),
    Full { name: String, age: u8 },
    Text(String),
}

#[test]
fn untagged_enums_try_each_variant() {
    let cases = [
        (Loose::Nothing, plist!("$null")),
        (Loose::Number(3), plist!(3)),
        (Loose::Pair("a".into(), "b".into()), plist!(["a", "b"])),
        (
            Loose::Full {
                name: "n".into(),
                age: 9,
            },
            plist!({ "name": "n", "age": 9 }),
        ),
        (Loose::Text("t".into()), plist!("t")),
    ];
    for (value, expected) in cases {
        assert_eq!(tree(&value), expected, "{value:?}");
        roundtrip(&value);
    }
    let err = decode::<Loose>(&plist!(true)).unwrap_err();
    assert!(
        err.to_string()
            .contains("did not match any variant of untagged enum `Loose`"),
        "{err}"
    );
    assert!(err.offset().is_some());
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
enum Never {}

#[test]
fn an_empty_enum_never_decodes() {
    assert!(decode::<Never>(&plist!("Anything")).is_err());
}

// ---------------------------------------------------------------------------
// Tolerant decoding, like Foundation

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
    assert_eq!(err.path_string(), "[1].a");
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

// ---------------------------------------------------------------------------
// Attributes

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "PascalCase")]
struct InfoPlist {
    #[plist(rename = "CFBundleIdentifier")]
    bundle_id: String,
    bundle_version: String,
    #[plist(alias = "LSMinimumSystemVersion", alias = "MinOS")]
    minimum_system_version: Option<String>,
}

#[test]
fn rename_rename_all_alias() {
    let value = InfoPlist {
        bundle_id: "com.example".into(),
        bundle_version: "1".into(),
        minimum_system_version: Some("14.0".into()),
    };
    assert_eq!(
        tree(&value),
        plist!({
            "CFBundleIdentifier": "com.example",
            "BundleVersion": "1",
            "MinimumSystemVersion": "14.0"
        })
    );
    roundtrip(&value);
    for alias in ["LSMinimumSystemVersion", "MinOS"] {
        let mut doc = plist!({ "CFBundleIdentifier": "x", "BundleVersion": "1" });
        doc.as_dictionary_mut().unwrap().insert(alias, "13.0");
        let back: InfoPlist = decode(&doc).unwrap();
        assert_eq!(back.minimum_system_version.as_deref(), Some("13.0"));
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "SCREAMING-KEBAB-CASE")]
struct Kebab {
    two_words: i32,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct Camel {
    two_words: i32,
}

#[test]
fn rename_all_rules() {
    assert_eq!(tree(&Kebab { two_words: 1 }), plist!({ "TWO-WORDS": 1 }));
    assert_eq!(tree(&Camel { two_words: 1 }), plist!({ "twoWords": 1 }));
}

fn seven() -> i32 {
    7
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Defaults {
    #[plist(default)]
    plain: Vec<i32>,
    #[plist(default = "seven")]
    from_fn: i32,
    #[plist(skip)]
    skipped: String,
    #[plist(skip, default = "seven")]
    skipped_with_fn: i32,
    #[plist(skip_serializing_if = "is_zero", default)]
    zero_left_out: i32,
    #[plist(skip_serializing_if = "Vec::is_empty", default)]
    empty_left_out: Vec<u8>,
}

#[test]
fn default_skip_skip_serializing_if() {
    let value = Defaults {
        plain: vec![],
        from_fn: 1,
        skipped: "not written".into(),
        skipped_with_fn: 1,
        zero_left_out: 0,
        empty_left_out: vec![],
    };
    assert_eq!(tree(&value), plist!({ "plain": [], "from_fn": 1 }));
    let back: Defaults = decode(&plist!({})).unwrap();
    assert_eq!(
        back,
        Defaults {
            plain: vec![],
            from_fn: 7,
            skipped: String::new(),
            skipped_with_fn: 7,
            zero_left_out: 0,
            empty_left_out: vec![],
        }
    );
    let back: Defaults = decode(&plist!({ "zero_left_out": 3, "skipped": "ignored" })).unwrap();
    assert_eq!(back.zero_left_out, 3);
    assert_eq!(back.skipped, "");
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(default)]
struct Settings {
    theme: String,
    size: u32,
    tags: Option<Vec<String>>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            theme: "dark".into(),
            size: 12,
            tags: Some(vec!["default".into()]),
        }
    }
}

impl ThemeOnly {
    fn light() -> ThemeOnly {
        ThemeOnly {
            theme: "light".into(),
            size: 0,
        }
    }
}

#[test]
fn container_default() {
    let back: Settings = decode(&plist!({ "size": 14 })).unwrap();
    assert_eq!(
        back,
        Settings {
            size: 14,
            ..Settings::default()
        }
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(default = "ThemeOnly::light")]
struct ThemeOnly {
    theme: String,
    #[plist(default = "seven")]
    size: i32,
}

#[test]
fn container_default_path_and_field_default_win_in_order() {
    let back: ThemeOnly = decode(&plist!({})).unwrap();
    assert_eq!(
        back,
        ThemeOnly {
            theme: "light".into(),
            size: 7
        }
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Envelope {
    id: u32,
    #[plist(flatten)]
    meta: Meta,
    #[plist(flatten)]
    extra: BTreeMap<String, PlistValue>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Meta {
    author: String,
    #[plist(flatten)]
    stamp: Stamp,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Stamp {
    created: Date,
    edited: Option<Date>,
}

#[test]
fn flatten_structs_and_a_catch_all_map() {
    let value = Envelope {
        id: 1,
        meta: Meta {
            author: "ada".into(),
            stamp: Stamp {
                created: date(1.0),
                edited: None,
            },
        },
        extra: BTreeMap::from([("zeta".into(), plist!(1)), ("alpha".into(), plist!("a"))]),
    };
    let expected = plist!({
        "id": 1,
        "author": "ada",
        "created": (date(1.0)),
        "alpha": "a",
        "zeta": 1
    });
    assert_eq!(tree(&value), expected);
    roundtrip(&value);
    // Keys no struct knows go to the map, wherever they are.
    let back: Envelope = decode(&plist!({
        "unknown": true, "id": 2, "author": "b", "created": (date(2.0)), "edited": (date(3.0))
    }))
    .unwrap();
    assert_eq!(back.meta.stamp.edited, Some(date(3.0)));
    assert_eq!(
        back.extra,
        BTreeMap::from([("unknown".into(), plist!(true))])
    );
    let err = decode::<Envelope>(&plist!({ "id": 2, "author": "b" })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::MissingField("created")),
        "{err}"
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct FlattenHashMap {
    name: String,
    #[plist(flatten)]
    rest: HashMap<String, i32>,
    #[plist(flatten)]
    dict: Dictionary,
}

#[test]
fn flatten_hash_map_is_sorted_and_dictionary_collects_too() {
    let value = FlattenHashMap {
        name: "n".into(),
        rest: HashMap::from([("b".into(), 2), ("a".into(), 1)]),
        dict: Dictionary::new(),
    };
    let v = tree(&value);
    let keys: Vec<&String> = v.as_dictionary().unwrap().keys().collect();
    assert_eq!(keys, ["name", "a", "b"]);
    let back: FlattenHashMap = decode(&v).unwrap();
    assert_eq!(back.rest, value.rest);
    // Both catch-alls see every key the struct does not claim.
    assert_eq!(back.dict.len(), 2);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
enum WithFlatten {
    Variant {
        id: u8,
        #[plist(flatten)]
        inner: Inner,
    },
}

#[test]
fn flatten_inside_a_variant() {
    let value = WithFlatten::Variant {
        id: 1,
        inner: Inner { a: 2, b: Some(3) },
    };
    assert_eq!(
        tree(&value),
        plist!({ "Variant": { "id": 1, "a": 2, "b": 3 } })
    );
    roundtrip(&value);
}

/// Seconds since 1970 as an integer, instead of a date.
mod unix_seconds {
    use plistvalue::{Encoder, Error, FromPlist, Node, ObjRef};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    pub fn to_plist<'a>(value: &'a SystemTime, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let secs = value
            .duration_since(UNIX_EPOCH)
            .map_err(Error::custom)?
            .as_secs();
        Ok(enc.u64(secs))
    }

    pub fn from_plist(node: Node<'_, '_>) -> Result<SystemTime, Error> {
        Ok(UNIX_EPOCH + Duration::from_secs(u64::from_plist(node)?))
    }
}

/// A type with no plist impls at all, handled entirely by its module.
#[derive(Debug, PartialEq)]
struct Celsius(f64);

mod celsius {
    use super::Celsius;
    use plistvalue::{Encoder, Error, FromPlist, Node, ObjRef};

    pub fn to_plist<'a>(value: &'a Celsius, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.str_copied(&format!("{}C", value.0)))
    }

    pub fn from_plist(node: Node<'_, '_>) -> Result<Celsius, Error> {
        let s = String::from_plist(node)?;
        let n = s
            .strip_suffix('C')
            .ok_or_else(|| node.error(plistvalue::ErrorKind::Custom("no C".into())))?;
        n.parse().map(Celsius).map_err(Error::custom)
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct WithModules {
    #[plist(with = "unix_seconds")]
    at: SystemTime,
    #[plist(with = "celsius")]
    temp: Celsius,
    #[plist(with = "celsius", default = "freezing")]
    missing_temp: Celsius,
    list: Vec<Reading>,
}

fn freezing() -> Celsius {
    Celsius(0.0)
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Reading(#[plist(with = "celsius")] Celsius);

#[test]
fn with_module() {
    let value = WithModules {
        at: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        temp: Celsius(21.5),
        missing_temp: Celsius(-1.0),
        list: vec![Reading(Celsius(3.0))],
    };
    assert_eq!(
        tree(&value),
        plist!({ "at": 1_700_000_000, "temp": "21.5C", "missing_temp": "-1C", "list": ["3C"] })
    );
    roundtrip(&value);
    let back: WithModules = decode(&plist!({ "at": 0, "temp": "1C", "list": [] })).unwrap();
    assert_eq!(back.missing_temp, Celsius(0.0));
    let err = decode::<WithModules>(&plist!({ "at": 0, "temp": "hot", "list": [] })).unwrap_err();
    assert_eq!(err.path_string(), "temp");
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(transparent)]
struct Transparent {
    inner: Option<String>,
    #[plist(skip)]
    marker: PhantomData<u8>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct HasTransparent {
    a: Transparent,
    b: Transparent,
}

#[test]
fn transparent_is_the_inner_value_through_and_through() {
    let value = HasTransparent {
        a: Transparent {
            inner: Some("x".into()),
            marker: PhantomData,
        },
        b: Transparent {
            inner: None,
            marker: PhantomData,
        },
    };
    // Unlike a newtype, an absent inner value leaves the key out.
    assert_eq!(tree(&value), plist!({ "a": "x" }));
    roundtrip(&value);
}

mod reexport {
    pub mod nested {
        pub use plistvalue as pv;
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(crate = "reexport::nested::pv")]
struct ThroughReexport {
    a: i32,
}

#[test]
fn crate_path_override() {
    roundtrip(&ThroughReexport { a: 1 });
}

// ---------------------------------------------------------------------------
// Generics and bounds

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Pair<K, V> {
    key: K,
    value: Option<V>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Page<T> {
    items: Vec<Pair<String, T>>,
    by_name: BTreeMap<String, Vec<Option<T>>>,
    first: Option<Box<T>>,
}

#[test]
fn nested_generics() {
    let value = Page {
        items: vec![Pair {
            key: "k".into(),
            value: Some(vec![1u8, 2]),
        }],
        by_name: BTreeMap::from([("x".into(), vec![None, Some(vec![3u8])])]),
        first: None,
    };
    let v = tree(&value);
    assert!(v["items"][0]["value"].as_data().is_some());
    assert_eq!(v["by_name"]["x"][0], plist!("$null"));
    roundtrip(&value);
}

/// Implements neither trait.
#[derive(Debug, PartialEq, Default)]
struct Opaque;

/// `T` appears only in skipped or `PhantomData` fields, so it needs no bound.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Unbounded<T, U> {
    name: String,
    #[plist(skip)]
    cache: Option<T>,
    marker: PhantomData<U>,
}

#[test]
fn no_bounds_for_unused_parameters() {
    let value: Unbounded<Opaque, Opaque> = Unbounded {
        name: "n".into(),
        cache: Some(Opaque),
        marker: PhantomData,
    };
    assert_eq!(tree(&value), plist!({ "name": "n" }));
    let back: Unbounded<Opaque, Opaque> = decode(&tree(&value)).unwrap();
    assert_eq!(back.cache, None);
}

trait Schema {
    type Id;
}

struct Users;

impl Schema for Users {
    type Id = u64;
}

/// An associated type gets the bound, not its parameter.
#[derive(ToPlist, FromPlist)]
struct Row<S: Schema> {
    id: S::Id,
}

#[test]
fn associated_type_bounds() {
    let row: Row<Users> = Row { id: 5 };
    let back: Row<Users> = decode(&tree(&row)).unwrap();
    assert_eq!(back.id, 5);
}

/// With the bound override, a parameter used only through a `with` module can be
/// required to implement something else.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(bound(to_plist = "T: std::fmt::Display", from_plist = "T: std::str::FromStr"))]
struct Stringly<T> {
    #[plist(with = "as_string")]
    value: T,
}

mod as_string {
    use plistvalue::{Encoder, Error, FromPlist, Node, ObjRef};

    pub fn to_plist<'a, T: std::fmt::Display>(
        value: &'a T,
        enc: &mut Encoder<'a>,
    ) -> Result<ObjRef, Error> {
        Ok(enc.str_copied(&value.to_string()))
    }

    pub fn from_plist<T: std::str::FromStr>(node: Node<'_, '_>) -> Result<T, Error> {
        <&str>::from_plist(node)?
            .parse()
            .map_err(|_| Error::custom("unparsable"))
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(bound = "T: ToPlist + for<'x> FromPlist<'x>")]
struct Bounded<T> {
    value: T,
}

#[test]
fn bound_override() {
    let value = Stringly { value: 42u16 };
    assert_eq!(tree(&value), plist!({ "value": "42" }));
    roundtrip(&value);
    roundtrip(&Bounded { value: 1u8 });
}

/// Raw identifiers lose their `r#`; const generics and where-clauses carry over.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Odd<T, const N: usize>
where
    T: Clone,
{
    r#type: String,
    values: [T; N],
}

#[test]
fn raw_identifiers_const_generics_where_clauses() {
    let value = Odd {
        r#type: "t".into(),
        values: [1i64, 2],
    };
    assert_eq!(tree(&value), plist!({ "type": "t", "values": [1, 2] }));
    roundtrip(&value);
}

// ---------------------------------------------------------------------------
// Recursive types and the depth limit

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Tree {
    name: String,
    children: Vec<Tree>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct GenericTree<T> {
    value: T,
    children: Vec<GenericTree<T>>,
    parent: Option<Box<GenericTree<T>>>,
}

fn chain(depth: usize) -> Tree {
    let mut t = Tree {
        name: "leaf".into(),
        children: vec![],
    };
    for _ in 0..depth {
        t = Tree {
            name: "node".into(),
            children: vec![t],
        };
    }
    t
}

#[test]
fn recursive_types_round_trip() {
    roundtrip(&chain(20));
    roundtrip(&GenericTree {
        value: 1u8,
        children: vec![GenericTree {
            value: 2,
            children: vec![],
            parent: None,
        }],
        parent: Some(Box::new(GenericTree {
            value: 0,
            children: vec![],
            parent: None,
        })),
    });
}

#[test]
fn depth_limit_is_an_error_not_a_stack_overflow() {
    // Each level is a struct and its `children` array: 2 levels of nesting.
    let bytes = plistvalue::to_vec(&chain(30)).unwrap();
    let err = plistvalue::from_slice_with_limits::<Tree>(&bytes, Limits::default().max_depth(40))
        .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit(40)), "{err}");
    assert!(
        err.path_string().starts_with("children[0].children[0]"),
        "{err}"
    );
    assert!(
        plistvalue::from_slice_with_limits::<Tree>(&bytes, Limits::default().max_depth(70)).is_ok()
    );

    // A hostile document nested far deeper than any stack: built as a PlistValue,
    // whose writer does not recurse.
    let mut deep = plist!({ "name": "leaf", "children": [] });
    for _ in 0..100_000 {
        deep = plist!({ "name": "node", "children": [deep] });
    }
    let bytes = plistvalue::to_vec(&deep).unwrap();
    let err = plistvalue::from_slice::<Tree>(&bytes).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit(128)), "{err}");
    assert!(err.offset().is_some());
}

// ---------------------------------------------------------------------------
// Errors name the key path and the byte offset

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Project {
    messages: Vec<Message>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Message {
    request: Request,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Request {
    headers: Vec<Header>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Header {
    name: String,
    value: String,
}

fn project() -> Project {
    let header = |i: usize| Header {
        name: format!("h{i}"),
        value: format!("v{i}"),
    };
    Project {
        messages: (0..20)
            .map(|_| Message {
                request: Request {
                    headers: (0..5).map(header).collect(),
                },
            })
            .collect(),
    }
}

#[test]
fn errors_name_the_key_path_and_offset() {
    let mut doc = tree(&project());
    doc["messages"][12]["request"]["headers"][3]["value"] = PlistValue::from(42);
    let bytes = plistvalue::to_vec(&doc).unwrap();
    let err = plistvalue::from_slice::<Project>(&bytes).unwrap_err();
    assert_eq!(err.path_string(), "messages[12].request.headers[3].value");
    assert!(matches!(
        err.kind(),
        ErrorKind::TypeMismatch {
            expected: "string",
            found: "integer"
        }
    ));

    let lazy = Document::from_slice(&bytes).unwrap();
    let bad = lazy
        .root()
        .unwrap()
        .get("messages")
        .unwrap()
        .unwrap()
        .at(12)
        .unwrap()
        .unwrap()
        .get("request")
        .unwrap()
        .unwrap()
        .get("headers")
        .unwrap()
        .unwrap()
        .at(3)
        .unwrap()
        .unwrap()
        .get("value")
        .unwrap()
        .unwrap();
    assert_eq!(err.offset(), Some(bad.offset()));
    assert_eq!(
        err.to_string(),
        format!(
            "expected string, found integer at `messages[12].request.headers[3].value` \
             (byte offset {}, object {})",
            bad.offset(),
            bad.index()
        )
    );
}

#[test]
fn missing_field_errors_point_at_the_dictionary() {
    let mut doc = tree(&project());
    doc["messages"][12]["request"]["headers"][3]
        .as_dictionary_mut()
        .unwrap()
        .remove("value");
    let err = decode::<Project>(&doc).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::MissingField("value")));
    assert_eq!(err.path_string(), "messages[12].request.headers[3]");
    assert!(err.offset().is_some());
}

// ---------------------------------------------------------------------------
// The expansion shown in plistvalue-derive's docs

/// The example struct of the derive crate's docs; its expansion is checked
/// against the docs in that crate's unit tests.
#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct DocHeader {
    name: String,
    header_value: Option<String>,
}

#[test]
fn documented_example_behaves_as_documented() {
    let value = DocHeader {
        name: "Host".into(),
        header_value: None,
    };
    assert_eq!(tree(&value), plist!({ "name": "Host" }));
    roundtrip(&value);
}
