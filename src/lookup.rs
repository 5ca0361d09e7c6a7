//! The key-lookup document: one large dictionary and a spread of its keys, with
//! the three ways to look them up that the benchmark and the callgrind example
//! compare: by a scan of the keys, 100 lookups in 200,000 keys would cost more than
//! decoding everything, which is what the key index is for.

use plistvalue::{Document, Error, PlistValue};

/// A dictionary of `n` entries, `key000000` → its position, as binary bytes.
pub fn document(n: usize) -> Vec<u8> {
    let dict: plistvalue::Dictionary = (0..n).map(|i| (key(i), i)).collect();
    plistvalue::to_vec(&PlistValue::Dictionary(dict)).expect("a dictionary encodes")
}

/// The key of entry `i`.
pub fn key(i: usize) -> String {
    format!("key{i:06}")
}

/// `count` keys spread evenly over `n` entries, the last one first.
pub fn probes(n: usize, count: usize) -> Vec<String> {
    (0..count).map(|j| key(n - 1 - j * (n / count))).collect()
}

/// The sum of the values of `keys`, through the lazy `Node::get` (its key index).
///
/// # Errors
/// When the document cannot be read or a key is missing.
pub fn by_index(bytes: &[u8], keys: &[String]) -> Result<u64, Error> {
    let doc = Document::from_slice(bytes)?;
    let root = doc.root()?;
    let mut sum = 0;
    for k in keys {
        sum += root
            .get(k)?
            .and_then(|v| v.as_u64())
            .ok_or_else(|| missing(k))?;
    }
    Ok(sum)
}

/// The same sum, by decoding the whole dictionary first.
///
/// # Errors
/// As [`by_index`].
pub fn by_decode(bytes: &[u8], keys: &[String]) -> Result<u64, Error> {
    let v: PlistValue = plistvalue::from_slice(bytes)?;
    keys.iter()
        .map(|k| {
            v.get(k.as_str())
                .and_then(PlistValue::as_u64)
                .ok_or_else(|| missing(k))
        })
        .sum()
}

/// The same sum, by a scan of the keys for each lookup: what `Node::get` did
/// before the index.
///
/// # Errors
/// As [`by_index`].
pub fn by_scan(bytes: &[u8], keys: &[String]) -> Result<u64, Error> {
    let doc = Document::from_slice(bytes)?;
    let root = doc.root()?;
    let mut sum = 0;
    for k in keys {
        let mut found = None;
        for entry in root.entries()? {
            let (key, value) = entry?;
            if key.str_eq(k) {
                found = value.as_u64();
                break;
            }
        }
        sum += found.ok_or_else(|| missing(k))?;
    }
    Ok(sum)
}

fn missing(k: &str) -> Error {
    Error::custom(format!("no key {k}"))
}
