//! Typed decodes of OpenStep text (docs/OPENSTEP.md section 3): the derive and the
//! serde bridge read integers, reals and booleans out of strings, `PlistValue`
//! keeps the text, and binary and XML strings never become numbers.

use std::collections::{BTreeMap, HashMap};
use std::num::NonZeroU32;
use std::time::Duration;

use plistvalue::{Date, Document, ErrorKind, FromPlist, Integer, PlistValue};
use serde::Deserialize;

const PROJECT: &str = "// !$*UTF8*$!
{
\tarchiveVersion = 1;
\tobjectVersion = 77;
\tbuildActionMask = 2147483647;
\toffset = -12;
\tscale = 1.5;
\tratio = .25;
\twidth = 600;
\tALWAYS_SEARCH_USER_PATHS = NO;
\tENABLE_BITCODE = YES;
\ttimeout = 2.5;
\tids = ( 3, \"5\", 8, );
\tsizes = { small = 12; large = 96; };
\tname = 77;
\tblob = <0102>;
}";

#[derive(Debug, PartialEq, FromPlist, Deserialize)]
#[plist(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct Project {
    archive_version: u8,
    object_version: NonZeroU32,
    build_action_mask: u32,
    offset: i64,
    scale: f64,
    ratio: f32,
    width: u64,
    #[plist(rename = "ALWAYS_SEARCH_USER_PATHS")]
    #[serde(rename = "ALWAYS_SEARCH_USER_PATHS")]
    always_search_user_paths: bool,
    #[plist(rename = "ENABLE_BITCODE")]
    #[serde(rename = "ENABLE_BITCODE")]
    enable_bitcode: bool,
    ids: Vec<u16>,
    sizes: BTreeMap<String, u32>,
    name: String,
    #[serde(with = "serde_bytes")]
    blob: Vec<u8>,
    missing: Option<u32>,
}

fn project() -> Project {
    Project {
        archive_version: 1,
        object_version: NonZeroU32::new(77).unwrap(),
        build_action_mask: 2_147_483_647,
        offset: -12,
        scale: 1.5,
        ratio: 0.25,
        width: 600,
        always_search_user_paths: false,
        enable_bitcode: true,
        ids: vec![3, 5, 8],
        sizes: BTreeMap::from([("small".into(), 12), ("large".into(), 96)]),
        name: "77".into(),
        blob: vec![1, 2],
        missing: None,
    }
}

#[test]
fn the_derive_and_serde_read_numbers_and_booleans_out_of_strings() {
    let bytes = PROJECT.as_bytes();
    assert_eq!(plistvalue::from_bytes::<Project>(bytes).unwrap(), project());
    assert_eq!(
        plistvalue::serde::from_bytes::<Project>(bytes).unwrap(),
        project()
    );
    let from_reader: Project = plistvalue::from_reader(bytes).unwrap();
    assert_eq!(from_reader, project());
    // `Integer` through the derive; through serde it asks for any value, and
    // `deserialize_any` gives a string its text.
    let width: BTreeMap<String, Integer> = plistvalue::from_bytes(b"{ width = 600; }").unwrap();
    assert_eq!(width["width"], Integer::from(600u64));
    // `Duration` through the derive, from seconds (serde's `Duration` is a struct).
    let t: BTreeMap<String, Duration> = plistvalue::from_bytes(b"{ a = 2.5; b = 3; }").unwrap();
    assert_eq!(t["a"], Duration::from_millis(2500));
    assert_eq!(t["b"], Duration::from_secs(3));
}

#[test]
fn plist_value_and_serde_any_keep_the_text() {
    let tree: PlistValue = plistvalue::from_bytes(PROJECT.as_bytes()).unwrap();
    assert_eq!(tree["objectVersion"], PlistValue::String("77".into()));
    assert_eq!(tree["ENABLE_BITCODE"], PlistValue::String("YES".into()));
    let no_data = PROJECT.replace("\tblob = <0102>;\n", "");
    let json: serde_json::Value = plistvalue::serde::from_bytes(no_data.as_bytes()).unwrap();
    assert_eq!(json["objectVersion"], serde_json::json!("77"));
    assert_eq!(json["ids"], serde_json::json!(["3", "5", "8"]));
}

#[test]
fn binary_and_xml_strings_stay_strings() {
    // The same tree, written as binary and as XML, holds strings: no coercion.
    let tree: PlistValue = plistvalue::from_bytes(PROJECT.as_bytes()).unwrap();
    for bytes in [
        plistvalue::to_vec(&tree).unwrap(),
        plistvalue::to_vec_xml(&tree).unwrap(),
    ] {
        let e = plistvalue::from_bytes::<Project>(&bytes).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                ErrorKind::TypeMismatch {
                    found: "string",
                    ..
                }
            ),
            "{e}"
        );
        let e = plistvalue::serde::from_bytes::<Project>(&bytes).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                ErrorKind::TypeMismatch {
                    found: "string",
                    ..
                }
            ),
            "{e}"
        );
    }
}

fn typed_error<T: plistvalue::FromPlistOwned + std::fmt::Debug>(text: &str) -> plistvalue::Error {
    plistvalue::from_bytes::<T>(text.as_bytes()).unwrap_err()
}

