//! The `0x00` object. CoreFoundation reads it as `kCFNull`,
//! plistlib as `None`, libplist as `PLIST_NULL`. A file holding one reads into a
//! `PlistValue` (as `PlistValue::Null`), into `Option<T>` as `None`, through the
//! serde bridge as `()` and `None`, and writes back as `0x00`, so the file
//! round-trips. What the other readers make of the null we write is checked here
//! and stated in COMPATIBILITY.md.

use std::process::Command;

use plistvalue::{plist, Document, Kind, PlistValue, ToPlist};
use plistvalue_suite::env::{skip_unless_required, REQUIRE_PYTHON, REQUIRE_SHARED};
use serde::Deserialize;

/// `[null, true, null]` as `plistlib` writes `[None, True, None]`: one null object.
/// (`plistlib.dumps([None, True, None], fmt=FMT_BINARY)`, CPython 3.11.)
const PLISTLIB_FILE: &[u8] = b"bplist00\xa3\x01\x02\x01\x00\x09\x08\x0c\x0d\
\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x00\x00\x00\x00\x00\x03\
\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0e";

#[test]
fn a_file_with_nulls_reads_into_every_kind_of_value() {
    let v: PlistValue = plistvalue::from_slice(PLISTLIB_FILE).unwrap();
    assert_eq!(v, plist!([null, true, null]));
    assert!(v[0].is_null() && !v[1].is_null());
    assert_eq!(v[0].kind_name(), "null");
    assert_eq!(format!("{v:?}"), "Array([Null, Boolean(true), Null])");

    let typed: Vec<Option<bool>> = plistvalue::from_slice(PLISTLIB_FILE).unwrap();
    assert_eq!(typed, [None, Some(true), None]);
    let lazy = Document::from_slice(PLISTLIB_FILE).unwrap();
    assert_eq!(
        lazy.root().unwrap().at(0).unwrap().unwrap().kind(),
        Kind::Null
    );

    // The serde bridge: `None` for an Option, `()` for unit, and PlistValue::Null.
    let serde_typed: Vec<Option<bool>> = plistvalue::serde::from_slice(PLISTLIB_FILE).unwrap();
    assert_eq!(serde_typed, [None, Some(true), None]);
    #[derive(Deserialize, PartialEq, Debug)]
    struct Units((), bool, ());
    let units: Units = plistvalue::serde::from_slice(PLISTLIB_FILE).unwrap();
    assert_eq!(units, Units((), true, ()));
    let serde_value: PlistValue = plistvalue::serde::from_slice(PLISTLIB_FILE).unwrap();
    assert_eq!(serde_value, v);
}

/// Another format's null is `PlistValue::Null`, as `serde_json::Value` reads it and as
/// the CLI reads JSON's `null`; `Null` writes as that format's null, and a `$null`
/// string stays a string.
#[test]
fn json_null_is_null_both_ways() {
    let v: PlistValue = serde_json::from_str(r#"[1, null, {"k": null}, "$null"]"#).unwrap();
    assert_eq!(v, plist!([1, null, { "k": null }, "$null"]));
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"[1,null,{"k":null},"$null"]"#
    );
    let top: PlistValue = serde_json::from_str("null").unwrap();
    assert_eq!(top, PlistValue::Null);
    // An `Option` around it still reads JSON's null as `None`.
    let opt: Option<PlistValue> = serde_json::from_str("null").unwrap();
    assert_eq!(opt, None);
    // Through a `serde_json::Value` (`deserialize_any` gives `()`).
    let through = PlistValue::deserialize(serde_json::json!([null])).unwrap();
    assert_eq!(through, plist!([null]));
}

/// Both of serde's null shapes, `()` and `None`, reach `PlistValue` as `Null`.
#[test]
fn unit_and_none_from_any_deserializer_are_null() {
    use serde::de::value::{Error, UnitDeserializer};
    use serde::de::{Deserializer, Visitor};
    /// A deserializer whose only value is `None`, as some formats give for null.
    struct NoneDeserializer;
    impl<'de> Deserializer<'de> for NoneDeserializer {
        type Error = Error;
        fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            visitor.visit_none()
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map
            struct enum identifier ignored_any
        }
    }
    let unit = PlistValue::deserialize(UnitDeserializer::<Error>::new()).unwrap();
    assert_eq!(unit, PlistValue::Null);
    assert_eq!(
        PlistValue::deserialize(NoneDeserializer).unwrap(),
        PlistValue::Null
    );
}

