//! A tree as unarchive.py's tagged JSON, byte for byte as Python's
//! `json.dumps(ensure_ascii=False, separators=(",", ":"))` writes it, so the two trees
//! compare as text, key order included (the tree's key order is part of it).

use std::fmt::Write;

use plistvalue::PlistValue;

/// The tagged JSON of `v`.
pub fn tagged(v: &PlistValue) -> String {
    let mut out = String::new();
    node(v, &mut out);
    out
}

fn node(v: &PlistValue, out: &mut String) {
    let hex = |bytes: &[u8], out: &mut String| {
        for b in bytes {
            write!(out, "{b:02x}").unwrap();
        }
    };
    match v {
        PlistValue::Null => out.push_str(r#"{"t":"null"}"#),
        PlistValue::Boolean(b) => write!(out, r#"{{"t":"bool","v":{b}}}"#).unwrap(),
        PlistValue::Integer(i) => write!(out, r#"{{"t":"int","v":{i}}}"#).unwrap(),
        PlistValue::Real(r) => write!(out, r#"{{"t":"real","v":"{:016x}"}}"#, r.to_bits()).unwrap(),
        PlistValue::Date(d) => write!(
            out,
            r#"{{"t":"date","v":"{:016x}"}}"#,
            d.seconds_since_2001().to_bits()
        )
        .unwrap(),
        PlistValue::Data(d) => {
            out.push_str(r#"{"t":"data","v":""#);
            hex(d, out);
            out.push_str(r#""}"#);
        }
        PlistValue::String(s) => {
            out.push_str(r#"{"t":"string","v":"#);
            string(s, out);
            out.push('}');
        }
        PlistValue::Uid(u) => write!(out, r#"{{"t":"uid","v":{}}}"#, u.get()).unwrap(),
        PlistValue::Array(a) => {
            out.push_str(r#"{"t":"array","v":["#);
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                node(x, out);
            }
            out.push_str("]}");
        }
        PlistValue::Dictionary(d) => {
            out.push_str(r#"{"t":"dict","v":["#);
            for (i, (k, x)) in d.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('[');
                string(k, out);
                out.push(',');
                node(x, out);
                out.push(']');
            }
            out.push_str("]}");
        }
        _ => panic!("a value kind the tagged JSON does not have"),
    }
}

/// `s` as a JSON string: `serde_json` escapes what Python's `json.dumps` escapes
/// (`"`, `\\`, the named controls, the rest below U+0020 as `\u00xx`) and nothing else.
fn string(s: &str, out: &mut String) {
    out.push_str(&serde_json::to_string(s).expect("a string serializes"));
}
