//! Shared helpers for integration tests: locating ../shared, and skipping loudly.

#![allow(dead_code)]

use std::path::PathBuf;

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
