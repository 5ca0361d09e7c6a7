//! The serde bridge against the plist crate: the benchmark model with its serde
//! derives goes both ways between the two libraries, and each documented
//! convention or difference has a test.

use std::collections::BTreeMap;

use plistvalue::{plist, Data, Date, Document, ErrorKind, Key, Kind, Limits, PlistValue, Uid};
use plistvalue_suite::bench_doc::{generate, Exchange, ExchangeRef, Project, ProjectRef, Variant};
use serde::{Deserialize, Serialize};

fn plist_crate_bytes<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ::plist::to_writer_binary(&mut out, value).unwrap();
    out
}

fn ours<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    plistvalue::serde::to_vec(value).unwrap()
}

#[test]
fn benchmark_model_round_trips_both_ways_with_the_plist_crate() {
    for variant in [Variant::Random, Variant::Pool] {
        let project = generate(200, variant);
        let ours = ours(&project);
        let theirs = plist_crate_bytes(&project);
        assert_eq!(::plist::from_bytes::<Project>(&ours).unwrap(), project);
        assert_eq!(
            plistvalue::serde::from_slice::<Project>(&theirs).unwrap(),
            project
        );
        assert_eq!(
            plistvalue::serde::from_slice::<Project>(&ours).unwrap(),
            project
        );
        // Same uniquing, same widths: the same objects, so the same size.
        assert_eq!(ours.len(), theirs.len(), "{variant:?}");
        assert_eq!(
            Document::from_slice(&ours).unwrap().len(),
            Document::from_slice(&theirs).unwrap().len()
        );
        let tree = |b: &[u8]| plistvalue::from_slice::<PlistValue>(b).unwrap();
        assert_eq!(tree(&ours), tree(&theirs));
    }
}

#[test]
fn to_writer_and_from_reader_match_to_vec_and_from_slice() {
    let project = generate(20, Variant::Random);
    let mut written = Vec::new();
    plistvalue::serde::to_writer(&mut written, &project).unwrap();
    assert_eq!(written, ours(&project));
    let back: Project = plistvalue::serde::from_reader(&written[..]).unwrap();
    assert_eq!(back, project);
}

fn same_exchange(r: &ExchangeRef<'_>, o: &Exchange) -> bool {
    r.body == o.body.as_slice()
        && r.headers.len() == o.headers.len()
        && r.headers
            .iter()
            .zip(&o.headers)
            .all(|(a, b)| a.name == b.name && a.value == b.value)
}

