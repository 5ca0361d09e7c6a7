//! The hostile XML list: each case is an error with a line, a column
//! and a byte offset, or decodes where CF's parser reads it, and never panics,
//! hangs or takes unbounded memory. Small cases of the list are also checked
//! against CF's parser model, one by one, in `tests/xml/rules.rs`.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use plistvalue::{Error, ErrorKind, OpenStepError, PlistValue, XmlError};
use plistvalue_suite::bplist::bomb;

const HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n";

fn doc(body: &str) -> Vec<u8> {
    format!("{HEAD}{body}\n</plist>\n").into_bytes()
}

fn read(bytes: &[u8]) -> Result<PlistValue, Error> {
    plistvalue::from_bytes(bytes)
}

/// Asserts an XML error of `kind`, placed at a line, column and offset; returns it.
fn refused(bytes: &[u8], kind: &XmlError) -> Error {
    let e = read(bytes).expect_err("hostile XML decoded");
    assert!(
        matches!(e.kind(), ErrorKind::Xml(k) if k == kind),
        "wrong kind: {e:?}"
    );
    assert!(
        e.line().is_some() && e.column().is_some() && e.offset().is_some(),
        "unplaced: {e}"
    );
    e
}

/// Runs `f` and fails if it took longer than `limit` (a debug build is slow; the
/// limits are an order of magnitude above the time taken).
fn within<T>(limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    assert!(start.elapsed() < limit, "took {:?}", start.elapsed());
    out
}

#[test]
fn entities_cannot_be_declared_so_nothing_expands_or_is_fetched() {
    let laughs = {
        let mut dtd = String::from("<!DOCTYPE plist [<!ENTITY l0 \"ha\">");
        for i in 1..10 {
            write!(
                dtd,
                "<!ENTITY l{i} \"{}\">",
                format!("&l{};", i - 1).repeat(10)
            )
            .unwrap();
        }
        dtd.push(']');
        dtd.push('>');
        dtd
    };
    for (name, dtd, body) in [
        ("billion laughs", laughs.clone(), "<string>&l9;</string>"),
        (
            "billion laughs in a key",
            laughs,
            "<dict><key>&l9;</key><true/></dict>",
        ),
        (
            "SYSTEM entity",
            "<!DOCTYPE plist [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>".into(),
            "<string>&x;</string>",
        ),
        (
            "parameter entity",
            "<!DOCTYPE plist [<!ENTITY % p SYSTEM \"http://127.0.0.1:9/\"> %p;]>".into(),
            "<true/>",
        ),
        (
            "http entity",
            "<!DOCTYPE plist [<!ENTITY x SYSTEM \"http://127.0.0.1:9/\">]>".into(),
            "<string>&x;</string>",
        ),
        ("empty subset", "<!DOCTYPE plist [ ]>".into(), "<true/>"),
    ] {
        let bytes = format!("<?xml version=\"1.0\"?>\n{dtd}\n<plist>{body}</plist>");
        let e = within(Duration::from_secs(1), || {
            refused(bytes.as_bytes(), &XmlError::InternalSubset)
        });
        assert_eq!(e.line(), Some(2), "{name}: {e}");
    }
    // An entity nobody declared.
    refused(&doc("<string>&x;</string>"), &XmlError::UnknownEntity);
    // ~100 MB of base64 claimed through entities, in a small file.
    let bomb = format!(
        "<!DOCTYPE plist [<!ENTITY a \"{}\"><!ENTITY b \"{}\">]><plist><data>&b;</data></plist>",
        "QUJD".repeat(250),
        "&a;".repeat(400)
    );
    assert!(bomb.len() < 3000);
    refused(bomb.as_bytes(), &XmlError::InternalSubset);
    // The DTD a DOCTYPE names is never fetched: the document reads.
    let external =
        b"<!DOCTYPE plist SYSTEM \"file:///etc/passwd\"><plist><string>ok</string></plist>";
    assert_eq!(read(external).unwrap(), PlistValue::String("ok".into()));
}

