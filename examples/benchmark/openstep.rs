//! The OpenStep rows (issue 27): Xcode projects decoded by plistvalue and by the
//! plist crate's ASCII reader (`plist::Value::from_reader`, which detects the format)
//! in the same rounds: the largest `project.pbxproj` of `../shared/corpus/openstep`,
//! and a generated 20 MB one. Beside them, what `-lint` does with the 20 MB file
//! (read into binary bytes, then every object checked lazily), and the floor of any
//! reader: checking the text is UTF-8. And the 20 MB project written back as Xcode
//! writes it, against our XML writer on the same tree in the same rounds (the plist
//! crate writes no OpenStep).

use std::collections::HashMap;
use std::io::Cursor;
use std::path::PathBuf;

use plistvalue::{Document, FromPlist, OpenStepWriter, PlistValue};
use plistvalue_suite::pbxproj;

use crate::check::ensure;
use crate::harness::{peak_heap, solo, timed};
use crate::report::{Json, Measure, Row, Table};
use crate::{race2, time, Res};

/// The parts of a project a tool reads, for the typed rows: the plist crate's ASCII
/// reader turns digit-only text into integers, so the model names only fields that
/// both libraries read the same way.
#[derive(FromPlist, serde::Deserialize)]
#[plist(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct Pbxproj {
    object_version: u32,
    objects: HashMap<String, PbxObject>,
    root_object: String,
}

#[derive(FromPlist, serde::Deserialize)]
struct PbxObject {
    isa: String,
}

/// Whether the plist crate read the same tree, but for its integers: it reads
/// digit-only text as an integer, which here must be that text's value. And but for
/// an unquoted string that starts with `/`, whose slash it replaces by the next
/// character (`/bin/sh` reads as `bbin/sh`, in 1.10.3).
fn same_text_tree(ours: &PlistValue, theirs: &plist::Value) -> bool {
    use plist::Value as V;
    use PlistValue as P;
    let mut stack = vec![(ours, theirs)];
    while let Some(pair) = stack.pop() {
        let same = match pair {
            (P::String(a), V::String(b)) => {
                a == b || a.starts_with('/') && a.get(1..) == b.get(1..)
            }
            (P::String(a), V::Integer(b)) => {
                let b = b
                    .as_signed()
                    .map(i128::from)
                    .or(b.as_unsigned().map(i128::from));
                a.parse::<i128>().ok() == b
            }
            (P::Data(a), V::Data(b)) => a == b,
            (P::Array(a), V::Array(b)) if a.len() == b.len() => {
                stack.extend(a.iter().zip(b));
                true
            }
            (P::Dictionary(a), V::Dictionary(b)) if a.len() == b.len() => {
                for (k, v) in a {
                    match b.get(k) {
                        Some(w) => stack.push((v, w)),
                        None => return false,
                    }
                }
                true
            }
            _ => false,
        };
        if !same {
            return false;
        }
    }
    true
}

/// The largest `.pbxproj` of the shared corpus, if this clone has it.
fn largest_corpus_project() -> Option<PathBuf> {
    let dir = plistvalue_suite::env::shared("corpus/openstep")?;
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "pbxproj"))
        .max_by_key(|e| e.metadata().map_or(0, |m| m.len()))
        .map(|e| e.path())
}

/// What `-lint` does: the text read into binary bytes, then every object checked
/// and the graph walked lazily. The number of objects.
fn lint(text: &[u8]) -> u64 {
    let binary = plistvalue::to_binary(text).expect("checked");
    let doc = Document::from_slice(&binary).expect("checked");
    doc.validate_all().expect("checked");
    plistvalue_suite::walk::walk(&doc).expect("checked")
}

