//! The writer's interner cannot be flooded, and floods do not cost exactness.
//! Blobs that share their length and first and last 32 bytes are the interner's
//! worst case (its data hash reads only the ends; captured HTTP bodies of one
//! length with the same headers and trailers are such blobs); the lookup caps bound
//! their cost, the overflow map finds the values past the caps, and the output
//! stays exact: every blob reads back, and equal blobs are one object.

use plistvalue::{Document, PlistValue};

/// `n` distinct 1 KiB blobs that differ only in their middle bytes.
fn colliding_blobs(n: u32) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| {
            let mut b = vec![0xAB; 1024];
            b[500..504].copy_from_slice(&i.to_be_bytes());
            b
        })
        .collect()
}

#[test]
fn colliding_blobs_encode_exactly() {
    let blobs = colliding_blobs(2_000);
    let value = PlistValue::Array(blobs.iter().cloned().map(PlistValue::Data).collect());
    let bytes = plistvalue::to_vec(&value).expect("encodes");
    let back: PlistValue = plistvalue::from_slice(&bytes).expect("decodes");
    assert_eq!(back, value);
    let doc = Document::from_slice(&bytes).expect("opens");
    assert_eq!(doc.len(), 2_001, "the array and each blob once");
}

#[test]
fn repeats_of_a_full_bucket_are_one_object() {
    // 30 distinct blobs in one bucket, each written three times, interleaved.
    let blobs = colliding_blobs(30);
    let items: Vec<PlistValue> = (0..3)
        .flat_map(|_| blobs.iter().cloned().map(PlistValue::Data))
        .collect();
    let bytes = plistvalue::to_vec(&PlistValue::Array(items.into())).expect("encodes");
    let doc = Document::from_slice(&bytes).expect("opens");
    assert_eq!(doc.len(), 1 + 30, "the array and 30 data objects");
}

#[test]
fn equal_values_are_still_one_object() {
    let mut items: Vec<PlistValue> = colliding_blobs(6)
        .into_iter()
        .map(PlistValue::Data)
        .collect();
    items.extend(items.clone());
    items.extend((0..6).map(|i| PlistValue::String(format!("key {i}"))));
    items.extend((0..6).map(|i| PlistValue::String(format!("key {i}"))));
    let bytes = plistvalue::to_vec(&PlistValue::Array(items.into())).expect("encodes");
    let doc = Document::from_slice(&bytes).expect("opens");
    assert_eq!(doc.len(), 1 + 6 + 6, "the array, six blobs, six strings");
}
