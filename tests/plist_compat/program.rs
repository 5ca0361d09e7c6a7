//! A program written for the `plist` crate 1.x, in its style, that uses every item
//! a program commonly uses. `main.rs` builds it twice: `super::plist` is the plist
//! crate itself in one build and `plistvalue::plist` in the other, as the line
//! `use plistvalue::plist;` makes it in a switched program. Both builds must print
//! the same transcript, and each must read the other's files as its own.
//!
//! What it prints stands for what a program does with the values: Debug output,
//! accessor results, error flags. Error messages are left out: they may differ.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{BufReader, Cursor, Read, Seek, SeekFrom};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::plist;
use plist::{Date, Dictionary, Integer, Uid, Value, XmlWriteOptions};

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(rename_all = "PascalCase")]
pub struct Project {
    name: String,
    version: u32,
    ratio: f64,
    single: f32,
    enabled: bool,
    tags: Vec<String>,
    maybe: Option<String>,
    absent: Option<u8>,
    sparse: Vec<Option<i64>>,
    // The plist crate writes `Some(None)` as a field holding `{None: ""}`.
    #[allow(clippy::option_option)]
    nested: Option<Option<u16>>,
    kind: Kind,
    kinds: Vec<Kind>,
    created: Date,
    extra: Value,
    settings: Dictionary,
    counts: BTreeMap<String, i64>,
    optional_counts: BTreeMap<String, Option<i64>>,
    #[serde(with = "serde_bytes")]
    blob: Vec<u8>,
    data: plist::Data,
    unit: (),
    big: u64,
    negative: i64,
    pair: (i32, String),
    #[serde(default)]
    defaulted: u8,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub enum Kind {
    Unit,
    Newtype(i32),
    Tuple(u8, u8),
    Struct { a: Option<String>, b: bool },
}

/// An `NSKeyedArchiver`-style tree, with UIDs (binary only: XML has no UID).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct Archive {
    #[serde(rename = "$top")]
    top: BTreeMap<String, Uid>,
    #[serde(rename = "$objects")]
    objects: Vec<Value>,
}

/// A date with nanoseconds, which XML keeps and a binary plist's double rounds.
/// The top of an Xcode project, as a tool that reads `project.pbxproj` models it.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct XcodeProject {
    archive_version: u32,
    object_version: u32,
    classes: BTreeMap<String, Value>,
    objects: BTreeMap<String, XcodeObject>,
    root_object: String,
}

#[derive(Deserialize, Debug, PartialEq)]
pub struct XcodeObject {
    isa: String,
    #[serde(rename = "buildSettings")]
    build_settings: Option<BTreeMap<String, Value>>,
    name: Option<String>,
}

/// An Xcode project as Xcode writes it (an ASCII plist), with the words the
/// plist crate reads as integers and the ones it keeps as text.
const PBXPROJ: &str = r#"// !$*UTF8*$!
{
	archiveVersion = 1;
	classes = {
	};
	objectVersion = 77;
	objects = {

/* Begin PBXProject section */
		13B07F961A680F5B00A75B9A /* Project object */ = {
			isa = PBXProject;
			attributes = {
				LastUpgradeCheck = 1500;
			};
			name = "Caf\U00e9 \"77\"";
		};
/* End PBXProject section */

/* Begin XCBuildConfiguration section */
		83CBBA201A601CBA00E9B192 /* Debug */ = {
			isa = XCBuildConfiguration;
			buildSettings = {
				CURRENT_PROJECT_VERSION = 1;
				MARKETING_VERSION = 1.0;
				ONLY_ACTIVE_ARCH = YES;
				SWIFT_VERSION = "5";
				OFFSET = -12;
				MASK = 0x1F;
				ICON = <0fbd7777>;
				"HEADER_SEARCH_PATHS[arch=*]" = (
					"$(inherited)",
					/usr/include,
				);
			};
			name = Debug;
		};
/* End XCBuildConfiguration section */
	};
	rootObject = 13B07F961A680F5B00A75B9A /* Project object */;
}
"#;

fn created() -> Date {
    Date::from(UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789))
}

