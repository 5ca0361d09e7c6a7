//! ASCII (OpenStep) plists, which the plist crate reads through its ordinary
//! `from_*` functions: every valid file of the shared corpus reads through
//! `plistvalue::plist` to the value the plist crate reads, and serde models of
//! Xcode projects come out the same. Where the plist crate refuses a file that
//! CoreFoundation reads (a byte-order mark, UTF-16, a `.strings` body without
//! braces), the file is also read as the plist crate reads it once the text is
//! made plain UTF-8 in braces, which must give the same value.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use plistvalue::plist::{self, Value};
use plistvalue_suite::env::shared;
use serde::Deserialize;

/// A corpus file and its manifest row's columns that matter here.
struct Entry {
    path: PathBuf,
    name: String,
    kind: String,
    expect: String,
    features: String,
}

fn corpus() -> Option<Vec<Entry>> {
    let dir = shared("corpus/openstep")?;
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut rows = Vec::new();
    for line in manifest.lines().skip(1).filter(|l| !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        rows.push(Entry {
            path: dir.join(cols[0]),
            name: cols[0].to_owned(),
            kind: cols[7].to_owned(),
            expect: cols[9].to_owned(),
            features: cols.get(14).copied().unwrap_or_default().to_owned(),
        });
    }
    assert!(rows.len() > 80, "the manifest lists {} files", rows.len());
    Some(rows)
}

/// The documented reasons the plist crate refuses a file CoreFoundation reads.
fn plist_crate_refuses(e: &Entry) -> bool {
    ["utf16-bom", "utf8-bom", "strings-form"]
        .iter()
        .any(|f| e.features.split(' ').any(|x| x == *f))
}

/// The file's text as the plist crate can read it: UTF-8 without a byte-order
/// mark, a `.strings` body in braces.
fn plain(e: &Entry) -> Vec<u8> {
    let bytes = std::fs::read(&e.path).unwrap();
    let mut text = if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        rest.to_vec()
    } else if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        let le = bytes[0] == 0xFF;
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|c| {
                if le {
                    u16::from_le_bytes([c[0], c[1]])
                } else {
                    u16::from_be_bytes([c[0], c[1]])
                }
            })
            .collect();
        String::from_utf16(&units).unwrap().into_bytes()
    } else {
        bytes
    };
    if e.features.split(' ').any(|f| f == "strings-form") {
        text.insert(0, b'{');
        text.extend_from_slice(b"\n}");
    }
    text
}

fn same(ours: &Value, theirs: &::plist::Value) -> bool {
    ::plist::Value::from(ours.clone()) == *theirs
}

#[test]
fn every_valid_corpus_file_reads_as_the_plist_crate_reads_it() {
    let Some(files) = corpus() else { return };
    let (mut same_files, mut refused_by_them) = (0, 0);
    for e in files.iter().filter(|e| e.expect == "parse") {
        let ours = plist::Value::from_file(&e.path)
            .unwrap_or_else(|err| panic!("{}: plistvalue::plist refuses it: {err}", e.name));
        let theirs = ::plist::Value::from_file(&e.path);
        if plist_crate_refuses(e) {
            assert!(
                theirs.is_err(),
                "{}: the plist crate reads it now: update the docs",
                e.name
            );
            let theirs = ::plist::Value::from_reader(Cursor::new(plain(e)))
                .unwrap_or_else(|err| panic!("{}: plain text refused: {err}", e.name));
            assert!(same(&ours, &theirs), "{}: values differ", e.name);
            refused_by_them += 1;
        } else {
            let theirs = theirs
                .unwrap_or_else(|err| panic!("{}: the plist crate refuses it: {err}", e.name));
            assert!(
                same(&ours, &theirs),
                "{}: values differ\nours:   {ours:?}\ntheirs: {theirs:?}",
                e.name
            );
            same_files += 1;
        }
        // The other readers of any format agree, and so does the ASCII-only one.
        let bytes = std::fs::read(&e.path).unwrap();
        assert_eq!(
            plist::Value::from_reader(Cursor::new(&bytes)).ok(),
            Some(ours.clone())
        );
        assert_eq!(plist::from_bytes::<Value>(&bytes).ok(), Some(ours.clone()));
        assert_eq!(plist::Value::from_reader_ascii(&bytes[..]).ok(), Some(ours));
    }
    eprintln!(
        "{same_files} files read as the plist crate reads them; {refused_by_them} it refuses \
         read as it reads their plain UTF-8 text"
    );
    assert!(same_files >= 70 && refused_by_them >= 8);
}

