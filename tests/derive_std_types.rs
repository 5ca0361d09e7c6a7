//! The std types users reach for, in derived structs: sets,
//! paths, `Duration`, the `NonZero` integers, `chrono::DateTime` at an offset and in
//! local time, and a serde-only type behind `#[plist(serde)]`. Each is written as
//! Foundation writes its Swift counterpart and read back; each bad value is a
//! typed error at the value.

use std::collections::{BTreeSet, HashSet};
use std::num::{
    NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128,
    NonZeroU16, NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize,
};
use std::path::{Path, PathBuf};
use std::time::Duration;

use chrono::{DateTime, FixedOffset, Local, TimeZone, Utc};
use plistvalue::{plist, Date, ErrorKind, FromPlist, PlistValue, ToPlist};
use serde::{Deserialize, Serialize};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Everything {
    tags: HashSet<String>,
    ids: BTreeSet<i64>,
    home: PathBuf,
    timeout: Duration,
    small: NonZeroU8,
    signed: NonZeroI64,
    at_offset: DateTime<FixedOffset>,
    local: DateTime<Local>,
}

fn everything() -> Everything {
    let instant = Utc.timestamp_opt(1_715_949_015, 250_000_000).unwrap();
    Everything {
        tags: ["b", "c", "a"].into_iter().map(String::from).collect(),
        ids: [3, -1, 2].into_iter().collect(),
        home: PathBuf::from("/Users/ada/Library"),
        timeout: Duration::new(90, 500_000_000),
        small: NonZeroU8::new(7).unwrap(),
        signed: NonZeroI64::new(-9).unwrap(),
        at_offset: instant.with_timezone(&FixedOffset::east_opt(2 * 3600).unwrap()),
        local: instant.with_timezone(&Local),
    }
}

#[test]
fn std_types_are_written_as_foundation_writes_them_and_read_back() {
    let v = everything();
    let bytes = plistvalue::to_vec(&v).unwrap();
    let tree: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    let instant = Date::from(Utc.timestamp_opt(1_715_949_015, 250_000_000).unwrap());
    assert_eq!(
        tree,
        plist!({
            // Sets are arrays, as Foundation encodes Set<T>; a HashSet is sorted so
            // the file does not change from run to run.
            "tags": ["a", "b", "c"],
            "ids": [-1, 2, 3],
            "home": "/Users/ada/Library",
            // A Duration is a real number of seconds, as a TimeInterval.
            "timeout": 90.5,
            "small": 7,
            "signed": (-9),
            // A date has no zone: both are the same instant.
            "at_offset": instant,
            "local": instant
        })
    );
    let back: Everything = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    // Decoding gives the same instant, in the zone of the type.
    assert_eq!(back.at_offset.offset().local_minus_utc(), 0);
    assert_eq!(
        back.local.timestamp_nanos_opt(),
        v.local.timestamp_nanos_opt()
    );
    assert_eq!(
        back.local.offset(),
        Local.timestamp_opt(1_715_949_015, 0).unwrap().offset()
    );
}

#[test]
fn every_non_zero_type_round_trips_and_rejects_zero() {
    #[derive(Debug, PartialEq, ToPlist, FromPlist)]
    struct All {
        a: NonZeroU8,
        b: NonZeroU16,
        c: NonZeroU32,
        d: NonZeroU64,
        e: NonZeroU128,
        f: NonZeroUsize,
        g: NonZeroI8,
        h: NonZeroI16,
        i: NonZeroI32,
        j: NonZeroI64,
        k: NonZeroI128,
        l: NonZeroIsize,
    }
    let all = All {
        a: NonZeroU8::MAX,
        b: NonZeroU16::MAX,
        c: NonZeroU32::MAX,
        d: NonZeroU64::MAX,
        e: NonZeroU128::new(u64::MAX as u128).unwrap(),
        f: NonZeroUsize::MAX,
        g: NonZeroI8::MIN,
        h: NonZeroI16::MIN,
        i: NonZeroI32::MIN,
        j: NonZeroI64::MIN,
        k: NonZeroI128::new(i64::MIN as i128).unwrap(),
        l: NonZeroIsize::MIN,
    };
    let bytes = plistvalue::to_vec(&all).unwrap();
    assert_eq!(plistvalue::from_slice::<All>(&bytes).unwrap(), all);
    assert_eq!(
        plistvalue::from_slice::<PlistValue>(&bytes).unwrap()["d"],
        plist!(u64::MAX)
    );

    for key in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"] {
        let mut tree = plistvalue::from_slice::<PlistValue>(&bytes).unwrap();
        tree[key] = plist!(0);
        let e = plistvalue::from_slice::<All>(&plistvalue::to_vec(&tree).unwrap()).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::IntegerOutOfRange { value: 0, target } if target.starts_with("NonZero")),
            "{key}: {e}"
        );
        assert_eq!(e.path_string(), key);
        assert!(e.offset().is_some(), "{e}");
    }
    // Out of the inner range names the NonZero type too.
    let e = plistvalue::from_slice::<NonZeroU8>(&plistvalue::to_vec(&300).unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "integer 300 does not fit in NonZeroU8 (byte offset 8, object 0)"
    );
    // u128 above u64::MAX is no plist integer.
    let too_big = NonZeroU128::new(u64::MAX as u128 + 1).unwrap();
    assert!(plistvalue::to_vec(&too_big).is_err());
}

