//! One way of looking up 100 keys in a 200,000-key dictionary, for callgrind to
//! count (the benchmark's "Key lookup" table times all three side by side):
//!
//! ```sh
//! cargo build --release --bin key_lookup
//! valgrind --tool=callgrind target/release/key_lookup index   # or decode, scan, none
//! ```
//!
//! `none` builds the document only: subtract it from the others. Two more
//! arguments change the entries and the lookups (`key_lookup index 64 4`).

use plistvalue_suite::lookup::{by_decode, by_index, by_scan, document, probes};

fn main() {
    let how = std::env::args().nth(1).unwrap_or_default();
    let number = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (n, count) = (number(2, 200_000), number(3, 100));
    let bytes = document(n);
    let keys = probes(n, count);
    let sum = match how.as_str() {
        "index" => by_index(&bytes, &keys),
        "decode" => by_decode(&bytes, &keys),
        "scan" => by_scan(&bytes, &keys),
        "none" => Ok(0),
        _ => {
            eprintln!("usage: key_lookup index|decode|scan|none [ENTRIES [LOOKUPS]]");
            std::process::exit(2);
        }
    };
    println!("{how}: {}", sum.expect("every key is there"));
}
