//! `Dictionary::heap_bytes_for` states what a dictionary allocates for itself, so a
//! reader's heap budget can charge a dictionary before building it: a counting
//! global allocator checks it at every size a dictionary has on the way to being
//! indexed and past it, and `Key::heap_bytes_for` what a key allocates. One test
//! only, so no other test thread allocates while it measures.

use plistvalue::{Dictionary, Key, PlistValue};
use plistvalue_suite::alloc::{self, Counting};

// The harness's own threads allocate too, so the counts are atomic.
#[global_allocator]
static ALLOCATOR: Counting = Counting::multi_threaded();

#[test]
fn heap_bytes_for_is_what_a_filled_dictionary_allocates() {
    for n in (0..=80).chain([100, 1000, 4097, 100_000]) {
        // The keys' own heap is the caller's: made before counting, moved in, and
        // the vector that held them is freed only after counting.
        let mut keys: Vec<Key> = (0..n).map(|i| Key::from(format!("key {i}"))).collect();
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
    // A key's own heap, inline or boxed, from borrowed text or from an owned
    // `String` whose allocation a long key keeps; dropping it frees it all.
    for len in 0..=40 {
        let text = "k".repeat(len);
        let before = alloc::current();
        let key = Key::from(text.as_str());
        assert_eq!(
            alloc::current() - before,
            Key::heap_bytes_for(len),
            "{len} bytes"
        );
        drop(key);
        assert_eq!(alloc::current(), before, "{len} bytes: dropped");
        let owned = text.clone();
        let before = alloc::current() - owned.capacity();
        let key = Key::from(owned);
        assert_eq!(
            alloc::current() - before,
            Key::heap_bytes_for(len),
            "{len} bytes"
        );
        assert_eq!(key, *text);
        let back = String::from(key);
        assert_eq!(back, text);
        assert_eq!(
            alloc::current() - before,
            back.len(),
            "{len} bytes: as a String"
        );
    }
}