#[test]
fn durations_are_seconds_and_bad_ones_are_errors() {
    for (d, s) in [
        (Duration::ZERO, 0.0),
        (Duration::from_millis(1500), 1.5),
        (Duration::new(1_700_000_000, 750_000_000), 1_700_000_000.75),
    ] {
        let bytes = plistvalue::to_vec(&d).unwrap();
        assert_eq!(
            plistvalue::from_slice::<PlistValue>(&bytes).unwrap(),
            plist!(s)
        );
        assert_eq!(plistvalue::from_slice::<Duration>(&bytes).unwrap(), d);
    }
    // The double nearest the duration, and back to the nearest nanosecond.
    let tenth = Duration::from_millis(100);
    let bytes = plistvalue::to_vec(&tenth).unwrap();
    assert_eq!(plistvalue::from_slice::<f64>(&bytes).unwrap(), 0.1);
    assert_eq!(plistvalue::from_slice::<Duration>(&bytes).unwrap(), tenth);
    // Integers are whole seconds, as Foundation reads an Int into a TimeInterval.
    let whole = plistvalue::to_vec(&30).unwrap();
    assert_eq!(
        plistvalue::from_slice::<Duration>(&whole).unwrap(),
        Duration::from_secs(30)
    );

    #[derive(Debug, FromPlist)]
    #[allow(dead_code)]
    struct Timeout {
        timeout: Duration,
    }
    for bad in [-1.0, -1e-12, f64::NAN, f64::INFINITY, 1.9e19] {
        let bytes = plistvalue::to_vec(&plist!({ "timeout": bad })).unwrap();
        let e = plistvalue::from_slice::<Timeout>(&bytes).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::DurationOutOfRange(s) if s.to_bits() == bad.to_bits()),
            "{bad}: {e}"
        );
        assert_eq!(e.path_string(), "timeout");
        assert!(e.to_string().contains(&bad.to_string()), "{e}");
    }
    let e = plistvalue::from_slice::<Duration>(&plistvalue::to_vec(&-5).unwrap()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DurationOutOfRange(_)), "{e}");
    let e = plistvalue::from_slice::<Duration>(&plistvalue::to_vec("5").unwrap()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TypeMismatch { .. }), "{e}");
}

#[test]
fn paths_are_strings_and_a_non_utf8_path_is_an_error() {
    #[derive(Debug, PartialEq, ToPlist, FromPlist)]
    struct Paths<'a> {
        owned: PathBuf,
        borrowed: &'a Path,
    }
    let p = Paths {
        owned: PathBuf::from("/tmp/é"),
        borrowed: Path::new("relative/dir"),
    };
    let bytes = plistvalue::to_vec(&p).unwrap();
    assert_eq!(
        plistvalue::from_slice::<PlistValue>(&bytes).unwrap(),
        plist!({ "owned": "/tmp/é", "borrowed": "relative/dir" })
    );
    assert_eq!(plistvalue::from_slice::<Paths<'_>>(&bytes).unwrap(), p);

    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = Path::new(std::ffi::OsStr::from_bytes(b"/tmp/\xff"));
        let e = plistvalue::to_vec(&bad).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::NonUtf8Path(p) if p == "/tmp/\u{fffd}"),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "path `/tmp/\u{fffd}` is not valid UTF-8, which a plist string must be"
        );
    }
}

#[test]
fn sets_read_arrays_and_sets_and_keep_one_of_each() {
    let bytes = plistvalue::to_vec(&plist!([3, 1, 3, 2])).unwrap();
    let h: HashSet<u8> = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(h, [1, 2, 3].into_iter().collect());
    let b: BTreeSet<u8> = plistvalue::from_slice(&bytes).unwrap();
    assert_eq!(b.into_iter().collect::<Vec<_>>(), [1, 2, 3]);
    let e = plistvalue::from_slice::<HashSet<u8>>(&plistvalue::to_vec(&plist!([1, "x"])).unwrap())
        .unwrap_err();
    assert_eq!(e.path_string(), "1");
    // The same set writes the same bytes however the HashSet was built.
    let one: HashSet<String> = (0..50).map(|i| i.to_string()).collect();
    let two: HashSet<String> = (0..50).rev().map(|i| i.to_string()).collect();
    assert_eq!(
        plistvalue::to_vec(&one).unwrap(),
        plistvalue::to_vec(&two).unwrap()
    );
}

