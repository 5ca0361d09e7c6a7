//! What the shared program cannot show: items behind the plist crate's unstable
//! feature (`Dictionary::entry`), where the module parts from CoreFoundation's
//! rules on purpose (and the native API keeps them), and what hostile input meets.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use plistvalue::plist::{self, dictionary::Entry, Dictionary, Value, XmlWriteOptions};
use plistvalue::{ErrorKind, PlistValue, XmlError};
use plistvalue_suite::bplist::{array, bomb, chain, Bplist};

#[test]
fn the_entry_api_works_as_the_plist_crates() {
    let mut dict = Dictionary::new();
    assert_eq!(dict.entry("serde").key(), "serde");
    dict.entry("serde").or_insert(12.into());
    dict.entry("serde").or_insert(13.into());
    dict.entry("other").or_insert_with(|| "hoho".into());
    assert_eq!(dict["serde"], Value::from(12));
    match dict.entry("serde") {
        Entry::Occupied(mut o) => {
            assert_eq!(o.key(), "serde");
            assert_eq!(o.insert(14.into()), Value::from(12));
            *o.get_mut() = 15.into();
            assert_eq!(o.get(), &Value::from(15));
            *o.into_mut() = 16.into();
        }
        Entry::Vacant(_) => unreachable!(),
    }
    match dict.entry("new") {
        Entry::Vacant(v) => {
            assert_eq!(v.key(), "new");
            *v.insert(1.into()) = 2.into();
        }
        Entry::Occupied(_) => unreachable!(),
    }
    assert_eq!(dict.keys().collect::<Vec<_>>(), ["serde", "other", "new"]);
    // Removing through an entry moves the last entry into the hole, as `remove`.
    match dict.entry("serde") {
        Entry::Occupied(o) => assert_eq!(o.remove(), Value::from(16)),
        Entry::Vacant(_) => unreachable!(),
    }
    assert_eq!(dict.keys().collect::<Vec<_>>(), ["new", "other"]);
}

#[test]
fn a_cf_uid_dictionary_stays_a_dictionary_here_and_is_a_uid_natively() {
    let xml = b"<plist><dict><key>CF$UID</key><integer>7</integer></dict></plist>";
    let ours = plist::Value::from_reader_xml(&xml[..]).unwrap();
    let mut expected = Dictionary::new();
    expected.insert("CF$UID".to_owned(), 7.into());
    assert_eq!(ours, Value::Dictionary(expected));
    // CoreFoundation's reading, which the native API keeps.
    let native: PlistValue = plistvalue::from_bytes(xml).unwrap();
    assert_eq!(native.as_uid().map(plistvalue::Uid::get), Some(7));
}

#[test]
fn fractional_seconds_read_to_the_nanosecond_here_and_are_refused_natively() {
    let xml = b"<plist><array><date>2024-01-02T03:04:05.123456789Z</date>\
                <date>2024-01-02T03:04:05.123456789+00:00</date></array></plist>";
    let v = plist::Value::from_reader_xml(&xml[..]).unwrap();
    let t = UNIX_EPOCH + Duration::new(1_704_164_645, 123_456_789);
    let dates: Vec<SystemTime> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_date().unwrap().into())
        .collect();
    assert_eq!(dates, [t, t]);
    // CoreFoundation refuses them, and so does the native reader.
    let err = plistvalue::from_bytes::<PlistValue>(xml).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Xml(XmlError::BadDate)),
        "{err}"
    );
}

/// The known limit of reading XML dates through the table's doubles: two dates of
/// one file that round to the same double read as the first of them.
#[test]
fn two_dates_a_nanosecond_apart_read_as_the_first() {
    let xml = b"<plist><array><date>2024-01-02T03:04:05.000000001Z</date>\
                <date>2024-01-02T03:04:05.000000002Z</date>\
                <date>2024-01-02T03:04:06.000000002Z</date></array></plist>";
    let v = plist::Value::from_reader_xml(&xml[..]).unwrap();
    let nanos: Vec<u32> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let t: SystemTime = d.as_date().unwrap().into();
            t.duration_since(UNIX_EPOCH).unwrap().subsec_nanos()
        })
        .collect();
    assert_eq!(nanos, [1, 1, 2]);
}

#[test]
fn a_null_object_is_refused_as_the_plist_crate_refuses_it() {
    let bytes = Bplist::of(&[array(&[1]), vec![0x00]]).build();
    let err = plist::Value::from_reader(std::io::Cursor::new(&bytes)).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::TypeMismatch { found: "null", .. }),
        "{err}"
    );
    assert_eq!(err.path_string(), "0");
    assert!(::plist::Value::from_reader(std::io::Cursor::new(&bytes)).is_err());
    // The native tree keeps it.
    let native: PlistValue = plistvalue::from_bytes(&bytes).unwrap();
    assert!(native[0].is_null());
}

