//! Attributes.

use std::collections::BTreeMap;
use std::collections::HashMap;
use std::fmt::Debug;
use std::marker::PhantomData;
use std::time::Duration;
use std::time::SystemTime;
use std::time::UNIX_EPOCH;

use plistvalue::{plist, Date, Dictionary, ErrorKind, FromPlist, PlistValue, ToPlist};

use crate::enums::Inner;
use crate::{date, decode, roundtrip, tree};

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "PascalCase")]
struct InfoPlist {
    #[plist(rename = "CFBundleIdentifier")]
    bundle_id: String,
    bundle_version: String,
    #[plist(alias = "LSMinimumSystemVersion", alias = "MinOS")]
    minimum_system_version: Option<String>,
}

#[test]
fn rename_rename_all_alias() {
    let value = InfoPlist {
        bundle_id: "com.example".into(),
        bundle_version: "1".into(),
        minimum_system_version: Some("14.0".into()),
    };
    assert_eq!(
        tree(&value),
        plist!({
            "CFBundleIdentifier": "com.example",
            "BundleVersion": "1",
            "MinimumSystemVersion": "14.0"
        })
    );
    roundtrip(&value);
    for alias in ["LSMinimumSystemVersion", "MinOS"] {
        let mut doc = plist!({ "CFBundleIdentifier": "x", "BundleVersion": "1" });
        doc.as_dictionary_mut()
            .unwrap()
            .insert(alias, "13.0".into());
        let back: InfoPlist = decode(&doc).unwrap();
        assert_eq!(back.minimum_system_version.as_deref(), Some("13.0"));
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "SCREAMING-KEBAB-CASE")]
struct Kebab {
    two_words: i32,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(rename_all = "camelCase")]
struct Camel {
    two_words: i32,
}

#[test]
fn rename_all_rules() {
    assert_eq!(tree(&Kebab { two_words: 1 }), plist!({ "TWO-WORDS": 1 }));
    assert_eq!(tree(&Camel { two_words: 1 }), plist!({ "twoWords": 1 }));
}

fn seven() -> i32 {
    7
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "skip_serializing_if passes the field by reference"
)]
fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Defaults {
    #[plist(default)]
    plain: Vec<i32>,
    #[plist(default = "seven")]
    from_fn: i32,
    #[plist(skip)]
    skipped: String,
    #[plist(skip, default = "seven")]
    skipped_with_fn: i32,
    #[plist(skip_serializing_if = "is_zero", default)]
    zero_left_out: i32,
    #[plist(skip_serializing_if = "Vec::is_empty", default)]
    empty_left_out: Vec<u8>,
}

#[test]
fn default_skip_skip_serializing_if() {
    let value = Defaults {
        plain: vec![],
        from_fn: 1,
        skipped: "not written".into(),
        skipped_with_fn: 1,
        zero_left_out: 0,
        empty_left_out: vec![],
    };
    assert_eq!(tree(&value), plist!({ "plain": [], "from_fn": 1 }));
    let back: Defaults = decode(&plist!({})).unwrap();
    assert_eq!(
        back,
        Defaults {
            plain: vec![],
            from_fn: 7,
            skipped: String::new(),
            skipped_with_fn: 7,
            zero_left_out: 0,
            empty_left_out: vec![],
        }
    );
    let back: Defaults = decode(&plist!({ "zero_left_out": 3, "skipped": "ignored" })).unwrap();
    assert_eq!(back.zero_left_out, 3);
    assert_eq!(back.skipped, "");
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(default)]
struct Settings {
    theme: String,
    size: u32,
    tags: Option<Vec<String>>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            theme: "dark".into(),
            size: 12,
            tags: Some(vec!["default".into()]),
        }
    }
}

impl ThemeOnly {
    fn light() -> ThemeOnly {
        ThemeOnly {
            theme: "light".into(),
            size: 0,
        }
    }
}

