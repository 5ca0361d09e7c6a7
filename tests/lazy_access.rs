//! Lazy access reads only what it needs: the objects read to reach one deeply placed
//! field depend on its depth and its dictionaries' widths, not on the document size.

use plistvalue::{Document, PlistValue};

fn document(messages: usize) -> Vec<u8> {
    let list: PlistValue = (0..messages)
        .map(|i| {
            plistvalue::plist!({
                "id": (i as u64),
                "url": (format!("https://example.com/{i}")),
                "request": { "headers": [
                    { "name": "Host", "value": "example.com" },
                    { "name": "Accept", "value": "*/*" },
                    { "name": "X-Id", "value": (format!("{i:x}")) }
                ]}
            })
        })
        .collect();
    plistvalue::to_vec(&plistvalue::plist!({ "name": "lazy", "messages": list })).unwrap()
}

/// Opens the document, reads `messages[n/2].request.headers[2].value`, and returns
/// the value and how many object headers that took.
fn read_one_field(bytes: &[u8], n: usize) -> (String, u64) {
    let doc = Document::from_slice(bytes).unwrap();
    let value = doc
        .root()
        .unwrap()
        .get("messages")
        .unwrap()
        .unwrap()
        .at(n / 2)
        .unwrap()
        .unwrap()
        .get("request")
        .unwrap()
        .unwrap()
        .get("headers")
        .unwrap()
        .unwrap()
        .at(2)
        .unwrap()
        .unwrap()
        .get("value")
        .unwrap()
        .unwrap();
    (value.as_str().unwrap().into_owned(), doc.objects_read())
}

#[test]
fn one_deep_field_touches_objects_in_proportion_to_depth_not_size() {
    let small = document(10);
    let large = document(20_000);
    let (v_small, read_small) = read_one_field(&small, 10);
    let (v_large, read_large) = read_one_field(&large, 20_000);
    assert_eq!(v_small, format!("{:x}", 5));
    assert_eq!(v_large, format!("{:x}", 10_000));
    // root, "messages" found after "name", messages[i], "id" "url" "request" keys and
    // the value, "headers", headers[2], "name" "value" keys and the value.
    assert_eq!(
        read_small, read_large,
        "cost must not grow with the document"
    );
    assert!(read_large <= 16, "read {read_large} objects for one field");
    let total = Document::from_slice(&large).unwrap().len();
    println!("read {read_large} of {total} objects");
}

/// Every key object is read at most once per lookup, the ones the string cache cannot
/// hold (UTF-16 text) included, and a repeated lookup of ASCII keys reads only the
/// value.
#[test]
fn a_lookup_reads_each_key_once_and_cached_keys_not_at_all() {
    let bytes = plistvalue::to_vec(&plistvalue::plist!({ "naïve": 1, "b": 2 })).unwrap();
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    let before = doc.objects_read();
    assert_eq!(root.get("b").unwrap().unwrap().as_u64(), Some(2));
    // The two keys and the value.
    assert_eq!(doc.objects_read() - before, 3);
    let before = doc.objects_read();
    assert_eq!(root.get("b").unwrap().unwrap().as_u64(), Some(2));
    // The UTF-16 key again, and the value; "b" comes from the cache.
    assert_eq!(doc.objects_read() - before, 2);
}

/// Writers unique strings, so a repeated value is one object; once read as ASCII
/// text it comes from the document's string cache, and the next read of it reads no
/// object header at all. Text that is not ASCII is never cached and still reads
/// right every time.
#[test]
fn a_repeated_string_value_is_read_once() {
    let bytes = plistvalue::to_vec(&plistvalue::plist!({
        "a": "keep-alive", "b": "keep-alive", "c": "naïve", "d": "naïve", "e": 7
    }))
    .unwrap();
    let doc = Document::from_slice(&bytes).unwrap();
    let root = doc.root().unwrap();
    let text = |key: &str| {
        let node = root.get(key).unwrap().unwrap();
        (node.kind(), node.as_str().unwrap().into_owned())
    };
    // Every key, read once and cached.
    assert_eq!(root.get("e").unwrap().unwrap().as_u64(), Some(7));
    let before = doc.objects_read();
    assert_eq!(text("a").1, "keep-alive");
    assert_eq!(doc.objects_read() - before, 1, "the value, once");
    let before = doc.objects_read();
    let (kind, b) = text("b");
    assert_eq!((kind, b.as_str()), (plistvalue::Kind::String, "keep-alive"));
    assert_eq!(doc.objects_read() - before, 0, "keys and value all cached");
    assert_eq!(text("c").1, "naïve");
    let before = doc.objects_read();
    assert_eq!(text("d").1, "naïve");
    assert_eq!(doc.objects_read() - before, 1, "UTF-16 text is read again");
    let before = doc.objects_read();
    assert_eq!(root.get("e").unwrap().unwrap().as_u64(), Some(7));
    assert_eq!(doc.objects_read() - before, 1);
}
