//! The differential test: seeded random trees (`plistvalue_suite::differential::gen`,
//! the binary test's generator) plus boundary trees, through XML both ways.
//!
//! * **Ours → readers.** Each tree is written with `to_vec_xml` and must be byte for
//!   byte what `cf_xml.render` (the CF writer model) writes, and must read back, by
//!   us and by CF's parser model, to the tree with XML's precision (`expect.rs`); by
//!   plistlib, the plist crate and libplist (`plistutil`), to the same tree with
//!   CF$UID dictionaries left as dictionaries. Where a reader cannot hold what the
//!   tree holds, the case is counted under a stated note.
//! * **plistlib → ours.** plistlib writes each portable tree as XML; we read it.
//!
//! `PLISTVALUE_COMPAT_SEED` and `PLISTVALUE_COMPAT_CASES` choose the trees, as for
//! the binary test.

use std::fs;

use plistvalue::{Date, PlistValue};
use plistvalue_suite::differential::model::{self, same_tree, Obs, Rules};
use plistvalue_suite::differential::tools::{self, Tally};
use plistvalue_suite::differential::{gen, plist_crate};

use crate::expect::{self, Reader};
use crate::oracle::{self, Answer, Job};

const UNWRITABLE: &str =
    "NaN, infinite or |date| > 1e15 s: CF's text is undefined (the model refuses), \
     and so do we (checked: DateOutOfRange); the tree is then written with those dates as 0";
const NON_XML_CHARS: &str = "control characters or U+FFFE/U+FFFF in a string: CF writes them raw, \
     expat (plistlib) and quick-xml (the plist crate) refuse such text; not read by them";
const NO_DATETIME: &str = "a date outside years 1-9999 (datetime's range): not read by plistlib \
     or the plist crate";
const LIBPLIST_NUL: &str = "libplist 2.2 corrupts strings holding NUL: not compared";
const LIBPLIST_CR: &str = "libplist 2.2 reads CR as LF: strings with CR not compared";
const PLIST_CRATE_SECOND_60: &str = "a date written with second 60 (CF's writer floors the whole timestamp and can print :60): the plist crate's \
     RFC 3339 parser refuses it";
const LIBPLIST_YEARS: &str =
    "a date outside years 1-9999: libplist 2.2 reads four-digit years only";
const NOT_MICROS: &str =
    "a boundary tree with dates that are not whole microseconds in years 1-9999: \
     plistlib's datetime cannot hold them, so plistlib does not write that tree";
const PLISTLIB_CANT_WRITE: &str = "plistlib refuses to write UIDs (TypeError) and control \
     characters (ValueError): not written by it";

fn zero_dates(v: &PlistValue) -> PlistValue {
    model::map_scalars(v, &mut |x| match x {
        PlistValue::Date(d)
            if d.seconds_since_2001().is_nan() || d.seconds_since_2001().abs() > 1e15 =>
        {
            Some(PlistValue::Date(Date::from_seconds_since_2001(0.0)))
        }
        _ => None,
    })
    .0
}

fn has(v: &PlistValue, pred: impl Fn(&str) -> bool) -> bool {
    model::any(v, |x| match x {
        PlistValue::String(s) => pred(s),
        PlistValue::Dictionary(d) => d.keys().any(|k| pred(k)),
        _ => false,
    })
}

/// A second-60 date, which CF's writer prints: the text shows `:60Z`.
fn has_second_60(xml: &[u8]) -> bool {
    xml.windows(4).any(|w| w == b":60Z")
}

fn cases(salt: u64, profile: gen::Profile) -> Vec<(String, PlistValue)> {
    let s = tools::settings();
    let mut cases: Vec<(String, PlistValue)> = gen::trees(s.seed ^ salt, s.cases, profile)
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            (
                format!("tree #{i} of PLISTVALUE_COMPAT_SEED={:#x}", s.seed),
                t,
            )
        })
        .collect();
    for (name, t) in crate::boundary::trees() {
        cases.push((format!("boundary tree: {name}"), t));
    }
    cases
}

