//! The archive rows: `unarchive` of the largest Xcode state file of the corpus, and a
//! typed decode of an archive of 100,000 objects, against the nearest Rust readers
//! (`ns-keyed-archive`, which resolves a file into a `plist::Value` tree, and
//! `nskeyedunarchiver`, which decodes into its derive's types), taking turns in the
//! same rounds. Each operation is its own `#[inline(never)]` function, so that
//! callgrind can count it alone (`--toggle-collect=*archive*op_*`).

use nskeyedunarchiver::{Decodable, KeyedArchive};
use plistvalue::{archive, plist, PlistValue};

use crate::check::ensure;
use crate::report::{Json, Row, Table};
use crate::{race2, time, Res};

/// One object of the typed row, for plistvalue's derive.
#[derive(plistvalue::FromPlist, Debug, PartialEq)]
struct Note {
    title: String,
    count: i64,
    done: bool,
}

/// The same class, for nskeyedunarchiver's derive (the class name is the type's).
#[derive(nskeyedunarchiver::derive::Decodable, Debug)]
#[decodable(rename = "Note")]
struct TheirNote {
    title: String,
    count: i64,
    done: bool,
}

/// An archive of `n` `Note` objects in an `NSArray`: fields by reference, as
/// `encode(_:forKey:)` stores objects.
fn notes(n: usize) -> Res<Vec<u8>> {
    let items = (0..n)
        .map(|i| {
            plist!({
                "$class": "Note",
                "$classes": ["Note", "NSObject"],
                "title": format!("note {i}"),
                "count": i as i64,
                "done": i % 3 == 0,
            })
        })
        .collect();
    Ok(archive::archive(&PlistValue::Array(items))?)
}

#[inline(never)]
pub fn op_ours_unarchive(bytes: &[u8]) -> PlistValue {
    archive::unarchive(bytes).expect("checked")
}

#[inline(never)]
pub fn op_theirs_unarchive(bytes: &[u8]) -> Option<::plist::Value> {
    ns_keyed_archive::decode::from_bytes(bytes).ok()
}

#[inline(never)]
fn op_ours_typed(bytes: &[u8]) -> Vec<Note> {
    archive::from_slice(bytes).expect("checked")
}

#[inline(never)]
fn op_theirs_typed(bytes: &[u8]) -> Vec<TheirNote> {
    let archive = KeyedArchive::from_bytes(bytes).expect("checked");
    let root = archive.root().expect("a root");
    Vec::<TheirNote>::decode(&root.into()).expect("checked")
}

/// The largest `.xcuserstate` of the corpus, if `../shared` is there.
fn largest_xcuserstate() -> Option<(String, Vec<u8>)> {
    let dir = plistvalue_suite::env::shared("corpus/bplist")?;
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("xcuserstate"))
        .max_by_key(|p| p.metadata().map_or(0, |m| m.len()))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(p).unwrap(),
            )
        })
}

pub fn table(k: usize, objects: usize) -> Res<Table> {
    let mut rows = Vec::new();
    let mut notes_text =
        vec!["The `plist` column is the other Rust reader named in the row.".to_owned()];
    if let Some((name, file)) = largest_xcuserstate() {
        let tree = op_ours_unarchive(&file);
        ensure(
            archive::unarchive(&archive::archive(&tree)?)? == tree,
            "the tree round-trips",
        )?;
        let theirs_ok = op_theirs_unarchive(&file).is_some();
        eprintln!(
            "[archive: {name}, {} bytes; ns-keyed-archive reads it: {theirs_ok}]",
            file.len()
        );
        let (ours, theirs) = race2(
            k,
            || op_ours_unarchive(&file),
            || op_theirs_unarchive(&file),
        );
        let mut row = Row::new(format!(
            "unarchive → tree, largest .xcuserstate ({} B)",
            file.len()
        ))
        .ours(time(&ours));
        if theirs_ok {
            row = row.plist(time(&theirs));
            notes_text
                .push("Row 1: ns-keyed-archive's `decode::from_bytes` → `plist::Value`.".into());
        } else {
            notes_text.push(
                "Row 1: ns-keyed-archive's `decode::from_bytes` fails on the file (no time)."
                    .into(),
            );
        }
        rows.push(row);
    }
    let bytes = notes(objects)?;
    let ours = op_ours_typed(&bytes);
    let theirs = op_theirs_typed(&bytes);
    ensure(
        ours.len() == objects && theirs.len() == objects,
        "both decode every object",
    )?;
    ensure(
        ours.iter()
            .zip(&theirs)
            .all(|(a, b)| a.title == b.title && a.count == b.count && a.done == b.done),
        "both decode the same notes",
    )?;
    let (t_ours, t_theirs) = race2(k, || op_ours_typed(&bytes), || op_theirs_typed(&bytes));
    rows.push(
        Row::new(format!(
            "typed decode, {objects} archived objects → `Vec<Note>`"
        ))
        .ours(time(&t_ours))
        .plist(time(&t_theirs)),
    );
    notes_text.push("Row 2: nskeyedunarchiver's `KeyedArchive::from_bytes` and its derive.".into());
    Ok(Table {
        title: "NSKeyedArchiver archives".into(),
        params: vec![
            ("objects", Json::Int(objects as u64)),
            ("rounds", Json::Int(k as u64)),
        ],
        rows,
        notes: notes_text,
    })
}
