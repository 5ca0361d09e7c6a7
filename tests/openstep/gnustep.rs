//! GNUstep's reader (`plser` of Debian's gnustep-base-runtime) against ours: every
//! valid corpus file GNUstep reads, it reads to the tree we read, written back by
//! `plser` as XML and read by our XML reader. GNUstep's own rules differ where
//! docs/OPENSTEP.md says; the allowances are counted and printed.

use std::fmt::Write as _;
use std::fs;

use plistvalue::{Dictionary, PlistValue};
use plistvalue_suite::differential::openstep;

/// Our tree as GNUstep's XML writer leaves it: it writes a character outside the
/// Basic Multilingual Plane as the text of two `\U` escapes, one per UTF-16 unit.
fn as_gnustep_writes(v: &PlistValue, changed: &mut usize) -> PlistValue {
    let text = |s: &str, changed: &mut usize| {
        if s.chars().all(|c| (c as u32) < 0x10000) {
            return s.to_owned();
        }
        *changed += 1;
        let mut out = String::new();
        for c in s.chars() {
            if (c as u32) < 0x10000 {
                out.push(c);
            } else {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    write!(out, "\\U{u:04X}").expect("write to a String");
                }
            }
        }
        out
    };
    match v {
        PlistValue::String(s) => PlistValue::String(text(s, changed)),
        PlistValue::Array(a) => PlistValue::from(
            a.iter()
                .map(|x| as_gnustep_writes(x, changed))
                .collect::<Vec<_>>(),
        ),
        PlistValue::Dictionary(d) => {
            let mut out = Dictionary::new();
            for (k, x) in d {
                out.insert(text(k, changed), as_gnustep_writes(x, changed));
            }
            PlistValue::Dictionary(out)
        }
        other => other.clone(),
    }
}

#[test]
fn gnustep_reads_every_valid_corpus_file_it_accepts_to_our_tree() {
    let Some(rows) = openstep::manifest() else {
        return;
    };
    if !openstep::gnustep_available() {
        return;
    }
    let (mut same, mut refused, mut astral, mut failures) = (0, Vec::new(), 0, Vec::new());
    let rows: Vec<_> = rows.iter().filter(|r| r.get("expect") == "parse").collect();
    // `plser` takes ~80 ms to start: the files run a few at a time.
    let answers: Vec<Result<Vec<u8>, String>> = rows
        .chunks(8)
        .flat_map(|chunk| {
            std::thread::scope(|s| {
                let handles: Vec<_> = chunk
                    .iter()
                    .map(|r| s.spawn(|| openstep::gnustep_xml(&r.path)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    for (row, answer) in rows.iter().zip(answers) {
        let name = row.name();
        let ours: PlistValue = plistvalue::from_bytes(&fs::read(&row.path).unwrap()).unwrap();
        let xml = match answer {
            Ok(xml) => xml,
            Err(why) => {
                refused.push(format!("{name}: {why}"));
                continue;
            }
        };
        let theirs: PlistValue = match plistvalue::from_bytes(&xml) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: GNUstep's XML does not read: {e}"));
                continue;
            }
        };
        let mut changed = 0;
        let expected = as_gnustep_writes(&ours, &mut changed);
        if theirs == expected {
            same += 1;
            astral += usize::from(changed > 0);
        } else {
            failures.push(format!("{name}: GNUstep reads another tree"));
        }
    }
    eprintln!(
        "GNUstep: {same} files read to our tree ({astral} of them with characters past U+FFFF, \
         which its XML writer spells as \\U escapes); {} refused:\n  {}",
        refused.len(),
        refused.join("\n  ")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // GNUstep's plser reads every valid file but the .strings bodies (its
    // property-list reader does not take them) and the files with a UTF-8
    // byte-order mark (docs/OPENSTEP.md R1).
    assert!(same >= 79, "{same} files compared");
}
