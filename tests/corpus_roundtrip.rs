//! Every valid file of the shared corpus decodes, re-encodes and decodes again to an
//! equal tree, and Python's plistlib reads our re-encoding to the same tree it reads
//! from the original.

use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, Stdio};

use plistvalue::PlistValue;
use plistvalue_suite::env::corpus_manifest;

/// Compares plistlib's reading of each (original, ours) pair with strict types
/// (True is not 1) and NaN-aware floats; prints one line per pair.
const PLISTLIB_SAME: &str = r#"
import math, plistlib, sys
def same(a, b):
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
for line in sys.stdin:
    orig, ours = line.rstrip("\n").split("\t")
    a = plistlib.load(open(orig, "rb"))
    b = plistlib.load(open(ours, "rb"))
    print(("SAME" if same(a, b) else "DIFF") + "\t" + orig)
"#;

#[test]
fn valid_corpus_files_round_trip_and_plistlib_agrees() {
    let Some(rows) = corpus_manifest() else {
        return;
    };
    let out_dir = std::env::temp_dir().join(format!("plistvalue-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut pairs = String::new();
    let mut count = 0;
    for (path, category) in rows.iter().filter(|(_, c)| c != "malformed-by-design") {
        let original = std::fs::read(path).unwrap();
        let tree: PlistValue = plistvalue::from_slice(&original)
            .unwrap_or_else(|e| panic!("{} ({category}): {e}", path.display()));
        let ours = plistvalue::to_vec(&tree).unwrap();
        let again: PlistValue = plistvalue::from_slice(&ours).unwrap();
        assert_eq!(again, tree, "{}", path.display());
        let ours_path = out_dir.join(path.file_name().unwrap());
        std::fs::write(&ours_path, &ours).unwrap();
        let _ = writeln!(pairs, "{}\t{}", path.display(), ours_path.display());
        count += 1;
    }
    let mut py = Command::new("python3")
        .args(["-c", PLISTLIB_SAME])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3");
    py.stdin
        .take()
        .unwrap()
        .write_all(pairs.as_bytes())
        .unwrap();
    let out = py.wait_with_output().unwrap();
    std::fs::remove_dir_all(&out_dir).ok();
    assert!(out.status.success(), "plistlib failed");
    let report = String::from_utf8(out.stdout).unwrap();
    let diffs: Vec<&str> = report.lines().filter(|l| !l.starts_with("SAME")).collect();
    println!(
        "corpus: {count} valid files round-tripped; plistlib agreed on {}",
        count - diffs.len()
    );
    assert!(
        diffs.is_empty(),
        "plistlib reads a different tree: {diffs:#?}"
    );
    assert_eq!(report.lines().count(), count);
    assert_eq!(count, 96, "66 real-apple + 30 fixtures");
}