fn project() -> Project {
    let mut settings = Dictionary::new();
    settings.insert("zeta".to_owned(), Value::from(1));
    settings.insert("alpha".to_owned(), Value::from("first"));
    settings.insert(
        "mid".to_owned(),
        Value::Array(vec![true.into(), 2.5.into()]),
    );
    Project {
        name: "Tools & <Things>".to_owned(),
        version: 3,
        ratio: 0.1,
        single: 0.1,
        enabled: true,
        tags: vec!["b".to_owned(), "a".to_owned()],
        maybe: Some("here".to_owned()),
        absent: None,
        sparse: vec![Some(1), None, Some(-3)],
        nested: Some(None),
        kind: Kind::Struct { a: None, b: true },
        kinds: vec![Kind::Unit, Kind::Newtype(-7), Kind::Tuple(1, 2)],
        created: created(),
        extra: Value::Array(vec![Value::Date(created()), Value::Data(vec![0, 255])]),
        settings,
        counts: [("x".to_owned(), 1), ("y".to_owned(), -1)]
            .into_iter()
            .collect(),
        optional_counts: [("p".to_owned(), Some(5)), ("q".to_owned(), None)]
            .into_iter()
            .collect(),
        blob: (0..=120).collect(),
        data: plist::Data::new(vec![1, 2, 3]),
        unit: (),
        big: u64::MAX,
        negative: i64::MIN,
        pair: (-1, "one".to_owned()),
        defaulted: 0,
    }
}

fn archive() -> Archive {
    Archive {
        top: [("root".to_owned(), Uid::new(1))].into_iter().collect(),
        objects: vec![
            Value::String("$null".to_owned()),
            Value::Uid(Uid::new(2)),
            Value::Integer(Integer::from(-5)),
        ],
    }
}

/// A value with every variant but `Uid`, in a deliberate key order.
fn value() -> Value {
    let mut dict = Dictionary::new();
    dict.insert("zebra".to_owned(), Value::Boolean(false));
    dict.insert(
        "apple".to_owned(),
        Value::String("a < b & c > 'd' \"e\"".to_owned()),
    );
    dict.insert(
        "reals".to_owned(),
        Value::Array(vec![
            1.0.into(),
            0.1.into(),
            (-0.0).into(),
            1e300.into(),
            2.5e-7.into(),
            f64::INFINITY.into(),
            f32::MAX.into(),
        ]),
    );
    dict.insert(
        "ints".to_owned(),
        Value::Array(vec![
            0.into(),
            (-1).into(),
            u64::MAX.into(),
            i64::MIN.into(),
            255u8.into(),
            (-129i16).into(),
        ]),
    );
    dict.insert("data".to_owned(), Value::Data((0..200u8).collect()));
    dict.insert("empty data".to_owned(), Value::Data(Vec::new()));
    dict.insert("date".to_owned(), Value::Date(created()));
    dict.insert(
        "whole date".to_owned(),
        Value::Date(Date::from(UNIX_EPOCH + Duration::from_secs(86_400))),
    );
    dict.insert("empty".to_owned(), Value::Array(Vec::new()));
    dict.insert(
        "empty dict".to_owned(),
        Value::Dictionary(Dictionary::new()),
    );
    dict.insert("empty string".to_owned(), Value::String(String::new()));
    dict.insert(
        "unicode ✓".to_owned(),
        Value::String("日本語 ✓ \u{1F600}".to_owned()),
    );
    let nested: Dictionary = [("inner", Value::Array(vec![Value::Boolean(true)]))]
        .into_iter()
        .collect();
    dict.insert("nested".to_owned(), Value::Dictionary(nested));
    Value::Dictionary(dict)
}

/// `plist!` and `plist_dict!` (plist 1.10), called by path.
fn from_macros() -> (Value, Dictionary) {
    let n = 3;
    let v = plist::plist!({
        "n": n,
        "ok": true,
        "list": [1, "two", [false], { "k": 2.5 },],
        ("computed".to_owned() + "key"): n * 2,
    });
    let d = plist::plist_dict! { "a": 1, "b": [] };
    (v, d)
}

