//! The entry points: format detection, files, the serde bridge, key order, and
//! where errors are reported.

use std::cell::Cell;

use plistvalue::{
    plist, Encoder, Error, ErrorKind, Format, FromPlist, ObjRef, PlistValue, ToPlist, Writer,
    XmlError, XmlWriter,
};

fn xml_kind(e: &Error) -> Option<&XmlError> {
    match e.kind() {
        ErrorKind::Xml(x) => Some(x),
        _ => None,
    }
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Message {
    id: i64,
    method: String,
    url: String,
}

#[derive(Debug, PartialEq, ToPlist, FromPlist)]
struct Project {
    name: String,
    messages: Vec<Message>,
}

fn project() -> Project {
    Project {
        name: "p".into(),
        messages: (0..4)
            .map(|i| Message {
                id: i,
                method: "GET".into(),
                url: format!("/{i}"),
            })
            .collect(),
    }
}

#[test]
fn detect_names_each_format_after_boms_and_whitespace() {
    let utf16 = |be: bool, text: &str| -> Vec<u8> {
        let bom: [u8; 2] = if be { [0xFE, 0xFF] } else { [0xFF, 0xFE] };
        bom.into_iter()
            .chain(
                text.encode_utf16()
                    .flat_map(move |u| if be { u.to_be_bytes() } else { u.to_le_bytes() }),
            )
            .collect()
    };
    assert_eq!(Format::detect(b"bplist00"), Some(Format::Binary));
    assert_eq!(Format::detect(b" \r\n\t<plist/>"), Some(Format::Xml));
    assert_eq!(Format::detect(&utf16(false, "\n <?xml")), Some(Format::Xml));
    assert_eq!(Format::detect(&utf16(true, "<plist>")), Some(Format::Xml));
    assert_eq!(Format::detect(b"\0\0\xFE\xFF\0\0\0<"), Some(Format::Xml));
    assert_eq!(Format::detect(b"\xEF\xBB\xBF<"), Some(Format::Xml));
    for neither in [&b""[..], b"\0{", b"[1]"] {
        assert_eq!(Format::detect(neither), None, "{neither:?}");
    }
}

#[test]
fn both_formats_read_through_every_entry_point() {
    let p = project();
    let dir = tempfile::tempdir().unwrap();
    let (bin, xml) = (dir.path().join("p.bplist"), dir.path().join("p.plist"));
    plistvalue::to_file(&bin, &p).unwrap();
    plistvalue::to_file_xml(&xml, &p).unwrap();
    assert!(std::fs::read(&bin).unwrap().starts_with(b"bplist00"));
    let xml_bytes = std::fs::read(&xml).unwrap();
    assert_eq!(xml_bytes, plistvalue::to_vec_xml(&p).unwrap());
    let mut streamed = Vec::new();
    plistvalue::to_writer_xml(&mut streamed, &p).unwrap();
    assert_eq!(streamed, xml_bytes);
    for path in [&bin, &xml] {
        assert_eq!(plistvalue::from_file::<_, Project>(path).unwrap(), p);
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(plistvalue::from_bytes::<Project>(&bytes).unwrap(), p);
        assert_eq!(
            plistvalue::from_reader::<_, Project>(&bytes[..]).unwrap(),
            p
        );
        let lazy = plistvalue::to_binary(&bytes).unwrap();
        let doc = plistvalue::Document::from_slice(&lazy).unwrap();
        let url = doc
            .root()
            .unwrap()
            .get("messages")
            .unwrap()
            .unwrap()
            .at(2)
            .unwrap()
            .unwrap();
        assert_eq!(url.get("url").unwrap().unwrap().as_ascii(), Some("/2"));
    }
}

#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Settings {
    theme: String,
    #[serde(with = "serde_bytes")]
    token: Vec<u8>,
    sizes: Vec<u32>,
}

