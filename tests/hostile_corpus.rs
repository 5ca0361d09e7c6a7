//! The shared corpus (`../shared/corpus/bplist`): every `malformed-by-design` file
//! (MANIFEST.tsv's `category`) is rejected by the untyped decode, and no file, valid
//! or not, makes any reading path panic.

use plistvalue::{Document, Error, FromPlist, Kind, Node, PlistValue};
use plistvalue_suite::env::corpus_manifest;
use plistvalue_suite::walk::walk;

/// A recursive type, for the typed path.
struct Nest;

impl<'a> FromPlist<'a> for Nest {
    fn from_plist(node: &Node<'_, 'a>) -> Result<Nest, Error> {
        match node.kind() {
            Kind::Array | Kind::Set => Vec::<Nest>::from_plist(node).map(|_| Nest),
            Kind::Dictionary => {
                std::collections::HashMap::<String, Nest>::from_plist(node).map(|_| Nest)
            }
            _ => PlistValue::from_plist(node).map(|_| Nest),
        }
    }
}

#[test]
fn malformed_corpus_files_are_rejected_and_nothing_panics() {
    let Some(rows) = corpus_manifest() else {
        return;
    };
    let mut malformed = 0;
    for (path, category) in &rows {
        let name = &path.display().to_string();
        let bytes = std::fs::read(path).expect(name);
        let untyped = plistvalue::from_slice::<PlistValue>(&bytes);
        let walked = Document::from_slice(&bytes).and_then(|d| walk(&d));
        let typed = plistvalue::from_slice::<Nest>(&bytes);
        let checked = Document::from_slice(&bytes).and_then(|d| d.validate_all());
        if category != "malformed-by-design" {
            // CoreFoundation checks every offset at open; a file it reads passes ours.
            checked.expect(name);
        } else if let Err(e) = &checked {
            assert!(e.offset().is_some(), "{name}: {e:?}");
        }
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
