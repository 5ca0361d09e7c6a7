//! The serde bridge's `deserialize_any` path, which the typed targets do not
//! reach: `serde_json::Value`, untagged enums, `flatten` (serde buffers them all
//! through `deserialize_any`) and maps of values. No input may panic, and every
//! value that decodes serializes again (through a foreign serializer too) without
//! overflowing the stack.
#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use plistvalue::PlistValue;

#[derive(serde::Deserialize)]
#[serde(untagged)]
#[allow(dead_code, reason = "decoded, then dropped")]
enum Any {
    Number(i64),
    Real(f64),
    Text(String),
    Bytes(serde_bytes::ByteBuf),
    List(Vec<Any>),
    Map(HashMap<String, Any>),
}

#[derive(serde::Deserialize)]
#[allow(dead_code, reason = "decoded, then dropped")]
struct Flat {
    name: Option<String>,
    #[serde(flatten)]
    rest: HashMap<String, serde_json::Value>,
}

fuzz_target!(|data: &[u8]| {
    if let Ok(v) = plistvalue::serde::from_slice::<serde_json::Value>(data) {
        serde_json::to_vec(&v).expect("a decoded JSON value serializes");
    }
    let _ = plistvalue::serde::from_slice::<Any>(data);
    let _ = plistvalue::serde::from_slice::<Flat>(data);
    let _ = plistvalue::serde::from_slice::<HashMap<String, Vec<PlistValue>>>(data);
    if let Ok(v) = plistvalue::serde::from_slice::<PlistValue>(data) {
        // Past the encode depth limit, an error; never a stack overflow.
        let _ = serde_json::to_vec(&v);
    }
});