#[test]
fn random_trees_our_xml_other_readers() {
    let (Some(tools_dir), true) = (oracle::tools_dir(), oracle::python()) else {
        return;
    };
    let libplist = tools::libplist_available();
    let dir = tempfile::tempdir().unwrap();
    let mut tally = Tally::default();
    let mut jobs = Vec::new();
    let mut prepared = Vec::new();
    for (i, (what, tree)) in cases(0x0C0F_FEE0, gen::Profile::Full)
        .into_iter()
        .enumerate()
    {
        let tree = if expect::unwritable(&tree) {
            tally.note(UNWRITABLE);
            let refused = plistvalue::to_vec_xml(&tree);
            tally.check(
                "ours-refuses-undefined-dates",
                &what,
                match refused {
                    Err(e) if matches!(e.kind(), plistvalue::ErrorKind::DateOutOfRange { .. }) => {
                        Ok(())
                    }
                    other => Err(format!("{other:?}")),
                },
            );
            zero_dates(&tree)
        } else {
            tree
        };
        let ours = plistvalue::to_vec_xml(&tree).expect("our XML writer takes the tree");
        let path = dir.path().join(format!("ours{i}.plist"));
        fs::write(&path, &ours).unwrap();
        let render = dir.path().join(format!("cf{i}.plist"));
        jobs.push(Job::CfRender(render.clone(), oracle::notation(&tree)));
        jobs.push(Job::CfParse(path.clone()));
        jobs.push(Job::PlRead(path.clone()));
        prepared.push((what, tree, ours, path, render));
    }
    let answers = oracle::run(dir.path(), &tools_dir, &jobs);
    let mut answers = answers.into_iter();
    for (i, (what, tree, ours, path, render)) in prepared.into_iter().enumerate() {
        let (rendered, parsed, plread) = (
            answers.next().unwrap(),
            answers.next().unwrap(),
            answers.next().unwrap(),
        );
        let cf_tree = expect::through_xml(&tree, true, Reader::Cf);
        let plain_tree = expect::through_xml(&tree, true, Reader::Plain);

        tally.check(
            "ours==cf-writer-model",
            &what,
            match rendered {
                Answer::Ok(_) if fs::read(&render).unwrap() == ours => Ok(()),
                Answer::Ok(_) => Err(first_difference(&fs::read(&render).unwrap(), &ours)),
                other => Err(format!("{other:?}")),
            },
        );

        let back = plistvalue::from_bytes::<PlistValue>(&ours).map_err(|e| e.to_string());
        tally.check(
            "ours->ours",
            &what,
            back.and_then(|b| same_tree(&cf_tree, &Obs::from_value(&b), Rules::default())),
        );
        tally.check(
            "ours->cf-parser-model",
            &what,
            match parsed {
                Answer::Ok(t) => {
                    model::parse(&t).and_then(|o| same_tree(&cf_tree, &o, Rules::default()))
                }
                other => Err(format!("{other:?}")),
            },
        );

        let non_xml = expect::has_non_xml_chars(&tree);
        let no_datetime = expect::has_dates_outside_datetime(&tree);
        if non_xml {
            tally.note(NON_XML_CHARS);
        } else if no_datetime {
            tally.note(NO_DATETIME);
        } else {
            tally.check(
                "ours->plistlib",
                &what,
                match plread {
                    Answer::Ok(t) => {
                        model::parse(&t).and_then(|o| same_tree(&plain_tree, &o, Rules::default()))
                    }
                    other => Err(format!("{other:?}")),
                },
            );
            if has_second_60(&ours) {
                tally.note(PLIST_CRATE_SECOND_60);
            } else {
                tally.check(
                    "ours->plist-crate",
                    &what,
                    plist_crate::read(&ours)
                        .and_then(|o| same_tree(&plain_tree, &o, Rules::default())),
                );
            }
        }

        if libplist {
            if has(&tree, |s| s.contains('\0')) {
                tally.note(LIBPLIST_NUL);
            } else if has(&tree, |s| s.contains('\r')) {
                tally.note(LIBPLIST_CR);
            } else if no_datetime {
                tally.note(LIBPLIST_YEARS);
            } else {
                let out = dir.path().join(format!("libplist{i}.bplist"));
                let read = tools::libplist_to_binary(&path, &out).and_then(|b| {
                    plistvalue::from_slice::<PlistValue>(&b).map_err(|e| e.to_string())
                });
                tally.check(
                    "ours->libplist",
                    &what,
                    read.and_then(|v| {
                        same_tree(&plain_tree, &Obs::from_value(&v), Rules::default())
                    }),
                );
            }
        }
    }
    tally.finish("xml ours->readers", Some(dir));
}

