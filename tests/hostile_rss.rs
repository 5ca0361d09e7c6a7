//! The bound `Limits::heap_per_input_byte` states, in real memory: a process that
//! reads a file and decodes it into `PlistValue` with the default limits peaks at
//! 64 bytes of resident memory per input byte, plus 10 MiB, its input included.
//! Each hostile shape is decoded in a child process (this test, run again with
//! the file named in `PLISTVALUE_RSS_CHILD`), which reports its peak resident set
//! (`VmHWM`): what the counting allocator of `hostile_amplification.rs` cannot
//! see, the allocator's own headers and rounding, its free lists, the reader's
//! tables and the input, is all in it.

use std::env;
use std::fs;
use std::path::Path;
use std::process::Command;

use plistvalue::PlistValue;
use plistvalue_suite::bplist::{ascii, bomb, chain, data, dict_w, int, seq, utf16, Bplist};

/// The variable that makes this test a child: `<decoder> <file>`.
const CHILD: &str = "PLISTVALUE_RSS_CHILD";

/// This test's name, for the child's command line.
const NAME: &str = "a_decode_peaks_within_its_stated_bound_in_real_memory";

/// The stated bound for an input of `len` bytes.
fn bound(len: usize) -> usize {
    64 * len + (10 << 20)
}

/// A file of `refs` two-byte references to object 1, then `objects` from object
/// 1 on, then `padding` bytes of data that nothing refers to, which buy budget.
fn shared(refs: usize, objects: &[Vec<u8>], padding: usize) -> Vec<u8> {
    let mut b = Bplist::new();
    b.ref_size = 2;
    b.offset_size = 4;
    b.push(&seq(0xA0, 2, &vec![1; refs]));
    for o in objects {
        b.push(o);
    }
    b.push(&data(&vec![0; padding]));
    b.build()
}

/// One dictionary of 256 entries (keys `key(i)`, each value the integer 1) as
/// objects 1.., for `shared`.
fn entries(key: impl Fn(u32) -> String) -> Vec<Vec<u8>> {
    let keys: Vec<u64> = (3..3 + 256).collect();
    let mut objects = vec![dict_w(2, &keys, &[2; 256]), int(1)];
    objects.extend((0..256).map(|i| ascii(key(i).as_bytes())));
    objects
}

/// The shapes, each about a megabyte: `(name, bytes, the decode runs out of
/// budget)`.
fn shapes() -> Vec<(&'static str, Vec<u8>, bool)> {
    const MB: usize = 1 << 20;
    let xml = format!(
        "<plist version=\"1.0\"><array>{}</array></plist>",
        "<string>a</string>".repeat(MB / 18)
    );
    vec![
        // Text formats, which share nothing: their budgets count the text.
        (
            "OpenStep one-byte strings",
            format!("({})", "a,".repeat(MB / 2)).into_bytes(),
            false,
        ),
        ("XML one-byte strings", xml.into_bytes(), false),
        // Every reference a dictionary of 256 entries: containers.
        (
            "short keys",
            shared(MB / 4, &entries(|i| format!("k{i}")), MB / 2),
            true,
        ),
        // The same with 16-byte keys: boxes, text and blocks, both budgets.
        (
            "long keys",
            shared(MB / 4, &entries(|i| format!("key-number-{i:05}")), MB / 2),
            true,
        ),
        // One-entry dictionaries with a 15-byte key: the smallest blocks.
        (
            "one-entry dictionaries",
            shared(
                MB / 2,
                &[dict_w(2, &[2], &[3]), ascii(b"a-long-key-here"), int(1)],
                0,
            ),
            true,
        ),
        // One-element arrays and one-byte strings: 16 bytes asked, 32 taken.
        (
            "one-element arrays",
            shared(MB / 2, &[seq(0xA0, 2, &[2]), int(1)], 0),
            false,
        ),
        ("one-byte strings", shared(MB / 2, &[ascii(b"x")], 0), false),
        // UTF-16 text, converted: sized exactly, not grown by doubling.
        (
            "UTF-16 strings",
            shared(MB / 2, &[utf16(&[0x263A; 1025])], 0),
            true,
        ),
        // A path 100,000 containers deep: the decode's own stack.
        ("deep chain", chain(100_000, false).build(), false),
        // Small files, where the floors are the budgets: 106 bytes for 2^17
        // values, and 11 KB of 16-byte keys, which run into all three floors.
        ("bomb", bomb(16).build(), true),
        (
            "floors",
            shared(1_000, &entries(|i| format!("key-number-{i:05}")), 0),
            true,
        ),
    ]
}

