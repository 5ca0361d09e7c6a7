//! One typed binary decode of the benchmark document, for counting its instructions
//! under callgrind: the per-message figures of the typed and serde decode rows and of
//! their clone floor come from it.
//!
//! ```sh
//! cargo build --release --bin typed_ops
//! valgrind --tool=callgrind --toggle-collect='typed_ops::run' \
//!     target/release/typed_ops owned 2000
//! ```
//!
//! The operations are `owned` (`from_slice::<Project>`), `borrowed`
//! (`from_slice::<ProjectRef>`), `serde-owned` and `serde-borrowed` (the same through
//! the serde bridge), `clone` (`Project::clone`, the owned decode's floor), and the
//! encodes `encode` (`to_vec`) and `serde-encode` (`plistvalue::serde::to_vec`). Only
//! `run` is counted: building the document and dropping results are outside it.
//! Divide the count by N for instructions per message.
//!
//! A third argument, `typed_ops owned 20000 9`, runs the operation that many times,
//! dropping each result, and prints its wall time and time on the CPU: what `perf
//! record` and back-to-back timings of two builds need, since the stall instruction
//! counts cannot see shows only in time.

use std::hint::black_box;

use plistvalue_suite::bench_doc::{generate, Project, ProjectRef, Variant};
use plistvalue_suite::rounds;

/// What one operation leaves, kept alive until the count stops.
enum Output<'a> {
    Owned(Project),
    Borrowed(ProjectRef<'a>),
    Bytes(Vec<u8>),
}

#[inline(never)]
fn run<'a>(op: &str, bytes: &'a [u8], model: &Project) -> Output<'a> {
    match op {
        "owned" => Output::Owned(plistvalue::from_slice(bytes).expect("decodes")),
        "borrowed" => Output::Borrowed(plistvalue::from_slice(bytes).expect("decodes")),
        "serde-owned" => Output::Owned(plistvalue::serde::from_slice(bytes).expect("decodes")),
        "serde-borrowed" => {
            Output::Borrowed(plistvalue::serde::from_slice(bytes).expect("decodes"))
        }
        "encode" => Output::Bytes(plistvalue::to_vec(model).expect("encodes")),
        "serde-encode" => Output::Bytes(plistvalue::serde::to_vec(model).expect("encodes")),
        _ => Output::Owned(model.clone()),
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let op = args.next().unwrap_or_default();
    let n = args.next().and_then(|s| s.parse().ok()).unwrap_or(2000);
    let rounds_n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let ops = [
        "owned",
        "borrowed",
        "serde-owned",
        "serde-borrowed",
        "clone",
        "encode",
        "serde-encode",
    ];
    if !ops.contains(&op.as_str()) {
        eprintln!("usage: typed_ops {} [N] [ROUNDS]", ops.join("|"));
        std::process::exit(2);
    }
    let model = generate(n, Variant::Random);
    let mut bytes = Vec::new();
    plist::to_writer_binary(&mut bytes, &model).expect("the document encodes");
    let expected = bytes.len();
    let timed = rounds::run(rounds_n, || {
        let out = run(black_box(&op), black_box(&bytes), &model);
        let messages = match &out {
            Output::Owned(project) => project.messages.len(),
            Output::Borrowed(project) => project.messages.len(),
            Output::Bytes(file) => {
                assert_eq!(file.len(), expected, "the plist crate's file size");
                n
            }
        };
        assert_eq!(messages, n, "every message was decoded");
        out
    });
    if rounds_n > 1 {
        println!("{op} N={n}: {timed}");
    }
}
