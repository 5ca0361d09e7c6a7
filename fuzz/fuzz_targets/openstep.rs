//! OpenStep: any input read by `from_bytes` (untyped, through the derive and through
//! serde, both reading numbers out of strings) gives `Ok` or `Err`, never a panic,
//! hang or huge allocation. A tree read from OpenStep text holds only strings, data,
//! arrays and dictionaries; written back as OpenStep text with every string quoted
//! (the few lines of `text` below, after a line feed), it reads back to the same
//! tree, in the same key order; and its binary form opens lazily, with its strings read as numbers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::{Document, Format, PlistValue};
use plistvalue_suite::bench_doc::Project;

/// The tree as OpenStep text: every string quoted, with only `\` and `"` escaped.
fn text(v: &PlistValue, out: &mut String) {
    match v {
        PlistValue::String(s) => {
            out.push('"');
            for c in s.chars() {
                if c == '"' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push('"');
        }
        PlistValue::Data(d) => {
            out.push('<');
            for b in d {
                out.push_str(&format!("{b:02x}"));
            }
            out.push('>');
        }
        PlistValue::Array(a) => {
            out.push('(');
            for x in a {
                text(x, out);
                out.push(',');
            }
            out.push(')');
        }
        PlistValue::Dictionary(d) => {
            out.push('{');
            for (k, x) in d {
                text(&PlistValue::String(k.to_string()), out);
                out.push('=');
                text(x, out);
                out.push(';');
            }
            out.push('}');
        }
        other => panic!("OpenStep text read as {other:?}"),
    }
}

/// The keys of every dictionary, in order, depth first: `==` on trees ignores order.
fn keys(v: &PlistValue, out: &mut Vec<String>) {
    match v {
        PlistValue::Array(a) => a.iter().for_each(|x| keys(x, out)),
        PlistValue::Dictionary(d) => {
            for (k, x) in d {
                out.push(k.to_string());
                keys(x, out);
            }
        }
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let _ = plistvalue::from_bytes::<Project>(data);
    let _ = plistvalue::serde::from_bytes::<Project>(data);
    let Ok(tree) = plistvalue::from_bytes::<PlistValue>(data) else {
        return;
    };
    if !matches!(Format::detect(data), Some(Format::OpenStep) | None) {
        return;
    }
    // A line feed first: a NUL in the first two bytes would make the text UTF-16
    // without a byte-order mark, which the reader refuses (docs/OPENSTEP.md R1).
    let mut written = String::from("\n");
    text(&tree, &mut written);
    let back: PlistValue = plistvalue::from_bytes(written.as_bytes())
        .unwrap_or_else(|e| panic!("our text of the tree does not read: {e}\n{written}"));
    assert!(back == tree, "the tree changed through text");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    keys(&tree, &mut a);
    keys(&back, &mut b);
    assert_eq!(a, b, "the key order changed through text");
    let binary = plistvalue::to_binary(data).expect("it read once");
    let doc = Document::from_slice(&binary)
        .expect("converted bytes open")
        .coerce_text();
    let _ = plistvalue_suite::walk::walk(&doc);
    let _ = doc.root().and_then(|r| r.decode::<Project>());
});
