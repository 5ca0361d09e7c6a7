//! Random trees and dates against the plist crate itself: the XML text is the
//! same bytes, each crate reads what the other writes (binary and XML) to the same
//! tree, and dates convert and parse the same way.

use std::io::Cursor;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use plistvalue::plist::{self, XmlWriteOptions};
use plistvalue::PlistValue;
use plistvalue_suite::differential::gen::{self, Profile};

/// Random trees the plist crate's `Value` holds (no null), as both crates' values.
fn trees(seed: u64, n: usize) -> Vec<(plist::Value, ::plist::Value)> {
    gen::trees(seed, n, Profile::Portable)
        .into_iter()
        .filter_map(|t: PlistValue| plist::Value::try_from(t).ok())
        .map(|ours| {
            let theirs = ::plist::Value::from(ours.clone());
            (ours, theirs)
        })
        .collect()
}

fn has_uid(v: &plist::Value) -> bool {
    match v {
        plist::Value::Uid(_) => true,
        plist::Value::Array(a) => a.iter().any(has_uid),
        plist::Value::Dictionary(d) => d.values().any(has_uid),
        _ => false,
    }
}

/// XML 1.0 has no form for most control characters: the plist crate writes them
/// raw and its reader, like ours, may refuse them back.
fn xml_safe(v: &plist::Value) -> bool {
    let ok = |s: &str| {
        !s.chars()
            .any(|c| c.is_control() && !matches!(c, '\t' | '\n'))
    };
    match v {
        plist::Value::String(s) => ok(s),
        plist::Value::Array(a) => a.iter().all(xml_safe),
        plist::Value::Dictionary(d) => d.iter().all(|(k, v)| ok(k) && xml_safe(v)),
        plist::Value::Uid(_) => false,
        _ => true,
    }
}

/// Debug text stands for the tree: `NaN` is not equal to itself, but prints the same.
fn same(ours: &plist::Value, theirs: &::plist::Value) -> bool {
    format!("{ours:?}") == format!("{theirs:?}")
}

#[test]
fn random_trees_write_the_same_xml_bytes() {
    let options = [
        XmlWriteOptions::default(),
        XmlWriteOptions::default().indent(b' ', 3),
        XmlWriteOptions::default()
            .indent(b'\t', 0)
            .root_element(false),
    ];
    let theirs_options = [
        ::plist::XmlWriteOptions::default(),
        ::plist::XmlWriteOptions::default().indent(b' ', 3),
        ::plist::XmlWriteOptions::default()
            .indent(b'\t', 0)
            .root_element(false),
    ];
    let mut compared = 0;
    for (ours, theirs) in trees(0x5eed_0026, 300) {
        if has_uid(&ours) {
            assert!(ours.to_writer_xml(&mut Vec::new()).is_err());
            assert!(theirs.to_writer_xml(&mut Vec::new()).is_err());
            continue;
        }
        for (o, t) in options.iter().zip(&theirs_options) {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            ours.to_writer_xml_with_options(&mut a, o).unwrap();
            theirs.to_writer_xml_with_options(&mut b, t).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&a),
                String::from_utf8_lossy(&b),
                "{ours:?}"
            );
            compared += 1;
        }
    }
    assert!(compared > 500, "{compared}");
}

#[test]
fn each_reads_what_the_other_writes() {
    let (mut binary, mut xml) = (0, 0);
    for (ours, theirs) in trees(0x5eed_0027, 300) {
        // Binary, both ways.
        let mut bytes = Vec::new();
        ours.to_writer_binary(&mut bytes).unwrap();
        let read = ::plist::Value::from_reader(Cursor::new(&bytes)).unwrap();
        assert!(same(&ours, &read), "{ours:?}\n{read:?}");
        let mut bytes = Vec::new();
        theirs.to_writer_binary(&mut bytes).unwrap();
        let read = plist::Value::from_reader(Cursor::new(&bytes)).unwrap();
        assert!(same(&read, &theirs), "{read:?}\n{theirs:?}");
        binary += 1;
        if !xml_safe(&ours) {
            continue;
        }
        // XML, both ways: the plist crate's text either way.
        let mut text = Vec::new();
        theirs.to_writer_xml(&mut text).unwrap();
        let read = plist::Value::from_reader_xml(&text[..]).unwrap();
        assert!(same(&read, &theirs), "{read:?}\n{theirs:?}");
        let read = plist::Value::from_reader(Cursor::new(&text)).unwrap();
        assert!(same(&read, &theirs));
        xml += 1;
    }
    assert!(binary > 250 && xml > 100, "{binary} binary, {xml} XML");
}

