//! The reader against CF's parser, case by case: small documents for each of its
//! rules, and the cases of the hostile XML list small enough for the Python model
//! (`cf_xml.parse`), each in the class CF's behaviour gives it:
//!
//! * `Accept`: CF accepts; we must, with CF's tree;
//! * `Lenient`: CF accepts; we may refuse, but what we read must be CF's tree;
//! * `Strict`: CF refuses something harmless; we may read it;
//! * `Reject`: CF refuses; so must we, with a line and column.
//!
//! The class is checked against the model's verdict too, so the list cannot drift.

use plistvalue::PlistValue;
use plistvalue_suite::differential::model::{self, same_tree, Rules};

use crate::oracle::{self, Answer, Job};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Class {
    Accept,
    Lenient,
    Strict,
    Reject,
}
use Class::*;

const HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n";

/// `<plist>` around `body`, with CF's prologue.
fn doc(body: &str) -> Vec<u8> {
    format!("{HEAD}<plist version=\"1.0\">\n{body}\n</plist>\n").into_bytes()
}

fn cases() -> Vec<(&'static str, Vec<u8>, Class)> {
    let mut v: Vec<(&'static str, Vec<u8>, Class)> = vec![
        // Prologue and encodings.
        ("no prologue", b"<plist><true/></plist>".to_vec(), Accept),
        ("bare root", b"<dict><key>a</key><true/></dict>".to_vec(), Lenient),
        ("leading whitespace", b" \n\t<plist><true/></plist>".to_vec(), Accept),
        ("UTF-8 BOM and whitespace", b"\xEF\xBB\xBF \n<plist><true/></plist>".to_vec(), Accept),
        ("doctype before declaration", b"<!DOCTYPE plist>\n<?xml version=\"1.0\"?><plist><true/></plist>".to_vec(), Accept),
        ("empty doctype", b"<!DOCTYPE><plist><true/></plist>".to_vec(), Lenient),
        ("external DTD not fetched", b"<!DOCTYPE plist SYSTEM \"file:///etc/passwd\"><plist><string>x</string></plist>".to_vec(), Accept),
        ("internal subset", b"<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string>&a;</string></plist>".to_vec(), Reject),
        ("empty internal subset", b"<!DOCTYPE plist [ ]><plist><true/></plist>".to_vec(), Reject),
        ("latin-1 declared", b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf\xE9</string></plist>".to_vec(), Accept),
        ("unknown encoding", b"<?xml version=\"1.0\" encoding=\"X-NOPE\"?><plist><true/></plist>".to_vec(), Reject),
        ("xml decl without version", b"<?xml?><plist><true/></plist>".to_vec(), Lenient),
        ("xml decl unterminated quote", b"<?xml version=\"1.0?><plist><true/></plist>".to_vec(), Lenient),
        ("text after plist", b"<plist><true/></plist>trailing junk <".to_vec(), Lenient),
        ("second plist after root", b"<plist><true/></plist><plist><false/></plist>".to_vec(), Lenient),
        ("empty input", b"".to_vec(), Reject),
        // Whitespace alone is no XML: CF's old-style parser then reads it as an
        // empty dictionary (docs/OPENSTEP.md R2), tests/openstep/rules.rs.
        ("text before root", b"x<plist><true/></plist>".to_vec(), Reject),
        // Comments and PIs.
        ("comments everywhere", doc("<!-- a -- b --><array><!--x--><true/><?pi stuff?><false/></array><!-- end -->"), Accept),
        ("comment in string", doc("<string>a<!-- x -->b</string>"), Strict),
        ("unterminated comment", b"<plist><!-- x <true/></plist>".to_vec(), Reject),
        ("unterminated PI", b"<plist><?pi <true/></plist>".to_vec(), Reject),
        ("PI ? inside element", doc("<array><?><true/></array>"), Lenient),
        // Tags.
        ("plist without version", b"<plist><true/></plist>".to_vec(), Accept),
        ("attributes ignored", doc("<string a=\"1\" b='2'>v</string>"), Lenient),
        ("gt in attribute", doc("<string q=\">\">v</string>"), Lenient),
        ("close tag with space", doc("<string>v</string >"), Accept),
        ("dict with space slash", doc("<dict />"), Lenient),
        ("mismatched close", doc("<string>v</key>"), Reject),
        ("close arrayx", doc("<array></arrayx>"), Reject),
        ("unclosed dict", doc("<dict><key>a</key><true/>"), Reject),
        ("missing close plist", format!("{HEAD}<plist><true/>").into_bytes(), Reject),
        ("two roots in plist", doc("<true/><false/>"), Reject),
        ("empty plist", doc(""), Reject),
        ("plist empty form", b"<plist/>".to_vec(), Reject),
        ("text between elements", doc("<array><true/>x<false/></array>"), Reject),
        ("text inside dict", doc("<dict>x<key>a</key><true/></dict>"), Reject),
        ("key without value", doc("<dict><key>a</key></dict>"), Reject),
        ("value without key", doc("<dict><string>a</string><true/></dict>"), Reject),
        ("unknown null", doc("<null/>"), Reject),
        ("unknown set", doc("<set/>"), Reject),
        ("unknown uid", doc("<uid>1</uid>"), Reject),
        ("unknown foo", doc("<array><foo/></array>"), Reject),
        ("unknown Dict", doc("<Dict/>"), Reject),
        ("unknown string2", doc("<string2>x</string2>"), Reject),
        ("true with space", doc("<true> </true>"), Reject),
        ("true slash space", doc("<true/ >"), Reject),
        ("true two-tag", doc("<true></true>"), Accept),
        ("malformed tag", doc("< dict/>"), Reject),
        ("empty tag", doc("<>"), Reject),
        ("unterminated tag", b"<plist><string".to_vec(), Reject),
        ("unterminated CDATA", doc("<string><![CDATA[abc</string>"), Reject),
        ("CDATA between elements", doc("<array><![CDATA[x]]></array>"), Reject),
        ("bplist then xml", b"bplist00<plist><true/></plist>".to_vec(), Reject),
        // Text.
        ("five entities", doc("<string>&lt;&gt;&amp;&apos;&quot;</string>"), Accept),
        ("numeric refs", doc("<string>&#65;&#x42;&#x1F600;&#233;</string>"), Accept),
        ("ref above U+10FFFF", doc("<string>&#x110000;</string>"), Reject),
        ("nbsp entity", doc("<string>&nbsp;</string>"), Reject),
        ("bare ampersand", doc("<string>a & b</string>"), Reject),
        ("amp at EOF", b"<plist><string>&amp".to_vec(), Reject),
        ("uppercase X ref", doc("<string>&#X41;</string>"), Strict),
        ("nine-digit ref", doc("<string>&#000000065;</string>"), Strict),
        ("empty ref", doc("<string>&#;</string>"), Lenient),
        ("zero ref", doc("<string>&#0;</string>"), Lenient),
        ("CDATA kept", doc("<string>a<![CDATA[<&>]]>b</string>"), Accept),
        ("raw controls NUL CR CRLF", doc("<string>\u{0}\u{1}\u{1f}a\rb\r\nc</string>"), Accept),
        ("invalid UTF-8 in string", [doc("<string>"), b"\xFF".to_vec(), b"</string></plist>".to_vec()].concat(), Reject),
        ("invalid UTF-8 in key", [b"<plist><dict><key>".to_vec(), b"\xC3".to_vec(), b"</key><true/></dict></plist>".to_vec()].concat(), Reject),
        ("overlong UTF-8", [b"<plist><string>".to_vec(), b"\xC0\xAF".to_vec(), b"</string></plist>".to_vec()].concat(), Reject),
        ("encoded surrogate", [b"<plist><string>".to_vec(), b"\xED\xA0\x80".to_vec(), b"</string></plist>".to_vec()].concat(), Reject),
        ("truncated sequence", [b"<plist><string>".to_vec(), b"\xE2\x82".to_vec(), b"</string></plist>".to_vec()].concat(), Reject),
        ("above U+10FFFF", [b"<plist><string>".to_vec(), b"\xF4\x90\x80\x80".to_vec(), b"</string></plist>".to_vec()].concat(), Reject),
        ("NUL between elements", doc("<array>\u{0}<true/></array>"), Reject),
        ("NUL in tag name", doc("<tr\u{0}ue/>"), Reject),
        ("NUL before document", b"\x00<plist><true/></plist>".to_vec(), Reject),
        ("empty string forms", doc("<array><string/><string></string><key/></array>"), Accept),
        ("key as value", doc("<dict><key>a</key><key>b</key></dict>"), Lenient),
        ("key in array", doc("<array><key>x</key></array>"), Lenient),
        // Integers.
        ("integers", doc("<array><integer>18446744073709551615</integer><integer>-9223372036854775808</integer><integer>0x1F</integer><integer>-0x10</integer><integer>0xFFFFFFFFFFFFFFFF</integer><integer>+42</integer><integer>00042</integer><integer>-0</integer></array>"), Accept),
        ("integer leading space", doc("<integer> 42</integer>"), Lenient),
        ("integer leading NUL", doc("<integer>\u{0} 42</integer>"), Lenient),
        ("integer sign space", doc("<integer>- 5</integer>"), Lenient),
        ("integer trailing space", doc("<integer>42 </integer>"), Strict),
        ("integer char ref", doc("<integer>&#52;</integer>"), Strict),
        ("integer 2^64", doc("<integer>18446744073709551616</integer>"), Reject),
        ("integer below -2^63", doc("<integer>-9223372036854775809</integer>"), Reject),
        ("integer hex overflow", doc("<integer>0x10000000000000000</integer>"), Reject),
        ("integer 0x", doc("<integer>0x</integer>"), Reject),
        ("integer 1e3", doc("<integer>1e3</integer>"), Reject),
        ("integer 1.0", doc("<integer>1.0</integer>"), Reject),
        ("integer 1F", doc("<integer>1F</integer>"), Reject),
        ("integer empty", doc("<integer></integer>"), Reject),
        ("integer empty form", doc("<integer/>"), Reject),
        // Reals.
        ("reals", doc("<array><real>nan</real><real>NaN</real><real>+infinity</real><real>-infinity</real><real>inf</real><real>-inf</real><real>INFINITY</real><real>-0.0</real><real>.5</real><real>5.</real><real>1.5e-3</real><real>0.10000000000000001</real><real>+Inf</real></array>"), Accept),
        ("real leading space", doc("<real> 1.5</real>"), Lenient),
        ("real entity", doc("<real>&#49;.5</real>"), Lenient),
        ("real CDATA", doc("<real><![CDATA[2.5]]></real>"), Lenient),
        ("real overflow", doc("<real>1e500</real>"), Lenient),
        ("real underflow", doc("<real>1e-400</real>"), Lenient),
        ("real trailing space", doc("<real>1.5 </real>"), Strict),
        ("real hex", doc("<real>0x1p3</real>"), Reject),
        ("real +nan", doc("<real>+nan</real>"), Reject),
        ("real comma", doc("<real>1,5</real>"), Reject),
        ("real empty", doc("<real></real>"), Reject),
        ("real two points", doc("<real>1.2.3</real>"), Reject),
        ("real empty form", doc("<real/>"), Reject),
        // Data.
        ("data whitespace everywhere", doc("<data>\n\tQU\n JD\r\n</data>"), Accept),
        ("data empty", doc("<data></data>"), Accept),
        ("data empty form", doc("<data/>"), Strict),
        ("data byte 0x80", doc("<data>QUJD\u{80}</data>"), Reject),
        ("data unterminated", b"<plist><data>QUJD".to_vec(), Reject),
        ("data stray characters", doc("<data>QU&amp;JD!*</data>"), Lenient),
        ("data mid-stream padding", doc("<data>QQ==QUJD</data>"), Lenient),
        ("data partial group", doc("<data>QUJDRA</data>"), Lenient),
        // Dates.
        ("dates", doc("<array><date>2020-01-01T00:00:00Z</date><date>0001-01-01T00:00:00Z</date><date>9999-12-31T23:59:59Z</date></array>"), Accept),
        ("date month 13", doc("<date>2020-13-01T00:00:00Z</date>"), Lenient),
        ("date feb 30", doc("<date>2021-02-30T00:00:00Z</date>"), Lenient),
        ("date hour 24", doc("<date>2020-01-01T24:00:00Z</date>"), Lenient),
        ("date second 60", doc("<date>2020-01-01T00:00:60Z</date>"), Lenient),
        ("date day 00", doc("<date>2020-03-00T00:00:00Z</date>"), Lenient),
        ("date negative year", doc("<date>-0001-01-01T00:00:00Z</date>"), Lenient),
        ("date five-digit year", doc("<date>10000-01-01T00:00:00Z</date>"), Lenient),
        // Past 10^15 s from 2001 the XML writer refuses a date, so the reader does.
        ("date nine-digit year", doc("<date>999999999-12-31T23:59:59Z</date>"), Lenient),
        ("date fraction", doc("<date>2020-01-01T00:00:00.5Z</date>"), Reject),
        ("date offset", doc("<date>2020-01-01T00:00:00+00:00</date>"), Reject),
        ("date no Z", doc("<date>2020-01-01T00:00:00</date>"), Reject),
        ("date one-digit month", doc("<date>2020-1-01T00:00:00Z</date>"), Reject),
        ("date leading space", doc("<date> 2020-01-01T00:00:00Z</date>"), Reject),
        ("date trailing space", doc("<date>2020-01-01T00:00:00Z </date>"), Reject),
        ("date only", doc("<date>2020-01-01</date>"), Reject),
        ("date lowercase t", doc("<date>2020-01-01t00:00:00Z</date>"), Reject),
        ("date empty", doc("<date></date>"), Reject),
        ("date empty form", doc("<date/>"), Reject),
        // Containers, duplicates, CF$UID.
        ("duplicate keys last wins", doc("<dict><key>a</key><integer>1</integer><key>b</key><true/><key>a</key><integer>2</integer></dict>"), Lenient),
        ("CF$UID 5", doc("<dict><key>CF$UID</key><integer>5</integer></dict>"), Accept),
        ("CF$UID u32 max", doc("<dict><key>CF$UID</key><integer>4294967295</integer></dict>"), Accept),
        ("CF$UID inside $top", doc("<dict><key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict></dict>"), Accept),
        ("CF$UID two keys", doc("<dict><key>CF$UID</key><integer>5</integer><key>x</key><true/></dict>"), Accept),
        ("CF$UID string", doc("<dict><key>CF$UID</key><string>5</string></dict>"), Accept),
        ("CF$UID boolean", doc("<dict><key>CF$UID</key><true/></dict>"), Accept),
        ("CF$UID real", doc("<dict><key>CF$UID</key><real>7.9</real></dict>"), Lenient),
        ("CF$UID negative", doc("<dict><key>CF$UID</key><integer>-1</integer></dict>"), Lenient),
        ("CF$UID above u32", doc("<dict><key>CF$UID</key><integer>4294967296</integer></dict>"), Lenient),
        ("CF$UID duplicate", doc("<dict><key>CF$UID</key><string>x</string><key>CF$UID</key><integer>2</integer></dict>"), Lenient),
        ("nested plist", doc("<array><plist><true/></plist></array>"), Lenient),
        ("empty containers", doc("<array><array/><dict/><array></array><dict></dict></array>"), Accept),
    ];
    let nest = |n: usize| {
        let body = format!("{}{}", "<array>".repeat(n), "</array>".repeat(n));
        doc(&body)
    };
    v.push(("512 arrays", nest(512), Accept));
    v.push(("513 arrays", nest(513), Strict));
    let cut = doc("<dict><key>a</key><string>b</string></dict>");
    v.push((
        "cut before final newline",
        cut[..cut.len() - 1].to_vec(),
        Accept,
    ));
    v
}

#[test]
fn the_reader_agrees_with_cfs_parser_case_by_case() {
    let (Some(tools), true) = (oracle::tools_dir(), oracle::python()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let cases = cases();
    let jobs: Vec<Job> = cases
        .iter()
        .enumerate()
        .map(|(i, (_, bytes, _))| {
            let p = dir.path().join(format!("case{i}.plist"));
            std::fs::write(&p, bytes).unwrap();
            Job::CfParse(p)
        })
        .collect();
    let answers = oracle::run(dir.path(), &tools, &jobs);
    let mut failures = Vec::new();
    let mut tally = [0usize; 4];
    for ((name, bytes, class), answer) in cases.iter().zip(answers) {
        let ours = plistvalue::from_bytes::<PlistValue>(bytes);
        let model_accepts = matches!(answer, Answer::Ok(_));
        let expect_model = matches!(class, Accept | Lenient);
        if model_accepts != expect_model {
            failures.push(format!(
                "{name}: listed {class:?}, but the CF model says {answer:?}"
            ));
            continue;
        }
        tally[*class as usize] += 1;
        match (class, &ours, &answer) {
            (Accept | Lenient, Ok(v), Answer::Ok(t)) => {
                let cf = model::parse(t).unwrap();
                if let Err(e) = same_tree(v, &cf, Rules::default()) {
                    failures.push(format!("{name}: our tree differs from CF's: {e}"));
                }
            }
            (Accept, Err(e), _) => failures.push(format!("{name}: CF accepts, we refuse: {e}")),
            (Reject, Ok(v), _) => failures.push(format!("{name}: CF refuses, we read {v:?}")),
            (Reject | Lenient | Strict, Err(e), _) => {
                let placed = e.line().is_some() && e.column().is_some() && e.offset().is_some();
                if !placed && !bytes.starts_with(b"bplist") {
                    failures.push(format!("{name}: the error has no line and column: {e}"));
                }
            }
            _ => {}
        }
    }
    println!(
        "rules: {} accept, {} lenient, {} strict, {} reject cases agree with CF's parser model",
        tally[0], tally[1], tally[2], tally[3]
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