/// Writes every file into `dir` and returns what the program printed on the way.
pub fn write(dir: &Path) -> String {
    let mut t = String::new();
    let v = value();

    // Value's I/O methods.
    v.to_file_binary(dir.join("value.bplist")).unwrap();
    v.to_file_xml(dir.join("value.xml")).unwrap();
    let mut bytes = Vec::new();
    v.to_writer_binary(&mut bytes).unwrap();
    fs::write(dir.join("value_writer.bplist"), &bytes).unwrap();
    let mut bytes = Vec::new();
    v.to_writer_xml(&mut bytes).unwrap();
    fs::write(dir.join("value_writer.xml"), &bytes).unwrap();
    let options = XmlWriteOptions::default().indent(b' ', 2);
    let mut bytes = Vec::new();
    v.to_writer_xml_with_options(&mut bytes, &options).unwrap();
    fs::write(dir.join("value_spaces.xml"), &bytes).unwrap();
    let fragment = XmlWriteOptions::default()
        .root_element(false)
        .indent(b'\t', 0);
    let mut bytes = Vec::new();
    v.to_writer_xml_with_options(&mut bytes, &fragment).unwrap();
    fs::write(dir.join("value_fragment.xml"), &bytes).unwrap();
    #[allow(deprecated)]
    let legacy = XmlWriteOptions::default().indent_string("    ");
    let mut bytes = Vec::new();
    v.to_writer_xml_with_options(&mut bytes, &legacy).unwrap();
    fs::write(dir.join("value_legacy_indent.xml"), &bytes).unwrap();

    // The serde functions.
    let p = project();
    plist::to_file_binary(dir.join("project.bplist"), &p).unwrap();
    plist::to_file_xml(dir.join("project.xml"), &p).unwrap();
    let mut bytes = Vec::new();
    plist::to_writer_binary(&mut bytes, &p).unwrap();
    fs::write(dir.join("project_writer.bplist"), &bytes).unwrap();
    let mut bytes = Vec::new();
    plist::to_writer_xml(&mut bytes, &p).unwrap();
    fs::write(dir.join("project_writer.xml"), &bytes).unwrap();
    let mut bytes = Vec::new();
    plist::to_writer_xml_with_options(&mut bytes, &p, &options).unwrap();
    fs::write(dir.join("project_spaces.xml"), &bytes).unwrap();
    plist::to_file_binary(dir.join("archive.bplist"), &archive()).unwrap();
    // An ASCII plist: the plist crate reads it, and writes none.
    fs::write(dir.join("xcode.pbxproj"), PBXPROJ).unwrap();
    let as_value = plist::to_value(&p).unwrap();
    writeln!(t, "to_value: {as_value:?}").unwrap();
    as_value.to_file_xml(dir.join("project_value.xml")).unwrap();
    let (m, d) = from_macros();
    writeln!(t, "plist!: {m:?}\nplist_dict!: {d:?}").unwrap();
    m.to_file_binary(dir.join("macro.bplist")).unwrap();

    // What the two refuse.
    let mut sink = Vec::new();
    writeln!(
        t,
        "uid to xml refused: {}",
        Value::Uid(Uid::new(1)).to_writer_xml(&mut sink).is_err()
    )
    .unwrap();
    writeln!(
        t,
        "model with uid to xml refused: {}",
        plist::to_writer_xml(&mut Vec::new(), &archive()).is_err()
    )
    .unwrap();

    in_memory(&mut t);
    t
}

