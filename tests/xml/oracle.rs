//! The Python oracles as one batch process (`oracle.py`): CF's parser and writer as
//! `../shared/tools/cf_xml.py` models them, and plistlib. Trees travel in the
//! notation of `plistvalue_suite::differential::model`, with `d<bits>` for exact
//! dates.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use plistvalue::PlistValue;
use plistvalue_suite::differential::model::{self, Dates};
use plistvalue_suite::differential::tools::python_batch;
use plistvalue_suite::env::{shared, skip_unless_required, REQUIRE_PYTHON};

pub enum Job {
    /// CF's parser model reads a file.
    CfParse(PathBuf),
    /// plistlib reads a file.
    PlRead(PathBuf),
    /// plistlib writes a tree as XML.
    PlXml(PathBuf, String),
    /// CF's writer model writes a tree.
    CfRender(PathBuf, String),
}

/// What a job answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Ok(String),
    Reject(String),
    Unmodeled(String),
    Err(String),
}

/// `../shared/tools`, where `cf_xml.py` lives, if this clone has it.
pub fn tools_dir() -> Option<PathBuf> {
    shared("tools/cf_xml.py").map(|p| p.parent().unwrap().to_path_buf())
}

/// Whether Python runs (CI requires it: `PLISTVALUE_REQUIRE_PYTHON=1`).
pub fn python() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import plistlib"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        skip_unless_required(REQUIRE_PYTHON, "python3 with plistlib does not run");
    }
    ok
}

pub fn run(dir: &Path, tools: &Path, jobs: &[Job]) -> Vec<Answer> {
    let mut text = String::new();
    for job in jobs {
        match job {
            Job::CfParse(p) => writeln!(text, "cfparse {}", p.display()),
            Job::PlRead(p) => writeln!(text, "plread {}", p.display()),
            Job::PlXml(p, t) => writeln!(text, "plxml {} {t}", p.display()),
            Job::CfRender(p, t) => writeln!(text, "cfrender {} {t}", p.display()),
        }
        .unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xml/oracle.py");
    let jobs_file = dir.join("xml-jobs.txt");
    python_batch(&script, &[tools], &jobs_file, &text, jobs.len())
        .iter()
        .map(|l| {
            let (tag, rest) = l.split_once(' ').unwrap_or((l, ""));
            match tag {
                "ok" => Answer::Ok(rest.to_owned()),
                "reject" => Answer::Reject(rest.to_owned()),
                "unmodeled" => Answer::Unmodeled(rest.to_owned()),
                "err" => Answer::Err(rest.to_owned()),
                _ => panic!("oracle.py printed {l:?}"),
            }
        })
        .collect()
}

/// The notation of a tree, dates as their exact bits.
pub fn notation(v: &PlistValue) -> String {
    let mut s = String::new();
    model::dump_with(v, Dates::Bits, &mut s);
    s
}
