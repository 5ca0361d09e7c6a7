//! One XML operation on the benchmark document, for counting its instructions
//! under callgrind or sampling it with perf: the XML rows' profile comes from it.
//!
//! ```sh
//! cargo build --release --bin xml_ops
//! valgrind --tool=callgrind --toggle-collect='xml_ops::run' \
//!     target/release/xml_ops typed-decode 2000
//! ```
//!
//! The operations are `typed-decode` (`from_bytes::<Project>` of CF's XML),
//! `untyped-decode` (`from_bytes::<PlistValue>`), `typed-encode` (`to_vec_xml` of
//! the model) and `untyped-encode` (`to_vec_xml` of the tree). Only `run` is
//! counted; a third argument, `xml_ops typed-encode 20000 9`, repeats it and prints
//! its wall time and time on the CPU, for perf and for timing two builds.

use std::any::Any;
use std::hint::black_box;

use plistvalue::PlistValue;
use plistvalue_suite::bench_doc::{generate, Project, Variant};
use plistvalue_suite::rounds;

struct Inputs {
    project: Project,
    tree: PlistValue,
    xml: Vec<u8>,
}

/// The result is returned, so that its drop is not counted.
#[inline(never)]
fn run(op: &str, inputs: &Inputs) -> Box<dyn Any> {
    match op {
        "typed-decode" => {
            Box::new(plistvalue::from_bytes::<Project>(&inputs.xml).expect("decodes"))
        }
        "untyped-decode" => {
            Box::new(plistvalue::from_bytes::<PlistValue>(&inputs.xml).expect("decodes"))
        }
        "typed-encode" => Box::new(plistvalue::to_vec_xml(&inputs.project).expect("encodes")),
        "untyped-encode" => Box::new(plistvalue::to_vec_xml(&inputs.tree).expect("encodes")),
        _ => {
            eprintln!("usage: xml_ops typed-decode|untyped-decode|typed-encode|untyped-encode [N] [REPEAT]");
            std::process::exit(2);
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_default();
    let n = args.next().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let repeat = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let project = generate(n, Variant::Random);
    let xml = plistvalue::to_vec_xml(&project).expect("the document encodes");
    let tree = plistvalue::from_bytes::<PlistValue>(&xml).expect("the document decodes");
    let inputs = Inputs { project, tree, xml };
    let timed = rounds::run(repeat, || run(black_box(&op), black_box(&inputs)));
    if repeat > 1 {
        println!("{op} N={n}: {timed}");
    }
}
