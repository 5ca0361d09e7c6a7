//! What the tests need from their surroundings: the shared corpus at `../shared`
//! (or wherever `$PLISTVALUE_SHARED` says), and tools (python3 with plistlib,
//! libplist's `plistutil`, GNUstep). Without one, a check skips visibly, unless the
//! variable CI sets says it may not.

use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the shared folder is, when it is not `../shared` beside the checkout.
pub const SHARED_DIR: &str = "PLISTVALUE_SHARED";

/// Set to `1` by `.ci/run`: a missing `../shared` (or `plistutil`, or GNUstep's
/// `gnustep-config` and Objective-C compiler) is a failure.
pub const REQUIRE_SHARED: &str = "PLISTVALUE_REQUIRE_SHARED";
/// Set to `1` by `.ci/run`: a check that cannot run python3 is a failure.
pub const REQUIRE_PYTHON: &str = "PLISTVALUE_REQUIRE_PYTHON";

/// Says that a check is skipped because `why`, or fails when `var` is `1`.
#[track_caller]
pub fn skip_unless_required(var: &str, why: impl Display) {
    assert!(
        std::env::var(var).as_deref() != Ok("1"),
        "{var}=1 but {why}"
    );
    // libtest captures `println!` and `eprintln!` of passing tests and shows neither;
    // it does not capture writes to the stderr handle itself, so this line reaches
    // the default output of `cargo test`.
    let test = std::thread::current();
    let name = test.name().unwrap_or("?");
    let _ = writeln!(std::io::stderr(), "SKIPPED {name}: {why}");
}

/// The shared folder: `$PLISTVALUE_SHARED` if set, else `../shared` beside the
/// workspace.
pub fn shared_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os(SHARED_DIR) {
        return PathBuf::from(dir);
    }
    // From the workspace root (the folder that holds Cargo.lock), so that the
    // library's CLI test and the root package's tests find the same folder.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest
        .ancestors()
        .find(|d| d.join("Cargo.lock").exists())
        .unwrap_or(manifest);
    root.join("../shared")
}

/// `<shared folder>/<rel>` if it exists; `None` after [`skip_unless_required`] otherwise.
#[track_caller]
pub fn shared(rel: &str) -> Option<PathBuf> {
    let path = shared_dir().join(rel);
    if path.exists() {
        return Some(path);
    }
    skip_unless_required(REQUIRE_SHARED, format!("{} does not exist", path.display()));
    None
}

/// (file, category) for every file of the bplist corpus, from its MANIFEST.tsv.
#[track_caller]
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

/// Runs `python3 -c script args…` with `stdin`, returning its stdout; `None` after
/// [`skip_unless_required`] when python3 does not run. A failing script panics.
#[track_caller]
pub fn python3(script: &str, args: &[&str], stdin: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let child = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            skip_unless_required(REQUIRE_PYTHON, format!("python3 did not run: {e}"));
            return None;
        }
    };
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&data));
    let out = child.wait_with_output().expect("python3 output");
    writer.join().expect("stdin writer").expect("write stdin");
    assert!(
        out.status.success(),
        "python3 failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(out.stdout)
}