#[test]
fn borrowed_model_decodes_from_the_plist_crate_output() {
    let project = generate(200, Variant::Random);
    let theirs = plist_crate_bytes(&project);
    let r: ProjectRef<'_> = plistvalue::serde::from_slice(&theirs).unwrap();
    let input = theirs.as_ptr_range();
    assert!(input.contains(&r.name.as_ptr()), "name is borrowed");
    assert_eq!(r.name, project.name);
    assert_eq!(
        r.settings.ssl_proxying_hosts,
        project.settings.ssl_proxying_hosts
    );
    assert_eq!(r.messages.len(), project.messages.len());
    for (a, b) in r.messages.iter().zip(&project.messages) {
        assert!(input.contains(&a.url.as_ptr()), "urls are borrowed");
        assert_eq!(
            (a.id, a.method, a.url),
            (b.id, b.method.as_str(), b.url.as_str())
        );
        assert_eq!((a.start_date, a.duration), (b.start_date, b.duration));
        assert_eq!(a.comment, b.comment.as_deref());
        assert!(same_exchange(&a.request, &b.request));
        assert!(same_exchange(&a.response, &b.response));
        if !a.response.body.is_empty() {
            assert!(
                input.contains(&a.response.body.as_ptr()),
                "data is borrowed"
            );
        }
    }
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Pair {
    a: u8,
    b: u8,
}

/// The module docs' claim: only the first occurrence of a key text is placed after
/// its value; the second struct of a type has CoreFoundation's layout.
#[test]
fn object_order_differs_from_corefoundation_only_for_first_seen_keys() {
    let bytes = ours(&[Pair { a: 10, b: 20 }, Pair { a: 30, b: 40 }]);
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    assert_eq!(root.index(), 0);
    let first = root.at(0).unwrap().unwrap();
    let second = root.at(1).unwrap().unwrap();
    let entries = |n: plistvalue::Node<'_, '_>| {
        n.entries()
            .unwrap()
            .map(|e| e.map(|(k, v)| (k.index(), v.index())).unwrap())
            .collect::<Vec<_>>()
    };
    // First struct: dict, then 10, "a", 20, "b".
    assert_eq!(first.index(), 1);
    assert_eq!(entries(first), [(3, 2), (5, 4)]);
    // Second struct: dict, then its values; its keys are the first struct's.
    assert_eq!(second.index(), 6);
    assert_eq!(entries(second), [(3, 7), (5, 8)]);
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Optional {
    present: Option<u32>,
    absent: Option<u32>,
    list: Vec<Option<u32>>,
    map: BTreeMap<String, Option<u32>>,
}

#[test]
fn none_is_omitted_in_structs_and_null_elsewhere() {
    let v = Optional {
        present: Some(1),
        absent: None,
        list: vec![Some(2), None],
        map: BTreeMap::from([("k".to_owned(), None)]),
    };
    let bytes = ours(&v);
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    assert_eq!(root.get("present").unwrap().unwrap().as_u64(), Some(1));
    assert!(
        root.get("absent").unwrap().is_none(),
        "None fields are omitted"
    );
    let list = root.get("list").unwrap().unwrap();
    assert_eq!(list.at(1).unwrap().unwrap().as_ascii(), Some("$null"));
    let map = root.get("map").unwrap().unwrap();
    assert_eq!(map.get("k").unwrap().unwrap().as_ascii(), Some("$null"));
    assert_eq!(
        plistvalue::serde::from_slice::<Optional>(&bytes).unwrap(),
        v
    );
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Wrapped {
    list: Vec<Option<u32>>,
    pairs: Vec<Option<Pair>>,
    map: BTreeMap<String, Option<String>>,
}

/// The plist crate writes `Some(v)` as `{Some: v}` and `None` as `{None: ""}`
/// outside struct fields; those files read here.
#[test]
fn the_plist_crate_option_wrappers_read() {
    let v = Wrapped {
        list: vec![Some(1), None, Some(3)],
        pairs: vec![None, Some(Pair { a: 1, b: 2 })],
        map: BTreeMap::from([
            ("x".to_owned(), Some("y".to_owned())),
            ("z".to_owned(), None),
        ]),
    };
    let theirs = plist_crate_bytes(&v);
    let tree: PlistValue = plistvalue::from_slice(&theirs).unwrap();
    assert_eq!(
        tree["list"][0],
        plist!({ "Some": 1 }),
        "the plist crate's form"
    );
    assert_eq!(
        plistvalue::serde::from_slice::<Wrapped>(&theirs).unwrap(),
        v
    );
    assert_eq!(
        plistvalue::serde::from_slice::<Wrapped>(&ours(&v)).unwrap(),
        v
    );
}

/// The documented exception: a map inside an `Option` is never unwrapped, so our
/// own `{Some: 1}` map survives; the plist crate's wrapped map does not read.
#[test]
fn a_map_with_a_some_key_stays_a_map() {
    let v: Vec<Option<BTreeMap<String, u32>>> = vec![Some(BTreeMap::from([("Some".into(), 1)]))];
    assert_eq!(
        plistvalue::serde::from_slice::<Vec<Option<BTreeMap<String, u32>>>>(&ours(&v)).unwrap(),
        v
    );
    let theirs = plist_crate_bytes(&v);
    assert!(plistvalue::serde::from_slice::<Vec<Option<BTreeMap<String, u32>>>>(&theirs).is_err());
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Bytes {
    #[serde(with = "serde_bytes")]
    tagged: Vec<u8>,
    data: Data,
    plain: Vec<u8>,
}

#[test]
fn serde_bytes_and_data_are_data_and_plain_vec_u8_is_an_array() {
    let v = Bytes {
        tagged: vec![1, 2],
        data: Data::new(vec![3, 4]),
        plain: vec![5, 6],
    };
    let bytes = ours(&v);
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    let kind = |k: &str| root.get(k).unwrap().unwrap().kind();
    assert_eq!(kind("tagged"), Kind::Data);
    assert_eq!(kind("data"), Kind::Data);
    assert_eq!(kind("plain"), Kind::Array);
    assert_eq!(plistvalue::serde::from_slice::<Bytes>(&bytes).unwrap(), v);
    assert_eq!(::plist::from_bytes::<Bytes>(&bytes).unwrap(), v);
    // Data reads into a plain `Vec<u8>` too, as with the derive.
    let as_data = plistvalue::to_vec(
        &plist!({ "tagged": (Data::new(vec![1])), "data": (Data::new(vec![2])), "plain": (Data::new(vec![7, 8])) }),
    )
    .unwrap();
    let back: Bytes = plistvalue::serde::from_slice(&as_data).unwrap();
    assert_eq!(back.plain, [7, 8]);
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Ours {
    when: Date,
    who: Uid,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Theirs {
    when: ::plist::Date,
    who: ::plist::Uid,
}

#[test]
fn dates_and_uids_round_trip_as_plist_dates_and_uids() {
    let v = Ours {
        when: Date::from_seconds_since_2001(725_760_062.25),
        who: Uid::new(7),
    };
    let bytes = ours(&v);
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    assert_eq!(root.get("when").unwrap().unwrap().as_date(), Some(v.when));
    assert_eq!(root.get("who").unwrap().unwrap().as_uid(), Some(v.who));
    assert_eq!(plistvalue::serde::from_slice::<Ours>(&bytes).unwrap(), v);

    // The plist crate reads a date into `plistvalue::Date`; writing one, it falls
    // back to the seconds as a real, as any other serializer does.
    assert_eq!(::plist::from_bytes::<Ours>(&bytes).unwrap(), v);
    let fallback: PlistValue = plistvalue::from_slice(&plist_crate_bytes(&v)).unwrap();
    assert_eq!(fallback["when"], PlistValue::Real(725_760_062.25));

    // A date reads into a `String` as the plist crate's RFC 3339 text.
    #[derive(Deserialize, PartialEq, Debug)]
    struct AsText {
        when: String,
    }
    let text: AsText = plistvalue::serde::from_slice(&bytes).unwrap();
    assert_eq!(text.when, "2024-01-01T00:01:02.25Z");
    assert_eq!(::plist::from_bytes::<AsText>(&bytes).unwrap(), text);

    // The plist crate reads our dates and UIDs into its own types, and writes its
    // own types as dates and UIDs we read back.
    let t: Theirs = ::plist::from_bytes(&bytes).unwrap();
    assert_eq!(t.who.get(), 7);
    assert_eq!(
        plistvalue::serde::from_slice::<Ours>(&plist_crate_bytes(&t)).unwrap(),
        v
    );
}

/// A model holding `plist::Date`, `plist::Uid` and `plist::Value` works unchanged.
#[test]
fn plist_crate_types_in_a_model_work_unchanged() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Model {
        when: ::plist::Date,
        who: ::plist::Uid,
        extra: ::plist::Value,
    }
    let when = ::plist::Date::from_xml_format("2024-01-01T00:01:02.5Z").unwrap();
    let mut extra = ::plist::Dictionary::new();
    extra.insert("date".into(), ::plist::Value::Date(when));
    extra.insert("uid".into(), ::plist::Value::Uid(::plist::Uid::new(3)));
    extra.insert("data".into(), ::plist::Value::Data(vec![1, 2]));
    extra.insert("n".into(), ::plist::Value::Integer((-4).into()));
    let m = Model {
        when,
        who: ::plist::Uid::new(9),
        extra: ::plist::Value::Dictionary(extra),
    };
    let theirs = plist_crate_bytes(&m);
    assert_eq!(plistvalue::serde::from_slice::<Model>(&theirs).unwrap(), m);
    let ours = ours(&m);
    assert_eq!(::plist::from_bytes::<Model>(&ours).unwrap(), m);
    assert_eq!(ours.len(), theirs.len());
    let root = Document::from_slice(&ours).unwrap();
    let when_node = root.root().unwrap().get("when").unwrap().unwrap();
    assert_eq!(
        when_node.as_date(),
        Some(Date::from_seconds_since_2001(725_760_062.5))
    );
}

#[test]
fn plistvalue_round_trips_through_serde_with_dates_uids_and_data() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Holder {
        tree: PlistValue,
    }
    let tree = plist!({
        "d": (Date::from_seconds_since_2001(1.5)),
        "u": (Uid::new(4)),
        "b": (Data::new(vec![9])),
        "big": (u64::MAX),
        "list": [true, -1, 2.5, "é"],
        "a key longer than a word": { "é": 1, "ключ": 2 }
    });
    let h = Holder { tree };
    let bytes = ours(&h);
    assert_eq!(plistvalue::serde::from_slice::<Holder>(&bytes).unwrap(), h);
    // The plist crate's deserializer hands dates and UIDs to `PlistValue` as such.
    assert_eq!(::plist::from_bytes::<Holder>(&bytes).unwrap(), h);
    // Keys, short and long, through a format with no plist newtypes.
    let json = serde_json::to_string(&h.tree["a key longer than a word"]).unwrap();
    assert_eq!(json, r#"{"é":1,"ключ":2}"#);
    let keys: Vec<Key> = serde_json::from_str(r#"["k", "a key longer than a word"]"#).unwrap();
    assert_eq!(keys, ["k", "a key longer than a word"]);
}

/// Through our deserializer a `PlistValue` is decoded without recursion, so the
/// depth limit that guards typed decoding does not stop it.
#[test]
fn deep_plistvalue_decodes_iteratively() {
    let mut v = plist!([]);
    for _ in 0..10_000 {
        v = PlistValue::Array(vec![v].into());
    }
    let bytes = plistvalue::to_vec(&v).unwrap();
    let back: PlistValue = plistvalue::serde::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Tree {
    children: Vec<Tree>,
}

#[test]
fn typed_decoding_is_bounded_by_the_depth_limit() {
    let mut t = Tree { children: vec![] };
    for _ in 0..200 {
        t = Tree { children: vec![t] };
    }
    let bytes = ours(&t);
    let err = plistvalue::serde::from_slice::<Tree>(&bytes).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DepthLimit(128)), "{err}");
    let limits = Limits::default().max_depth(1000);
    let back: Tree = plistvalue::serde::from_slice_with_limits(&bytes, limits).unwrap();
    assert_eq!(back, t);
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
enum Shape {
    Empty,
    Circle(f64),
    Point(i32, i32),
    Rect { w: u32, h: u32 },
}

#[test]
fn enums_are_written_as_the_plist_crate_writes_them() {
    let shapes = vec![
        Shape::Empty,
        Shape::Circle(1.5),
        Shape::Point(-1, 2),
        Shape::Rect { w: 3, h: 4 },
    ];
    let bytes = ours(&shapes);
    let tree: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(
        tree,
        plist!(["Empty", { "Circle": 1.5 }, { "Point": [-1, 2] }, { "Rect": { "w": 3, "h": 4 } }])
    );
    assert_eq!(::plist::from_bytes::<Vec<Shape>>(&bytes).unwrap(), shapes);
    let theirs = plist_crate_bytes(&shapes);
    assert_eq!(
        plistvalue::serde::from_slice::<Vec<Shape>>(&theirs).unwrap(),
        shapes
    );
    assert_eq!(bytes.len(), theirs.len());
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Outer {
    a: u8,
    #[serde(flatten)]
    inner: Inner,
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Inner {
    b: Option<u8>,
    c: Option<u8>,
}

/// serde writes a flattened struct through `serialize_map`, so its `None` is a
/// `$null` value rather than a missing key; it still reads back as `None`. The
/// plist crate writes `{None: ""}` there and cannot read it back itself.
#[test]
fn flatten_writes_none_as_null_and_reads_it_back() {
    let v = Outer {
        a: 1,
        inner: Inner {
            b: None,
            c: Some(2),
        },
    };
    let bytes = ours(&v);
    let tree: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(tree, plist!({ "a": 1, "b": "$null", "c": 2 }));
    assert_eq!(plistvalue::serde::from_slice::<Outer>(&bytes).unwrap(), v);

    let theirs = plist_crate_bytes(&v);
    let their_tree: PlistValue = plistvalue::from_slice(&theirs).unwrap();
    assert_eq!(
        their_tree,
        plist!({ "a": 1, "b": { "None": "" }, "c": { "Some": 2 } })
    );
    assert!(::plist::from_bytes::<Outer>(&theirs).is_err());
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[serde(untagged)]
enum Loose {
    Stamp { at: Date },
    Count(u64),
    Name(String),
    Missing(Option<u8>),
}

/// Untagged enums are read through `deserialize_any`: a date comes through as RFC
/// 3339 text, which `Date` reads back; `$null` is `None`.
#[test]
fn untagged_enums_round_trip_with_dates() {
    let v = vec![
        Loose::Stamp {
            at: Date::from_seconds_since_2001(725_760_062.5),
        },
        Loose::Count(3),
        Loose::Name("x".into()),
        Loose::Missing(None),
    ];
    let bytes = ours(&v);
    assert_eq!(
        plistvalue::serde::from_slice::<Vec<Loose>>(&bytes).unwrap(),
        v
    );
}

#[test]
fn numbers_follow_foundation() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Numbers {
        big: u64,
        wide: i128,
        huge: u128,
        neg: i8,
        float: f32,
    }
    let v = Numbers {
        big: u64::MAX,
        wide: -5,
        huge: u64::MAX as u128,
        neg: -1,
        float: 0.5,
    };
    let bytes = ours(&v);
    assert_eq!(plistvalue::serde::from_slice::<Numbers>(&bytes).unwrap(), v);
    // `f32` is a 4-byte real, as Foundation writes `Float`.
    assert_eq!(ours(&0.5f64).len() - ours(&0.5f32).len(), 4);
    // An integral real reads into an integer; an integer into a float.
    let tolerant =
        plistvalue::to_vec(&plist!({ "big": 3.0, "wide": 4, "huge": 5, "neg": -2, "float": 1 }))
            .unwrap();
    let n: Numbers = plistvalue::serde::from_slice(&tolerant).unwrap();
    assert_eq!((n.big, n.float), (3, 1.0));
    let err = plistvalue::serde::to_vec(&(u64::MAX as u128 + 1)).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::IntegerOutOfRange { .. }),
        "{err}"
    );
}

#[test]
fn map_keys_may_be_integers_and_unit_variants() {
    #[derive(Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord, Debug)]
    enum Color {
        Red,
    }
    let ints = BTreeMap::from([(1u32, "a".to_owned()), (20, "b".to_owned())]);
    let tree: PlistValue = plistvalue::from_slice(&ours(&ints)).unwrap();
    assert_eq!(tree, plist!({ "1": "a", "20": "b" }));
    assert_eq!(
        plistvalue::serde::from_slice::<BTreeMap<u32, String>>(&ours(&ints)).unwrap(),
        ints
    );
    let colors = BTreeMap::from([(Color::Red, 1u8)]);
    assert_eq!(
        plistvalue::serde::from_slice::<BTreeMap<Color, u8>>(&ours(&colors)).unwrap(),
        colors
    );
    let err = plistvalue::serde::to_vec(&BTreeMap::from([(vec![1u8], 1u8)])).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::NonStringKey(_)), "{err}");
}

#[test]
fn errors_carry_the_key_path_and_the_offset() {
    let project = generate(20, Variant::Random);
    let mut tree: PlistValue = plistvalue::from_slice(&ours(&project)).unwrap();
    tree["messages"][3]["request"]["headers"][2]["value"] = PlistValue::from(5);
    tree["messages"][7]
        .as_dictionary_mut()
        .unwrap()
        .remove("url");

    let bytes = plistvalue::to_vec(&tree).unwrap();
    let err = plistvalue::serde::from_slice::<Project>(&bytes).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TypeMismatch { .. }),
        "{err}"
    );
    assert_eq!(err.path_string(), "messages.3.request.headers.2.value");
    let offset = err.offset().expect("an offset");
    let doc = Document::from_slice(&bytes).unwrap();
    let node = doc.node(err.object().unwrap()).unwrap();
    assert_eq!((node.offset(), node.as_u64()), (offset, Some(5)));

    tree["messages"][3]["request"]["headers"][2]["value"] = PlistValue::from("ok");
    let bytes = plistvalue::to_vec(&tree).unwrap();
    let err = plistvalue::serde::from_slice::<Project>(&bytes).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::MissingField("url")),
        "{err}"
    );
    assert_eq!(err.path_string(), "messages.7");
    assert!(err.offset().is_some(), "{err}");
}