/// A small xorshift, for dates and texts.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Instants with nanoseconds in the years 0000 to 9999, where the plist crate
/// prints dates (outside them its `to_xml_format` panics).
fn instants(seed: u64, n: usize) -> Vec<SystemTime> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let nanos = (rng.next() % 1_000_000_000) as u32;
            // Half within a century of now, where real dates are.
            let range = if rng.next().is_multiple_of(2) {
                3_000_000_000
            } else {
                253_402_300_799
            };
            let secs = rng.next() % range;
            if rng.next().is_multiple_of(4) {
                let before = Duration::new(secs % 62_167_219_199, nanos);
                UNIX_EPOCH.checked_sub(before).unwrap()
            } else {
                UNIX_EPOCH + Duration::new(secs, nanos)
            }
        })
        .collect()
}

#[test]
fn dates_keep_their_nanoseconds_in_xml_and_round_as_the_plist_crate_in_binary() {
    for t in instants(7, 2000) {
        let ours = plist::Value::Date(plist::Date::from(t));
        let theirs = ::plist::Value::Date(::plist::Date::from(t));
        // The same text, and each reads the other's XML back to the nanosecond.
        let (mut a, mut b) = (Vec::new(), Vec::new());
        ours.to_writer_xml(&mut a).unwrap();
        theirs.to_writer_xml(&mut b).unwrap();
        assert_eq!(a, b);
        let back = plist::Value::from_reader_xml(&b[..]).unwrap();
        assert_eq!(back.as_date().map(SystemTime::from), Some(t));
        // Binary: the same double, and the same instant read back from it.
        let (mut a, mut b) = (Vec::new(), Vec::new());
        ours.to_writer_binary(&mut a).unwrap();
        theirs.to_writer_binary(&mut b).unwrap();
        let ours_back = plist::Value::from_reader(Cursor::new(&b)).unwrap();
        let theirs_back = ::plist::Value::from_reader(Cursor::new(&a)).unwrap();
        assert_eq!(
            ours_back.as_date().map(SystemTime::from),
            theirs_back.as_date().map(SystemTime::from),
            "{t:?}"
        );
    }
}

/// Date texts near the valid ones: the plist crate's `time` parser and ours
/// accept the same and read them to the same instant. Inputs the plist crate
/// panics on (a year past 9999 after the offset) are counted, not compared.
#[test]
fn date_text_parses_as_the_plist_crate_parses_it() {
    let mut rng = Rng(0x000d_a7e5);
    let alphabet = b"0123456789-:.TtZz+ x";
    let (mut accepted, mut refused, mut panics) = (0, 0, 0);
    for t in instants(11, 3000) {
        let mut text = ::plist::Date::from(t).to_xml_format().into_bytes();
        // One to three random edits: replace, insert or delete a byte.
        for _ in 0..=rng.next() % 3 {
            let at = (rng.next() as usize) % (text.len() + 1);
            let c = alphabet[(rng.next() as usize) % alphabet.len()];
            match rng.next() % 4 {
                0 if at < text.len() => text[at] = c,
                1 => text.insert(at, c),
                2 if at < text.len() => {
                    text.remove(at);
                }
                _ => {}
            }
        }
        let text = String::from_utf8(text).unwrap();
        let theirs = catch_unwind(AssertUnwindSafe(|| {
            ::plist::Date::from_xml_format(&text)
                .ok()
                .map(SystemTime::from)
        }));
        let Ok(theirs) = theirs else {
            panics += 1;
            continue;
        };
        let ours = plist::Date::from_xml_format(&text)
            .ok()
            .map(SystemTime::from);
        assert_eq!(ours, theirs, "{text}");
        if ours.is_some() {
            accepted += 1;
        } else {
            refused += 1;
        }
    }
    println!("{accepted} accepted, {refused} refused, {panics} where the plist crate panics");
    assert!(accepted > 500 && refused > 500, "{accepted} {refused}");
}

