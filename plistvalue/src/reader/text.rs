//! Whether a range of the input is text: all ASCII, or UTF-16 without an unpaired
//! surrogate. The offset table may point anywhere, so 100,000 distinct string
//! objects can overlap in one 4 MB region, and checking each whole would scan
//! 400 GB. So a check of [`LARGE`] bytes or more scans its range only while such
//! scans add up to less than the input's length; past that, one pass over the
//! input counts, per [`BLOCK`] bytes, the blocks that hold a flagged position (a
//! byte above 0x7F; a UTF-16 unit that its neighbours in the input leave
//! unpaired), and a check costs its two partial blocks and two lookups, whatever
//! the overlap. An ordinary document reads each large string once or so and never
//! builds the counts; when it does, they take 4 bytes per block (1/64 of the
//! input, twice that for UTF-16's two alignments).

use std::cell::{Cell, OnceCell};

/// Bytes per block of the counts.
const BLOCK: usize = 256;

/// Ranges at least this long go through the counts once they are built; shorter
/// ones are scanned, which costs no more than the counts' two partial blocks.
pub(super) const LARGE: usize = BLOCK;

/// The checks of one document's input.
pub(super) struct TextIndex<'a> {
    bytes: &'a [u8],
    /// Bytes the checks of large ranges have scanned so far (the pass that built
    /// the counts included): ASCII checks, UTF-16 checks.
    scanned: [Cell<usize>; 2],
    ascii: OnceCell<Option<Counts>>,
    /// For units at even byte offsets, and at odd ones.
    utf16: OnceCell<Option<[Counts; 2]>>,
}

const ASCII: usize = 0;
const UTF16: usize = 1;

/// For each block boundary `b`, how many of the blocks before it are flagged.
struct Counts(Box<[u32]>);

impl Counts {
    /// The counts of `blocks` blocks; `None` past `u32::MAX` blocks (a terabyte),
    /// where every check keeps scanning.
    fn build(blocks: usize, flagged: impl Fn(usize) -> bool) -> Option<Counts> {
        u32::try_from(blocks).ok()?;
        let mut prefix = Vec::with_capacity(blocks + 1);
        let mut n = 0;
        prefix.push(n);
        for b in 0..blocks {
            n += u32::from(flagged(b));
            prefix.push(n);
        }
        Some(Counts(prefix.into_boxed_slice()))
    }

    /// True when no block from `first` up to `last` is flagged.
    fn clear(&self, first: usize, last: usize) -> bool {
        self.0[first] == self.0[last]
    }
}

/// The whole blocks inside `start..end`, which is at least a block long.
fn whole_blocks(start: usize, end: usize) -> (usize, usize) {
    (start.div_ceil(BLOCK), end / BLOCK)
}

fn is_high(unit: u16) -> bool {
    (0xD800..0xDC00).contains(&unit)
}

fn is_low(unit: u16) -> bool {
    (0xDC00..0xE000).contains(&unit)
}