#[test]
fn references() {
    let ok = read(&doc(
        "<string>&lt;&gt;&amp;&apos;&quot;&#65;&#x42;&#x1F600;&#233;</string>",
    ))
    .unwrap();
    assert_eq!(ok, PlistValue::String("<>&'\"AB😀é".into()));
    refused(&doc("<string>&#x110000;</string>"), &XmlError::BadCharRef);
    refused(&doc("<string>&nbsp;</string>"), &XmlError::UnknownEntity);
    refused(&doc("<string>a & b</string>"), &XmlError::UnknownEntity);
    refused(
        b"<plist><string>&amp",
        &XmlError::Eof("an entity reference"),
    );
}

fn nested(open: &str, close: &str, n: usize) -> Vec<u8> {
    let mut s = String::with_capacity(n * (open.len() + close.len()) + 64);
    s.push_str("<plist>");
    for _ in 0..n {
        s.push_str(open);
    }
    for _ in 0..n {
        s.push_str(close);
    }
    s.push_str("</plist>");
    s.into_bytes()
}

#[test]
fn nesting_is_bounded_without_recursion() {
    let e = within(Duration::from_secs(5), || {
        refused(
            &nested("<array>", "</array>", 1_000_000),
            &XmlError::TooDeep(512),
        )
    });
    assert_eq!(e.line(), Some(1));
    within(Duration::from_secs(5), || {
        refused(
            &nested("<dict><key>k</key>", "</dict>", 1_000_000),
            &XmlError::TooDeep(512),
        )
    });
    let unclosed = "<array>".repeat(100_000);
    refused(
        format!("<plist>{unclosed}").as_bytes(),
        &XmlError::TooDeep(512),
    );
    let v = read(&nested("<array>", "</array>", 512)).unwrap();
    let mut depth = 0;
    let mut cur = &v;
    while let PlistValue::Array(a) = cur {
        depth += 1;
        match a.first() {
            Some(next) => cur = next,
            None => break,
        }
    }
    assert_eq!(depth, 512);
    let _ = read(&nested("<array>", "</array>", 513));
    // CF recurses here without bound; we neither recurse nor crash.
    let plists = nested("<plist>", "</plist>", 1_000_000);
    let _ = within(Duration::from_secs(10), || read(&plists));
}

#[test]
fn width_costs_linear_time() {
    let n = 1_000_000;
    let body = format!("<array>{}</array>", "<integer>7</integer>".repeat(n));
    let v = within(Duration::from_secs(20), || read(&doc(&body)).unwrap());
    assert_eq!(v.as_array().unwrap().len(), n);
    let mut keys = String::new();
    for i in 0..200_000 {
        write!(keys, "<key>k{i}</key><integer>{i}</integer>").unwrap();
    }
    let v = within(Duration::from_secs(20), || {
        read(&doc(&format!("<dict>{keys}</dict>"))).unwrap()
    });
    assert_eq!(v.as_dictionary().unwrap().len(), 200_000);
    assert_eq!(v["k199999"], PlistValue::from(199_999));
    // One key 200,000 times: one entry, the last value, in linear time.
    let mut same = String::new();
    for i in 0..200_000 {
        write!(same, "<key>k</key><integer>{i}</integer>").unwrap();
    }
    let v = within(Duration::from_secs(20), || {
        read(&doc(&format!("<dict>{same}</dict>"))).unwrap()
    });
    assert_eq!(v.as_dictionary().unwrap().len(), 1);
    assert_eq!(v["k"], PlistValue::from(199_999));
}

