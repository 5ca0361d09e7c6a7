//! The shared corpus (`../shared/corpus/bplist`): every `malformed-by-design` file
//! (MANIFEST.tsv's `category`) is rejected by the untyped decode, and no file, valid
//! or not, makes any reading path panic.

use std::path::{Path, PathBuf};

use plistvalue::{Document, Error, FromPlist, Kind, Node, PlistValue};

fn corpus_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/bplist");
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var_os("PLISTVALUE_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!("../shared/corpus not found and PLISTVALUE_REQUIRE_SHARED=1");
    }
    println!("SKIPPED: ../shared/corpus not found");
    None
}

/// (file name, category) for each row of MANIFEST.tsv.
fn manifest(dir: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name| header.iter().position(|h| *h == name).expect(name);
    let (file, category) = (col("filename"), col("category"));
    lines
        .filter(|l| !l.is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells[file].to_owned(), cells[category].to_owned())
        })
        .collect()
}

/// A recursive type, for the typed path.
struct Nest;

impl<'a> FromPlist<'a> for Nest {
    fn from_plist(node: Node<'_, 'a>) -> Result<Nest, Error> {
        match node.kind() {
            Kind::Array | Kind::Set => Vec::<Nest>::from_plist(node).map(|_| Nest),
            Kind::Dictionary => {
                std::collections::HashMap::<String, Nest>::from_plist(node).map(|_| Nest)
            }
            _ => PlistValue::from_plist(node).map(|_| Nest),
        }
    }
}

/// Every object reachable from the root, each expanded once.
fn walk(doc: &Document<'_>) -> Result<u64, Error> {
    let mut seen = vec![false; doc.len() as usize];
    let mut stack = vec![doc.root()?];
    let mut n = 0;
    while let Some(node) = stack.pop() {
        if std::mem::replace(&mut seen[node.index() as usize], true) {
            continue;
        }
        n += 1;
        match node.kind() {
            Kind::Array | Kind::Set => {
                for e in node.elements()? {
                    stack.push(e?);
                }
            }
            Kind::Dictionary => {
                for entry in node.entries()? {
                    let (k, v) = entry?;
                    stack.extend([k, v]);
                }
            }
            _ => {
                let _ = (node.to_str(), node.as_integer(), node.as_date());
            }
        }
    }
    Ok(n)
}

#[test]
fn malformed_corpus_files_are_rejected_and_nothing_panics() {
    let Some(dir) = corpus_dir() else { return };
    let rows = manifest(&dir);
    let mut malformed = 0;
    for (name, category) in &rows {
        let bytes = std::fs::read(dir.join(name)).expect(name);
        let untyped = plistvalue::from_slice::<PlistValue>(&bytes);
        let walked = Document::from_slice(&bytes).and_then(|d| walk(&d));
        let typed = plistvalue::from_slice::<Nest>(&bytes);
        if category == "malformed-by-design" {
            malformed += 1;
            let e = untyped.expect_err(name);
            assert!(e.offset().is_some(), "{name}: {e:?}");
            assert!(typed.is_err(), "{name}");
            println!(
                "{name}: {e}; lazy walk: {}",
                match walked {
                    Ok(n) => format!("{n} objects"),
                    Err(e) => e.to_string(),
                }
            );
        }
    }
    assert_eq!(rows.len(), 125);
    assert_eq!(malformed, 29);
}