#[test]
fn malformed_corpus_files_are_refused_with_a_line_and_column() {
    let Some(files) = corpus() else { return };
    let mut n = 0;
    for e in files.iter().filter(|e| e.expect == "reject") {
        let err = plist::Value::from_file(&e.path)
            .expect_err(&e.name)
            .to_string();
        if e.kind != "malformed" || !e.name.contains("empty") {
            assert!(
                err.contains("line ") && err.contains("column "),
                "{}: {err}",
                e.name
            );
        }
        n += 1;
    }
    assert!(n >= 14);
}

/// What a tool reading Xcode projects models.
#[derive(Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Project {
    archive_version: u32,
    object_version: u32,
    root_object: String,
    objects: BTreeMap<String, Object>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Object {
    isa: String,
    #[serde(rename = "buildSettings")]
    build_settings: Option<BTreeMap<String, ::plist::Value>>,
    name: Option<String>,
    children: Option<Vec<String>>,
}

/// The same model with the compat module's `Value` for the untyped settings.
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
struct OurProject {
    archive_version: u32,
    object_version: u32,
    root_object: String,
    objects: BTreeMap<String, OurObject>,
}

#[derive(Deserialize, Debug)]
struct OurObject {
    isa: String,
    #[serde(rename = "buildSettings")]
    build_settings: Option<BTreeMap<String, Value>>,
    name: Option<String>,
    children: Option<Vec<String>>,
}

impl From<OurProject> for Project {
    fn from(p: OurProject) -> Project {
        Project {
            archive_version: p.archive_version,
            object_version: p.object_version,
            root_object: p.root_object,
            objects: p
                .objects
                .into_iter()
                .map(|(k, o)| {
                    let object = Object {
                        isa: o.isa,
                        build_settings: o
                            .build_settings
                            .map(|s| s.into_iter().map(|(k, v)| (k, v.into())).collect()),
                        name: o.name,
                        children: o.children,
                    };
                    (k, object)
                })
                .collect(),
        }
    }
}

fn read_both(path: &Path) -> (Project, Project) {
    let ours: OurProject = plist::from_file(path).unwrap();
    let theirs: Project = ::plist::from_file(path).unwrap();
    (ours.into(), theirs)
}

#[test]
fn xcode_projects_read_into_serde_models_as_the_plist_crate_reads_them() {
    let Some(files) = corpus() else { return };
    let mut n = 0;
    for e in files
        .iter()
        .filter(|e| e.kind == "pbxproj" && e.expect == "parse")
    {
        let (ours, theirs) = read_both(&e.path);
        assert_eq!(ours, theirs, "{}", e.name);
        assert!(ours.object_version >= 39, "{}", e.name);
        let bytes = std::fs::read(&e.path).unwrap();
        let ascii: OurProject = plist::from_reader_ascii(&bytes[..]).unwrap();
        let their_ascii: Project = ::plist::from_reader_ascii(&bytes[..]).unwrap();
        assert_eq!(Project::from(ascii), their_ascii, "{}", e.name);
        n += 1;
    }
    assert!(n >= 55, "{n} projects");
}

/// Typed fields read what the plist crate's deserializer reads from ASCII text:
/// an unquoted integer is a number, everything else a string.
#[test]
fn typed_fields_follow_the_plist_crate() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct V<T> {
        v: T,
    }
    fn both<T: serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(text: &str) {
        let ours = plist::from_bytes::<V<T>>(text.as_bytes()).ok();
        let theirs = ::plist::from_bytes::<V<T>>(text.as_bytes()).ok();
        assert_eq!(ours, theirs, "{text} as {}", std::any::type_name::<T>());
    }
    for text in [
        "{ v = 77; }",
        "{ v = \"77\"; }",
        "{ v = '77'; }",
        "{ v = YES; }",
        "{ v = -128; }",
        "{ v = 0x7f; }",
        "{ v = 1.5; }",
        "{ v = 007; }",
        "{ v = 18446744073709551615; }",
        "{ v = <0fbd>; }",
        "{ v = (1, 2); }",
    ] {
        both::<u8>(text);
        both::<i8>(text);
        both::<u64>(text);
        both::<f64>(text);
        both::<bool>(text);
        both::<String>(text);
        both::<Vec<u8>>(text);
        both::<Option<u32>>(text);
        both::<Value>(text);
        both::<::plist::Value>(text);
    }
}