#[test]
fn the_serde_bridge_has_the_plist_crate_names() {
    let s = Settings {
        theme: "dark".into(),
        token: vec![1, 2, 3],
        sizes: vec![10, 20],
    };
    let dir = tempfile::tempdir().unwrap();
    let (bin, xml) = (dir.path().join("s.bplist"), dir.path().join("s.plist"));
    plistvalue::serde::to_file(&bin, &s).unwrap();
    plistvalue::serde::to_file_xml(&xml, &s).unwrap();
    let ours = plistvalue::serde::to_vec_xml(&s).unwrap();
    assert_eq!(std::fs::read(&xml).unwrap(), ours);
    let mut streamed = Vec::new();
    plistvalue::serde::to_writer_xml(&mut streamed, &s).unwrap();
    assert_eq!(streamed, ours);
    // The plist crate reads our XML into the same model, and we read its XML.
    let theirs: Settings = ::plist::from_bytes(&ours).unwrap();
    assert_eq!(theirs, s);
    let mut plist_xml = Vec::new();
    ::plist::to_writer_xml(&mut plist_xml, &s).unwrap();
    assert_eq!(
        plistvalue::serde::from_bytes::<Settings>(&plist_xml).unwrap(),
        s
    );
    for path in [&bin, &xml] {
        assert_eq!(
            plistvalue::serde::from_file::<_, Settings>(path).unwrap(),
            s
        );
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(
            plistvalue::serde::from_reader::<_, Settings>(&bytes[..]).unwrap(),
            s
        );
    }
}

#[test]
fn from_slice_says_xml_is_xml() {
    let xml = plistvalue::to_vec_xml(&plist!({ "a": 1 })).unwrap();
    let e = plistvalue::from_slice::<PlistValue>(&xml).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::XmlInput), "{e:?}");
    assert!(e.to_string().contains("from_bytes"), "{e}");
    let e = plistvalue::serde::from_slice::<Settings>(&xml).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::XmlInput), "{e:?}");
}

/// The line (1-based) of the `n`-th occurrence of `needle`.
fn line_of(text: &str, needle: &str, n: usize) -> u64 {
    let at = text.match_indices(needle).nth(n).expect("needle present").0;
    text[..at].matches('\n').count() as u64 + 1
}

#[test]
fn a_typed_error_names_the_line_of_the_element_that_caused_it() {
    let mut doc = plist!({ "name": "p", "messages": [] });
    let messages: Vec<PlistValue> = (0..4)
        .map(|i| plist!({ "id": i, "method": "GET", "url": "GET" }))
        .collect();
    doc.as_dictionary_mut()
        .unwrap()
        .insert("messages", PlistValue::Array(messages.into()));
    // messages[2].id is a string: the same text, and so the same uniqued object, as
    // every method and url; the error must still point at messages[2].id.
    doc["messages"][2]["id"] = PlistValue::String("GET".into());
    let xml = plistvalue::to_vec_xml(&doc).unwrap();
    let text = String::from_utf8(xml.clone()).unwrap();
    let e = plistvalue::from_bytes::<Project>(&xml).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TypeMismatch { .. }), "{e:?}");
    assert_eq!(e.path_string(), "messages.2.id");
    // Keys are sorted (id, method, url): messages 0 and 1 hold two "GET" strings
    // each, so message 2's id is the fifth.
    let want = line_of(&text, "<string>GET</string>", 4);
    assert_eq!(e.line(), Some(want), "{e}");
    assert_eq!(e.column(), Some(4), "{e}");
    let offset = e.offset().unwrap() as usize;
    assert!(text[offset..].starts_with("<string>GET</string>"), "{e}");
    assert!(
        e.to_string().contains(&format!("line {want}, column 4")),
        "{e}"
    );

    // A missing field is reported at its dictionary.
    let xml =
        plistvalue::to_vec_xml(&plist!({ "name": "p", "messages": [{ "id": 1, "url": "/" }] }))
            .unwrap();
    let text = String::from_utf8(xml.clone()).unwrap();
    let e = plistvalue::from_bytes::<Project>(&xml).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::MissingField("method")),
        "{e:?}"
    );
    assert_eq!(e.line(), Some(line_of(&text, "<dict>", 1)), "{e}");
}

