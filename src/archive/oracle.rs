//! `unarchive.py`, run once over many files: each file's tree as tagged JSON, or its
//! error kind, and (for files `archive` wrote) what its layout check (`check_layout`)
//! finds.

use std::path::{Path, PathBuf};

use crate::env::{python3, shared};
use plistvalue::{ErrorKind, PlistValue};

const SCRIPT: &str = r#"
import sys
sys.path.insert(0, sys.argv[1])
import unarchive as u
out = []
for path in sys.stdin.read().split("\n"):
    if not path:
        continue
    data = open(path, "rb").read()
    try:
        tree = u.to_json(u.unarchive(data, null=True))
        out.append("T\t" + u.json.dumps(tree, ensure_ascii=False, separators=(",", ":")))
    except u.ArchiveError as e:
        out.append("E\t" + e.kind)
    if sys.argv[2] == "layout":
        out.append("L\t" + " | ".join(u.check_layout(data)))
sys.stdout.buffer.write("\n".join(out).encode("utf-8", "surrogatepass") + b"\n")
"#;

/// What unarchive.py (with `--null`: `PlistValue` has `Null`) gives for one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The tree, as tagged JSON.
    Tree(String),
    /// The error kind, as `ArchiveErrorKind::name` spells it.
    Error(String),
}

/// Our outcome in the oracle's words: a property-list error is `plist`.
pub fn ours(result: &Result<PlistValue, plistvalue::Error>) -> Outcome {
    match result {
        Ok(tree) => Outcome::Tree(super::json::tagged(tree)),
        Err(e) => Outcome::Error(match e.kind() {
            ErrorKind::Archive(a) => a.kind.name().to_owned(),
            _ => "plist".to_owned(),
        }),
    }
}

/// The oracle's outcome for each file, and with `layout` its layout check's findings
/// (empty when none); `None` when ../shared or python3 is missing (skipped visibly).
pub fn run(files: &[PathBuf], layout: bool) -> Option<Vec<(Outcome, String)>> {
    let tools = shared("tools")?;
    let mut list = String::new();
    for f in files {
        list.push_str(f.to_str()?);
        list.push('\n');
    }
    let mode = if layout { "layout" } else { "tree" };
    let out = python3(SCRIPT, &[tools.to_str()?, mode], list.as_bytes())?;
    let text = String::from_utf8(out).expect("UTF-8 from the oracle");
    let mut lines = text.split('\n');
    let mut results = Vec::new();
    for _ in files {
        let line = lines.next().expect("one line per file");
        let outcome = match line.split_once('\t') {
            Some(("T", json)) => Outcome::Tree(json.to_owned()),
            Some(("E", kind)) => Outcome::Error(kind.to_owned()),
            _ => panic!("unexpected oracle line {line:?}"),
        };
        let violations = if layout {
            let l = lines.next().expect("the layout line");
            l.strip_prefix("L\t").expect("a layout line").to_owned()
        } else {
            String::new()
        };
        results.push((outcome, violations));
    }
    Some(results)
}

/// Every archive of the corpus: corpus/archive, corpus/archive-more, and the files
/// of corpus/bplist that are archives.
pub fn corpus() -> Option<Vec<PathBuf>> {
    let mut files = Vec::new();
    for dir in ["corpus/archive", "corpus/archive-more", "corpus/bplist"] {
        let dir = shared(dir)?;
        let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("corpus directory")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.file_name().is_some_and(|n| n != "MANIFEST.tsv"))
            .collect();
        names.sort();
        let bplist = dir.ends_with("bplist");
        files.extend(names.into_iter().filter(|p| !bplist || is_archive(p)));
    }
    Some(files)
}

fn is_archive(p: &Path) -> bool {
    let bytes = std::fs::read(p).expect("corpus file");
    bytes.windows(9).any(|w| w == b"$archiver")
}