#[test]
fn from_node_decodes_one_object_lazily() {
    let project = generate(200, Variant::Random);
    let bytes = ours(&project);
    let doc = Document::from_slice(&bytes).unwrap();
    let message = doc
        .root()
        .unwrap()
        .get("messages")
        .unwrap()
        .unwrap()
        .at(150)
        .unwrap()
        .unwrap();
    let m: plistvalue_suite::bench_doc::Message = plistvalue::serde::from_node(message).unwrap();
    assert_eq!(m, project.messages[150]);
}

/// Keys come from the document's string cache once seen; errors must still name the
/// key object, non-ASCII keys must still match, and more distinct keys than cache
/// slots must all read back.
#[test]
fn cached_keys_keep_their_errors_and_every_key_reads_back() {
    let tree = plist!({ "1": "a", "x1": "b" });
    let bytes = plistvalue::to_vec(&tree).unwrap();
    let err = plistvalue::serde::from_slice::<BTreeMap<u32, String>>(&bytes).unwrap_err();
    assert!(
        err.to_string().contains("dictionary key `x1` is not a u32"),
        "{err}"
    );
    let doc = Document::from_slice(&bytes).unwrap();
    let key = doc.node(err.object().unwrap()).unwrap();
    assert_eq!(key.as_str().as_deref(), Some("x1"));
    assert_eq!(err.offset(), Some(key.offset()));

    #[derive(Deserialize, Debug, PartialEq)]
    struct Accented {
        #[serde(rename = "café")]
        cafe: u32,
        plain: u32,
    }
    let list = plist!([{ "café": 1, "plain": 2 }, { "plain": 4, "café": 3 }]);
    assert_eq!(
        plistvalue::serde::from_slice::<Vec<Accented>>(&plistvalue::to_vec(&list).unwrap())
            .unwrap(),
        vec![
            Accented { cafe: 1, plain: 2 },
            Accented { cafe: 3, plain: 4 }
        ]
    );

    let many: BTreeMap<String, u32> = (0..300).map(|i| (format!("key{i}"), i)).collect();
    let twice = vec![many.clone(), many.clone()];
    let back: Vec<BTreeMap<String, u32>> = plistvalue::serde::from_slice(&ours(&twice)).unwrap();
    assert_eq!(back, twice);

    // A dictionary whose only key is the integer 5: rejected at the key's offset.
    let mut bytes = b"bplist00".to_vec();
    bytes.extend_from_slice(&[0xD1, 0x01, 0x02, 0x10, 0x05, 0x51, b'a', 8, 11, 13]);
    bytes.extend_from_slice(&[0, 0, 0, 0, 0, 0, 1, 1]);
    for v in [3u64, 0, 15] {
        bytes.extend_from_slice(&v.to_be_bytes());
    }
    let err = plistvalue::serde::from_slice::<BTreeMap<String, String>>(&bytes).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::NonStringKey(_)), "{err}");
    assert_eq!((err.offset(), err.object()), (Some(11), Some(1)));
}

