//! Every archive of the corpus unarchives to unarchive.py's tree (or error), and every
//! tree `archive` writes is read back by unarchive.py to the same tree and keeps the
//! layout unarchive.py checks (`--check-layout`: docs/ARCHIVE.md's "The layout").

use plistvalue::archive;

use plistvalue_suite::archive::json::tagged;
use plistvalue_suite::archive::oracle::{self, ours, Outcome};

#[test]
fn corpus_unarchives_to_the_oracles_tree() {
    let Some(files) = oracle::corpus() else {
        return;
    };
    let Some(expected) = oracle::run(&files, false) else {
        return;
    };
    let (mut trees, mut errors, mut wrong) = (0, 0, Vec::new());
    for (file, (want, _)) in files.iter().zip(&expected) {
        let got = ours(&archive::unarchive(&std::fs::read(file).unwrap()));
        match (&got, want) {
            _ if got != *want => wrong.push(format!(
                "{}: ours {:.200?}, oracle {:.200?}",
                file.display(),
                got,
                want
            )),
            (Outcome::Tree(_), _) => trees += 1,
            (Outcome::Error(_), _) => errors += 1,
        }
    }
    eprintln!(
        "{trees} trees and {errors} errors agree with unarchive.py ({} files)",
        files.len()
    );
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(trees >= 100, "the corpus holds more than {trees} archives");
}

#[test]
fn archived_corpus_trees_read_back_the_same_here_and_in_the_oracle() {
    let Some(files) = oracle::corpus() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("plistvalue-archive-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut written = Vec::new();
    let mut trees = Vec::new();
    for file in &files {
        let Ok(tree) = archive::unarchive(&std::fs::read(file).unwrap()) else {
            continue;
        };
        let bytes = archive::archive(&tree)
            .unwrap_or_else(|e| panic!("{}: archive refused its own tree: {e}", file.display()));
        let back = archive::unarchive(&bytes).unwrap();
        assert_eq!(tagged(&back), tagged(&tree), "{}", file.display());
        let out = dir.join(format!("{}.plist", written.len()));
        std::fs::write(&out, &bytes).unwrap();
        written.push(out);
        trees.push((file, tagged(&tree)));
    }
    let Some(read) = oracle::run(&written, true) else {
        return;
    };
    let mut wrong = Vec::new();
    for ((file, tree), (outcome, violations)) in trees.iter().zip(read) {
        if outcome != Outcome::Tree(tree.clone()) {
            wrong.push(format!(
                "{}: the oracle reads back {outcome:.200?}",
                file.display()
            ));
        }
        if !violations.is_empty() {
            wrong.push(format!("{}: {violations}", file.display()));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    eprintln!(
        "{} archived trees read back by unarchive.py, its layout checks kept",
        trees.len()
    );
    assert!(
        wrong.is_empty(),
        "{} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
