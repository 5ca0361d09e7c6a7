//! OpenStep: any input read by `from_bytes` (untyped, through the derive and through
//! serde, both reading numbers out of strings) gives `Ok` or `Err`, never a panic,
//! hang or huge allocation. A tree read from OpenStep text holds only strings, data,
//! arrays and dictionaries; written back by the OpenStep writer, in the plain layout,
//! as `.strings` (a dictionary) and as `to_vec_openstep` picks (Xcode's layout for a
//! project), it reads back to the same tree, in the same key order where the layout
//! keeps it, and Xcode's layout is written again unchanged; its binary form opens
//! lazily, with its strings read as numbers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use plistvalue::{
    Document, ErrorKind, Format, OpenStepError, OpenStepStyle, OpenStepWriter, PlistValue,
};
use plistvalue_suite::bench_doc::Project;

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
    let read = |text: &[u8]| -> PlistValue {
        plistvalue::from_bytes(text).unwrap_or_else(|e| {
            panic!(
                "our text of the tree does not read: {e}\n{}",
                String::from_utf8_lossy(text)
            )
        })
    };
    let mut styles = vec![OpenStepStyle::Plain];
    if tree.as_dictionary().is_some() {
        styles.push(OpenStepStyle::Strings);
    }
    for style in styles {
        let text = OpenStepWriter::new()
            .style(style)
            .to_vec(&tree)
            .expect("a read tree writes");
        let back = read(&text);
        assert!(back == tree, "the tree changed through {style:?} text");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        keys(&tree, &mut a);
        keys(&back, &mut b);
        assert_eq!(a, b, "the key order changed through {style:?} text");
    }
    match plistvalue::to_vec_openstep(&tree) {
        Ok(text) => {
            let back = read(&text);
            assert!(back == tree, "the tree changed through its text");
            assert_eq!(
                plistvalue::to_vec_openstep(&back).unwrap(),
                text,
                "a rewrite changed"
            );
        }
        // A crafted project whose annotations would outgrow their budget.
        Err(e) => assert!(
            matches!(
                e.kind(),
                ErrorKind::OpenStep(OpenStepError::AnnotationBudget)
            ),
            "{e}"
        ),
    }
    let binary = plistvalue::to_binary(data).expect("it read once");
    let doc = Document::from_slice(&binary)
        .expect("converted bytes open")
        .coerce_text();
    let _ = plistvalue_suite::walk::walk(&doc);
    let _ = doc.root().and_then(|r| r.decode::<Project>());
});