impl<'a> TextIndex<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> TextIndex<'a> {
        TextIndex {
            bytes,
            scanned: [Cell::new(0), Cell::new(0)],
            ascii: OnceCell::new(),
            utf16: OnceCell::new(),
        }
    }

    /// Notes a scan of `len` more bytes by checks of `kind`.
    fn scan(&self, kind: usize, len: usize) {
        self.scanned[kind].set(self.scanned[kind].get().saturating_add(len));
    }

    /// Notes a check of `len` bytes of `kind` before the counts exist: true once
    /// the checks have scanned as much as the input holds, when building the
    /// counts (one more pass) pays for itself.
    fn pays(&self, kind: usize, len: usize) -> bool {
        self.scan(kind, len);
        let pays = self.scanned[kind].get() > self.bytes.len();
        if pays {
            self.scan(kind, self.bytes.len());
        }
        pays
    }

    /// True when the bytes from `start` to `end`, at least [`LARGE`], are all
    /// ASCII. (Shorter runs are for the caller to scan.)
    #[inline(never)]
    pub(super) fn is_ascii_large(&self, start: usize, end: usize) -> bool {
        let counts = match self.ascii.get() {
            Some(counts) => counts.as_ref(),
            None if self.pays(ASCII, end - start) => self
                .ascii
                .get_or_init(|| {
                    Counts::build(self.bytes.len() / BLOCK, |b| {
                        !self.bytes[b * BLOCK..(b + 1) * BLOCK].is_ascii()
                    })
                })
                .as_ref(),
            None => None,
        };
        let Some(counts) = counts else {
            return self.bytes[start..end].is_ascii();
        };
        let (first, last) = whole_blocks(start, end);
        self.scan(ASCII, first * BLOCK - start + end - last * BLOCK);
        self.bytes[start..first * BLOCK].is_ascii()
            && self.bytes[last * BLOCK..end].is_ascii()
            && counts.clear(first, last)
    }

    /// The UTF-16 unit at byte `q`.
    fn unit(&self, q: usize) -> u16 {
        u16::from_be_bytes([self.bytes[q], self.bytes[q + 1]])
    }

    /// True when the unit at byte `q` is a surrogate that the units beside it in
    /// the input (at `q - 2` and `q + 2`) leave unpaired.
    fn unpaired(&self, q: usize) -> bool {
        let unit = self.unit(q);
        if is_high(unit) {
            q + 4 > self.bytes.len() || !is_low(self.unit(q + 2))
        } else if is_low(unit) {
            q < 2 || !is_high(self.unit(q - 2))
        } else {
            false
        }
    }

    /// True when no unit of `start..end` (units at `start`, `start + 2`, ...) is
    /// left unpaired by its neighbours in the input.
    fn none_unpaired(&self, start: usize, end: usize) -> bool {
        !(start..end).step_by(2).any(|q| self.unpaired(q))
    }

    /// True when the `units` UTF-16 units at `start` hold no unpaired surrogate.
    /// Inside the range a unit's neighbours are the input's, so the range is text
    /// when no unit of it is unpaired in the input, it does not start with a low
    /// surrogate and it does not end with a high one.
    pub(super) fn is_utf16(&self, start: usize, units: usize) -> bool {
        if units == 0 {
            return true;
        }
        let end = start + 2 * units;
        if is_low(self.unit(start)) || is_high(self.unit(end - 2)) {
            return false;
        }
        let counts = match self.utf16.get() {
            Some(counts) => counts.as_ref(),
            None if end - start >= LARGE && self.pays(UTF16, end - start) => {
                self.utf16.get_or_init(|| self.build_utf16()).as_ref()
            }
            None => None,
        };
        match counts {
            Some(counts) if end - start >= LARGE => {
                let (first, last) = whole_blocks(start, end);
                // The first unit at or after `last * BLOCK` (blocks are even).
                let tail = last * BLOCK + start % 2;
                self.scan(UTF16, first * BLOCK - start + end - tail);
                self.none_unpaired(start, first * BLOCK)
                    && self.none_unpaired(tail, end)
                    && counts[start % 2].clear(first, last)
            }
            _ => self.none_unpaired(start, end),
        }
    }

    /// The counts of unpaired units at even byte offsets and at odd ones.
    fn build_utf16(&self) -> Option<[Counts; 2]> {
        let len = self.bytes.len();
        let flagged = |b: usize, parity: usize| {
            let end = ((b + 1) * BLOCK).min(len - 1);
            !self.none_unpaired(b * BLOCK + parity, end)
        };
        let blocks = len / BLOCK;
        Some([
            Counts::build(blocks, |b| flagged(b, 0))?,
            Counts::build(blocks, |b| flagged(b, 1))?,
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::{TextIndex, BLOCK, LARGE};

    /// Every range of `bytes`, checked by an index that has built its counts
    /// (its scans already add up to the input) and by one that scans, against a
    /// direct check.
    fn agrees_with_direct(bytes: &[u8]) {
        let counted = TextIndex::new(bytes);
        counted.scanned[0].set(bytes.len());
        counted.scanned[1].set(bytes.len());
        for start in 0..bytes.len() {
            for len in 0..=bytes.len() - start {
                let range = &bytes[start..start + len];
                let scanning = TextIndex::new(bytes);
                if len >= LARGE {
                    for index in [&counted, &scanning] {
                        let ascii = index.is_ascii_large(start, start + len);
                        assert_eq!(ascii, range.is_ascii(), "{start}+{len}");
                    }
                }
                if len % 2 == 0 {
                    let units = range.chunks(2).map(|u| u16::from_be_bytes([u[0], u[1]]));
                    let direct = char::decode_utf16(units).all(|c| c.is_ok());
                    for index in [&counted, &scanning] {
                        assert_eq!(index.is_utf16(start, len / 2), direct, "{start}+{len}");
                    }
                }
                assert!(scanning.ascii.get().is_none() && scanning.utf16.get().is_none());
            }
        }
        assert!(counted.ascii.get().is_some() && counted.utf16.get().is_some());
    }

    /// Two blocks and a bit, with a non-ASCII byte, lone and paired surrogates at
    /// both alignments, and pairs across block boundaries.
    #[test]
    fn ranges_read_as_a_direct_check_reads_them() {
        let mut bytes = vec![0x41; 2 * BLOCK + 37];
        for (at, b) in [
            (10, 0xE9),
            (BLOCK - 1, 0xD8),
            (BLOCK + 1, 0xDC),
            (2 * BLOCK - 2, 0xD8),
            (2 * BLOCK, 0xDC),
            (2 * BLOCK + 10, 0xDC),
            (2 * BLOCK + 21, 0xD9),
        ] {
            bytes[at] = b;
        }
        agrees_with_direct(&bytes);
        agrees_with_direct(&[0x61; BLOCK + 3]);
    }

    /// 10,000 distinct large ranges overlapping in 64 KiB, as a file's string
    /// objects may: checked whole, each would scan 55 KB (550 MB in all). The
    /// checks scan the input at most three times (scans before the counts, the
    /// pass that builds them) and then two partial blocks each.
    #[test]
    fn overlapping_ranges_cost_two_partial_blocks_each() {
        let bytes = vec![b'a'; 1 << 16];
        let index = TextIndex::new(&bytes);
        let n = 10_000;
        let len = bytes.len() - n;
        for start in 0..n {
            assert!(index.is_ascii_large(start, start + len));
            assert!(index.is_utf16(start, len / 2));
        }
        for scanned in &index.scanned {
            assert!(
                scanned.get() <= 3 * bytes.len() + n * 2 * BLOCK,
                "{} bytes scanned",
                scanned.get()
            );
        }
    }
}
