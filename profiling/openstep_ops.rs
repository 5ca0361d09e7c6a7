//! One OpenStep decode of a generated Xcode project, by plistvalue or by the plist
//! crate, for counting its instructions under callgrind: the OpenStep rows' profile,
//! and the comparison of the two libraries under two build profiles.
//!
//! ```sh
//! cargo build --release --bin openstep_ops
//! valgrind --tool=callgrind --toggle-collect='openstep_ops::run' \
//!     target/release/openstep_ops untyped 2000000
//! ```
//!
//! The operations are `untyped` (`from_bytes::<PlistValue>`), `typed` (the
//! benchmark's project model through the derive), `binary` (`to_binary`: the text
//! read into binary plist bytes), `plist-untyped` (`plist::Value::from_reader`) and
//! `plist-typed` (`plist::from_bytes` of the same model through serde). The second
//! argument is the project's size in bytes (default 2 MB); `OPS_FILE=path` reads
//! that file instead. Only `run` is counted; a third argument repeats it.

use std::any::Any;
use std::collections::HashMap;
use std::hint::black_box;
use std::io::Cursor;

use plistvalue::{FromPlist, PlistValue};

/// The parts of a project a tool reads, as in the benchmark's OpenStep rows.
#[derive(FromPlist, serde::Deserialize)]
#[plist(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
struct Pbxproj {
    object_version: u32,
    objects: HashMap<String, PbxObject>,
    root_object: String,
}

#[derive(FromPlist, serde::Deserialize)]
struct PbxObject {
    isa: String,
}

/// The result is returned, so that its drop is not counted.
#[inline(never)]
fn run(op: &str, input: &[u8]) -> Box<dyn Any> {
    match op {
        "untyped" => Box::new(plistvalue::from_bytes::<PlistValue>(input).expect("decodes")),
        "typed" => Box::new(plistvalue::from_bytes::<Pbxproj>(input).expect("decodes")),
        "binary" => Box::new(plistvalue::to_binary(input).expect("decodes").into_owned()),
        "plist-untyped" => {
            Box::new(plist::Value::from_reader(Cursor::new(input)).expect("decodes"))
        }
        "plist-typed" => Box::new(plist::from_bytes::<Pbxproj>(input).expect("decodes")),
        _ => {
            eprintln!("usage: openstep_ops untyped|typed|binary|plist-untyped|plist-typed [BYTES] [REPEAT]");
            std::process::exit(2);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_default();
    let size = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    let repeat = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let input = match std::env::var_os("OPS_FILE") {
        Some(path) => std::fs::read(path).expect("OPS_FILE is readable"),
        None => plistvalue_suite::pbxproj::of_size(size).into_bytes(),
    };
    let model: Pbxproj = plistvalue::from_bytes(&input).expect("the project decodes");
    assert!(model.objects.contains_key(&model.root_object) && model.object_version > 0);
    assert!(model.objects.values().any(|o| o.isa == "PBXProject"));
    for _ in 0..repeat {
        drop(black_box(run(black_box(&op), black_box(&input))));
    }
}
