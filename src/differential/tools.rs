//! libplist as a process (`plistutil`), the run's settings, and the tally every
//! differential test prints.

use std::collections::BTreeMap;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::env::{shared, skip_unless_required, REQUIRE_SHARED};

/// Seed and case count, from `PLISTVALUE_COMPAT_SEED` (decimal or `0x` hex) and
/// `PLISTVALUE_COMPAT_CASES`.
pub struct Settings {
    /// The seed of the random trees.
    pub seed: u64,
    /// How many random trees.
    pub cases: usize,
}

const DEFAULT_SEED: u64 = 0x5EED_B91E_0000_0004;
/// Random trees per run when `PLISTVALUE_COMPAT_CASES` does not say.
pub const DEFAULT_CASES: usize = 256;

/// The run's settings, from the environment.
pub fn settings() -> Settings {
    let seed = match env::var("PLISTVALUE_COMPAT_SEED") {
        Ok(s) => match s.strip_prefix("0x") {
            Some(h) => u64::from_str_radix(h, 16),
            None => s.parse(),
        }
        .unwrap_or_else(|e| panic!("PLISTVALUE_COMPAT_SEED={s:?}: {e}")),
        Err(_) => DEFAULT_SEED,
    };
    let cases = match env::var("PLISTVALUE_COMPAT_CASES") {
        Ok(s) => s
            .parse()
            .unwrap_or_else(|e| panic!("PLISTVALUE_COMPAT_CASES={s:?}: {e}")),
        Err(_) => DEFAULT_CASES,
    };
    Settings { seed, cases }
}

/// `../shared/corpus/bplist`, or `None` (after saying so) when this clone has no
/// `../shared` and CI did not ask for it.
pub fn corpus_dir() -> Option<PathBuf> {
    shared("corpus/bplist")
}

/// Whether `plistutil` runs; if not, says so, and fails when CI requires it.
pub fn libplist_available() -> bool {
    let found = Command::new("plistutil").arg("--help").output().is_ok();
    if !found {
        skip_unless_required(
            REQUIRE_SHARED,
            "plistutil is not installed (the libplist columns are not run)",
        );
    }
    found
}

/// Has libplist read `input` and write it back as a binary plist to `output`.
///
/// Its binary writer is the window on what it read: libplist 2.2's XML writer
/// drops fractional seconds and UIDs and emits control characters raw, so XML would
/// show XML's limits, not the reader's.
///
/// # Errors
/// What `plistutil` said when it failed, or that it wrote nothing.
pub fn libplist_to_binary(input: &Path, output: &Path) -> Result<Vec<u8>, String> {
    let out = Command::new("plistutil")
        .arg("-i")
        .arg(input)
        .arg("-o")
        .arg(output)
        .args(["-f", "bin"])
        .output()
        .map_err(|e| format!("run plistutil: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "plistutil failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    fs::read(output).map_err(|e| format!("plistutil wrote no {}: {e}", output.display()))
}

/// Runs a Python oracle once for a whole batch of jobs: writes `jobs` (a line
/// each) to `jobs_file`, runs `python3 script args… jobs_file`, and returns the
/// `count` lines it printed, an answer a job. One process per test, not one per
/// case, keeps Python's start-up out of the run time.
pub fn python_batch(
    script: &Path,
    args: &[&Path],
    jobs_file: &Path,
    jobs: &str,
    count: usize,
) -> Vec<String> {
    fs::write(jobs_file, jobs).expect("write the job list");
    let name = script.display();
    let out = Command::new("python3")
        .arg(script)
        .args(args)
        .arg(jobs_file)
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "{name} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<String> = String::from_utf8(out.stdout)
        .unwrap_or_else(|e| panic!("{name} printed {e}"))
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(answers.len(), count, "{name} answered every job");
    answers
}

/// Counts per column (reader and direction), counts per stated exclusion or
/// allowance, and every mismatch.
#[derive(Default)]
pub struct Tally {
    columns: Vec<(String, usize, usize)>,
    notes: BTreeMap<String, usize>,
    info: Vec<String>,
    mismatches: Vec<String>,
}

impl Tally {
    /// Records one comparison in `column`; `what` names the case in a failure.
    pub fn check(&mut self, column: &str, what: &str, result: Result<(), String>) {
        let i = if let Some(i) = self.columns.iter().position(|c| c.0 == column) {
            i
        } else {
            self.columns.push((column.to_owned(), 0, 0));
            self.columns.len() - 1
        };
        self.columns[i].2 += 1;
        match result {
            Ok(()) => self.columns[i].1 += 1,
            Err(e) => self.mismatches.push(format!("{column}: {what}: {e}")),
        }
    }

    /// Counts one case under a stated reason: an exclusion or an allowance.
    pub fn note(&mut self, reason: &str) {
        *self.notes.entry(reason.to_owned()).or_default() += 1;
    }

    /// A line printed under the summary.
    pub fn info(&mut self, line: String) {
        self.info.push(line);
    }

    /// Prints the counts and the notes; fails on any mismatch. `header` leads the
    /// summary line.
    pub fn finish(self, header: &str, keep: Option<tempfile::TempDir>) {
        let mut line = format!("COMPAT {header}");
        for (name, ok, tried) in &self.columns {
            write!(line, " {name}={ok}/{tried}").unwrap();
        }
        write!(line, " mismatches={}", self.mismatches.len()).unwrap();
        println!("{line}");
        for i in &self.info {
            println!("COMPAT   {i}");
        }
        for (reason, n) in &self.notes {
            println!("COMPAT   note ({n}): {reason}");
        }
        if self.mismatches.is_empty() {
            return;
        }
        let kept = keep.map(tempfile::TempDir::keep);
        let mut msg = format!("{} mismatches", self.mismatches.len());
        if let Some(k) = kept {
            write!(msg, " (files kept in {})", k.display()).unwrap();
        }
        for m in self.mismatches.iter().take(20) {
            write!(msg, "\n  {m}").unwrap();
        }
        panic!("{msg}");
    }
}