/// Quoted strings: escapes, NeXTSTEP octal bytes, `\U` escapes and surrogate
/// pairs read to the same text as in the plist crate.
#[test]
fn escapes_read_as_the_plist_crate_reads_them() {
    let mut texts: Vec<String> = (0o1..=0o375)
        .map(|b: u32| format!("{{ s = \"a\\{b:03o}b\"; }}"))
        .collect();
    for e in [
        r"\n\t\r\\\a\b\f\v",
        r#"\""#,
        r"\'",
        r"\U00e9\U20AC\UD83D\UDCA9",
        "raw ü 王 💩",
        r"\012ok",
    ] {
        texts.push(format!("{{ s = \"{e}\"; t = '{e}'; }}"));
    }
    for text in &texts {
        let ours = plist::Value::from_reader_ascii(text.as_bytes()).unwrap();
        let theirs = ::plist::Value::from_reader_ascii(text.as_bytes()).unwrap();
        assert!(same(&ours, &theirs), "{text}: {ours:?} vs {theirs:?}");
    }
}

/// Unquoted words: integers as the plist crate parses them, the rest strings;
/// `<hex>` data without spaces is the plist crate's word.
#[test]
fn words_read_as_the_plist_crate_reads_them() {
    let words = [
        "0",
        "-0",
        "42",
        "-42",
        "007",
        "0x1F",
        "0xff",
        "0x0x10",
        "0x",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "1.0",
        "1e5",
        "YES",
        "NO",
        "-",
        "$SRCROOT/x",
        "/usr/bin",
        "a:b",
        "13B07F961A680F5B00A75B9A",
        "<0fbd7777>",
        "<>",
        "<0FBD>",
    ];
    for w in words {
        for text in [
            format!("{{ w = {w}; }}"),
            format!("( {w}, x )"),
            format!("{{ w = ( {w} ); }}"),
        ] {
            let ours = plist::Value::from_reader(Cursor::new(text.as_bytes()));
            let theirs = ::plist::Value::from_reader(Cursor::new(text.as_bytes()));
            match (ours, theirs) {
                (Ok(o), Ok(t)) => assert!(same(&o, &t), "{text}: {o:?} vs {t:?}"),
                (o, t) => panic!("{text}: {o:?} vs {t:?}"),
            }
        }
    }
    // A word at the root is read where it was written too (9 bytes and more: the
    // plist crate's `from_reader` refuses shorter input).
    for text in ["123456789", "-12345678", "\"123456789\"", "0x1234567"] {
        let ours = plist::Value::from_reader(Cursor::new(text.as_bytes())).unwrap();
        let theirs = ::plist::Value::from_reader(Cursor::new(text.as_bytes())).unwrap();
        assert!(same(&ours, &theirs), "{text}: {ours:?} vs {theirs:?}");
    }
}

/// The same word, quoted and unquoted in one file, is one object in the reader's
/// table: each occurrence still reads as it was written.
#[test]
fn quoting_is_read_per_occurrence() {
    let text = "{ a = 77; b = \"77\"; c = (77, \"77\", { d = 77; e = '77'; }); 77 = \"77\"; }";
    let v = plist::Value::from_reader_ascii(text.as_bytes()).unwrap();
    let d = v.as_dictionary().unwrap();
    assert_eq!(d["a"].as_unsigned_integer(), Some(77));
    assert_eq!(d["b"].as_string(), Some("77"));
    let c = d["c"].as_array().unwrap();
    assert_eq!(c[0].as_unsigned_integer(), Some(77));
    assert_eq!(c[1].as_string(), Some("77"));
    let inner = c[2].as_dictionary().unwrap();
    assert_eq!(inner["d"].as_unsigned_integer(), Some(77));
    assert_eq!(inner["e"].as_string(), Some("77"));
    // A key stays a string: the plist crate refuses an unquoted integer key.
    assert_eq!(d["77"].as_string(), Some("77"));
    assert!(::plist::Value::from_reader_ascii(text.as_bytes()).is_err());
}

/// What the ASCII-only functions refuse, and where errors are placed.
#[test]
fn ascii_errors_name_the_line_and_column() {
    let text = "{\n  a = b;\n  c = \"open;\n}\n";
    let err = plist::Value::from_reader_ascii(text.as_bytes()).unwrap_err();
    assert!(err.to_string().contains("line 3, column 7"), "{err}");
    assert!(err.is_eof() && !err.is_io(), "{err}");

    // A typed error found after the text was read is placed where the value is.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct V {
        v: u32,
    }
    let err = plist::from_bytes::<V>(b"{\n  w = 1;\n  v = \"x\";\n}").unwrap_err();
    assert!(err.to_string().contains("line 3, column 7"), "{err}");

    // The ASCII reader reads ASCII only.
    let xml = br#"<?xml version="1.0"?><plist><string>x</string></plist>"#;
    assert!(plist::Value::from_reader_ascii(&xml[..]).is_err());
    let mut binary = Vec::new();
    plist::Value::from("x")
        .to_writer_binary(&mut binary)
        .unwrap();
    assert!(plist::Value::from_reader_ascii(&binary[..]).is_err());
    assert!(plist::from_reader_ascii::<_, String>(&binary[..]).is_err());
    // And the XML reader XML only.
    assert!(plist::Value::from_reader_xml(&b"{ a = b; }"[..]).is_err());
}

