//! Checks the Rust benchmark document against `shared/bench/gen_doc.py`, the
//! independent implementation of SHAPE.md, by letting Python compare the tree
//! the plist crate wrote.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use plistvalue_suite::bench_doc::{generate, Variant};

const N: usize = 2000;

/// Removes the file even when an assertion fails first.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

fn check(variant: Variant, name: &str, expected_size: u64) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/gen_doc.py");
    if !script.exists() {
        // A clone without ../shared can still run the suite; CI sets the variable.
        assert!(
            env::var("PLISTVALUE_REQUIRE_SHARED").as_deref() != Ok("1"),
            "PLISTVALUE_REQUIRE_SHARED=1 but {} does not exist",
            script.display()
        );
        println!("SKIPPED: ../shared/bench/gen_doc.py not found");
        return;
    }

    let file = TempFile(env::temp_dir().join(format!(
        "plistvalue-bench-doc-{}-{name}.bplist",
        std::process::id()
    )));
    plist::to_file_binary(&file.0, &generate(N, variant)).expect("write the document");
    let size = fs::metadata(&file.0).expect("stat the document").len();

    let output = Command::new("python3")
        .arg(&script)
        .args(["--n", &N.to_string(), "--variant", name, "--compare"])
        .arg(&file.0)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("EQUAL"),
        "gen_doc.py --compare failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    // SHAPE.md §6 sizes, measured with plist 1.10.3.
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
