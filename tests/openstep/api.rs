//! The entry points with OpenStep text: detection beside binary, XML and JSON,
//! `from_slice`'s error naming the readers of text, `to_binary`, and the errors of
//! input that is no plist at all.

use plistvalue::{plist, ErrorKind, Format, OpenStepError, PlistValue};

const PBXPROJ: &[u8] = b"// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA1 /* x */ = {isa = PBXGroup; children = (); };\n\t};\n\trootObject = A1 /* x */;\n}\n";

fn tree() -> PlistValue {
    plist!({
        "archiveVersion": "1",
        "objects": { "A1": { "isa": "PBXGroup", "children": [] } },
        "rootObject": "A1"
    })
}

#[test]
fn detect_tells_openstep_from_binary_xml_and_json() {
    let binary = plistvalue::to_vec(&tree()).unwrap();
    let xml = plistvalue::to_vec_xml(&tree()).unwrap();
    assert_eq!(Format::detect(&binary), Some(Format::Binary));
    assert_eq!(Format::detect(b"bplist15"), Some(Format::Binary));
    assert_eq!(Format::detect(&xml), Some(Format::Xml));
    for text in [
        PBXPROJ,
        b"\"greeting\" = \"hello\";",
        b"\xEF\xBB\xBF/* comment */ \"a\" = \"b\";",
        b"<0fbd 1234>",
        b"( a, b )",
        b"{}",
        b"{ \"a\" = 1; }",
        b"   ",
    ] {
        assert_eq!(Format::detect(text), Some(Format::OpenStep), "{text:?}");
    }
    for json in [&b"{\"a\": 1}"[..], b"[1, 2]", b"\n{ \"a\" : [] }"] {
        assert_eq!(Format::detect(json), None, "{json:?}");
    }
}

#[test]
fn every_entry_point_reads_openstep() {
    assert_eq!(
        plistvalue::from_bytes::<PlistValue>(PBXPROJ).unwrap(),
        tree()
    );
    assert_eq!(
        plistvalue::serde::from_bytes::<PlistValue>(PBXPROJ).unwrap(),
        tree()
    );
    assert_eq!(
        plistvalue::serde::from_reader::<_, PlistValue>(PBXPROJ).unwrap(),
        tree()
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("project.pbxproj");
    std::fs::write(&path, PBXPROJ).unwrap();
    assert_eq!(
        plistvalue::from_file::<_, PlistValue>(&path).unwrap(),
        tree()
    );
    assert_eq!(
        plistvalue::serde::from_file::<_, PlistValue>(&path).unwrap(),
        tree()
    );
    let binary = plistvalue::to_binary(PBXPROJ).unwrap();
    assert_eq!(
        plistvalue::from_slice::<PlistValue>(&binary).unwrap(),
        tree()
    );
}

#[test]
fn from_slice_says_openstep_is_openstep() {
    for text in [PBXPROJ, b"\"a\" = \"b\";"] {
        let e = plistvalue::from_slice::<PlistValue>(text).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::OpenStepInput), "{e:?}");
        assert!(e.to_string().contains("from_bytes"), "{e}");
        let e = plistvalue::serde::from_slice::<PlistValue>(text).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::OpenStepInput), "{e:?}");
    }
    // Neither text nor a binary plist of another version is called OpenStep.
    let e = plistvalue::from_slice::<PlistValue>(b"bplist").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooShort { .. }), "{e:?}");
    let e = plistvalue::from_slice::<PlistValue>(&[1u8; 64]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::BadMagic), "{e:?}");
}

#[test]
fn input_of_no_format_gets_an_error_with_a_place() {
    let e = plistvalue::from_bytes::<PlistValue>(b"{\n  \"a\": 1\n}").unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::OpenStep(OpenStepError::Json(_))),
        "{e:?}"
    );
    assert_eq!((e.line(), e.column()), (Some(2), Some(6)));
    assert!(
        e.to_string()
            .starts_with("this is JSON, not a property list"),
        "{e}"
    );
    let e = plistvalue::from_bytes::<PlistValue>(b"\x01\x02\x03").unwrap_err();
    assert!(
        matches!(
            e.kind(),
            ErrorKind::OpenStep(OpenStepError::ExpectedValue('\u{1}'))
        ),
        "{e:?}"
    );
    assert_eq!((e.line(), e.column()), (Some(1), Some(1)));
    let e =
        plistvalue::from_bytes::<PlistValue>(&[&b"bplist15"[..], &[0; 40]].concat()).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::UnsupportedVersion(b'1', b'5')),
        "{e:?}"
    );
    let e = plistvalue::to_binary(b"( a b )").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OpenStep(_)), "{e:?}");
}

#[test]
fn a_type_mismatch_is_placed_at_its_line_and_column() {
    #[derive(Debug, plistvalue::FromPlist)]
    struct Target {
        #[allow(dead_code)]
        children: Vec<String>,
    }
    #[derive(Debug, plistvalue::FromPlist)]
    #[plist(rename_all = "camelCase")]
    struct Project {
        #[allow(dead_code)]
        objects: std::collections::HashMap<String, Target>,
    }
    let text = b"{\n\tobjects = {\n\t\tA1 = { children = ( a, (b) ); };\n\t};\n}";
    let e = plistvalue::from_bytes::<Project>(text).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::TypeMismatch { found: "array", .. }),
        "{e}"
    );
    assert_eq!(e.path_string(), "objects.A1.children.1");
    assert_eq!((e.line(), e.column()), (Some(3), Some(26)), "{e}");
}
