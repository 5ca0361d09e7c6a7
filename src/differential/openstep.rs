//! The OpenStep model, `../shared/tools/openstep.py` (CoreFoundation's old-style
//! parser, and Xcode's writer), as one batch process (`openstep_oracle.py` beside
//! this file), the corpus manifest, and the comparison of our reading with the
//! model's. The reader's tests (`tests/openstep`) use it; a writer's tests add their
//! jobs to [`Job`] and the script.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use plistvalue::{Error, PlistValue};

use super::model::{self, Obs, Rules};
use super::tools::python_batch;
use crate::env::{shared, skip_unless_required, REQUIRE_PYTHON, REQUIRE_SHARED};

/// One thing for the model to do.
pub enum Job {
    /// Read a file.
    Parse(PathBuf),
    /// Read the first file, a project, and write it as Xcode's writer would into
    /// the second, the project's name taken from the first file's annotations.
    Rewrite(PathBuf, PathBuf),
}

/// What the model answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The tree it read.
    Ok(Obs),
    /// It refused the input, at this line and column (1-based; the model counts
    /// columns in characters).
    Reject {
        /// The line.
        line: u64,
        /// The column.
        column: u64,
        /// The whole message.
        message: String,
    },
    /// It wrote the file a [`Job::Rewrite`] asked for.
    Wrote,
    /// The job failed in Python.
    Err(String),
}

/// `../shared/tools`, where `openstep.py` is, and whether Python runs; `None` after
/// saying so when either is missing and CI did not require it.
#[track_caller]
pub fn tools() -> Option<PathBuf> {
    let model = shared("tools/openstep.py")?;
    let ok = Command::new("python3")
        .args(["-c", "import json"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        skip_unless_required(REQUIRE_PYTHON, "python3 does not run");
        return None;
    }
    Some(model.parent().expect("tools/").to_path_buf())
}

/// Runs `jobs` in one Python process, with its job list in `dir`.
pub fn run(dir: &Path, tools: &Path, jobs: &[Job]) -> Vec<Answer> {
    let mut text = String::new();
    for job in jobs {
        match job {
            Job::Parse(p) => writeln!(text, "parse {}", p.display()),
            Job::Rewrite(from, to) => {
                writeln!(text, "rewrite {}\t{}", from.display(), to.display())
            }
        }
        .expect("write to a String");
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/differential/openstep_oracle.py");
    let jobs_file = dir.join("openstep-jobs.txt");
    python_batch(&script, &[tools], &jobs_file, &text, jobs.len())
        .iter()
        .map(|l| answer(l))
        .collect()
}

fn answer(line: &str) -> Answer {
    let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
    match tag {
        "ok" => Answer::Ok(model::parse(rest).unwrap_or_else(|e| panic!("{e}: {rest}"))),
        "reject" => {
            let (line, column) = position(rest)
                .unwrap_or_else(|| panic!("a model error without its position: {rest}"));
            Answer::Reject {
                line,
                column,
                message: rest.to_owned(),
            }
        }
        "wrote" => Answer::Wrote,
        "err" => Answer::Err(rest.to_owned()),
        _ => panic!("openstep_oracle.py printed {line:?}"),
    }
}

/// The `line L, column C` a model message starts with.
fn position(message: &str) -> Option<(u64, u64)> {
    let rest = message.strip_prefix("line ")?;
    let (line, rest) = rest.split_once(", column ")?;
    let (column, _) = rest.split_once(':')?;
    Some((line.parse().ok()?, column.parse().ok()?))
}

/// The model's reading of each input, written to files in `dir` first.
pub fn parse_bytes(dir: &Path, tools: &Path, inputs: &[&[u8]]) -> Vec<Answer> {
    let jobs: Vec<Job> = inputs
        .iter()
        .enumerate()
        .map(|(i, bytes)| {
            let path = dir.join(format!("case-{i}.txt"));
            fs::write(&path, bytes).expect("write a case");
            Job::Parse(path)
        })
        .collect();
    run(dir, tools, &jobs)
}

/// Whether our reading agrees with the model's: the same tree (dictionary order
/// included), or both an error; the error names the first difference.
///
/// # Errors
/// The difference.
pub fn agree(ours: &Result<PlistValue, Error>, model: &Answer) -> Result<(), String> {
    match (ours, model) {
        (Ok(v), Answer::Ok(obs)) => model::same_tree(v, obs, Rules::default()),
        (Err(e), Answer::Reject { .. }) if e.line().is_some() && e.column().is_some() => Ok(()),
        (Err(e), Answer::Reject { .. }) => Err(format!("our error has no line and column: {e}")),
        (Ok(v), Answer::Reject { message, .. }) => Err(format!(
            "we read {}, the model refuses: {message}",
            model::short(v)
        )),
        (Err(e), Answer::Ok(obs)) => Err(format!(
            "we refuse ({e}), the model reads {}",
            model::short(obs)
        )),
        (_, Answer::Err(e)) => Err(format!("the model failed: {e}")),
        (_, Answer::Wrote) => Err("the model wrote a file, where it was asked to read".into()),
    }
}

/// One row of `corpus/openstep/MANIFEST.tsv`.
pub struct Row {
    /// The file.
    pub path: PathBuf,
    fields: BTreeMap<String, String>,
}

impl Row {
    /// The file's name.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned()
    }

    /// The value in `column` (`kind`, `expect`, `xcode_written`, …).
    pub fn get(&self, column: &str) -> &str {
        self.fields
            .get(column)
            .unwrap_or_else(|| panic!("no column {column:?} in MANIFEST.tsv"))
    }
}

/// Every row of `corpus/openstep/MANIFEST.tsv`; `None` after saying so when the
/// corpus is absent and CI did not require it.
#[track_caller]
pub fn manifest() -> Option<Vec<Row>> {
    let dir = shared("corpus/openstep")?;
    let text = fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    Some(
        lines
            .filter(|l| !l.is_empty())
            .map(|l| {
                let fields: BTreeMap<String, String> = header
                    .iter()
                    .zip(l.split('\t'))
                    .map(|(h, v)| ((*h).to_owned(), v.to_owned()))
                    .collect();
                Row {
                    path: dir.join(&fields["file"]),
                    fields,
                }
            })
            .collect(),
    )
}

/// Whether GNUstep's `plser` runs (Debian's `gnustep-base-runtime`); if not, says
/// so, and fails when CI requires it.
#[track_caller]
pub fn gnustep_available() -> bool {
    let found = Command::new("plser").arg("--help").output().is_ok();
    if !found {
        skip_unless_required(
            REQUIRE_SHARED,
            "plser (gnustep-base-runtime) is not installed; GNUstep's reader is not compared",
        );
    }
    found
}

/// GNUstep's reading of the file at `path`, written back as XML by `plser`: the XML
/// text, or what it said when it refused the file (it exits 0 either way).
///
/// # Errors
/// GNUstep's message.
pub fn gnustep_xml(path: &Path) -> Result<Vec<u8>, String> {
    let out = Command::new("plser")
        .args(["-Format", "NSPropertyListXMLFormat_v1_0"])
        .arg(path)
        .output()
        .map_err(|e| format!("run plser: {e}"))?;
    if out.stdout.starts_with(b"<?xml") {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_owned())
    }
}
