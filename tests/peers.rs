//! All 566 cases of `../shared/corpus/peers/`, taken from 14 other
//! projects' test suites, each with its project's expected outcome (`valid`,
//! `invalid`, or `either`: no verdict, only "must not crash"). Our reader must agree
//! with every one, except where it differs on purpose: because CoreFoundation's
//! rules back us, or, in four cases, by a decision that parts from CF too. Those
//! cases are listed below by id with the reason, and in COMPATIBILITY.md ("Other
//! projects' test cases"). A listed case that no longer differs fails the test, so the
//! lists stay exact.
//!
//! When we and plistlib both read a file, the root must be of the type plistlib
//! reports.

use std::collections::BTreeMap;
use std::path::PathBuf;

use plistvalue::{Document, PlistValue};
use plistvalue_suite::env::shared;

/// Cases whose peer expects a verdict we do not give, and why CF's rules back ours.
const DIFFERS_AS_CF: &[(&str, &str)] = &[
    (
        "cases/cpython/invalid_binary_29_invalid_ASCII",
        "read: CF reads the bytes of an ASCII-marked string as Latin-1, so a byte >= 0x80 \
         is a character, not an error",
    ),
    (
        "cases/cpython/invalid_binary_36_too_large_datetime__datetime_overflow",
        "read: CF accepts any double in a date; converting it to a calendar type is the \
         error (DateOutOfRange), as plistlib's datetime is",
    ),
    (
        "cases/cpython/invalid_binary_37_too_large_datetime__timedelta_overflow",
        "read: CF accepts any double in a date; converting it is the error",
    ),
    (
        "cases/cpython/invalid_binary_38_invalid_datetime__Infinity",
        "read: CF accepts any double in a date, infinities included",
    ),
    (
        "cases/cpython/invalid_binary_39_invalid_datetime__NaN",
        "read: CF accepts any double in a date, NaN included",
    ),
    (
        "cases/cpython/unsupported_c0",
        "read: CF reads the 0xC0 marker as a set (CFSet); we read a set as an array, as \
         libplist does",
    ),
    (
        "cases/cpython/singleton_0f",
        "rejected: 0x0F is a fill byte, not an object; CF's reader rejects the marker \
         (plistlib alone reads it as b'')",
    ),
    (
        "cases/binplist/single",
        "rejected: the offset table starts before the first object (offset < 9), which \
         CF's trailer check T2 rejects (docs/BINARY.md)",
    ),
];

/// Cases where we differ from the peer and from CF too, each a decision stated in
/// COMPATIBILITY.md ("Binary: what we read").
const DIFFERS_FROM_CF_TOO: &[(&str, &str)] = &[
    (
        "cases/go-plist/TestBplistInt128",
        "rejected: a 16-byte integer is read as signed 128-bit and must fit \
         i64::MIN..=u64::MAX, as plistlib and the plist crate read it; CF and go-plist keep \
         the low 64 bits, which silently changes the value",
    ),
    (
        "cases/dd-plist/parse_rejectsExcessivelyNestedStructures_500000",
        "read: CF stops at 512 levels to protect its recursive reader; PlistValue decodes \
         without recursion, bounded by the node and byte budgets, and typed decodes stop at \
         Limits::max_depth (128)",
    ),
    (
        "cases/cfpropertylist-ruby/test_deeply_nested_array_binary_2000",
        "read: as above, 2000 levels need no recursion here",
    ),
    (
        "cases/cfpropertylist-ruby/test_deeply_nested_dict_binary_2000",
        "read: as above, 2000 levels need no recursion here",
    ),
];

struct Case {
    id: String,
    path: PathBuf,
    expected: String,
    peer_says: String,
    size: usize,
    plistlib: String,
}

