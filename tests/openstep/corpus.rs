//! The OpenStep corpus (`corpus/openstep`): every file the manifest says parses
//! reads, through `from_bytes`, `from_file` and the serde bridge, to the tree CF's
//! parser model reads; every malformed one is an error with a line and a column,
//! at the line and column where the model stops.

use std::fs;

use plistvalue::{Format, PlistValue};
use plistvalue_suite::differential::openstep::{self, Answer, Job};

#[test]
fn every_corpus_file_reads_to_the_models_tree_and_every_malformed_one_fails_in_place() {
    let (Some(rows), Some(tools)) = (openstep::manifest(), openstep::tools()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let jobs: Vec<Job> = rows.iter().map(|r| Job::Parse(r.path.clone())).collect();
    let answers = openstep::run(dir.path(), &tools, &jobs);
    let (mut read, mut refused, mut failures) = (0, 0, Vec::new());
    for (row, answer) in rows.iter().zip(&answers) {
        let name = row.name();
        let bytes = fs::read(&row.path).unwrap();
        let ours = plistvalue::from_bytes::<PlistValue>(&bytes);
        if let Err(why) = openstep::agree(&ours, answer) {
            failures.push(format!("{name}: {why}"));
            continue;
        }
        match (row.get("expect"), &ours, answer) {
            ("parse", Ok(tree), _) => {
                read += 1;
                assert_eq!(Format::detect(&bytes), Some(Format::OpenStep), "{name}");
                let from_file: PlistValue = plistvalue::from_file(&row.path).unwrap();
                assert_eq!(&from_file, tree, "{name}: from_file");
                let serde: PlistValue = plistvalue::serde::from_bytes(&bytes).unwrap();
                assert_eq!(&serde, tree, "{name}: the serde bridge");
            }
            ("reject", Err(e), Answer::Reject { line, column, .. }) => {
                refused += 1;
                // Every malformed file is ASCII up to its error, where columns in
                // bytes (ours) and in characters (the model's) agree.
                if (e.line(), e.column()) != (Some(*line), Some(*column)) {
                    failures.push(format!(
                        "{name}: we stop at {:?}:{:?} ({e}), the model at {line}:{column}",
                        e.line(),
                        e.column()
                    ));
                }
            }
            (expect, _, _) => failures.push(format!("{name}: expected to {expect}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!((read, refused), (89, 16), "the manifest's 89 + 16 files");
}
