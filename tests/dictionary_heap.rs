//! `Dictionary::heap_bytes_for` states what a dictionary allocates for itself, so a
//! reader's heap budget can charge a dictionary before building it: a counting
//! global allocator checks it at every size a dictionary has on the way to being
//! indexed and past it. One test only, so no other test thread allocates while it
//! measures.

use plistvalue::{Dictionary, PlistValue};
use plistvalue_suite::alloc::{self, Counting};

// The harness's own threads allocate too, so the counts are atomic.
#[global_allocator]
static ALLOCATOR: Counting = Counting::multi_threaded();

#[test]
fn heap_bytes_for_is_what_a_filled_dictionary_allocates() {
    for n in (0..=80).chain([100, 1000, 4097, 100_000]) {
        // The keys' own heap is the caller's: made before counting, moved in, and
        // the vector that held them is freed only after counting.
        let mut keys: Vec<String> = (0..n).map(|i| format!("key {i}")).collect();
        let before = alloc::current();
        let (d, peak) = alloc::peak_during(|| {
            let mut d = Dictionary::with_capacity(n);
            for k in keys.drain(..) {
                d.entry(k).or_insert(PlistValue::Boolean(true));
            }
            d
        });
        let held = alloc::current() - before;
        assert_eq!(held, Dictionary::heap_bytes_for(n), "{n} entries");
        assert_eq!(peak, held, "{n} entries: nothing transient on the way");
        assert_eq!(d.len(), n);
    }
}
