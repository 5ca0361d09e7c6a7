//! Shared helpers for integration tests: locating ../shared, and skipping loudly.

#![allow(dead_code)]

use std::path::PathBuf;

use plistvalue::{Document, Error, Kind};

/// `../shared/<rel>` if it exists. Without it, prints why the test is skipped and
/// returns `None` — unless `PLISTVALUE_REQUIRE_SHARED=1` (as in `.ci/run`), where a
/// missing corpus is a failure.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    if std::env::var("PLISTVALUE_REQUIRE_SHARED").as_deref() == Ok("1") {
        panic!(
            "PLISTVALUE_REQUIRE_SHARED=1 but {} does not exist",
            path.display()
        );
    }
    println!("SKIPPED: ../shared/{rel} not found");
    None
}

/// (file name, category) for every corpus file, from MANIFEST.tsv.
pub fn corpus_manifest() -> Option<Vec<(PathBuf, String)>> {
    let dir = shared("corpus/bplist")?;
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let rows = manifest
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            (dir.join(cols[0]), cols[6].to_owned())
        })
        .collect();
    Some(rows)
}

/// Visits every object reachable from the root once (a visited bit per index, so
/// shared subtrees are not re-expanded), reading each leaf. Returns the count.
pub fn walk(doc: &Document<'_>) -> Result<u64, Error> {
    let mut seen = vec![false; doc.len() as usize];
    let mut stack = vec![doc.root()?];
    let mut visited = 0;
    while let Some(node) = stack.pop() {
        if std::mem::replace(&mut seen[node.index() as usize], true) {
            continue;
        }
        visited += 1;
        match node.kind() {
            Kind::Array | Kind::Set => {
                for e in node.elements()? {
                    stack.push(e?);
                }
            }
            Kind::Dictionary => {
                for entry in node.entries()? {
                    let (k, v) = entry?;
                    stack.push(k);
                    stack.push(v);
                }
            }
            _ => {
                let _ = (node.as_integer(), node.as_f64(), node.as_date());
                let _ = (node.as_uid(), node.as_data(), node.to_str());
            }
        }
    }
    Ok(visited)
}
