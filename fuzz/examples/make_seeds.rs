//! Writes seeds the shared corpus lacks into a directory: a small benchmark-model
//! document (so the typed targets start past the field lookups), the same document
//! as the serde writer lays it out (values before their keys, data first), a list
//! of maps with integer-text keys (the serde target's `Vec<HashMap<u32, String>>`),
//! a shared-subtree bomb, a deep chain, and one of every object type.
//!
//! `cargo run --example make_seeds -- DIR`

use plistvalue::{plist, Date, PlistValue, Uid};
use plistvalue_suite::bplist::bomb;

fn message(id: i64, comment: Option<&str>) -> PlistValue {
    let mut m = plist!({
        "id": id,
        "method": "GET",
        "url": "https://example.com/a",
        "statusCode": 200,
        "startDate": (Date::from_seconds_since_2001(725_760_000.25)),
        "duration": 0.125,
        "request": { "headers": [{ "name": "Accept", "value": "*/*" }], "body": (plistvalue::Data::new(vec![])) },
        "response": { "headers": [], "body": (plistvalue::Data::new(vec![1, 2, 3, 4])) }
    });
    if let (Some(c), PlistValue::Dictionary(d)) = (comment, &mut m) {
        d.insert("comment", c.into());
    }
    m
}

/// The benchmark model's document with three messages; `host` is the second SSL
/// proxying host.
fn project_doc(host: &str) -> PlistValue {
    plist!({
        "name": "seed",
        "version": 3,
        "created": (Date::from_seconds_since_2001(725_760_000.0)),
        "settings": {
            "captureBodies": true,
            "maxBodySize": 1_048_576,
            "theme": "dark",
            "sslProxyingHosts": ["example.com", host],
            "timeout": 30.0
        },
        "messages": [(message(1, None)), (message(2, Some("$null"))), (message(3, Some("note")))]
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).ok_or("usage: make_seeds DIR")?);
    std::fs::create_dir_all(&dir)?;
    let project = project_doc("ünïcode.test");
    // All ASCII, so the borrowed models (`&str`) decode it too.
    let ascii = project_doc("api.example.com");
    let every_type = plist!([
        true, false, 0, 255, 65_536, (-1i64), (u64::MAX), 1.5, (f32::MIN_POSITIVE),
        (Date::from_seconds_since_2001(-1.5)), (plistvalue::Data::new(vec![0; 20])), "", "ascii", "ü€😀",
        (Uid::new(7)), [], {}, { "k": [1, [2, [3]]] }
    ]);
    let int_keys = plist!([{ "1": "a", "4294967295": "b" }, { "7": "c" }, {}]);
    let mut deep = PlistValue::Array(plistvalue::Array::new());
    for _ in 0..200 {
        deep = PlistValue::Array(vec![deep].into());
    }
    for (name, value) in [
        ("project", &project),
        ("project-ascii", &ascii),
        ("every_type", &every_type),
        ("deep", &deep),
        ("int_keys", &int_keys),
    ] {
        std::fs::write(
            dir.join(format!("seed-{name}.bplist")),
            plistvalue::to_vec(value)?,
        )?;
    }
    std::fs::write(
        dir.join("seed-project-ascii-serde.bplist"),
        plistvalue::serde::to_vec(&ascii)?,
    )?;
    // `obj_k = [obj_{k-1}, obj_{k-1}]`, built by hand: the writer never shares
    // containers.
    std::fs::write(dir.join("seed-bomb.bplist"), bomb(40).build())?;
    Ok(())
}