#[test]
fn a_syntax_error_names_line_column_and_offset() {
    let xml = b"<plist>\n<dict>\n\t<key>a</key>\n\t<strin>x</strin>\n</dict>\n</plist>\n";
    let e = plistvalue::from_bytes::<PlistValue>(xml).unwrap_err();
    assert_eq!(xml_kind(&e), Some(&XmlError::UnknownTag("strin".into())));
    assert_eq!(
        (e.line(), e.column(), e.offset()),
        (Some(4), Some(2), Some(30))
    );
    // Offsets count the input's bytes: a UTF-16 document with a byte-order mark.
    let text = "<plist>\n<intger>1</intger></plist>";
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let e = plistvalue::from_bytes::<PlistValue>(&utf16).unwrap_err();
    assert_eq!(
        (e.line(), e.column(), e.offset()),
        (Some(2), Some(1), Some(2 + 2 * 8))
    );
}

#[test]
fn key_order_sorted_for_xml_by_default_and_on_request_for_binary() {
    let doc = plist!({ "b": 1, "a": { "z": true, "é": false, "Z": true } });
    let sorted =
        plistvalue::from_bytes::<PlistValue>(&plistvalue::to_vec_xml(&doc).unwrap()).unwrap();
    let keys = |v: &PlistValue| {
        v.as_dictionary()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&sorted), ["a", "b"]);
    assert_eq!(keys(&sorted["a"]), ["Z", "z", "é"]);
    let kept = XmlWriter::new().sort_keys(false).to_vec(&doc).unwrap();
    let kept: PlistValue = plistvalue::from_bytes(&kept).unwrap();
    assert_eq!(keys(&kept), ["b", "a"]);
    assert_eq!(keys(&kept["a"]), ["z", "é", "Z"]);

    let plain: PlistValue = plistvalue::from_slice(&plistvalue::to_vec(&doc).unwrap()).unwrap();
    assert_eq!(
        keys(&plain),
        ["b", "a"],
        "binary keeps insertion order by default"
    );
    let bin = Writer::new().sort_keys(true).to_vec(&doc).unwrap();
    let bin_sorted: PlistValue = plistvalue::from_slice(&bin).unwrap();
    assert_eq!(keys(&bin_sorted), ["a", "b"]);
    assert_eq!(keys(&bin_sorted["a"]), ["Z", "z", "é"]);
    assert_eq!(bin_sorted, doc, "same entries");
}

/// `plistvalue::serde` has the same choice as `XmlWriter`: CF's sorted order by
/// default, the value's own order (a struct's fields as declared, as the plist crate
/// writes them) on request; either way the text is what `XmlWriter` writes for the
/// same tree, and the kept order is the plist crate's.
#[test]
fn serde_xml_sorts_keys_by_default_and_keeps_the_value_order_on_request() {
    #[derive(serde::Serialize)]
    struct Inner {
        z: bool,
        #[serde(rename = "é")]
        e: bool,
        #[serde(rename = "Z")]
        big_z: bool,
    }
    #[derive(serde::Serialize)]
    struct Outer {
        b: i64,
        a: Inner,
    }
    let value = Outer {
        b: 1,
        a: Inner {
            z: true,
            e: false,
            big_z: true,
        },
    };
    let doc = plist!({ "b": 1, "a": { "z": true, "é": false, "Z": true } });
    let keys = |xml: &[u8]| -> Vec<String> {
        let text = std::str::from_utf8(xml).unwrap();
        text.split("<key>")
            .skip(1)
            .map(|k| k.split("</key>").next().unwrap().to_owned())
            .collect()
    };

    let sorted = plistvalue::serde::to_vec_xml(&value).unwrap();
    assert_eq!(sorted, plistvalue::to_vec_xml(&doc).unwrap());
    assert_eq!(
        sorted,
        plistvalue::serde::XmlWriter::new().to_vec(&value).unwrap()
    );
    assert_eq!(keys(&sorted), ["a", "Z", "z", "é", "b"]);

    let kept = plistvalue::serde::XmlWriter::new()
        .sort_keys(false)
        .to_vec(&value)
        .unwrap();
    assert_eq!(
        kept,
        XmlWriter::new().sort_keys(false).to_vec(&doc).unwrap()
    );
    assert_eq!(keys(&kept), ["b", "a", "z", "é", "Z"]);
    let mut theirs = Vec::new();
    ::plist::to_writer_xml(&mut theirs, &value).unwrap();
    assert_eq!(keys(&kept), keys(&theirs), "the plist crate's order");

    let mut written = Vec::new();
    plistvalue::serde::XmlWriter::new()
        .sort_keys(false)
        .to_writer(&mut written, &value)
        .unwrap();
    assert_eq!(written, kept);
}