#[test]
fn random_trees_plistlib_xml_our_reader() {
    let (Some(tools_dir), true) = (oracle::tools_dir(), oracle::python()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut tally = Tally::default();
    let mut jobs = Vec::new();
    let mut written = Vec::new();
    for (i, (what, tree)) in cases(0xB0B0, gen::Profile::Portable)
        .into_iter()
        .enumerate()
    {
        let odd_date = |v: &PlistValue| match v {
            PlistValue::Date(d) => {
                let s = d.seconds_since_2001();
                !(-6e10..2.5e11).contains(&s) || (s * 1e6).round() / 1e6 != s
            }
            _ => false,
        };
        if model::any(&tree, odd_date) {
            tally.note(NOT_MICROS);
            continue;
        }
        if model::any(&tree, |v| matches!(v, PlistValue::Uid(_)))
            || expect::has_non_xml_chars(&tree)
        {
            tally.note(PLISTLIB_CANT_WRITE);
            continue;
        }
        let path = dir.path().join(format!("plistlib{i}.plist"));
        let mut text = String::new();
        model::dump(&tree, &mut text);
        jobs.push(Job::PlXml(path.clone(), text));
        written.push((what, tree, path));
    }
    let answers = oracle::run(dir.path(), &tools_dir, &jobs);
    for ((what, tree, path), answer) in written.into_iter().zip(answers) {
        // plistlib writes datetimes to the second, reals as repr (exact), keys as
        // given, CR as LF (expat would turn it into LF on reading anyway).
        let expected = model::map_scalars(&tree, &mut |v| match v {
            PlistValue::Date(d) => Some(PlistValue::Date(Date::from_seconds_since_2001(
                expect::written_seconds(d.seconds_since_2001()),
            ))),
            PlistValue::Real(r) if r.is_nan() => Some(PlistValue::Real(f64::NAN)),
            PlistValue::String(s) => Some(PlistValue::String(
                s.replace("\r\n", "\n").replace('\r', "\n"),
            )),
            _ => None,
        })
        .0;
        let expected = expect::read_by_cf(&rekey(&expected));
        let result = match answer {
            Answer::Ok(_) => {
                let bytes = fs::read(&path).unwrap();
                plistvalue::from_bytes::<PlistValue>(&bytes)
                    .map_err(|e| e.to_string())
                    .and_then(|v| same_tree(&expected, &Obs::from_value(&v), Rules::default()))
            }
            other => Err(format!("plistlib could not write it: {other:?}")),
        };
        tally.check("plistlib->ours", &what, result);
    }
    tally.finish("xml plistlib->ours", Some(dir));
}

/// plistlib writes keys with CR as LF too.
fn rekey(v: &PlistValue) -> PlistValue {
    match v {
        PlistValue::Array(a) => PlistValue::Array(a.iter().map(rekey).collect()),
        PlistValue::Dictionary(d) => PlistValue::Dictionary(
            d.iter()
                .map(|(k, e)| (k.replace("\r\n", "\n").replace('\r', "\n"), rekey(e)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn first_difference(expected: &[u8], ours: &[u8]) -> String {
    let at = expected
        .iter()
        .zip(ours)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(ours.len()));
    let from = at.saturating_sub(60);
    format!(
        "first difference at byte {at}: model {:?} ours {:?}",
        String::from_utf8_lossy(&expected[from..(at + 60).min(expected.len())]),
        String::from_utf8_lossy(&ours[from..(at + 60).min(ours.len())])
    )
}
