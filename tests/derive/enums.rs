//! Enums: Swift's synthesized Codable form, internal tags, untagged.

use std::fmt::Debug;

use plistvalue::{plist, ErrorKind, FromPlist, ToPlist};

use crate::{decode, roundtrip, tree};

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
pub(crate) struct Inner {
    pub(crate) a: i32,
    pub(crate) b: Option<i32>,
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

/// A tag that names no variant is located at the tag's value, under its key.
#[test]
fn an_unknown_tag_names_the_tag_key() {
    let err = decode::<Strict>(&plist!({ "kind": "B", "x": 1 })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::UnknownVariant(v) if v == "B"),
        "{err}"
    );
    assert_eq!(err.path_string(), "kind");
    assert!(err.offset().is_some(), "{err}");
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