mod serde_rules {
    use std::collections::BTreeMap;
    use std::fmt::Debug;

    use serde::de::DeserializeOwned;
    use serde::{Deserialize, Serialize};

    use plistvalue::plist;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Unit;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Wrapper(Option<u8>);

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Fields {
        a: Option<u8>,
        b: Wrapper,
        c: Vec<Option<String>>,
        d: Option<Vec<u8>>,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum E {
        A,
        B(Option<u8>),
        C { x: Option<u8> },
        D(u8, Option<u8>),
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Untagged {
        N(i64),
        S(String),
        L(Vec<Untagged>),
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Tagged {
        One { v: u8 },
        Two,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Flat {
        name: String,
        #[serde(flatten)]
        rest: BTreeMap<String, Option<u8>>,
    }

    /// Both crates' `to_value`, then each crate's `from_value` of it: the same tree
    /// (or both refuse), and the same value back (or both refuse).
    fn check<T: Serialize + DeserializeOwned + Debug + PartialEq>(v: &T) -> String {
        let ours = plist::to_value(v).map(|x| format!("{x:?}"));
        let theirs = ::plist::to_value(v).map(|x| format!("{x:?}"));
        assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "to_value of {v:?}: {ours:?} {theirs:?}"
        );
        let (Ok(ours_text), Ok(theirs_text)) = (&ours, &theirs) else {
            return "refused".to_owned();
        };
        assert_eq!(ours_text, theirs_text, "to_value of {v:?}");
        // Streamed into XML and binary files: the same XML bytes, and each crate
        // reads the other's binary file as the tree.
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let ours_xml = plist::to_writer_xml(&mut a, v);
        let theirs_xml = ::plist::to_writer_xml(&mut b, v);
        assert_eq!(ours_xml.is_ok(), theirs_xml.is_ok(), "{v:?}");
        assert_eq!(
            String::from_utf8_lossy(&a),
            String::from_utf8_lossy(&b),
            "{v:?}"
        );
        let mut bin = Vec::new();
        plist::to_writer_binary(&mut bin, v).unwrap();
        let theirs_read = ::plist::Value::from_reader(std::io::Cursor::new(&bin)).unwrap();
        assert_eq!(&format!("{theirs_read:?}"), theirs_text);
        let ours_back = plist::from_value::<T>(&plist::to_value(v).unwrap());
        let theirs_back = ::plist::from_value::<T>(&::plist::to_value(v).unwrap());
        assert_eq!(
            ours_back.as_ref().ok(),
            theirs_back.as_ref().ok(),
            "from_value of {ours_text}: {ours_back:?} / {theirs_back:?}"
        );
        ours_text.clone()
    }

    /// A tree read into `T` by both crates, from the tree and from its binary and
    /// XML files: both read the same value or both refuse.
    fn read<T: DeserializeOwned + Debug + PartialEq>(tree: &::plist::Value) -> bool {
        let ours = plist::from_value::<T>(&plist::Value::from(tree.clone()));
        let theirs = ::plist::from_value::<T>(tree);
        assert_eq!(ours.as_ref().ok(), theirs.as_ref().ok(), "{tree:?}");
        let mut bin = Vec::new();
        tree.to_writer_binary(&mut bin).unwrap();
        let ours_bin = plist::from_bytes::<T>(&bin);
        let theirs_bin = ::plist::from_bytes::<T>(&bin);
        assert_eq!(
            ours_bin.as_ref().ok(),
            theirs_bin.as_ref().ok(),
            "binary {tree:?}"
        );
        let mut xml = Vec::new();
        if tree.to_writer_xml(&mut xml).is_ok() {
            let ours_xml = plist::from_reader_xml::<_, T>(&xml[..]);
            let theirs_xml = ::plist::from_reader_xml::<_, T>(&xml[..]);
            assert_eq!(
                ours_xml.as_ref().ok(),
                theirs_xml.as_ref().ok(),
                "XML {tree:?}"
            );
        }
        theirs.is_ok()
    }

    #[test]
    fn models_write_and_read_as_the_plist_crate_has_them() {
        check(&Some(3u8));
        check(&Some(Some(3u8)));
        check(&vec![Some(1u8), None]);
        check(&vec![Some(Some(1u8)), Some(None), None]);
        check(&None::<u8>);
        check(&());
        check(&Unit);
        check(&Wrapper(None));
        check(&Wrapper(Some(1)));
        check(&Fields {
            a: None,
            b: Wrapper(None),
            c: vec![None, Some("x".into())],
            d: Some(vec![]),
        });
        check(&Fields {
            a: Some(1),
            b: Wrapper(Some(2)),
            c: vec![],
            d: None,
        });
        for e in [
            E::A,
            E::B(None),
            E::B(Some(1)),
            E::C { x: None },
            E::C { x: Some(2) },
            E::D(1, None),
        ] {
            check(&e);
            check(&vec![e]);
        }
        check(&Untagged::L(vec![Untagged::N(-1), Untagged::S("s".into())]));
        check(&vec![Tagged::One { v: 1 }, Tagged::Two]);
        check(&Flat {
            name: "n".into(),
            rest: [("k".to_owned(), None), ("m".to_owned(), Some(1))].into(),
        });
        check(&BTreeMap::from([
            ("a".to_owned(), Some(1u8)),
            ("b".to_owned(), None),
        ]));
        check(&BTreeMap::from([(1u8, 2u8)]));
        check(&('c', 1.5f32, -2i8, u64::MAX, (1u8,), [1u8, 2]));
        check(&serde_bytes::ByteBuf::from(vec![1, 2]));
        check(&String::new());
    }

    #[test]
    fn trees_read_into_models_as_the_plist_crate_reads_them() {
        use ::plist::Value as V;
        let dict = |entries: &[(&str, V)]| {
            V::Dictionary(
                entries
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), v.clone()))
                    .collect(),
            )
        };
        let s = |x: &str| V::String(x.to_owned());
        // Options outside struct fields must be wrapped, with exactly one entry.
        assert!(read::<Vec<Option<u8>>>(&V::Array(vec![
            dict(&[("Some", 1.into())]),
            dict(&[("None", s(""))])
        ])));
        assert!(!read::<Vec<Option<u8>>>(&V::Array(vec![1.into()])));
        assert!(!read::<Vec<Option<u8>>>(&V::Array(vec![dict(&[
            ("Some", 1.into()),
            ("x", 1.into())
        ])])));
        assert!(!read::<Vec<Option<u8>>>(&V::Array(vec![dict(&[(
            "None",
            1.into()
        )])])));
        // Unit is any string; a unit struct is not (the plist crate forwards it).
        assert!(read::<()>(&s("x")));
        assert!(!read::<Unit>(&s("")));
        // Enums: a name, or one entry.
        assert!(read::<E>(&s("A")));
        // A variant's `Option` is bare at the top and wrapped inside a sequence.
        assert!(read::<E>(&dict(&[("B", 3.into())])));
        assert!(!read::<E>(&dict(&[("B", dict(&[("Some", 3.into())]))])));
        assert!(read::<Vec<E>>(&V::Array(vec![dict(&[(
            "B",
            dict(&[("Some", 3.into())])
        )])])));
        assert!(!read::<E>(&dict(&[("A", s("")), ("B", 1.into())])));
        assert!(!read::<E>(&dict(&[])));
        // Sequences are read to their end; integers and reals do not mix.
        assert!(!read::<(u8,)>(&V::Array(vec![1.into(), 2.into()])));
        assert!(read::<f64>(&1.into()));
        assert!(!read::<u8>(&1.0.into()));
        assert!(!read::<u8>(&300.into()));
        // Dates read as text, UIDs as numbers, data as bytes.
        let date = V::Date(::plist::Date::from_xml_format("2024-01-01T00:00:00Z").unwrap());
        assert!(read::<String>(&date));
        assert!(read::<u64>(&V::Uid(::plist::Uid::new(3))));
        assert!(read::<serde_bytes::ByteBuf>(&V::Data(vec![1])));
        assert!(read::<plist::Value>(&date));
        // Struct fields: unknown keys ignored, missing options None, defaults.
        assert!(read::<Fields>(&dict(&[
            ("b", 1.into()),
            ("c", V::Array(vec![])),
            ("z", 1.into())
        ])));
        assert!(!read::<Fields>(&dict(&[("a", 1.into())])));
    }
}
