//! Bounds on what one decode may cost, so that no input makes the reader run away.

/// Limits for decoding a document into typed values or a [`crate::PlistValue`].
///
/// Lazy navigation of a [`crate::Document`] needs none: every step is bounded by the
/// input (however a file's string objects overlap, checking that one is text costs
/// at most 512 bytes of scanning once the checks have scanned the input's length,
/// not its length). Decoding does: a 200-byte file of
/// shared subtrees can describe 2^64 values, and a recursive type recurses once per
/// level. Every decode path (the derive, serde, `PlistValue`) charges the same
/// budgets: values to the node budget; every byte of text or data a decode copies,
/// or a serde visitor may copy, to the byte budget, at the UTF-8 it produces; and,
/// for a `PlistValue`, the rest of what it allocates to the heap budget. The defaults
/// accept every real file we know of; [`Limits::trusted`] lifts the budgets for
/// input you made yourself.
///
/// ```
/// use plistvalue::{Document, Limits};
/// let bytes = plistvalue::to_vec(&vec![1u8, 2]).unwrap();
/// let doc = Document::with_limits(&bytes, Limits::default().max_depth(16)).unwrap();
/// assert_eq!(doc.root().unwrap().decode::<Vec<u8>>().unwrap(), [1, 2]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub(crate) max_depth: usize,
    pub(crate) node_factor: u64,
    pub(crate) byte_factor: u64,
    pub(crate) heap_factor: u64,
}

/// Floors added to the per-byte budgets, so that tiny inputs can still decode.
pub(crate) const NODE_FLOOR: u64 = 1 << 16;
pub(crate) const BYTE_FLOOR: u64 = 1 << 20;
pub(crate) const HEAP_FLOOR: u64 = 6 << 20;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_depth: 128,
            node_factor: 2,
            byte_factor: 8,
            heap_factor: 48,
        }
    }
}

impl Limits {
    /// No node or byte budget, and a depth limit of 256: typed decoding recurses,
    /// so the depth limit stays to protect the stack. Measured (`tests/hostile/stack.rs`),
    /// a level of a serde-derived struct takes 6.3 KB of stack in a debug build (a
    /// derived one 1.7 KB), so 256 levels take 1.6 MB of a spawned thread's 2 MiB;
    /// 4096 overflowed it. Raise it with
    /// [`Limits::max_depth`] only on a thread with a larger stack.
    pub fn trusted() -> Limits {
        Limits {
            max_depth: 256,
            node_factor: u64::MAX,
            byte_factor: u64::MAX,
            heap_factor: u64::MAX,
        }
    }

    /// Deepest nesting of containers a typed (recursive) decode may enter. Decoding
    /// into `PlistValue` does not recurse and is not bound by it. Default 128, the
    /// same order as CoreFoundation's 512 (128 on iOS), low enough for a 2 MiB thread
    /// in a debug build.
    #[must_use]
    pub fn max_depth(mut self, depth: usize) -> Limits {
        self.max_depth = depth;
        self
    }

    /// Values one decode may produce, per input byte (plus 65,536). Default 2: a
    /// document whose containers are not shared yields at most one value per
    /// reference, and every reference takes at least one byte.
    #[must_use]
    pub fn nodes_per_input_byte(mut self, factor: u64) -> Limits {
        self.node_factor = factor;
        self
    }

    /// Bytes of strings and data one decode may copy out, per input byte (plus 1 MiB).
    /// Default 8, room for heavily shared strings.
    #[must_use]
    pub fn bytes_per_input_byte(mut self, factor: u64) -> Limits {
        self.byte_factor = factor;
        self
    }

    /// Bytes of heap a decode into [`crate::PlistValue`] may allocate, per input
    /// byte (plus 6 MiB), beyond the text and data the byte budget charges: the
    /// arrays' slots, the dictionaries' entries and index, the boxes of long keys,
    /// the decode's own stack, and what the allocator takes beyond every block it
    /// is asked for (glibc's header and rounding), where the node budget counts
    /// only values. Default 48.
    ///
    /// With the byte budget this bounds the whole decode: **a default decode into
    /// `PlistValue` peaks at 64 bytes of resident memory per input byte, plus 10
    /// MiB, the input included** (48 of heap, 8 of text and data, 1 for the input,
    /// and room for the reader's own tables and the allocator's free lists),
    /// measured as the peak RSS of a process that reads a file and decodes it, on
    /// Linux with glibc (`tests/hostile_rss.rs`). A dense real file takes about a
    /// tenth of that.
    #[must_use]
    pub fn heap_per_input_byte(mut self, factor: u64) -> Limits {
        self.heap_factor = factor;
        self
    }

    pub(crate) fn node_budget(&self, input_len: usize) -> u64 {
        self.node_factor
            .saturating_mul(input_len as u64)
            .saturating_add(NODE_FLOOR)
    }

    pub(crate) fn byte_budget(&self, input_len: usize) -> u64 {
        self.byte_factor
            .saturating_mul(input_len as u64)
            .saturating_add(BYTE_FLOOR)
    }

    pub(crate) fn heap_budget(&self, input_len: usize) -> u64 {
        self.heap_factor
            .saturating_mul(input_len as u64)
            .saturating_add(HEAP_FLOOR)
    }
}
