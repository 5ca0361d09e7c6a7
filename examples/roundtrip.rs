//! Builds a document, writes it, reads it back three ways: untyped, lazily, typed.
//!
//! `cargo run --release --example roundtrip [FILE]` re-encodes FILE instead.

use plistvalue::{plist, Document, PlistValue};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let value = match std::env::args().nth(1) {
        Some(path) => plistvalue::from_file::<_, PlistValue>(path)?, // binary or XML
        None => plist!({
            "name": "plistvalue",
            "version": 1,
            "created": plistvalue::Date::now(),
            "ratio": 0.5,
            "blob": (plistvalue::Data::new(vec![0, 1, 2, 3])),
            "tags": ["fast", "safe", "compatible", "ünïcode"],
            "nested": { "deep": [[[1, 2], [3]]] }
        }),
    };
    let bytes = plistvalue::to_vec(&value)?;
    let back: PlistValue = plistvalue::from_slice(&bytes)?;
    assert_eq!(back, value, "the round trip changed the tree");

    let doc = Document::from_slice(&bytes)?;
    let root = doc.root()?;
    println!(
        "{} bytes, {} objects, root is a {}",
        bytes.len(),
        doc.len(),
        root.kind().name()
    );
    println!("{value:?}");
    Ok(())
}
