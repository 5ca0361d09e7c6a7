//! The string cache: ASCII string objects already read, by object index modulo the
//! cache's length. The dictionaries of one type share their key objects, and writers
//! that unique strings (all of them) share repeated values, so most string reads in
//! a large document are of an object read before. A hit costs no offset-table read,
//! no marker, no count and no ASCII check.
//!
//! Slots are few and shared, so a string may be evicted and read again; a large one
//! would then be checked again for every reference, and a file of references to
//! one 1 MiB string would cost a megabyte of scanning per byte. So every string of
//! [`LARGE`] bytes or more has its verdict (ASCII or not) remembered by its range,
//! as CoreFoundation and plistlib cache each object: it is scanned once per
//! document, and what a reference costs is bounded by [`LARGE`] bytes.
//!
//! The cache hands out `&str` without checking UTF-8 again, which is sound because of
//! one invariant: every slot names a range of the input that is entirely ASCII. The
//! constructor makes every slot the empty range, and [`StringCache::scan`], the only
//! writer, stores a range only after checking it, or after finding that exact range
//! among the verdicts it recorded when it checked it. The fields are private to this
//! file, so nothing else can break it.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// Strings at least this long are checked once per document, not once per read.
pub(super) const LARGE: usize = 256;

/// No object has this index: the trailer check caps the object count at `i64::MAX`.
const EMPTY: u64 = u64::MAX;

/// A cache of ASCII texts over the borrowed input.
pub(super) struct StringCache<'a> {
    bytes: &'a [u8],
    /// (object index, payload start, length). A `&'a str` in a `Cell` would make
    /// the document invariant in `'a`.
    slots: Box<[Cell<(u64, usize, usize)>]>,
    /// Whether the large payload at (start, length) is all ASCII. One entry per
    /// distinct large string read, so at most one per [`LARGE`] input bytes.
    verdicts: RefCell<HashMap<(usize, usize), bool>>,
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
            verdicts: RefCell::new(HashMap::new()),
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
        if !self.is_ascii(start, len) {
            return None;
        }
        self.slot(index).set((index, start, len));
        // SAFETY: `is_ascii` found exactly this range all ASCII, now or when it
        // recorded its verdict; every ASCII byte sequence is valid UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// True when the `len` bytes at `start` are all ASCII: checked now when short,
    /// checked once per document when [`LARGE`].
    #[inline]
    pub(super) fn is_ascii(&self, start: usize, len: usize) -> bool {
        let bytes = &self.bytes[start..start + len];
        if len < LARGE {
            return bytes.is_ascii();
        }
        *self
            .verdicts
            .borrow_mut()
            .entry((start, len))
            .or_insert_with(|| bytes.is_ascii())
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
    fn large_strings_are_scanned_once() {
        let mut bytes = vec![b'a'; 2 * super::LARGE];
        bytes[super::LARGE] = 0xE9;
        let cache = StringCache::new(&bytes, 1);
        let (ascii, latin1) = ((0, super::LARGE), (super::LARGE, super::LARGE));
        // Objects 1 and 2 share the only slot and evict each other.
        for _ in 0..3 {
            assert_eq!(
                cache.scan(1, ascii.0, ascii.1).map(str::len),
                Some(super::LARGE)
            );
            assert_eq!(cache.scan(2, latin1.0, latin1.1), None);
            assert_eq!(cache.scan(3, 1, 2), Some("aa"));
        }
        let verdicts = cache.verdicts.borrow();
        assert_eq!(verdicts.len(), 2, "each large range has one verdict");
        assert_eq!((verdicts[&ascii], verdicts[&latin1]), (true, false));
    }

    #[test]
    #[should_panic(expected = "string-cache slots")]
    fn slot_counts_are_powers_of_two() {
        let _ = StringCache::new(b"", 3);
    }
}