/// The rows of one input: its untyped and typed decodes by both libraries.
fn rows(name: &str, input: &[u8], k: usize, rows: &mut Vec<Row>) -> Res<()> {
    let ours: PlistValue = plistvalue::from_bytes(input)?;
    let theirs = plist::Value::from_reader(Cursor::new(input))?;
    ensure(
        same_text_tree(&ours, &theirs),
        &format!("both libraries read {name} to the same tree"),
    )?;
    let typed: Pbxproj = plistvalue::from_bytes(input)?;
    let their_typed: Pbxproj = plist::from_bytes(input)?;
    ensure(
        typed.objects.len() == their_typed.objects.len()
            && typed.object_version == their_typed.object_version
            && typed.objects[&typed.root_object].isa == "PBXProject",
        &format!("both libraries decode {name} into the typed model"),
    )?;
    eprintln!("[openstep {name}: outputs checked, timing…]");
    let (udec_ours, udec_plist) = race2(
        k,
        || plistvalue::from_bytes::<PlistValue>(input).expect("checked"),
        || plist::Value::from_reader(Cursor::new(input)).expect("checked"),
    );
    let (dec_ours, dec_plist) = race2(
        k,
        || plistvalue::from_bytes::<Pbxproj>(input).expect("checked"),
        || plist::from_bytes::<Pbxproj>(input).expect("checked"),
    );
    let utf8 = solo(k, timed(|| std::str::from_utf8(input).is_ok()));
    let faster = |row: Row| {
        let met = row.vs_plist().is_some_and(|r| r >= 3.0);
        row.target("≥ 3× faster", met)
    };
    rows.push(faster(
        Row::new(format!("{name}: untyped decode → `PlistValue`"))
            .ours(time(&udec_ours))
            .plist(time(&udec_plist))
            .floor("UTF-8 check", &utf8),
    ));
    rows.push(faster(
        Row::new(format!(
            "{name}: typed decode (derive; serde for the crate)"
        ))
        .ours(time(&dec_ours))
        .plist(time(&dec_plist))
        .floor("UTF-8 check", &utf8),
    ));
    let len = input.len() as u64;
    let h_ours = peak_heap(|| plistvalue::from_bytes::<PlistValue>(input));
    let h_plist = peak_heap(|| plist::Value::from_reader(Cursor::new(input)));
    rows.push(
        Row::new(format!("{name}: peak heap, untyped decode (× input)"))
            .ours(Measure::Bytes(h_ours, Some(len)))
            .plist(Measure::Bytes(h_plist, Some(len))),
    );
    Ok(())
}

/// The project in `input` written back: the tree of the text Xcode would write for
/// it (objects in its order), rewritten byte for byte, against our XML writer.
fn write_rows(
    name: &str,
    input: &[u8],
    k: usize,
    rows: &mut Vec<Row>,
    notes: &mut Vec<String>,
) -> Res<()> {
    let tree: PlistValue = plistvalue::from_bytes(input)?;
    let xcode = plistvalue::to_vec_openstep(&tree)?;
    let tree: PlistValue = plistvalue::from_bytes(&xcode)?;
    let writer = OpenStepWriter::new().project_name_from_text(&xcode);
    ensure(
        writer.to_vec(&tree)? == xcode,
        &format!("{name} is rewritten byte for byte"),
    )?;
    eprintln!("[openstep {name}: rewrite checked, timing…]");
    let (ours, xml) = race2(
        k,
        || writer.to_vec(&tree).expect("checked"),
        || plistvalue::to_vec_xml(&tree).expect("checked"),
    );
    let mb_s = xcode.len() as f64 / 1e6 / ours.median.as_secs_f64();
    rows.push(
        Row::new(format!(
            "{name}: written back as Xcode writes it ({mb_s:.0} MB/s) ²"
        ))
        .ours(time(&ours))
        .floor("our XML writer, same tree", &xml),
    );
    let heap = peak_heap(|| writer.to_vec(&tree));
    rows.push(
        Row::new(format!("{name}: peak heap, written back (× output)"))
            .ours(Measure::Bytes(heap, Some(xcode.len() as u64))),
    );
    notes.push(
        "² `OpenStepWriter::to_vec` of the tree read from the text Xcode would write \
         (its table filled and the text written), checked to give that text back; \
         beside it `to_vec_xml` of the same tree, which writes 1.4 times the bytes. \
         The plist crate writes no OpenStep."
            .into(),
    );
    Ok(())
}

pub fn table(k: usize) -> Res<Table> {
    let mut out = Vec::new();
    let mut notes = Vec::new();
    match largest_corpus_project() {
        Some(path) => {
            let input = std::fs::read(&path)?;
            let name = format!(
                "largest corpus pbxproj ({:.0} KB)",
                input.len() as f64 / 1e3
            );
            rows(&name, &input, k, &mut out)?;
            notes.push(format!(
                "The corpus file is {}.",
                path.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
        None => notes.push("../shared is absent: the corpus rows are not run.".into()),
    }
    let generated = pbxproj::of_size(20_000_000);
    let len = generated.len() as u64;
    let name = format!("generated pbxproj ({:.1} MB)", len as f64 / 1e6);
    rows(&name, generated.as_bytes(), k, &mut out)?;
    let objects = lint(generated.as_bytes());
    let lint_time = solo(k, timed(|| lint(generated.as_bytes())));
    out.push(
        Row::new(format!(
            "{name}: what `-lint` does ({} objects) ¹",
            crate::report::thousands(objects)
        ))
        .ours(time(&lint_time))
        .target("well under 1 s", lint_time.median.as_secs_f64() < 0.5),
    );
    notes.push(
        "¹ `to_binary`, `Document::validate_all` and a lazy walk of every object: the \
         CLI's `-lint` less reading the file."
            .into(),
    );
    write_rows(&name, generated.as_bytes(), k, &mut out, &mut notes)?;
    Ok(Table {
        title: format!("OpenStep (old-style ASCII), {k} rounds"),
        params: vec![
            ("format", Json::Str("openstep".into())),
            ("rounds", Json::Int(k as u64)),
            ("generated_bytes", Json::Int(len)),
        ],
        rows: out,
        notes,
    })
}
