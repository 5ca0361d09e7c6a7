//! A derived type writes exactly the bytes of the equivalent hand-built
//! `PlistValue`: the same objects in the same order (keys, then values, in
//! declaration order) with the same uniquing. The derive only skips the tree.
//!
//! Reals are `f64` here: `PlistValue::Real` has no 4-byte form to compare with.

use std::collections::{BTreeMap, HashMap};

use indexmap::IndexMap;
use plistvalue::{plist, Date, Dictionary, FromPlist, PlistValue, ToPlist};
use plistvalue_suite::bench_doc::{generate, Exchange, Header, Message, Project, Variant};

#[track_caller]
fn assert_same_bytes<T: ToPlist>(derived: &T, value: &PlistValue) {
    let ours = plistvalue::to_vec(derived).unwrap();
    let tree = plistvalue::to_vec(value).unwrap();
    if ours != tree {
        let back: PlistValue = plistvalue::from_slice(&ours).unwrap();
        panic!(
            "derived bytes differ from the PlistValue's\nderived: {back:?}\nexpected: {value:?}"
        );
    }
}

fn dict<const N: usize>(entries: [(&str, PlistValue); N]) -> PlistValue {
    PlistValue::Dictionary(entries.into_iter().collect())
}

#[derive(ToPlist, FromPlist)]
#[plist(rename_all = "PascalCase")]
struct Scalars {
    name: String,
    /// Same text as `name`'s key and value: one object for all three.
    alias: String,
    count: u64,
    huge: u64,
    negative: i64,
    ratio: f64,
    enabled: bool,
    disabled: bool,
    created: Date,
    blob: Vec<u8>,
    same_blob: [u8; 3],
    missing: Option<i32>,
    present: Option<i32>,
    #[plist(rename = "unicode-ключ")]
    unicode: String,
}

#[test]
fn scalars_and_uniquing() {
    let derived = Scalars {
        name: "Name".into(),
        alias: "Name".into(),
        count: 3,
        huge: u64::MAX,
        negative: -3,
        ratio: 0.5,
        enabled: true,
        disabled: false,
        created: Date::from_seconds_since_2001(1.0),
        blob: vec![1, 2, 3],
        same_blob: [1, 2, 3],
        missing: None,
        present: Some(3),
        unicode: "значение".into(),
    };
    let value = dict([
        ("Name", "Name".into()),
        ("Alias", "Name".into()),
        ("Count", 3.into()),
        ("Huge", u64::MAX.into()),
        ("Negative", (-3).into()),
        ("Ratio", 0.5.into()),
        ("Enabled", true.into()),
        ("Disabled", false.into()),
        ("Created", Date::from_seconds_since_2001(1.0).into()),
        ("Blob", PlistValue::Data(vec![1, 2, 3])),
        ("SameBlob", PlistValue::Data(vec![1, 2, 3])),
        ("Present", 3.into()),
        ("unicode-ключ", "значение".into()),
    ]);
    assert_same_bytes(&derived, &value);
}

#[derive(ToPlist)]
struct Point(i64, i64);

#[derive(ToPlist)]
struct Label(String);

#[derive(ToPlist)]
struct Marker;

#[derive(ToPlist)]
struct Shapes {
    points: Vec<Point>,
    labels: Vec<Label>,
    markers: (Marker, Marker),
    maybe: Vec<Option<String>>,
    literal_null: String,
    grid: Vec<Vec<i64>>,
}

#[test]
fn tuple_newtype_unit_structs_and_nulls() {
    let derived = Shapes {
        points: vec![Point(1, 2), Point(2, 1)],
        labels: vec![Label("a".into())],
        markers: (Marker, Marker),
        maybe: vec![None, Some("x".into()), None],
        literal_null: "$null".into(),
        grid: vec![vec![], vec![1]],
    };
    let value = plist!({
        "points": [[1, 2], [2, 1]],
        "labels": ["a"],
        "markers": [{}, {}],
        "maybe": ["$null", "x", "$null"],
        "literal_null": "$null",
        "grid": [[], [1]]
    });
    assert_same_bytes(&derived, &value);
}

#[derive(ToPlist)]
enum External {
    Unit,
    Struct { a: i64, b: Option<String> },
    Tuple(i64, String),
    Newtype(bool),
}

#[derive(ToPlist)]
#[plist(tag = "kind")]
enum Internal {
    Unit,
    Struct { a: i64 },
    Newtype(Inner),
}

#[derive(ToPlist)]
struct Inner {
    x: i64,
    y: Option<i64>,
}

#[derive(ToPlist)]
#[plist(untagged)]
enum Untagged {
    Nothing,
    Number(i64),
    Pair(i64, i64),
    Named { n: String },
}

