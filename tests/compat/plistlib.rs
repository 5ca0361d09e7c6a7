//! plistlib as a process: the jobs `oracle.py` runs, all in one `python3`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use plistvalue_suite::differential::tools::python_batch;

/// One plistlib job for `oracle.py`.
pub enum Job {
    /// Load a file; with a second path, also write plistlib's own encoding of what
    /// it loaded there.
    Read(PathBuf, Option<PathBuf>),
    /// Write a tree (in `model::dump` notation) to a file.
    Write(PathBuf, String),
}

/// Runs all jobs in one `python3 oracle.py` process; one result per job: the
/// notation of what was read (empty for writes), or plistlib's exception.
pub fn plistlib(dir: &Path, jobs: &[Job]) -> Vec<Result<String, String>> {
    let mut text = String::new();
    for job in jobs {
        match job {
            Job::Read(p, None) => writeln!(text, "read {}", p.display()),
            Job::Read(p, Some(out)) => writeln!(text, "read {} {}", p.display(), out.display()),
            Job::Write(p, tree) => writeln!(text, "write {} {tree}", p.display()),
        }
        .unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/compat/oracle.py");
    let answers = python_batch(&script, &[], &dir.join("jobs.txt"), &text, jobs.len());
    answers
        .iter()
        .map(|l| match l.split_once(' ') {
            Some(("ok", rest)) => Ok(rest.to_owned()),
            Some(("err", rest)) => Err(rest.to_owned()),
            _ if l == "ok" => Ok(String::new()),
            _ => panic!("oracle.py printed {l:?}"),
        })
        .collect()
}