#[test]
fn container_default() {
    let back: Settings = decode(&plist!({ "size": 14 })).unwrap();
    assert_eq!(
        back,
        Settings {
            size: 14,
            ..Settings::default()
        }
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(default = "ThemeOnly::light")]
struct ThemeOnly {
    theme: String,
    #[plist(default = "seven")]
    size: i32,
}

#[test]
fn container_default_path_and_field_default_win_in_order() {
    let back: ThemeOnly = decode(&plist!({})).unwrap();
    assert_eq!(
        back,
        ThemeOnly {
            theme: "light".into(),
            size: 7
        }
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Envelope {
    id: u32,
    #[plist(flatten)]
    meta: Meta,
    #[plist(flatten)]
    extra: BTreeMap<String, PlistValue>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Meta {
    author: String,
    #[plist(flatten)]
    stamp: Stamp,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Stamp {
    created: Date,
    edited: Option<Date>,
}

#[test]
fn flatten_structs_and_a_catch_all_map() {
    let value = Envelope {
        id: 1,
        meta: Meta {
            author: "ada".into(),
            stamp: Stamp {
                created: date(1.0),
                edited: None,
            },
        },
        extra: BTreeMap::from([("zeta".into(), plist!(1)), ("alpha".into(), plist!("a"))]),
    };
    let expected = plist!({
        "id": 1,
        "author": "ada",
        "created": (date(1.0)),
        "alpha": "a",
        "zeta": 1
    });
    assert_eq!(tree(&value), expected);
    roundtrip(&value);
    // Keys no struct knows go to the map, wherever they are.
    let back: Envelope = decode(&plist!({
        "unknown": true, "id": 2, "author": "b", "created": (date(2.0)), "edited": (date(3.0))
    }))
    .unwrap();
    assert_eq!(back.meta.stamp.edited, Some(date(3.0)));
    assert_eq!(
        back.extra,
        BTreeMap::from([("unknown".into(), plist!(true))])
    );
    let err = decode::<Envelope>(&plist!({ "id": 2, "author": "b" })).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::MissingField("created")),
        "{err}"
    );
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct FlattenHashMap {
    name: String,
    #[plist(flatten)]
    rest: HashMap<String, i32>,
    #[plist(flatten)]
    dict: Dictionary,
}

#[test]
fn flatten_hash_map_is_sorted_and_dictionary_collects_too() {
    let value = FlattenHashMap {
        name: "n".into(),
        rest: HashMap::from([("b".into(), 2), ("a".into(), 1)]),
        dict: Dictionary::new(),
    };
    let v = tree(&value);
    let keys: Vec<_> = v.as_dictionary().unwrap().keys().collect();
    assert_eq!(keys, ["name", "a", "b"]);
    let back: FlattenHashMap = decode(&v).unwrap();
    assert_eq!(back.rest, value.rest);
    // Both catch-alls see every key the struct does not claim.
    assert_eq!(back.dict.len(), 2);
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
enum WithFlatten {
    Variant {
        id: u8,
        #[plist(flatten)]
        inner: Inner,
    },
}

#[test]
fn flatten_inside_a_variant() {
    let value = WithFlatten::Variant {
        id: 1,
        inner: Inner { a: 2, b: Some(3) },
    };
    assert_eq!(
        tree(&value),
        plist!({ "Variant": { "id": 1, "a": 2, "b": 3 } })
    );
    roundtrip(&value);
}

/// Seconds since 1970 as an integer, instead of a date.
mod unix_seconds {
    use plistvalue::{Encoder, Error, FromPlist, Node, ObjRef};
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    pub fn to_plist<'a>(value: &'a SystemTime, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let secs = value
            .duration_since(UNIX_EPOCH)
            .map_err(Error::custom)?
            .as_secs();
        Ok(enc.u64(secs))
    }

    pub fn from_plist(node: &Node<'_, '_>) -> Result<SystemTime, Error> {
        Ok(UNIX_EPOCH + Duration::from_secs(u64::from_plist(node)?))
    }
}

/// A type with no plist impls at all, handled entirely by its module.
#[derive(Debug, PartialEq)]
struct Celsius(f64);

mod celsius {
    use super::Celsius;
    use plistvalue::{Encoder, Error, FromPlist, Node, ObjRef};

    #[allow(clippy::unnecessary_wraps, reason = "the signature `with` requires")]
    pub fn to_plist<'a>(value: &'a Celsius, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        Ok(enc.str_copied(&format!("{}C", value.0)))
    }

    pub fn from_plist(node: &Node<'_, '_>) -> Result<Celsius, Error> {
        let s = String::from_plist(node)?;
        let n = s
            .strip_suffix('C')
            .ok_or_else(|| node.error(plistvalue::ErrorKind::Custom("no C".into())))?;
        n.parse().map(Celsius).map_err(Error::custom)
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct WithModules {
    #[plist(with = "unix_seconds")]
    at: SystemTime,
    #[plist(with = "celsius")]
    temp: Celsius,
    #[plist(with = "celsius", default = "freezing")]
    missing_temp: Celsius,
    list: Vec<Reading>,
}

fn freezing() -> Celsius {
    Celsius(0.0)
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Reading(#[plist(with = "celsius")] Celsius);

#[test]
fn with_module() {
    let value = WithModules {
        at: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        temp: Celsius(21.5),
        missing_temp: Celsius(-1.0),
        list: vec![Reading(Celsius(3.0))],
    };
    assert_eq!(
        tree(&value),
        plist!({ "at": 1_700_000_000, "temp": "21.5C", "missing_temp": "-1C", "list": ["3C"] })
    );
    roundtrip(&value);
    let back: WithModules = decode(&plist!({ "at": 0, "temp": "1C", "list": [] })).unwrap();
    assert_eq!(back.missing_temp, Celsius(0.0));
    let err = decode::<WithModules>(&plist!({ "at": 0, "temp": "hot", "list": [] })).unwrap_err();
    assert_eq!(err.path_string(), "temp");
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(transparent)]
struct Transparent {
    inner: Option<String>,
    #[plist(skip)]
    marker: PhantomData<u8>,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct HasTransparent {
    a: Transparent,
    b: Transparent,
}

#[test]
fn transparent_is_the_inner_value_through_and_through() {
    let value = HasTransparent {
        a: Transparent {
            inner: Some("x".into()),
            marker: PhantomData,
        },
        b: Transparent {
            inner: None,
            marker: PhantomData,
        },
    };
    // Unlike a newtype, an absent inner value leaves the key out.
    assert_eq!(tree(&value), plist!({ "a": "x" }));
    roundtrip(&value);
}

mod reexport {
    pub mod nested {
        pub use plistvalue as pv;
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
#[plist(crate = "reexport::nested::pv")]
struct ThroughReexport {
    a: i32,
}

#[test]
fn crate_path_override() {
    roundtrip(&ThroughReexport { a: 1 });
}