#[test]
fn data() {
    // 64 MiB of base64 decodes to 48 MiB; nothing is sized from a claimed length.
    let raw: Vec<u8> = (0..48u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let xml = plistvalue::to_vec_xml(&PlistValue::Data(raw.clone())).unwrap();
    assert!(xml.len() > 64 << 20);
    let v = within(Duration::from_secs(60), || read(&xml).unwrap());
    assert!(v == PlistValue::Data(raw), "48 MiB of data read back");
    let e = refused(&doc("<data>QUJD\u{e9}</data>"), &XmlError::BadData(0xC3));
    assert_eq!((e.line(), e.column()), (Some(4), Some(11)));
    let v = read(&doc("<data>\n Q U\tJ\rD \n</data>")).unwrap();
    assert_eq!(v, PlistValue::Data(b"ABC".to_vec()));
    assert_eq!(
        read(&doc("<data></data>")).unwrap(),
        PlistValue::Data(vec![])
    );
    refused(b"<plist><data>QUJD", &XmlError::Eof("<data>"));
}

#[test]
fn encodings() {
    let text = "<plist><string>é😀</string></plist>";
    let want = PlistValue::String("é😀".into());
    let wide = |bom: &[u8], be: bool| -> Vec<u8> {
        let units =
            text.encode_utf16()
                .flat_map(|u| if be { u.to_be_bytes() } else { u.to_le_bytes() });
        bom.iter().copied().chain(units).collect()
    };
    assert_eq!(read(&wide(&[0xFF, 0xFE], false)).unwrap(), want);
    assert_eq!(read(&wide(&[0xFE, 0xFF], true)).unwrap(), want);
    let bom8 = [b"\xEF\xBB\xBF \n".as_slice(), text.as_bytes()].concat();
    assert_eq!(read(&bom8).unwrap(), want);
    let utf32: Vec<u8> = [0, 0, 0xFE, 0xFF]
        .into_iter()
        .chain(text.chars().flat_map(|c| (c as u32).to_be_bytes()))
        .collect();
    assert_eq!(read(&utf32).unwrap(), want);
    let latin1 =
        b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<plist><string>caf\xE9</string></plist>";
    assert_eq!(read(latin1).unwrap(), PlistValue::String("café".into()));
    refused(&wide(&[], false), &XmlError::NoByteOrderMark);
    refused(&wide(&[], true), &XmlError::NoByteOrderMark);
    let unknown = b"<?xml version=\"1.0\" encoding=\"X-UNKNOWN\"?><plist><true/></plist>";
    refused(unknown, &XmlError::UnknownEncoding("X-UNKNOWN".into()));
    let lying = b"<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><true/></plist>";
    refused(lying, &XmlError::BadEncoding("UTF-16"));
}

#[test]
fn structure() {
    let name = "x".repeat(1 << 20);
    refused(
        format!("<plist><{name}/></plist>").as_bytes(),
        &XmlError::UnknownTag("x".repeat(40)),
    );
    let e = refused(
        &doc("<dict>\n\t<key>a</key>\n</dict>"),
        &XmlError::ValueMissing,
    );
    assert_eq!((e.line(), e.column()), (Some(5), Some(2)));
    refused(
        &doc("<string>a</key>"),
        &XmlError::CloseTagMismatch("string"),
    );
    refused(b"<plist><!-- x", &XmlError::Eof("a comment"));
    refused(
        b"<plist><string><![CDATA[x",
        &XmlError::Eof("a CDATA section"),
    );
    refused(b"<plist><?pi", &XmlError::Eof("a processing instruction"));
    refused(b"<plist><string", &XmlError::Eof("a tag"));
    // No bytes is no document of any format; whitespace alone is no XML, and CF's
    // old-style parser, which it then falls back to, reads it as an empty
    // dictionary (docs/OPENSTEP.md R2).
    let e = read(b"").unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::OpenStep(OpenStepError::Empty)),
        "{e:?}"
    );
    assert_eq!(read(b" \n\t ").unwrap(), plistvalue::plist!({}));
}