#[test]
fn a_decode_peaks_within_its_stated_bound_in_real_memory() {
    if let Ok(spec) = env::var(CHILD) {
        return child(&spec);
    }
    if !Path::new("/proc/self/status").exists() {
        println!("SKIPPED {NAME}: no /proc/self/status (VmHWM is Linux's)");
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut failures = Vec::new();
    for (name, bytes, must_fail) in shapes() {
        let path = dir.path().join("input.plist");
        fs::write(&path, &bytes).expect("written");
        let text = !bytes.starts_with(b"bplist");
        let decoders: &[&str] = if text {
            &["from_bytes"]
        } else {
            &["from_slice", "serde"]
        };
        for &decoder in decoders {
            let out = Command::new(env::current_exe().expect("this test binary"))
                .args([NAME, "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD, format!("{decoder} {}", path.display()))
                .output()
                .expect("the child runs");
            let stdout = String::from_utf8_lossy(&out.stdout);
            // libtest prints the test's name on the same line, before it.
            let report = stdout
                .split_once("RSS ")
                .and_then(|(_, rest)| rest.lines().next())
                .unwrap_or_else(|| panic!("{name}, {decoder}: no report in {stdout}"));
            let [result, start, peak]: [&str; 3] = report
                .split(' ')
                .collect::<Vec<_>>()
                .try_into()
                .expect("three fields");
            let (start, peak): (usize, usize) = (start.parse().unwrap(), peak.parse().unwrap());
            let limit = bound(bytes.len());
            println!(
                "{name}, {decoder}: {} bytes, {result}, peak RSS {:.1} MB ({:.1}x the input; \
                 {:.1} MB at start), bound {:.1} MB",
                bytes.len(),
                peak as f64 / 1e6,
                peak as f64 / bytes.len() as f64,
                start as f64 / 1e6,
                limit as f64 / 1e6
            );
            if peak > limit {
                failures.push(format!("{name}, {decoder}: peak {peak} over {limit}"));
            }
            if (result == "budget") != must_fail || result == "error" {
                failures.push(format!("{name}, {decoder}: {result}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The child: reads the file, decodes it, and prints `RSS <result> <start> <peak>`.
fn child(spec: &str) {
    let (decoder, path) = spec.split_once(' ').expect("<decoder> <file>");
    let start = status("VmRSS");
    let bytes = fs::read(path).expect("the file");
    let result = match decoder {
        "from_slice" => plistvalue::from_slice::<PlistValue>(&bytes),
        "from_bytes" => plistvalue::from_bytes::<PlistValue>(&bytes),
        _ => plistvalue::serde::from_slice::<PlistValue>(&bytes),
    };
    let result = match result {
        Ok(v) => {
            drop(v);
            "ok"
        }
        Err(e) if matches!(e.kind(), plistvalue::ErrorKind::BudgetExceeded { .. }) => "budget",
        Err(_) => "error",
    };
    println!("RSS {result} {start} {}", status("VmHWM"));
}

/// A `kB` line of `/proc/self/status`, in bytes.
fn status(field: &str) -> usize {
    let text = fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .unwrap_or_else(|| panic!("no {field}"));
    let kb: usize = line
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .expect("kB");
    kb * 1024
}