/// Accessors, dictionary operations, conversions and errors, without files.
fn in_memory(t: &mut String) {
    let v = value();
    let d = v.as_dictionary().unwrap();
    writeln!(
        t,
        "as_boolean: {:?} {:?}",
        d["zebra"].as_boolean(),
        d["apple"].as_boolean()
    )
    .unwrap();
    writeln!(t, "as_string: {:?}", d["apple"].as_string()).unwrap();
    writeln!(t, "as_data: {:?}", d["empty data"].as_data()).unwrap();
    writeln!(t, "as_date: {:?}", d["date"].as_date()).unwrap();
    let ints = d["ints"].as_array().unwrap();
    writeln!(t, "as_real of an integer: {:?}", ints[0].as_real()).unwrap();
    writeln!(
        t,
        "as_real: {:?}",
        d["reals"].as_array().unwrap()[1].as_real()
    )
    .unwrap();
    for i in ints {
        writeln!(
            t,
            "integer {:?}: signed {:?} unsigned {:?}",
            i,
            i.as_signed_integer(),
            i.as_unsigned_integer()
        )
        .unwrap();
    }
    writeln!(
        t,
        "as_uid: {:?} {:?}",
        Value::Uid(Uid::new(9)).as_uid(),
        v.as_uid()
    )
    .unwrap();
    writeln!(
        t,
        "into_uid: {:?}",
        Value::Uid(Uid::new(9)).into_uid().map(Uid::get)
    )
    .unwrap();
    writeln!(t, "into_string: {:?}", Value::from("s").into_string()).unwrap();
    writeln!(t, "into_data: {:?}", Value::Data(vec![7]).into_data()).unwrap();
    writeln!(
        t,
        "into_array: {:?}",
        Value::from(vec![Value::from(1)]).into_array()
    )
    .unwrap();
    writeln!(
        t,
        "into_dictionary: {:?}",
        Value::from(Dictionary::new()).into_dictionary()
    )
    .unwrap();
    writeln!(t, "not a dictionary: {:?}", Value::from(1).as_dictionary()).unwrap();

    // Taken apart by value, and rebuilt.
    let mut owned = v.clone();
    if let Some(arr) = owned.as_dictionary_mut().unwrap().get_mut("empty") {
        arr.as_array_mut().unwrap().push(Value::from(1u32));
    }
    match owned {
        Value::Dictionary(mut dict) => {
            let removed = dict.remove("zebra");
            writeln!(
                t,
                "removed: {removed:?}; keys now: {:?}",
                dict.keys().collect::<Vec<_>>()
            )
            .unwrap();
            match dict.remove("ints") {
                Some(Value::Array(items)) => {
                    let total: i128 = items
                        .into_iter()
                        .filter_map(|i| match i {
                            Value::Integer(n) => n.as_signed().map(i128::from),
                            _ => None,
                        })
                        .sum();
                    writeln!(t, "sum of signed ints: {total}").unwrap();
                }
                other => writeln!(t, "no ints: {other:?}").unwrap(),
            }
            dict.retain(|k, _| !k.starts_with("empty"));
            writeln!(t, "after retain: {:?}", dict.keys().collect::<Vec<_>>()).unwrap();
            dict.sort_keys();
            writeln!(t, "sorted: {:?}", dict.keys().collect::<Vec<_>>()).unwrap();
            writeln!(
                t,
                "contains apple: {} len {} empty {}",
                dict.contains_key("apple"),
                dict.len(),
                dict.is_empty()
            )
            .unwrap();
            dict.iter_mut().for_each(|(_, value)| {
                if let Value::String(s) = value {
                    s.push('!');
                }
            });
            for value in dict.values_mut() {
                if let Some(b) = value.as_boolean() {
                    *value = Value::Boolean(!b);
                }
            }
            dict["apple"] = Value::from("replaced");
            writeln!(t, "values: {:?}", dict.values().collect::<Vec<_>>()).unwrap();
            let pairs: Vec<String> = (&dict)
                .into_iter()
                .map(|(k, v)| format!("{k}={v:?}"))
                .collect();
            writeln!(t, "pairs: {pairs:?}").unwrap();
            for (_, value) in &mut dict {
                if let Value::Real(r) = value {
                    *r *= 2.0;
                }
            }
            let mut more = Dictionary::new();
            more.extend(vec![
                ("k1".to_owned(), Value::from(1)),
                ("apple".to_owned(), Value::from(2)),
            ]);
            writeln!(t, "extended: {more:?}").unwrap();
            let owned_pairs: Vec<(String, Value)> = dict.into_iter().collect();
            writeln!(t, "owned pairs: {}", owned_pairs.len()).unwrap();
            more.clear();
            writeln!(t, "cleared: {more:?}").unwrap();
        }
        _ => unreachable!(),
    }
    let collected: Dictionary = vec![("b", 1), ("a", 2), ("c", 3), ("d", 4)]
        .into_iter()
        .collect();
    let mut reordered = collected.clone();
    reordered.remove("b");
    writeln!(t, "collected {collected:?}; after remove(b) {reordered:?}").unwrap();

    // From impls.
    let froms: Vec<Value> = vec![
        true.into(),
        (&false).into(),
        1.5f64.into(),
        (&2.5f64).into(),
        1.25f32.into(),
        (&0.5f32).into(),
        (-8i8).into(),
        (&-16i16).into(),
        (-32i32).into(),
        (&-64i64).into(),
        8u8.into(),
        (&16u16).into(),
        32u32.into(),
        (&64u64).into(),
        "str".into(),
        String::from("string").into(),
        created().into(),
        (&created()).into(),
        vec![Value::from(1)].into(),
        Dictionary::new().into(),
    ];
    writeln!(t, "froms: {froms:?}").unwrap();

    // Integer, Uid, Date, Data.
    let big = Integer::from(u64::MAX);
    writeln!(
        t,
        "integer {big} {big:?} {:?} {:?} {}",
        big.as_signed(),
        big.as_unsigned(),
        Integer::from(-3i8)
    )
    .unwrap();
    let uid = Uid::new(42);
    writeln!(t, "uid {uid:?} {}", uid.get()).unwrap();
    let date = created();
    let back: SystemTime = date.into();
    writeln!(
        t,
        "date {date:?} {} round trip {}",
        date.to_xml_format(),
        back == UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789)
    )
    .unwrap();
    for text in [
        "2024-02-29T12:00:00Z",
        "2024-02-29T12:00:00.5+01:00",
        "2024-02-30T00:00:00Z",
        "yesterday",
    ] {
        writeln!(
            t,
            "from_xml_format({text}) = {:?}",
            Date::from_xml_format(text).ok()
        )
        .unwrap();
    }
    let data = plist::Data::new(vec![1, 2, 3]);
    writeln!(
        t,
        "data {data:?} {} {:?}",
        data.to_xml_format(),
        plist::Data::from_xml_format("AQID")
            .map(Vec::<u8>::from)
            .ok()
    )
    .unwrap();

    // Errors: an I/O failure is told from a bad file.
    let missing = Value::from_file("/nonexistent/dir/file.plist").unwrap_err();
    writeln!(
        t,
        "missing file: io {} kind {:?}",
        missing.is_io(),
        missing.as_io().map(std::io::Error::kind)
    )
    .unwrap();
    writeln!(t, "into_io: {:?}", missing.into_io().map(|e| e.kind())).unwrap();
    let bad = Value::from_reader(Cursor::new(b"<plist><dict><key>a</ke".to_vec())).unwrap_err();
    writeln!(t, "cut-off tag: io {} eof {}", bad.is_io(), bad.is_eof()).unwrap();
    writeln!(
        t,
        "into_io of a bad file is the error: {}",
        bad.into_io().is_err()
    )
    .unwrap();
    let wrong = Value::from_reader_xml(&b"<plist><integer>x</integer></plist>"[..]).unwrap_err();
    writeln!(
        t,
        "bad integer: io {} eof {}",
        wrong.is_io(),
        wrong.is_eof()
    )
    .unwrap();
    let dir_err = Value::from_file(std::env::temp_dir()).unwrap_err();
    writeln!(t, "a directory: io {}", dir_err.is_io()).unwrap();

    // from_value with the plist crate's rules.
    let pair: (u8, String) = plist::from_value(&Value::Array(vec![1.into(), "x".into()])).unwrap();
    writeln!(t, "from_value pair: {pair:?}").unwrap();
    let too_long = plist::from_value::<(u8,)>(&Value::Array(vec![1.into(), 2.into()]));
    writeln!(t, "from_value too long: {}", too_long.is_err()).unwrap();
    let opts: Vec<Option<u8>> =
        plist::from_value(&plist::to_value(&vec![Some(1u8), None]).unwrap()).unwrap();
    writeln!(t, "options round trip: {opts:?}").unwrap();
    let bare = plist::from_value::<Vec<Option<u8>>>(&Value::Array(vec![1.into()]));
    writeln!(t, "bare option in a sequence refused: {}", bare.is_err()).unwrap();
    let unit: () = plist::from_value(&Value::from("anything")).unwrap();
    writeln!(t, "unit from a string: {unit:?}").unwrap();
    let date_text: String = plist::from_value(&Value::Date(created())).unwrap();
    writeln!(t, "date as a string: {date_text}").unwrap();
    let uid_number: u64 = plist::from_value(&Value::Uid(Uid::new(5))).unwrap();
    writeln!(t, "uid as a number: {uid_number}").unwrap();
    let inside: Value = plist::from_value(&value()).unwrap();
    writeln!(t, "value through from_value: {}", inside == value()).unwrap();
}