#[derive(Serialize, Deserialize, PartialEq, Debug)]
#[allow(clippy::struct_field_names, reason = "the keys plistlib checks")]
struct Blobs {
    name: String,
    blobs: Vec<serde_bytes::ByteBuf>,
    count: u32,
}

/// Serde hands data over without a lifetime, so copied data objects are written
/// out as they arrive, ahead of every other object. The file is the plist crate's
/// size, identical blobs are stored once, lookalike blobs are not merged, and the
/// plist crate, our reader and plistlib all read it back.
#[test]
fn copied_data_is_written_first_and_every_reader_agrees() {
    let big = |fill: u8, middle: u8| {
        let mut b = vec![fill; 4096];
        b[2048] = middle;
        serde_bytes::ByteBuf::from(b)
    };
    let value = Blobs {
        name: "blobs".into(),
        blobs: vec![
            big(7, 1),
            serde_bytes::ByteBuf::from(b"short".to_vec()),
            big(7, 2), // same length and ends as the first, another middle
            serde_bytes::ByteBuf::new(),
            big(7, 1), // a repeat of the first
        ],
        count: 5,
    };
    let bytes = ours(&value);
    let mut streamed = Vec::new();
    plistvalue::serde::to_writer(&mut streamed, &value).unwrap();
    assert_eq!(streamed, bytes);
    assert_eq!(bytes.len(), plist_crate_bytes(&value).len());
    assert_eq!(::plist::from_bytes::<Blobs>(&bytes).unwrap(), value);
    assert_eq!(
        plistvalue::serde::from_slice::<Blobs>(&bytes).unwrap(),
        value
    );

    let doc = Document::from_slice(&bytes).unwrap();
    let blobs = doc.root().unwrap().get("blobs").unwrap().unwrap();
    let items: Vec<_> = blobs.elements().unwrap().map(Result::unwrap).collect();
    assert_eq!(items[0].index(), items[4].index(), "a repeat is one object");
    assert_ne!(
        items[0].index(),
        items[2].index(),
        "a lookalike is its own object"
    );
    let last_data = items.iter().map(plistvalue::Node::offset).max().unwrap();
    assert!(last_data < doc.root().unwrap().offset(), "data comes first");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blobs.bplist");
    std::fs::write(&path, &bytes).unwrap();
    let script = r#"
import plistlib, sys
with open(sys.argv[1], "rb") as f:
    got = plistlib.load(f)
big1 = bytearray(b"\x07" * 4096); big1[2048] = 1
big2 = bytearray(b"\x07" * 4096); big2[2048] = 2
assert got == {"name": "blobs", "blobs": [bytes(big1), b"short", bytes(big2), b"", bytes(big1)], "count": 5}, got
print("OK")
"#;
    match std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&path)
        .output()
    {
        Ok(out) => assert!(
            out.status.success() && out.stdout.starts_with(b"OK"),
            "plistlib: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) => plistvalue_suite::env::skip_unless_required(
            plistvalue_suite::env::REQUIRE_PYTHON,
            format!("python3 did not run: {e}"),
        ),
    }
}