/// Each array holds the next twice: 48 levels describe 2^48 leaves.
struct Dag(usize);

impl ToPlist for Dag {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let mut r = enc.bool(true);
        for _ in 0..self.0 {
            let f = enc.begin_array();
            enc.child(r);
            enc.child(r);
            r = enc.end_array(f);
        }
        Ok(r)
    }
}

thread_local! {
    static STASHED: Cell<Option<ObjRef>> = const { Cell::new(None) };
}

/// Misuses the public encoder: pushes a reference kept from an earlier encode,
/// which here is the array being filled, so the array contains itself.
struct Stale;

impl ToPlist for Stale {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let f = enc.begin_array();
        if let Some(r) = STASHED.get() {
            enc.child(r);
        }
        let r = enc.end_array(f);
        STASHED.set(Some(r));
        Ok(r)
    }
}

#[test]
fn the_writer_bounds_shared_subtrees_and_refuses_cycles() {
    let bin = plistvalue::to_vec(&Dag(48)).unwrap();
    assert!(bin.len() < 1000);
    let e = plistvalue::to_vec_xml(&Dag(48)).unwrap_err();
    assert_eq!(xml_kind(&e), Some(&XmlError::TooManyVisits));
    // Below CF's bound, every reference is written in full.
    let xml = plistvalue::to_vec_xml(&Dag(10)).unwrap();
    assert_eq!(
        String::from_utf8(xml).unwrap().matches("<true/>").count(),
        1024
    );

    plistvalue::to_vec_xml(&Stale).unwrap();
    let e = plistvalue::to_vec_xml(&Stale).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Cycle), "{e:?}");
}

#[test]
fn the_writer_refuses_what_xml_cannot_hold() {
    let nan_date = PlistValue::Date(plistvalue::Date::from_seconds_since_2001(f64::NAN));
    let e = plistvalue::to_vec_xml(&nan_date).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::DateOutOfRange { .. }),
        "{e:?}"
    );
    // CF's XML has no null: the 0x00 object is refused, wherever it stands.
    for v in [PlistValue::Null, plist!({ "a": [1, (PlistValue::Null)] })] {
        let e = plistvalue::to_vec_xml(&v).unwrap_err();
        assert_eq!(xml_kind(&e), Some(&XmlError::Null), "{e:?}");
        assert!(plistvalue::to_vec(&v).is_ok(), "binary writes it");
    }
    let deep = |n| {
        (0..n).fold(PlistValue::Boolean(true), |v, _| {
            PlistValue::Array(vec![v].into())
        })
    };
    let xml = plistvalue::to_vec_xml(&deep(512)).unwrap();
    assert_eq!(
        plistvalue::from_bytes::<PlistValue>(&xml).unwrap(),
        deep(512)
    );
    let e = plistvalue::to_vec_xml(&deep(600)).unwrap_err();
    assert_eq!(xml_kind(&e), Some(&XmlError::TooDeep(512)));
}
