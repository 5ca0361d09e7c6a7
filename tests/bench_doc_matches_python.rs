//! Checks the Rust benchmark document against `../shared/bench/gen_doc.py`, the
//! independent implementation of its specification, by letting Python compare the
//! tree the plist crate wrote.

use std::fs;
use std::process::Command;

use plistvalue_suite::bench_doc::{generate, Variant};
use plistvalue_suite::env::shared;

const N: usize = 2000;

fn check(variant: Variant, name: &str, expected_size: u64) {
    // A clone without ../shared can still run the suite; CI sets the variable.
    let Some(script) = shared("bench/gen_doc.py") else {
        return;
    };
    // Removed even when an assertion fails first.
    let file = tempfile::Builder::new()
        .prefix(&format!("plistvalue-bench-doc-{name}-"))
        .suffix(".bplist")
        .tempfile()
        .expect("a temporary file");
    plist::to_file_binary(file.path(), &generate(N, variant)).expect("write the document");
    let size = fs::metadata(file.path()).expect("stat the document").len();

    let output = Command::new("python3")
        .arg(&script)
        .args(["--n", &N.to_string(), "--variant", name, "--compare"])
        .arg(file.path())
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("EQUAL"),
        "gen_doc.py --compare failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    // The sizes the specification states, measured with plist 1.10.3.
    assert_eq!(size, expected_size, "plist-crate file size for {name}");
}

#[test]
fn random_variant_matches_python() {
    check(Variant::Random, "random", 5_068_244);
}

#[test]
fn pool_variant_matches_python() {
    check(Variant::Pool, "pool", 1_470_244);
}