/// `Value` drops recursively, so a file may not build one deeper than the
/// reader's depth limit (128), however deep it is; a million levels is an error,
/// not a crash, in binary and in XML.
#[test]
fn deep_files_are_refused_at_the_depth_limit() {
    for depth in [129, 1_000_000] {
        for dict in [false, true] {
            let bytes = chain(depth, dict).build();
            let err = plist::Value::from_reader(std::io::Cursor::new(&bytes)).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::DepthLimit(128)), "{err}");
            assert!(plist::from_bytes::<plist::Value>(&bytes).is_err());
        }
    }
    let ok = chain(127, true).build();
    assert!(plist::Value::from_reader(std::io::Cursor::new(&ok)).is_ok());
    let xml = "<array>".repeat(100_000);
    let err = plist::Value::from_reader_xml(xml.as_bytes()).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Xml(XmlError::TooDeep(_))),
        "{err}"
    );
}

/// A small file of shared subtrees describes 2^40 values: the decode stops at the
/// node budget, as every decode of this crate does.
#[test]
fn shared_subtree_bombs_stop_at_the_budget() {
    let bytes = bomb(40).build();
    assert!(bytes.len() < 1000);
    let err = plist::Value::from_reader(std::io::Cursor::new(&bytes)).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::BudgetExceeded { .. }),
        "{err}"
    );
}

#[test]
fn binary_only_and_xml_only_readers_refuse_each_other() {
    let mut bin = Vec::new();
    Value::from(1).to_writer_binary(&mut bin).unwrap();
    let err = plist::Value::from_reader_xml(&bin[..]).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Xml(_)), "{err}");
    assert!(plist::from_reader_xml::<_, i32>(&bin[..]).is_err());
    assert_eq!(plist::from_bytes::<i32>(&bin).unwrap(), 1);
}

#[test]
fn a_uid_has_no_xml_form() {
    let err = Value::Uid(plist::Uid::new(1))
        .to_writer_xml(Vec::new())
        .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Xml(XmlError::Uid)), "{err}");
}

#[test]
#[should_panic(expected = "single repeating character")]
fn a_mixed_indent_string_panics_as_in_the_plist_crate() {
    #[allow(deprecated)]
    let _ = XmlWriteOptions::default().indent_string(" \t");
}

#[test]
fn is_eof_says_the_input_ended_early() {
    let mut bin = Vec::new();
    Value::Array(vec![1.into(), "two".into()])
        .to_writer_binary(&mut bin)
        .unwrap();
    for cut in [
        b"<plist><dict><key>a</ke".to_vec(),
        b"<plist><dict><key>a</key>".to_vec(),
        bin[..20].to_vec(),
    ] {
        let err = plist::Value::from_reader(std::io::Cursor::new(&cut)).unwrap_err();
        assert!(err.is_eof() && !err.is_io(), "{err}");
    }
    let err =
        plist::Value::from_reader(std::io::Cursor::new(b"<plist><foo/></plist>")).unwrap_err();
    assert!(!err.is_eof() && !err.is_io(), "{err}");
}

/// The types fit in a derive struct, and in a serde model read by the native bridge.
#[test]
fn the_types_work_with_the_derive_and_the_native_serde_bridge() {
    #[derive(plistvalue::ToPlist, plistvalue::FromPlist, Debug, PartialEq)]
    struct Derived {
        value: plist::Value,
        dict: plist::Dictionary,
        date: plist::Date,
        count: plist::Integer,
        uid: plist::Uid,
        data: plist::Data,
    }
    let t = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    let d = Derived {
        value: Value::Array(vec![1.into(), "x".into()]),
        dict: [("k", true)].into_iter().collect(),
        date: t.into(),
        count: u64::MAX.into(),
        uid: plist::Uid::new(3),
        data: plist::Data::new(vec![9]),
    };
    let bytes = plistvalue::to_vec(&d).unwrap();
    assert_eq!(plistvalue::from_slice::<Derived>(&bytes).unwrap(), d);

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Model {
        value: plist::Value,
        date: plist::Date,
        uid: plist::Uid,
    }
    let m = Model {
        value: Value::Array(vec![Value::Date(t.into()), Value::Uid(plist::Uid::new(4))]),
        date: t.into(),
        uid: plist::Uid::new(5),
    };
    let bytes = plistvalue::serde::to_vec(&m).unwrap();
    assert_eq!(plistvalue::serde::from_slice::<Model>(&bytes).unwrap(), m);
    // And the plist crate reads the same file into its own types.
    let theirs: ::plist::Value = ::plist::from_bytes(&bytes).unwrap();
    assert_eq!(
        format!("{theirs:?}"),
        format!("{:?}", plist::to_value(&m).unwrap())
    );
}