// ---------------------------------------------------------------------------
// #[plist(serde)]: a type with only serde derives inside a derived struct.

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Legacy {
    user_id: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    kind: LegacyKind,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
enum LegacyKind {
    Admin,
    Guest { since: u16 },
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Model {
    name: String,
    #[plist(serde)]
    owner: Legacy,
    #[plist(serde)]
    backup: Option<Legacy>,
    #[plist(serde)]
    history: Vec<Legacy>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Pair(#[plist(serde)] Legacy, u8);

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct WithModule {
    #[plist(with = "plistvalue::serde::as_serde")]
    owner: Legacy,
}

fn legacy(id: u32) -> Legacy {
    Legacy {
        user_id: id,
        note: None,
        kind: LegacyKind::Guest { since: 2019 },
    }
}

#[test]
fn a_serde_type_sits_inside_a_derived_struct() {
    let m = Model {
        name: "m".into(),
        owner: legacy(1),
        backup: None,
        history: vec![
            legacy(2),
            Legacy {
                kind: LegacyKind::Admin,
                note: Some("n".into()),
                ..legacy(3)
            },
        ],
    };
    let bytes = plistvalue::to_vec(&m).unwrap();
    assert_eq!(plistvalue::from_slice::<Model>(&bytes).unwrap(), m);
    let tree: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    // The field is what the serde bridge writes for the value; `None` leaves the
    // key out, as for any Option field.
    let serde_tree =
        |v: &dyn erased::Ser| -> PlistValue { plistvalue::from_slice(&v.to_vec()).unwrap() };
    assert_eq!(tree["owner"], serde_tree(&m.owner));
    assert_eq!(tree["history"], serde_tree(&m.history));
    assert_eq!(
        tree["owner"],
        plist!({ "userId": 1, "kind": { "Guest": { "since": 2019 } } })
    );
    assert!(tree.get("backup").is_none());

    // A missing Option key is None; a missing required key is MissingField.
    let no_backup = plistvalue::to_vec(
        &plist!({ "name": "m", "owner": (tree["owner"].clone()), "history": [] }),
    )
    .unwrap();
    let read = plistvalue::from_slice::<Model>(&no_backup).unwrap();
    assert_eq!(read.backup, None);
    let no_owner = plistvalue::to_vec(&plist!({ "name": "m", "history": [] })).unwrap();
    let e = plistvalue::from_slice::<Model>(&no_owner).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::MissingField("owner")), "{e}");

    // A present backup, and serde's errors located and keyed like the derive's.
    let with_backup = Model {
        backup: Some(legacy(9)),
        ..m
    };
    let bytes = plistvalue::to_vec(&with_backup).unwrap();
    assert_eq!(
        plistvalue::from_slice::<Model>(&bytes).unwrap(),
        with_backup
    );
    let mut bad = plistvalue::from_slice::<PlistValue>(&bytes).unwrap();
    bad["owner"]["userId"] = plist!("x");
    let e = plistvalue::from_slice::<Model>(&plistvalue::to_vec(&bad).unwrap()).unwrap_err();
    assert_eq!(e.path_string(), "owner.userId");
    assert!(e.offset().is_some(), "{e}");

    // In a tuple struct, and through `with` (which always writes the key).
    let pair = Pair(legacy(4), 5);
    assert_eq!(
        plistvalue::from_slice::<Pair>(&plistvalue::to_vec(&pair).unwrap()).unwrap(),
        pair
    );
    let w = WithModule { owner: legacy(6) };
    assert_eq!(
        plistvalue::from_slice::<WithModule>(&plistvalue::to_vec(&w).unwrap()).unwrap(),
        w
    );
}

/// `Serialize` is not object safe; this is enough of it for the test above.
mod erased {
    pub trait Ser {
        fn to_vec(&self) -> Vec<u8>;
    }
    impl<T: serde::Serialize> Ser for T {
        fn to_vec(&self) -> Vec<u8> {
            plistvalue::serde::to_vec(self).unwrap()
        }
    }
}

/// A type needs only the serde traits, not the derive's, behind `#[plist(serde)]`.
#[test]
fn the_field_type_needs_no_plist_traits() {
    fn takes<T: ToPlist + for<'a> FromPlist<'a>>() {}
    takes::<Model>();
}
