//! Errors name the key path and the byte offset.

use std::fmt::Debug;

use plistvalue::{Document, ErrorKind, FromPlist, PlistValue, ToPlist};

use crate::{decode, tree};

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
    assert_eq!(err.path_string(), "messages.12.request.headers.3.value");
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
            "expected string, found integer at `messages.12.request.headers.3.value` \
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
    assert_eq!(err.path_string(), "messages.12.request.headers.3");
    assert!(err.offset().is_some());
}