#[test]
fn a_null_writes_back_as_the_0x00_object_and_the_file_round_trips() {
    let v: PlistValue = plistvalue::from_slice(PLISTLIB_FILE).unwrap();
    // Our encoding of that tree is plistlib's, byte for byte: one null object, one
    // `true`, references in the same order.
    assert_eq!(plistvalue::to_vec(&v).unwrap(), PLISTLIB_FILE);
    let through_serde = plistvalue::serde::to_vec(&v).unwrap();
    assert_eq!(through_serde, PLISTLIB_FILE);

    // In a dictionary, beside a `$null` string, which stays a string.
    let tree = plist!({ "none": null, "nil": "$null", "list": [null, [null]] });
    let bytes = plistvalue::to_vec(&tree).unwrap();
    let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back, tree);
    assert_eq!(back["nil"].as_str(), Some("$null"));
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    let none = root.get("none").unwrap().unwrap();
    assert_eq!(none.kind(), Kind::Null);
    assert_eq!(bytes[none.offset() as usize], 0x00);
    // One null object however many nulls, as each boolean is one object.
    let list = root.get("list").unwrap().unwrap();
    let inner = list.at(1).unwrap().unwrap().at(0).unwrap().unwrap();
    assert_eq!(inner.index(), none.index());

    // Encoder::null_object is the 0x00 object; Encoder::null stays `$null`.
    struct Both;
    impl ToPlist for Both {
        fn to_plist<'a>(
            &'a self,
            enc: &mut plistvalue::Encoder<'a>,
        ) -> Result<plistvalue::ObjRef, plistvalue::Error> {
            let f = enc.begin_array();
            let a = enc.null_object();
            enc.child(a);
            let b = enc.null();
            enc.child(b);
            Ok(enc.end_array(f))
        }
    }
    let both: PlistValue = plistvalue::from_slice(&plistvalue::to_vec(&Both).unwrap()).unwrap();
    assert_eq!(both, plist!([null, "$null"]));
    let opts: Vec<Option<String>> =
        plistvalue::from_slice(&plistvalue::to_vec(&Both).unwrap()).unwrap();
    assert_eq!(opts, [None, None]);
}

/// Runs `python3 -c script path`, or skips (failing under
/// `PLISTVALUE_REQUIRE_PYTHON=1`) when python3 does not run.
fn python(script: &str, path: &std::path::Path) -> Option<String> {
    match Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(path)
        .output()
    {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            Some(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        }
        Err(e) => {
            skip_unless_required(REQUIRE_PYTHON, format!("python3 did not run: {e}"));
            None
        }
    }
}

/// What the other readers make of a null we write (COMPATIBILITY.md, "Null").
#[test]
fn other_readers_on_our_nulls() {
    let tree = plist!({ "a": null, "b": [1, null] });
    let bytes = plistvalue::to_vec(&tree).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("null.bplist");
    std::fs::write(&path, &bytes).unwrap();

    // plistlib: None.
    if let Some(out) = python(
        "import plistlib, sys\nprint(plistlib.loads(open(sys.argv[1], 'rb').read()))",
        &path,
    ) {
        assert_eq!(out, "{'a': None, 'b': [1, None]}");
    }

    // libplist 2.2 (plistutil): reads the nulls as PLIST_NULL and writes them back
    // as 0x00 in its own binary output. (Its XML writer has no null element: 2.2
    // writes an empty `<plist>` for a document holding one.)
    match Command::new("plistutil")
        .args(["-f", "bin", "-o", "-", "-i"])
        .arg(&path)
        .output()
    {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let theirs: PlistValue = plistvalue::from_slice(&out.stdout).unwrap();
            assert_eq!(theirs, tree, "libplist keeps the nulls");
        }
        Err(e) => skip_unless_required(REQUIRE_SHARED, format!("plistutil did not run: {e}")),
    }

    // The plist crate has no null value: it rejects the file.
    let err = ::plist::Value::from_reader(std::io::Cursor::new(&bytes)).unwrap_err();
    println!("plist crate: {err}");
}