/// The file at `path`, read from offset 5 on: `from_reader` rewinds.
fn file_at_5(path: &Path) -> BufReader<File> {
    let mut f = File::open(path).unwrap();
    f.seek(SeekFrom::Start(5)).unwrap();
    BufReader::new(f)
}

/// Reads every file in `dir` (written by either build) and prints what it finds.
pub fn read(dir: &Path) -> String {
    let mut t = String::new();
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    for name in &names {
        let path = dir.join(name);
        let bytes = fs::read(&path).unwrap();
        let from_file = Value::from_file(&path);
        let from_reader = Value::from_reader(Cursor::new(&bytes));
        let rewound = Value::from_reader(file_at_5(&path));
        let xml_only = Value::from_reader_xml(&bytes[..]);
        writeln!(t, "{name}: {:?}", from_file.as_ref().ok()).unwrap();
        writeln!(
            t,
            "{name}: from_reader agrees {}, rewinds {}",
            from_reader.ok() == from_file.as_ref().ok().cloned(),
            rewound.ok() == from_file.as_ref().ok().cloned()
        )
        .unwrap();
        writeln!(
            t,
            "{name}: from_reader_xml {:?}",
            xml_only
                .as_ref()
                .ok()
                .map(|x| Some(x) == from_file.as_ref().ok())
        )
        .unwrap();
        if name.starts_with("project") {
            let via_file: Result<Project, _> = plist::from_file(&path);
            let via_bytes: Result<Project, _> = plist::from_bytes(&bytes);
            let via_reader: Result<Project, _> = plist::from_reader(Cursor::new(&bytes));
            let via_xml: Result<Project, _> =
                plist::from_reader_xml(BufReader::new(File::open(&path).unwrap()));
            let via_value: Result<Project, _> = plist::from_value(from_file.as_ref().unwrap());
            let p = via_file.unwrap();
            writeln!(t, "{name}: model {p:?}").unwrap();
            writeln!(
                t,
                "{name}: same model {} {} {} {:?}",
                via_bytes.ok().as_ref() == Some(&p),
                via_reader.ok().as_ref() == Some(&p),
                via_value.ok().as_ref() == Some(&p),
                via_xml.ok().map(|x| x == p)
            )
            .unwrap();
            writeln!(
                t,
                "{name}: equals the original except the binary date's rounding: {}",
                same_but_date(&p, &project())
            )
            .unwrap();
        }
        if name.starts_with("archive") {
            let a: Archive = plist::from_file(&path).unwrap();
            writeln!(t, "{name}: archive {a:?} equal {}", a == archive()).unwrap();
        }
    }
    // Files another program wrote, as text.
    for (what, text) in [
        ("cf$uid", "<plist version=\"1.0\"><dict><key>CF$UID</key><integer>3</integer></dict></plist>"),
        ("fraction", "<plist><array><date>2024-01-02T03:04:05.678901234Z</date><date>2024-01-02T03:04:05.5+02:00</date></array></plist>"),
        ("duplicate keys", "<plist><dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>2</integer></dict></plist>"),
        ("cf dates", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<date>2001-01-01T00:00:00Z</date>\n</plist>\n"),
        ("bare fragment", "<array><string>x</string></array>"),
    ] {
        let v = Value::from_reader_xml(text.as_bytes());
        writeln!(t, "{what}: {:?}", v.ok()).unwrap();
    }
    ascii(&mut t, &dir.join("xcode.pbxproj"));
    let mut rest = String::new();
    File::open(dir.join("value.xml"))
        .unwrap()
        .read_to_string(&mut rest)
        .unwrap();
    writeln!(t, "value.xml ends with: {:?}", &rest[rest.len() - 20..]).unwrap();
    t
}

/// ASCII plists through every function that reads them, and the typed reads the
/// plist crate refuses: its ASCII values are strings and unquoted integers only.
fn ascii(t: &mut String, pbxproj: &Path) {
    let bytes = fs::read(pbxproj).unwrap();
    let v = Value::from_file(pbxproj).unwrap();
    let objects = v
        .as_dictionary()
        .and_then(|d| d.get("objects"))
        .and_then(Value::as_dictionary)
        .unwrap();
    writeln!(t, "pbxproj: {v:?}").unwrap();
    writeln!(
        t,
        "pbxproj: objectVersion {:?}, as a string {:?}, objects {}",
        v.as_dictionary().unwrap()["objectVersion"].as_unsigned_integer(),
        v.as_dictionary().unwrap()["objectVersion"].as_string(),
        objects.len()
    )
    .unwrap();
    writeln!(
        t,
        "pbxproj: same through from_reader {}, from_reader_ascii {}, from_bytes {}",
        Value::from_reader(Cursor::new(&bytes)).ok().as_ref() == Some(&v),
        Value::from_reader_ascii(&bytes[..]).ok().as_ref() == Some(&v),
        plist::from_bytes::<Value>(&bytes).ok().as_ref() == Some(&v),
    )
    .unwrap();
    writeln!(
        t,
        "pbxproj: from_reader_xml refuses it {}",
        Value::from_reader_xml(&bytes[..]).is_err()
    )
    .unwrap();
    let model: XcodeProject = plist::from_file(pbxproj).unwrap();
    writeln!(t, "pbxproj model: {model:?}").unwrap();
    writeln!(
        t,
        "pbxproj model: same through from_reader_ascii {}, from_reader {}, from_value {}",
        plist::from_reader_ascii::<_, XcodeProject>(&bytes[..])
            .ok()
            .as_ref()
            == Some(&model),
        plist::from_reader::<_, XcodeProject>(Cursor::new(&bytes))
            .ok()
            .as_ref()
            == Some(&model),
        plist::from_value::<XcodeProject>(&v).ok().as_ref() == Some(&model),
    )
    .unwrap();

    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Version<T> {
        v: T,
    }
    for text in [
        "{ v = 77; }",
        "{ v = \"77\"; }",
        "{ v = YES; }",
        "{ v = 1.5; }",
        "{ v = -3; }",
        "{ v = 0x10; }",
        "{ v = 18446744073709551616; }",
    ] {
        let r = |r: Result<String, plist::Error>| r.unwrap_or_else(|_| "refused".into());
        writeln!(
            t,
            "{text}: u32 {}, i8 {}, bool {}, f64 {}, String {}",
            r(plist::from_bytes::<Version<u32>>(text.as_bytes()).map(|x| format!("{x:?}"))),
            r(plist::from_bytes::<Version<i8>>(text.as_bytes()).map(|x| format!("{x:?}"))),
            r(plist::from_bytes::<Version<bool>>(text.as_bytes()).map(|x| format!("{x:?}"))),
            r(plist::from_bytes::<Version<f64>>(text.as_bytes()).map(|x| format!("{x:?}"))),
            r(plist::from_bytes::<Version<String>>(text.as_bytes()).map(|x| format!("{x:?}"))),
        )
        .unwrap();
    }
    for (what, text) in [
        ("array", "(a, \"b c\", 42, /* comment */ 'single')"),
        (
            "nested",
            "{ a = { b = (1, (2, 3)); }; // comment\n c = \"\\n\\t\\\\\"; }",
        ),
        (
            "strings file in braces",
            "{ \"Hello\" = \"Bonjour\"; count = 3; }",
        ),
        ("escapes", "{ s = \"\\101\\351\\U00e9\\UD83D\\UDCA9\"; }"),
        ("utf-8", "{ name = \"Żaklina 王芳\"; }"),
        // Not shorter than 8 bytes: the plist crate's `from_reader` refuses such
        // input before it looks at it.
        ("a lone word", "lone_word"),
        ("a lone quoted string", "\"a quoted word\""),
        ("a lone number", "-1234567"),
    ] {
        let v = Value::from_reader_ascii(text.as_bytes());
        let any = Value::from_reader(Cursor::new(text.as_bytes()));
        writeln!(
            t,
            "ascii {what}: {:?} (from_reader agrees {})",
            v.as_ref().ok(),
            any.ok() == v.as_ref().ok().cloned()
        )
        .unwrap();
    }
    let bad = Value::from_reader_ascii(&b"{ a = \"unclosed; }"[..]);
    writeln!(t, "ascii unclosed string refused: {}", bad.is_err()).unwrap();
}

/// `a` equals `b`, but for the dates a binary plist rounds to its double.
fn same_but_date(a: &Project, b: &Project) -> bool {
    let mut a = a.clone();
    let mut b = b.clone();
    let close = |x: Date, y: Date| {
        let (x, y): (SystemTime, SystemTime) = (x.into(), y.into());
        let d = x
            .duration_since(y)
            .or_else(|_| y.duration_since(x))
            .unwrap();
        d < Duration::from_micros(1)
    };
    let dates_close = close(a.created, b.created);
    a.created = b.created;
    if let (Value::Array(x), Value::Array(y)) = (&mut a.extra, &mut b.extra) {
        if let (Value::Date(dx), Value::Date(dy)) = (&x[0], &y[0]) {
            if !close(*dx, *dy) {
                return false;
            }
        }
        x[0] = y[0].clone();
    }
    dates_close && a == b
}
