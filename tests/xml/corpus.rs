//! The XML corpus (`corpus/xml`, `corpus/xml-more`): every file reads, through
//! `from_bytes`, `from_file` and the serde bridge, to the tree CF's parser model and
//! plistlib read; every CF-written file is written back byte for byte. And every
//! valid binary file of `corpus/bplist` converts to XML and back to an equal tree.

use std::fs;
use std::path::PathBuf;

use plistvalue::{Dictionary, PlistValue};
use plistvalue_suite::differential::model::{self, same_tree, Obs, Rules};

use crate::expect::{self, Reader};
use crate::oracle::{self, Answer, Job};

/// (file, written by CF) for every row of a corpus MANIFEST.tsv.
fn manifest(dir: &str) -> Option<Vec<(PathBuf, bool)>> {
    let dir = plistvalue_suite::env::shared(dir)?;
    let text = fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (file, cf) = (col("file"), col("cf_written"));
    Some(
        lines
            .filter(|l| !l.is_empty())
            .map(|l| {
                let cols: Vec<&str> = l.split('\t').collect();
                (dir.join(cols[file]), cols[cf] == "yes")
            })
            .collect(),
    )
}

/// A UID as plistlib reads its XML: the dictionary `{CF$UID: n}`.
fn uids_as_dicts(v: &PlistValue) -> PlistValue {
    model::map_scalars(v, &mut |x| match x {
        PlistValue::Uid(u) => {
            let mut d = Dictionary::new();
            d.insert("CF$UID", PlistValue::Integer((u.get() as i64).into()));
            Some(PlistValue::Dictionary(d))
        }
        _ => None,
    })
    .0
}

#[test]
fn every_xml_corpus_file_reads_to_cf_and_plistlib_trees_and_cf_files_write_back_identically() {
    let (Some(xml), Some(more)) = (manifest("corpus/xml"), manifest("corpus/xml-more")) else {
        return;
    };
    let files: Vec<(PathBuf, bool)> = xml.into_iter().chain(more).collect();
    assert_eq!(files.len(), 104, "71 + 33 files");
    let mut jobs = Vec::new();
    let mut trees = Vec::new();
    let mut identical = 0;
    for (path, cf_written) in &files {
        let bytes = fs::read(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let tree: PlistValue =
            plistvalue::from_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let from_file: PlistValue = plistvalue::from_file(path).unwrap();
        assert_eq!(from_file, tree, "{name}: from_file");
        let via_serde: PlistValue = plistvalue::serde::from_file(path).unwrap();
        assert_eq!(via_serde, tree, "{name}: serde::from_file");
        let via_reader: PlistValue = plistvalue::from_reader(&bytes[..]).unwrap();
        assert_eq!(via_reader, tree, "{name}: from_reader");
        if *cf_written {
            let ours = plistvalue::to_vec_xml(&tree).unwrap();
            assert!(ours == bytes, "{name}: our XML differs from CF's file");
            identical += 1;
        }
        jobs.push(Job::CfParse(path.clone()));
        jobs.push(Job::PlRead(path.clone()));
        trees.push((name, tree));
    }
    assert_eq!(identical, 83, "55 + 28 CF-written files");
    let (Some(tools), true) = (oracle::tools_dir(), oracle::python()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let answers = oracle::run(dir.path(), &tools, &jobs);
    for ((name, tree), pair) in trees.iter().zip(answers.chunks(2)) {
        let cf = match &pair[0] {
            Answer::Ok(t) => model::parse(t).unwrap(),
            other => panic!("{name}: CF's parser model: {other:?}"),
        };
        same_tree(tree, &cf, Rules::default())
            .unwrap_or_else(|e| panic!("{name}: vs CF model: {e}"));
        let pl = match &pair[1] {
            Answer::Ok(t) => model::parse(t).unwrap(),
            other => panic!("{name}: plistlib: {other:?}"),
        };
        same_tree(&uids_as_dicts(tree), &pl, Rules::default())
            .unwrap_or_else(|e| panic!("{name}: vs plistlib: {e}"));
    }
    println!("xml corpus: {} files read to CF's and plistlib's trees, {identical} written back byte for byte", trees.len());
}

#[test]
fn every_valid_binary_corpus_file_converts_to_xml_and_back() {
    let Some(rows) = plistvalue_suite::env::corpus_manifest() else {
        return;
    };
    let mut count = 0;
    let mut refused = Vec::new();
    for (path, category) in rows.iter().filter(|(_, c)| c != "malformed-by-design") {
        let name = path.file_name().unwrap().to_string_lossy();
        let bytes = fs::read(path).unwrap();
        let tree: PlistValue = plistvalue::from_slice(&bytes).unwrap();
        match plistvalue::to_vec_xml(&tree) {
            Ok(xml) => {
                assert_eq!(
                    plistvalue::Format::detect(&xml),
                    Some(plistvalue::Format::Xml)
                );
                let back: PlistValue =
                    plistvalue::from_bytes(&xml).unwrap_or_else(|e| panic!("{name}: {e}"));
                let expected = expect::through_xml(&tree, true, Reader::Cf);
                same_tree(&expected, &Obs::from_value(&back), Rules::default())
                    .unwrap_or_else(|e| panic!("{name} ({category}): {e}"));
                count += 1;
            }
            Err(e) => {
                // Only what XML cannot hold may be refused.
                assert!(expect::unwritable(&tree), "{name}: {e}");
                refused.push(format!("{name}: {e}"));
            }
        }
    }
    println!("bplist corpus: {count} files through XML and back; refused: {refused:?}");
    assert_eq!(count + refused.len(), 96);
}
