//! The Python oracles as one batch process (`oracle.py`): CF's parser and writer as
//! `../shared/tools/cf_xml.py` models them, and plistlib. Trees travel in the
//! notation of `tests/compat/model.rs`, with `d<bits>` for exact dates.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use plistvalue::PlistValue;

use crate::model::{Obs, When};

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
    crate::support::shared("tools/cf_xml.py").map(|p| p.parent().unwrap().to_path_buf())
}

/// Whether Python runs (CI requires it: `PLISTVALUE_REQUIRE_PYTHON=1`).
pub fn python() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import plistlib"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("PLISTVALUE_REQUIRE_PYTHON").as_deref() != Ok("1"),
            "PLISTVALUE_REQUIRE_PYTHON=1 but python3 with plistlib does not run"
        );
        println!("SKIPPED: python3 with plistlib not found");
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
    let jobs_file = dir.join("xml-jobs.txt");
    fs::write(&jobs_file, text).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xml/oracle.py");
    let out = Command::new("python3")
        .arg(&script)
        .arg(tools)
        .arg(&jobs_file)
        .output()
        .expect("run python3");
    assert!(
        out.status.success(),
        "oracle.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<Answer> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
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
        .collect();
    assert_eq!(answers.len(), jobs.len(), "oracle.py answered every job");
    answers
}

/// The notation of a tree, dates as their exact bits.
pub fn dump(v: &PlistValue, out: &mut String) {
    match v {
        PlistValue::Date(d) => write!(out, "d{:016x}", d.seconds_since_2001().to_bits()).unwrap(),
        PlistValue::Array(a) => {
            write!(out, "a{}", a.len()).unwrap();
            for e in a {
                out.push(' ');
                dump(e, out);
            }
        }
        PlistValue::Dictionary(d) => {
            write!(out, "k{}", d.len()).unwrap();
            for (k, e) in d {
                out.push_str(" s");
                out.extend(k.bytes().map(|b| format!("{b:02x}")));
                out.push(' ');
                dump(e, out);
            }
        }
        scalar => crate::model::dump(scalar, out),
    }
}

pub fn notation(v: &PlistValue) -> String {
    let mut s = String::new();
    dump(v, &mut s);
    s
}

/// Parses an answer's tree; `d` dates are exact bits.
pub fn parse(text: &str) -> Result<Obs, String> {
    // The compat notation has no `d`; rewrite each as an `r` real, parse, and turn
    // those reals (marked by position) back into dates.
    let mut marks = Vec::new();
    let tokens: Vec<String> = text
        .split(' ')
        .enumerate()
        .map(|(i, t)| match t.strip_prefix('d') {
            Some(bits) => {
                marks.push(i);
                format!("r{bits}")
            }
            None => t.to_owned(),
        })
        .collect();
    let obs = crate::model::parse(&tokens.join(" "))?;
    let mut index = 0;
    Ok(redate(obs, &marks, &mut index))
}

/// Turns the reals at token positions `marks` back into dates (pre-order walk, one
/// token per value and per key).
fn redate(o: Obs, marks: &[usize], index: &mut usize) -> Obs {
    let me = *index;
    *index += 1;
    match o {
        Obs::Real(bits) if marks.contains(&me) => Obs::Date(When::Bits(bits)),
        Obs::Array(a) => Obs::Array(a.into_iter().map(|e| redate(e, marks, index)).collect()),
        Obs::Dict(d) => Obs::Dict(
            d.into_iter()
                .map(|(k, v)| {
                    let k = redate(k, marks, index);
                    (k, redate(v, marks, index))
                })
                .collect(),
        ),
        other => other,
    }
}