/// The edges the module's documentation lists, each way round: what the plist
/// crate refuses and this module reads as CoreFoundation does, and what
/// CoreFoundation refuses and the plist crate's tokenizer reads.
#[test]
fn the_documented_edges_are_where_the_docs_say() {
    let read_by_us_only: [(&[u8], &str); 8] = [
        (
            b"\"a\" = \"b\";\n\"c\" = \"d\";",
            r#"Dictionary({"a": String("b"), "c": String("d")})"#,
        ),
        (
            b"{ a; b = c; }",
            r#"Dictionary({"a": String("a"), "b": String("c")})"#,
        ),
        (
            b"\xEF\xBB\xBF{ a = b; }",
            r#"Dictionary({"a": String("b")})"#,
        ),
        (
            b"\xFF\xFE{\0 \0a\0=\0b\0;\0}\0",
            r#"Dictionary({"a": String("b")})"#,
        ),
        (
            b"{ d = <0fbd 7777>; }",
            r#"Dictionary({"d": Data([15, 189, 119, 119])})"#,
        ),
        (
            b"{ 77 = seventy-seven; }",
            r#"Dictionary({"77": String("seventy-seven")})"#,
        ),
        (b"{ s = \"a\\qb\"; }", r#"Dictionary({"s": String("aqb")})"#),
        (b"{a=b;}", r#"Dictionary({"a": String("b")})"#),
    ];
    for (text, expected) in read_by_us_only {
        let shown = String::from_utf8_lossy(text);
        let ours =
            plist::Value::from_reader(Cursor::new(text)).unwrap_or_else(|e| panic!("{shown}: {e}"));
        assert_eq!(format!("{ours:?}"), expected, "{shown}");
        assert!(
            ::plist::Value::from_reader(Cursor::new(text)).is_err(),
            "{shown}: the plist crate reads it now: update the docs"
        );
    }
    let refused_by_us: [(&str, &str); 7] = [
        ("( c++, x )", "line 1, column 4"),
        ("( Léa, x )", "line 1, column 4"),
        ("{\n  a = b\n}", "line 3, column 1"),
        ("( a b, c, d )", "line 1, column 5"),
        ("{ n = <*I5>; }", "line 1, column 8"),
        ("{ s = \"\\376\"; }", "line 1, column"),
        ("{ s = \"\\377\"; }", "line 1, column"),
    ];
    for (text, place) in refused_by_us {
        let err = plist::Value::from_reader(Cursor::new(text.as_bytes())).unwrap_err();
        assert!(err.to_string().contains(place), "{text}: {err}");
        assert!(
            ::plist::Value::from_reader(Cursor::new(text.as_bytes())).is_ok(),
            "{text}: the plist crate refuses it now: update the docs"
        );
    }
    // `\400` and up: CoreFoundation keeps the value in a byte.
    let text = "{ s = \"a\\401b\"; }";
    let ours = plist::Value::from_reader_ascii(text.as_bytes()).unwrap();
    let theirs = ::plist::Value::from_reader_ascii(text.as_bytes()).unwrap();
    assert_eq!(
        format!("{ours:?}"),
        r#"Dictionary({"s": String("a\u{1}b")})"#
    );
    assert_eq!(format!("{theirs:?}"), r#"Dictionary({"s": String("aāb")})"#);
}

/// Hostile nesting: the tree `Value` builds recursively, so ASCII text is held to
/// the module's depth limit as binary and XML are, on every path.
#[test]
fn deep_ascii_text_is_refused_not_a_stack_overflow() {
    let nested = |depth: usize| format!("{}x{}", "(".repeat(depth), ")".repeat(depth));
    assert!(plist::Value::from_reader_ascii(nested(100).as_bytes()).is_ok());
    for depth in [200, 511, 100_000] {
        let text = nested(depth);
        let err = plist::Value::from_reader_ascii(text.as_bytes()).unwrap_err();
        assert!(err.to_string().contains("nest"), "{depth}: {err}");
        assert!(plist::from_bytes::<Value>(text.as_bytes()).is_err());
        assert!(plist::from_reader_ascii::<_, ::plist::Value>(text.as_bytes()).is_err());
    }
}