#[derive(ToPlist)]
struct Enums {
    external: Vec<External>,
    internal: Vec<Internal>,
    untagged: Vec<Untagged>,
}

#[test]
fn enums_in_every_form() {
    let derived = Enums {
        external: vec![
            External::Unit,
            External::Struct { a: 1, b: None },
            External::Tuple(2, "t".into()),
            External::Newtype(true),
        ],
        internal: vec![
            Internal::Unit,
            Internal::Struct { a: 1 },
            Internal::Newtype(Inner { x: 1, y: Some(2) }),
        ],
        untagged: vec![
            Untagged::Nothing,
            Untagged::Number(1),
            Untagged::Pair(1, 2),
            Untagged::Named { n: "n".into() },
        ],
    };
    let value = plist!({
        "external": [
            { "Unit": {} },
            { "Struct": { "a": 1 } },
            { "Tuple": { "_0": 2, "_1": "t" } },
            { "Newtype": { "_0": true } }
        ],
        "internal": [
            { "kind": "Unit" },
            { "kind": "Struct", "a": 1 },
            { "kind": "Newtype", "x": 1, "y": 2 }
        ],
        "untagged": ["$null", 1, [1, 2], { "n": "n" }]
    });
    assert_same_bytes(&derived, &value);
}

#[derive(ToPlist)]
struct Flattened {
    id: i64,
    #[plist(flatten)]
    inner: Inner,
    #[plist(flatten)]
    extra: IndexMap<String, PlistValue>,
    tail: bool,
}

#[derive(ToPlist)]
struct Maps {
    hash: HashMap<String, i64>,
    btree: BTreeMap<String, String>,
    index: IndexMap<String, Vec<i64>>,
    dict: Dictionary,
}

#[test]
fn flatten_and_maps() {
    let derived = Flattened {
        id: 1,
        inner: Inner { x: 2, y: None },
        extra: IndexMap::from([("z".into(), plist!([1])), ("a".into(), plist!("a"))]),
        tail: true,
    };
    let value = plist!({ "id": 1, "x": 2, "z": [1], "a": "a", "tail": true });
    assert_same_bytes(&derived, &value);

    let derived = Maps {
        hash: HashMap::from([("b".into(), 2), ("a".into(), 1)]),
        btree: BTreeMap::from([("y".into(), "v".into()), ("x".into(), "w".into())]),
        index: IndexMap::from([("k".into(), vec![1, 2])]),
        dict: [("d", 1)].into_iter().collect(),
    };
    let value = plist!({
        "hash": { "a": 1, "b": 2 },
        "btree": { "x": "w", "y": "v" },
        "index": { "k": [1, 2] },
        "dict": { "d": 1 }
    });
    assert_same_bytes(&derived, &value);
}

/// The benchmark model, built by hand as a tree.
fn project_value(p: &Project) -> PlistValue {
    let headers = |hs: &[Header]| -> PlistValue {
        hs.iter()
            .map(|h| {
                dict([
                    ("name", h.name.as_str().into()),
                    ("value", h.value.as_str().into()),
                ])
            })
            .collect()
    };
    let exchange = |e: &Exchange| {
        dict([
            ("headers", headers(&e.headers)),
            ("body", PlistValue::Data(e.body.clone())),
        ])
    };
    let message = |m: &Message| {
        let mut d: Dictionary = [
            ("id", PlistValue::from(m.id)),
            ("method", m.method.as_str().into()),
            ("url", m.url.as_str().into()),
            ("statusCode", m.status_code.into()),
            ("startDate", m.start_date.into()),
            ("duration", m.duration.into()),
            ("request", exchange(&m.request)),
            ("response", exchange(&m.response)),
        ]
        .into_iter()
        .collect();
        if let Some(c) = &m.comment {
            d.insert("comment", c.as_str().into());
        }
        PlistValue::Dictionary(d)
    };
    let s = &p.settings;
    dict([
        ("name", p.name.as_str().into()),
        ("version", p.version.into()),
        ("created", p.created.into()),
        (
            "settings",
            dict([
                ("captureBodies", s.capture_bodies.into()),
                ("maxBodySize", s.max_body_size.into()),
                ("theme", s.theme.as_str().into()),
                (
                    "sslProxyingHosts",
                    s.ssl_proxying_hosts.iter().map(String::as_str).collect(),
                ),
                ("timeout", s.timeout.into()),
            ]),
        ),
        ("messages", p.messages.iter().map(message).collect()),
    ])
}

#[test]
fn benchmark_document() {
    for variant in [Variant::Random, Variant::Pool] {
        let doc = generate(300, variant);
        assert!(doc.messages.iter().any(|m| m.comment.is_some()));
        assert_same_bytes(&doc, &project_value(&doc));
    }
}
