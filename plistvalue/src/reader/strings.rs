//! The string cache: ASCII string objects already read, by object index modulo the
//! cache's length. The dictionaries of one type share their key objects, and writers
//! that unique strings (all of them) share repeated values, so most string reads in
//! a large document are of an object read before. A hit costs no offset-table read,
//! no marker, no count and no ASCII check.
//!
//! Slots are few and shared, so a string may be evicted and read again, and string
//! objects may overlap anywhere in the input: a miss asks the document's text
//! index (`text.rs`), which keeps what any string's check costs bounded, whatever
//! the file.
//!
//! The cache hands out `&str` without checking UTF-8 again, which is sound because of
//! one invariant: every slot names a range of the input that is entirely ASCII. The
//! constructor makes every slot the empty range, and [`StringCache::scan`], the only
//! writer, stores a range only after the index found it all ASCII (`text.rs`
//! checks its verdicts against a direct scan for every range of its test inputs,
//! and debug builds, the fuzzers' among them, scan a range of up to [`RECHECK`]
//! bytes again here). The fields are
//! private to this file, so nothing else can break it.

use std::cell::Cell;

use super::text::{TextIndex, LARGE};

/// The longest range a debug build scans again after the index: rescanning every
/// string whole would make overlapping strings quadratic again, in the debug
/// builds of every program that depends on this crate.
const RECHECK: usize = 16 * LARGE;

/// No object has this index: the trailer check caps the object count at `i64::MAX`.
const EMPTY: u64 = u64::MAX;

/// A cache of ASCII texts over the borrowed input.
pub(super) struct StringCache<'a> {
    bytes: &'a [u8],
    /// (object index, payload start, length). A `&'a str` in a `Cell` would make
    /// the document invariant in `'a`.
    slots: Box<[Cell<(u64, usize, usize)>]>,
    text: TextIndex<'a>,
}

impl<'a> StringCache<'a> {
    /// An empty cache of `slots` entries over `bytes`. `slots` must be a power of
    /// two: the cache is indexed by mask.
    pub(super) fn new(bytes: &'a [u8], slots: usize) -> StringCache<'a> {
        assert!(slots.is_power_of_two(), "{slots} string-cache slots");
        StringCache {
            bytes,
            // The empty range is ASCII: the invariant holds from the start.
            slots: (0..slots).map(|_| Cell::new((EMPTY, 0, 0))).collect(),
            text: TextIndex::new(bytes),
        }
    }

    #[inline(always)]
    fn slot(&self, index: u64) -> &Cell<(u64, usize, usize)> {
        &self.slots[index as usize & (self.slots.len() - 1)]
    }

    /// Where the cached text of object `index` lies in the input, if it is cached.
    #[inline(always)]
    pub(super) fn span(&self, index: u64) -> Option<(usize, usize)> {
        let (cached, at, len) = self.slot(index).get();
        (cached == index).then_some((at, len))
    }

    /// The text of object `index`, if it is cached.
    #[inline(always)]
    pub(super) fn get(&self, index: u64) -> Option<&'a str> {
        let (at, len) = self.span(index)?;
        let bytes: &'a [u8] = &self.bytes[at..at + len];
        // SAFETY: `scan`, the only writer of a slot, stored this range after finding
        // it all ASCII, and the constructor's empty ranges are ASCII too; ASCII is
        // valid UTF-8, and the borrowed input cannot change.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// The text of the `len` payload bytes at `start`, which belong to ASCII-string
    /// object `index`, if they are all ASCII; then they are cached.
    #[inline]
    pub(super) fn scan(&self, index: u64, start: usize, len: usize) -> Option<&'a str> {
        let bytes: &'a [u8] = &self.bytes[start..start + len];
        if !self.ascii(bytes, start) {
            return None;
        }
        debug_assert!(
            len > RECHECK || bytes.is_ascii(),
            "the text index passed {start}+{len}"
        );
        self.slot(index).set((index, start, len));
        // SAFETY: the index found exactly this range all ASCII; every ASCII byte
        // sequence is valid UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// True when the `len` bytes at `start` are all ASCII.
    #[inline]
    pub(super) fn is_ascii(&self, start: usize, len: usize) -> bool {
        self.ascii(&self.bytes[start..start + len], start)
    }

    /// True when `bytes`, the input's bytes from `start`, are all ASCII: a short
    /// run checked here, a large one through the index.
    #[inline(always)]
    fn ascii(&self, bytes: &[u8], start: usize) -> bool {
        if bytes.len() < LARGE {
            return bytes.is_ascii();
        }
        self.text.is_ascii_large(start, start + bytes.len())
    }

    /// True when the `units` UTF-16 units at `start` hold no unpaired surrogate.
    pub(super) fn is_utf16(&self, start: usize, units: usize) -> bool {
        self.text.is_utf16(start, units)
    }
}

#[cfg(test)]
mod tests {
    use super::StringCache;

    #[test]
    fn only_checked_ascii_is_cached() {
        let bytes = b"abc\xE9def";
        let cache = StringCache::new(bytes, 4);
        assert_eq!(cache.get(1), None);
        assert_eq!(cache.scan(1, 0, 3), Some("abc"));
        assert_eq!(cache.get(1), Some("abc"));
        assert_eq!(cache.scan(2, 2, 3), None, "0xE9 is not ASCII");
        assert_eq!(cache.get(2), None);
        // Index 5 shares index 1's slot and evicts it.
        assert_eq!(cache.scan(5, 4, 3), Some("def"));
        assert_eq!((cache.get(1), cache.get(5)), (None, Some("def")));
    }

    #[test]
    #[should_panic(expected = "string-cache slots")]
    fn slot_counts_are_powers_of_two() {
        let _ = StringCache::new(b"", 3);
    }
}