#[test]
fn truncation_at_every_point_is_an_error_except_the_final_newline() {
    let full = doc(concat!(
        "<dict>\n\t<key>data</key>\n\t<data>\n\tAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v\n\t</data>\n",
        "\t<key>date</key>\n\t<date>2024-05-17T12:30:15Z</date>\n\t<key>int</key>\n\t<integer>-1234567</integer>\n",
        "\t<key>real</key>\n\t<real>0.10000000000000001</real>\n\t<key>text</key>\n\t<string>é😀 &amp; more</string>\n",
        "\t<key>uid</key>\n\t<dict>\n\t\t<key>CF$UID</key>\n\t\t<integer>5</integer>\n\t</dict>\n</dict>"
    ));
    let whole = read(&full).unwrap();
    assert!(matches!(&whole["uid"], PlistValue::Uid(u) if u.get() == 5));
    // Every cut: ~50 points through the declaration, DOCTYPE, tags, numbers, base64,
    // the date, a UTF-8 sequence and the close tags.
    let step = full.len() / 50;
    let mut cuts: Vec<usize> = (0..full.len()).step_by(step.max(1)).collect();
    let utf8 = full.windows(2).position(|w| w == "é".as_bytes()).unwrap();
    cuts.extend([utf8 + 1, full.len() - 2, full.len() - 9]);
    for cut in cuts {
        let e = read(&full[..cut]).expect_err("a cut document decoded");
        assert!(
            e.line().is_some() && e.offset().is_some(),
            "cut at {cut}: unplaced {e}"
        );
    }
    assert_eq!(read(&full[..full.len() - 1]).unwrap(), whole);
}

#[test]
fn a_binary_dag_stops_at_a_budget_and_its_xml_at_cfs_visit_bound() {
    // 48 levels, each array holding the next twice: 2^49 - 1 values in 234 bytes.
    let dag = bomb(48).build();
    let e = within(Duration::from_secs(10), || read(&dag).unwrap_err());
    assert!(
        matches!(e.kind(), ErrorKind::BudgetExceeded { .. }),
        "{e:?}"
    );
    // A graph of that shape handed to the XML writer: CF's visit bound stops it at
    // once.
    struct Dag;
    impl plistvalue::ToPlist for Dag {
        fn to_plist<'a>(
            &'a self,
            enc: &mut plistvalue::Encoder<'a>,
        ) -> Result<plistvalue::ObjRef, Error> {
            let mut r = enc.bool(true);
            for _ in 0..48 {
                let f = enc.begin_array();
                enc.child(r);
                enc.child(r);
                r = enc.end_array(f);
            }
            Ok(r)
        }
    }
    let e = within(Duration::from_secs(10), || {
        plistvalue::to_vec_xml(&Dag).unwrap_err()
    });
    assert!(
        matches!(e.kind(), ErrorKind::Xml(XmlError::TooManyVisits)),
        "{e:?}"
    );
}

#[test]
fn budgets_count_the_text_not_the_uniqued_binary() {
    // 2,000 copies of one 10,000-byte string: 20 MB of XML, one string object in the
    // binary form. The decode's byte budget is counted against the XML text, which
    // holds every copy, so the file reads; against the ~20 KB binary it would not.
    let s = "x".repeat(10_000);
    let body = format!(
        "<array>{}</array>",
        format!("<string>{s}</string>").repeat(2_000)
    );
    let xml = doc(&body);
    let binary = plistvalue::to_binary(&xml).unwrap();
    assert!(binary.len() < 30_000, "{} bytes", binary.len());
    let v = read(&xml).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 2_000);
    assert!(v
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e.as_str() == Some(s.as_str())));
}

/// The reader takes the dates the writer writes, no more: 10^15 s (31.7 million
/// years) either side of 2001. CF reads years of up to nine digits, but its text
/// for dates that far is not defined, and a file we read must convert back to XML.
#[test]
fn dates_read_are_dates_the_writer_writes() {
    for text in ["31690739-07-06T01:46:40Z", "-31686738-06-29T22:13:20Z"] {
        let v = read(&doc(&format!("<date>{text}</date>"))).expect(text);
        let xml = plistvalue::to_vec_xml(&v).expect(text);
        assert!(String::from_utf8(xml).unwrap().contains(text), "{text}");
    }
    for text in [
        "31690739-07-06T01:46:41Z",
        "-31686738-06-29T22:13:19Z",
        "999999999-12-31T23:59:59Z",
        "-999999999-01-01T00:00:00Z",
    ] {
        let e = refused(
            &doc(&format!("<date>{text}</date>")),
            &XmlError::DateOutOfRange,
        );
        assert_eq!((e.line(), e.column()), (Some(4), Some(7)), "{e}");
    }
}
