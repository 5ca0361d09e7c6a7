//! Cross-reader checks with `CPython`'s `plistlib`, an independent implementation:
//! it reads what derived types write as the dictionaries Foundation would have
//! written (None left out, `$null` in arrays, data as bytes, dates as datetimes),
//! and derived types decode what it writes.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::Path;
use std::process::Command;

use plistvalue::{Date, FromPlist, ToPlist};
use plistvalue_suite::env::{skip_unless_required, REQUIRE_PYTHON};
use tempfile::NamedTempFile;

/// A file that is removed even when an assertion fails first.
fn temp_file(name: &str) -> NamedTempFile {
    tempfile::Builder::new()
        .prefix(&format!("plistvalue-derive-{name}-"))
        .suffix(".bplist")
        .tempfile()
        .expect("a temporary file")
}

/// Runs a Python script with the file's path as `path`; it prints `OK` when its
/// checks pass. `None` when there is no python3 to run.
fn python(script: &str, file: &Path) -> Option<String> {
    let program = format!("import sys\npath = sys.argv[1]\n{script}");
    let output = match Command::new("python3")
        .arg("-c")
        .arg(&program)
        .arg(file)
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            skip_unless_required(REQUIRE_PYTHON, format!("python3 did not run: {e}"));
            return None;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "python failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Some(stdout)
}

