//! One untyped operation on the benchmark document, for counting its instructions
//! under callgrind: the per-message instruction counts of `PlistValue` come from it.
//!
//! ```sh
//! cargo build --release --bin untyped_ops
//! valgrind --tool=callgrind --toggle-collect='untyped_ops::decode' \
//!     target/release/untyped_ops decode 2000
//! ```
//!
//! The operations are `decode` (the plist crate's file into a `PlistValue`),
//! `clone` (of that tree) and `encode` (`to_vec` of it). Only the named function is
//! counted: building the document and dropping results are outside it. Divide the
//! count by N for instructions per message. A third argument, `untyped_ops encode
//! 20000 9`, runs the operation that many times and prints its wall time and time
//! on the CPU, for perf and for timing two builds.

use std::hint::black_box;

use plistvalue::PlistValue;
use plistvalue_suite::bench_doc::{generate, Variant};
use plistvalue_suite::rounds;

#[inline(never)]
fn decode(bytes: &[u8]) -> PlistValue {
    plistvalue::from_slice(bytes).expect("the plist crate's file decodes")
}

#[inline(never)]
fn clone(tree: &PlistValue) -> PlistValue {
    tree.clone()
}

#[inline(never)]
fn encode(tree: &PlistValue) -> Vec<u8> {
    plistvalue::to_vec(tree).expect("a decoded tree encodes")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_default();
    let n = args.next().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let repeat: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    if !["decode", "clone", "encode"].contains(&op.as_str()) {
        eprintln!("usage: untyped_ops decode|clone|encode [N] [ROUNDS]");
        std::process::exit(2);
    }
    let mut bytes = Vec::new();
    plist::to_writer_binary(&mut bytes, &generate(n, Variant::Random))
        .expect("the document encodes");
    let tree = plistvalue::from_slice::<PlistValue>(&bytes).expect("the document decodes");
    let timed = match op.as_str() {
        "decode" => rounds::run(repeat, || decode(black_box(&bytes))).to_string(),
        "clone" => rounds::run(repeat, || clone(black_box(&tree))).to_string(),
        _ => rounds::run(repeat, || encode(black_box(&tree))).to_string(),
    };
    if repeat > 1 {
        println!("{op} N={n}: {timed}");
    }
}