fn cases() -> Option<Vec<Case>> {
    let dir = shared("corpus/peers")?;
    let bplist = shared("corpus/bplist")?;
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = manifest.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (file, expected, peer_says, size, plistlib) = (
        col("file"),
        col("expected"),
        col("peer_says"),
        col("size"),
        col("plistlib_3.11"),
    );
    let rows = lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let id = cols[file].to_owned();
            let path = match id.strip_prefix("corpus:") {
                Some(name) => bplist.join(name),
                None => dir.join(&id),
            };
            Case {
                id,
                path,
                expected: cols[expected].to_owned(),
                peer_says: cols[peer_says].to_owned(),
                size: cols[size].parse().expect("a size"),
                plistlib: cols[plistlib].to_owned(),
            }
        })
        .collect();
    Some(rows)
}

/// Our verdict: the whole file read into a `PlistValue`. The lazy reader's full
/// check runs too, for its own sake: it must not panic either.
fn ours(bytes: &[u8]) -> Result<PlistValue, plistvalue::Error> {
    if let Ok(doc) = Document::from_slice(bytes) {
        let _ = doc.validate_all();
    }
    let _ = plistvalue::serde::from_slice::<serde_ignored::Any>(bytes);
    plistvalue::from_slice::<PlistValue>(bytes)
}

/// plistlib's type name for a root we read.
fn python_type(v: &PlistValue) -> &'static str {
    match v {
        PlistValue::Null => "NoneType",
        PlistValue::Boolean(_) => "bool",
        PlistValue::Integer(_) => "int",
        PlistValue::Real(_) => "float",
        PlistValue::Date(_) => "datetime",
        PlistValue::Data(_) => "bytes",
        PlistValue::String(_) => "str",
        PlistValue::Array(_) => "list",
        PlistValue::Dictionary(_) => "dict",
        PlistValue::Uid(_) => "UID",
        _ => "?",
    }
}

/// A serde type that reads anything, for the serde bridge's pass over each file.
mod serde_ignored {
    pub type Any = serde::de::IgnoredAny;
}

#[test]
fn every_peer_case_gets_its_projects_verdict_or_cfs() {
    let Some(cases) = cases() else { return };
    assert_eq!(cases.len(), 566, "MANIFEST.tsv lists every case");
    let differs: BTreeMap<&str, (&str, &str)> = DIFFERS_AS_CF
        .iter()
        .map(|&(id, why)| (id, ("differs-as-cf", why)))
        .chain(
            DIFFERS_FROM_CF_TOO
                .iter()
                .map(|&(id, why)| (id, ("differs-from-cf-too", why))),
        )
        .collect();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in &cases {
        let bytes = std::fs::read(&case.path).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        assert_eq!(bytes.len(), case.size, "{}: size", case.id);
        let got = ours(&bytes);
        let agrees = match case.expected.as_str() {
            "valid" => got.is_ok(),
            "invalid" => got.is_err(),
            "either" => true,
            other => panic!("{}: unknown expectation {other}", case.id),
        };
        let verdict = if got.is_ok() { "read" } else { "rejected" };
        match (agrees, differs.get(case.id.as_str())) {
            (true, None) => *tally.entry(format!("{}=ours", case.expected)).or_default() += 1,
            (false, Some((list, why))) if why.starts_with(verdict) => {
                *tally.entry((*list).into()).or_default() += 1;
            }
            (false, _) => failures.push(format!(
                "{}: expected {} ({}), ours {}: {}",
                case.id,
                case.expected,
                case.peer_says,
                verdict,
                match &got {
                    Ok(v) => format!("{v:?}").chars().take(100).collect(),
                    Err(e) => e.to_string(),
                }
            )),
            (true, Some(_)) => failures.push(format!(
                "{}: listed as a difference but ours agrees with the peer ({verdict})",
                case.id
            )),
        }
        if let (Ok(v), Some(t)) = (&got, case.plistlib.strip_prefix("ok ")) {
            if python_type(v) == t {
                *tally.entry("root=plistlib".into()).or_default() += 1;
            } else {
                failures.push(format!(
                    "{}: plistlib's root is {t}, ours {}",
                    case.id,
                    python_type(v)
                ));
            }
        }
    }
    println!("PEERS cases={} {tally:?}", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