// ---------------------------------------------------------------------------
// Our output, read by plistlib

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct Capture {
    name: String,
    comment: Option<String>,
    note: Option<String>,
    tags: Vec<Option<String>>,
    body: Vec<u8>,
    fixed: [u8; 3],
    started: Date,
    ratio: f64,
    scale: f32,
    count: u64,
    delta: i32,
    big: u64,
    ok: bool,
    unicode: String,
    headers: Vec<Header>,
    env: HashMap<String, String>,
    shape: Shape,
    shapes: Vec<Shape>,
    event: Event,
    pair: (i32, Option<i32>),
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Header {
    name: String,
    value: String,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
enum Shape {
    Dot,
    Circle { radius: f64 },
    Line(i32, i32),
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(tag = "type")]
enum Event {
    Click { x: i32, y: i32 },
}

fn capture() -> Capture {
    Capture {
        name: "session".into(),
        comment: None,
        note: Some("kept".into()),
        tags: vec![Some("a".into()), None, Some("$null".into())],
        body: vec![0, 1, 2, 255],
        fixed: [9, 8, 7],
        // 2024-01-01T00:00:00.5Z
        started: Date::from_seconds_since_2001(725_760_000.5),
        ratio: 0.25,
        scale: 1.5,
        count: 3,
        delta: -7,
        big: u64::MAX,
        ok: true,
        unicode: "naïve ☃".into(),
        headers: vec![
            Header {
                name: "Host".into(),
                value: "example.com".into(),
            },
            Header {
                name: "Accept".into(),
                value: "*/*".into(),
            },
        ],
        env: HashMap::from([("B".into(), "2".into()), ("A".into(), "1".into())]),
        shape: Shape::Dot,
        shapes: vec![Shape::Circle { radius: 2.0 }, Shape::Line(1, 2)],
        event: Event::Click { x: 3, y: 4 },
        pair: (5, None),
    }
}

#[test]
fn plistlib_reads_derived_output() {
    let file = temp_file("capture");
    fs::write(file.path(), plistvalue::to_vec(&capture()).unwrap()).unwrap();
    let script = r#"
import plistlib, datetime
with open(path, "rb") as f:
    got = plistlib.load(f)
expected = {
    "name": "session",
    "note": "kept",
    "tags": ["a", "$null", "$null"],
    "body": b"\x00\x01\x02\xff",
    "fixed": b"\x09\x08\x07",
    "started": datetime.datetime(2024, 1, 1, 0, 0, 0, 500000),
    "ratio": 0.25,
    "scale": 1.5,
    "count": 3,
    "delta": -7,
    "big": 2**64 - 1,
    "ok": True,
    "unicode": "naïve ☃",
    "headers": [
        {"name": "Host", "value": "example.com"},
        {"name": "Accept", "value": "*/*"},
    ],
    "env": {"A": "1", "B": "2"},
    "shape": {"Dot": {}},
    "shapes": [{"Circle": {"radius": 2.0}}, {"Line": {"_0": 1, "_1": 2}}],
    "event": {"type": "Click", "x": 3, "y": 4},
    "pair": [5, "$null"],
}
assert "comment" not in got, got
assert got == expected, (got, expected)
assert isinstance(got["body"], bytes) and isinstance(got["started"], datetime.datetime)
# Key order is declaration order, as Codable writes it.
assert list(got) == list(expected), list(got)
assert list(got["env"]) == ["A", "B"]
print("OK")
"#;
    if let Some(out) = python(script, file.path()) {
        assert!(out.contains("OK"), "{out}");
    }
}

// ---------------------------------------------------------------------------
// plistlib's output, read by derived types

#[derive(Debug, PartialEq, FromPlist)]
#[plist(rename_all = "PascalCase")]
struct AppInfo<'a> {
    #[plist(rename = "CFBundleIdentifier")]
    bundle_id: &'a str,
    display_name: std::borrow::Cow<'a, str>,
    version: u32,
    rating: f64,
    build_ratio: f32,
    icon: &'a [u8],
    released: chrono::DateTime<chrono::Utc>,
    updated: Option<Date>,
    missing: Option<String>,
    flags: Vec<Option<bool>>,
    limits: BTreeMap<String, i64>,
    shapes: Vec<Shape>,
    #[plist(rename = "naïve")]
    naive: String,
    #[plist(default)]
    not_there: Vec<String>,
}

#[test]
fn derived_types_read_plistlib_output() {
    let file = temp_file("appinfo");
    let script = r#"
import plistlib, datetime
doc = {
    "CFBundleIdentifier": "com.example.app",
    "DisplayName": "Café",
    "Version": 12,
    "Rating": 4,
    "BuildRatio": 0.5,
    "Icon": b"\x89PNG",
    "Released": datetime.datetime(2023, 6, 5, 17, 0, 0),
    "Updated": datetime.datetime(2024, 1, 1),
    "Flags": [True, "$null", False],
    "Limits": {"max": 2**62, "min": -5},
    "Shapes": ["Dot", {"Circle": {"radius": 1.5}}, {"Line": {"_0": 1, "_1": 2}}, {"Dot": {}}],
    "naïve": "yes",
    "Unknown": [1, 2, {"nested": True}],
}
with open(path, "wb") as f:
    plistlib.dump(doc, f, fmt=plistlib.FMT_BINARY)
print("OK")
"#;
    let Some(out) = python(script, file.path()) else {
        return;
    };
    assert!(out.contains("OK"), "{out}");
    let bytes = fs::read(file.path()).unwrap();
    let info: AppInfo = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(info.bundle_id, "com.example.app");
    assert!(bytes.as_ptr_range().contains(&info.bundle_id.as_ptr()));
    // plistlib writes non-ASCII text as UTF-16, which Cow<str> converts.
    assert_eq!(info.display_name, "Café");
    assert_eq!(info.version, 12);
    // An integer is accepted for a float.
    assert_eq!(info.rating, 4.0);
    assert_eq!(info.build_ratio, 0.5);
    assert_eq!(info.icon, b"\x89PNG");
    assert_eq!(info.released.to_rfc3339(), "2023-06-05T17:00:00+00:00");
    assert_eq!(
        info.updated,
        Some(Date::from_seconds_since_2001(725_760_000.0))
    );
    assert_eq!(info.missing, None);
    assert_eq!(info.flags, [Some(true), None, Some(false)]);
    assert_eq!(
        info.limits,
        BTreeMap::from([("max".into(), 1 << 62), ("min".into(), -5)])
    );
    assert_eq!(
        info.shapes,
        [
            Shape::Dot,
            Shape::Circle { radius: 1.5 },
            Shape::Line(1, 2),
            Shape::Dot
        ]
    );
    assert_eq!(info.naive, "yes");
    assert!(info.not_there.is_empty());
}

#[test]
fn plistlib_round_trip_of_derived_output() {
    // plistlib reads our file and writes it again; we read its copy back.
    let file = temp_file("rewrite");
    fs::write(file.path(), plistvalue::to_vec(&capture()).unwrap()).unwrap();
    let script = r#"
import plistlib
with open(path, "rb") as f:
    doc = plistlib.load(f)
with open(path, "wb") as f:
    plistlib.dump(doc, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
print("OK")
"#;
    let Some(out) = python(script, file.path()) else {
        return;
    };
    assert!(out.contains("OK"), "{out}");
    let back: Capture = plistvalue::from_slice(&fs::read(file.path()).unwrap()).unwrap();
    let mut expected = capture();
    // A string "$null" reads as None; Foundation cannot tell them apart either.
    expected.tags[2] = None;
    // plistlib writes 1.5 as an 8-byte real, which an f32 field accepts.
    assert_eq!(back, expected);
}