#[test]
fn text_that_spells_no_value_is_an_error_at_its_place() {
    #[derive(Debug, FromPlist)]
    struct V {
        #[allow(dead_code)]
        v: u32,
    }
    #[derive(Debug, FromPlist)]
    struct B {
        #[allow(dead_code)]
        v: bool,
    }
    #[derive(Debug, FromPlist)]
    struct F {
        #[allow(dead_code)]
        v: f64,
    }
    #[derive(Debug, FromPlist)]
    struct D {
        #[allow(dead_code)]
        v: Date,
    }
    #[derive(Debug, FromPlist)]
    struct S {
        #[allow(dead_code)]
        v: String,
    }
    for (text, target) in [
        ("{\n  v = abc;\n}", "a number"),
        ("{\n  v = 1.5;\n}", "an integer"),
        ("{\n  v = \" 7\";\n}", "a number"),
        ("{\n  v = 0x10;\n}", "a number"),
    ] {
        let e = typed_error::<V>(text);
        match e.kind() {
            ErrorKind::InvalidText { target: t, .. } => assert_eq!(*t, target, "{text}: {e}"),
            _ => panic!("{text}: {e}"),
        }
        assert_eq!((e.line(), e.column()), (Some(2), Some(7)), "{text}: {e}");
        assert_eq!(e.path_string(), "v");
    }
    let e = typed_error::<V>("{ v = 4294967296; }");
    assert!(
        matches!(
            e.kind(),
            ErrorKind::IntegerOutOfRange {
                value: 4_294_967_296,
                ..
            }
        ),
        "{e}"
    );
    for inf in ["inf", "NaN", "1e999"] {
        let e = typed_error::<F>(&format!("{{ v = {inf}; }}"));
        assert!(
            matches!(e.kind(), ErrorKind::InvalidText { .. }),
            "{inf}: {e}"
        );
    }
    for not_bool in ["yes", "1", "true"] {
        let e = typed_error::<B>(&format!("{{ v = {not_bool}; }}"));
        match e.kind() {
            ErrorKind::InvalidText { text, target } => {
                assert_eq!((text.as_str(), *target), (not_bool, "YES or NO"));
            }
            _ => panic!("{not_bool}: {e}"),
        }
    }
    // A date field reads the RFC 3339 text the writer writes (W6), not NSDate's
    // description.
    let e = typed_error::<D>("{ v = \"2024-01-01 12:00:00 +0000\"; }");
    assert!(
        matches!(e.kind(), ErrorKind::InvalidText { target, .. } if target.contains("RFC 3339")),
        "{e}"
    );
    let e = typed_error::<D>("{ v = (\"2024-01-01T12:00:00Z\"); }");
    assert!(
        matches!(e.kind(), ErrorKind::TypeMismatch { found: "array", .. }),
        "{e}"
    );
    let e = typed_error::<S>("{ v = <00>; }");
    assert!(
        matches!(e.kind(), ErrorKind::TypeMismatch { found: "data", .. }),
        "{e}"
    );
    let long = "x".repeat(1000);
    match typed_error::<V>(&format!("{{ v = {long}; }}")).into_kind() {
        ErrorKind::InvalidText { text, .. } => assert_eq!(text.chars().count(), 65),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lazy_document_reads_numbers_out_of_strings_when_asked() {
    let bytes = plistvalue::to_binary(PROJECT.as_bytes()).unwrap();
    let plain = Document::from_slice(&bytes).unwrap();
    assert!(plain.decode_at::<u32>("/objectVersion").is_err());
    let doc = Document::from_slice(&bytes).unwrap().coerce_text();
    assert_eq!(doc.decode_at::<u32>("/objectVersion").unwrap(), 77);
    assert_eq!(doc.decode_at::<Vec<u8>>("/ids").unwrap(), [3, 5, 8]);
    assert!(!doc.decode_at::<bool>("/ALWAYS_SEARCH_USER_PATHS").unwrap());
    let tree = doc.root().unwrap().to_value().unwrap();
    assert_eq!(tree["width"], PlistValue::String("600".into()));
}

/// The parts of a real project a tool reads.
#[derive(Debug, FromPlist, Deserialize)]
#[plist(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct Pbxproj {
    archive_version: u32,
    object_version: u32,
    objects: HashMap<String, PbxObject>,
    root_object: String,
}

#[derive(Debug, FromPlist, Deserialize)]
struct PbxObject {
    isa: String,
    #[serde(rename = "buildActionMask")]
    #[plist(rename = "buildActionMask")]
    build_action_mask: Option<u64>,
}

#[test]
fn every_corpus_pbxproj_decodes_into_a_typed_project() {
    let Some(rows) = plistvalue_suite::differential::openstep::manifest() else {
        return;
    };
    let mut n = 0;
    for row in rows
        .iter()
        .filter(|r| r.get("kind") == "pbxproj" && r.get("expect") == "parse")
    {
        let bytes = std::fs::read(&row.path).unwrap();
        let name = row.name();
        let p: Pbxproj = plistvalue::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(p.objects.contains_key(&p.root_object), "{name}");
        assert_eq!(p.objects[&p.root_object].isa, "PBXProject", "{name}");
        assert!((39..=90).contains(&p.object_version), "{name}");
        assert_eq!(p.archive_version, 1, "{name}");
        let masks = p
            .objects
            .values()
            .filter_map(|o| o.build_action_mask)
            .count();
        let serde: Pbxproj = plistvalue::serde::from_bytes(&bytes).unwrap();
        assert_eq!(serde.objects.len(), p.objects.len(), "{name}");
        let serde_masks = serde
            .objects
            .values()
            .filter_map(|o| o.build_action_mask)
            .count();
        assert_eq!(masks, serde_masks, "{name}");
        n += 1;
    }
    assert!(n >= 59, "{n} pbxproj files");
}
