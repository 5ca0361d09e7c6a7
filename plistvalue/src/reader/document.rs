//! Opening a document: the header and trailer are validated up front with
//! CoreFoundation's rules (FORMAT.md §4.1); each object is then located and bounds
//! checked when it is first read.

use std::cell::Cell;

use super::limits::Limits;
use super::node::Node;
use crate::error::{Error, ErrorKind};
use crate::format::{self, Trailer, MIN_FILE_LEN, TRAILER_LEN};

/// A validated binary plist over borrowed bytes, read lazily.
///
/// Opening checks the header, the trailer and the offset table's geometry, and
/// nothing else: objects are read, and checked, only when they are reached
/// ([`Document::validate_all`] checks them all at once).
///
/// ```
/// use plistvalue::{plist, Document};
/// let bytes = plistvalue::to_vec(&plist!({ "messages": [{ "url": "https://a" }] })).unwrap();
/// let doc = Document::from_slice(&bytes).unwrap();
/// let url = doc.root().unwrap()
///     .get("messages").unwrap().unwrap()
///     .at(0).unwrap().unwrap()
///     .get("url").unwrap().unwrap();
/// assert_eq!(url.as_str().as_deref(), Some("https://a"));
/// ```
pub struct Document<'a> {
    pub(crate) bytes: &'a [u8],
    pub(crate) offset_size: u8,
    pub(crate) ref_size: u8,
    pub(crate) num_objects: u64,
    top_object: u64,
    /// End of the object area; every object and payload must end before it.
    pub(crate) table_offset: usize,
    pub(crate) limits: Limits,
    pub(crate) depth: Cell<usize>,
    nodes_left: Cell<u64>,
    bytes_left: Cell<u64>,
    objects_read: Cell<u64>,
    /// ASCII string objects already read, by object index modulo the length. The
    /// dictionaries of one type share their key objects, and writers that unique
    /// strings (all of them) share repeated values, so most string reads in a large
    /// document are of an object read before. A hit costs no offset-table read, no
    /// marker, no count and no ASCII check.
    ///
    /// A slot holds (index, payload start, length); a `&'a str` in a `Cell` would
    /// make the document invariant in `'a`. Only [`Document::scan_text`] fills it.
    texts: Box<[Cell<(u64, usize, usize)>]>,
}

/// Slots in the string cache of a whole-document decode (6 KiB). On the benchmark
/// document, 128 slots cost a decode 5% more instructions than 256 (keys and hot
/// values evict each other); 4096 saved 0.3%.
const DECODE_TEXT_CACHE: usize = 256;

/// Slots in the string cache of a lazily opened document, which may read one
/// field: filling 256 slots took a quarter of such a read's time.
const LAZY_TEXT_CACHE: usize = 64;

/// An object's location and shape, read from its marker.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Head {
    /// Index in the offset table; the object's byte offset is read back from there
    /// when an error needs it, which keeps `Head` to four words.
    pub(crate) index: u64,
    pub(crate) marker: u8,
    /// Elements, entries, bytes or UTF-16 units; 0 for fixed-size scalars.
    pub(crate) count: u64,
    /// Where the payload starts (after the marker and any count integer).
    pub(crate) body: usize,
}

impl<'a> Document<'a> {
    /// Opens a document with the default [`Limits`].
    pub fn from_slice(bytes: &'a [u8]) -> Result<Document<'a>, Error> {
        Document::with_limits(bytes, Limits::default())
    }

    pub fn with_limits(bytes: &'a [u8], limits: Limits) -> Result<Document<'a>, Error> {
        Document::open(bytes, limits, LAZY_TEXT_CACHE)
    }

    /// Opens a document that is about to be decoded whole, with a larger cache.
    pub(crate) fn for_decode(bytes: &'a [u8], limits: Limits) -> Result<Document<'a>, Error> {
        Document::open(bytes, limits, DECODE_TEXT_CACHE)
    }

    /// `slots` must be a power of two: the cache is indexed by mask.
    fn open(bytes: &'a [u8], limits: Limits, slots: usize) -> Result<Document<'a>, Error> {
        debug_assert!(slots.is_power_of_two());
        let t = validate(bytes)?;
        let doc = Document {
            bytes,
            offset_size: t.offset_size,
            ref_size: t.ref_size,
            num_objects: t.num_objects,
            top_object: t.top_object,
            table_offset: t.offset_table_offset as usize,
            limits,
            depth: Cell::new(0),
            nodes_left: Cell::new(0),
            bytes_left: Cell::new(0),
            objects_read: Cell::new(0),
            // No object has index `u64::MAX`: the trailer check caps the count.
            texts: (0..slots).map(|_| Cell::new((u64::MAX, 0, 0))).collect(),
        };
        // CoreFoundation checks the top object's offset at open; so do we.
        doc.head(doc.top_object)?;
        Ok(doc)
    }

    /// The top object.
    pub fn root(&self) -> Result<Node<'_, 'a>, Error> {
        self.node(self.top_object)
    }

    /// The object at an index of the offset table.
    pub fn node(&self, index: u64) -> Result<Node<'_, 'a>, Error> {
        Ok(Node::new(self, self.head(index)?))
    }

    /// Objects in the offset table.
    pub fn len(&self) -> u64 {
        self.num_objects
    }

    /// A document always has at least one object; this is for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.num_objects == 0
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// How many object headers have been read since the document was opened: a
    /// measure of how lazy an access pattern is.
    pub fn objects_read(&self) -> u64 {
        self.objects_read.get()
    }

    /// The input bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Checks every object now, as CoreFoundation checks the whole offset table when
    /// it opens a file, instead of each object as it is reached: every offset-table
    /// entry, every object's marker and payload bounds, every reference. Opening
    /// checks only the header, the trailer and the top object, so a corrupt object
    /// nothing reads is otherwise never reported. Time grows with the file; nothing
    /// is allocated. Depth, cycles and string contents are checked by the decodes.
    ///
    /// ```
    /// use plistvalue::{plist, Document};
    /// let bytes = plistvalue::to_vec(&plist!({ "a": [1, 2] })).unwrap();
    /// Document::from_slice(&bytes).unwrap().validate_all().unwrap();
    /// ```
    pub fn validate_all(&self) -> Result<(), Error> {
        for index in 0..self.num_objects {
            let head = self.head(index)?;
            let refs = match SHAPES[head.marker as usize] {
                PER_REF => head.count,
                PER_REF_PAIR => 2 * head.count,
                _ => 0,
            };
            for j in 0..refs {
                self.child_index(&head, j)?;
            }
        }
        Ok(())
    }

    /// Starts the budgets of one top-level decode; nested decodes share them.
    pub(crate) fn begin_decode(&self) {
        if self.depth.get() == 0 {
            self.nodes_left
                .set(self.limits.node_budget(self.bytes.len()));
            self.bytes_left
                .set(self.limits.byte_budget(self.bytes.len()));
        }
    }

    #[inline]
    pub(crate) fn charge_nodes(&self, n: u64, at: &Head) -> Result<(), Error> {
        match self.nodes_left.get().checked_sub(n) {
            Some(left) => {
                self.nodes_left.set(left);
                Ok(())
            }
            None => Err(self.over_budget("node", self.limits.node_budget(self.bytes.len()), at)),
        }
    }

    #[inline]
    pub(crate) fn charge_bytes(&self, n: u64, at: &Head) -> Result<(), Error> {
        match self.bytes_left.get().checked_sub(n) {
            Some(left) => {
                self.bytes_left.set(left);
                Ok(())
            }
            None => Err(self.over_budget("byte", self.limits.byte_budget(self.bytes.len()), at)),
        }
    }

    #[cold]
    fn over_budget(&self, what: &'static str, limit: u64, at: &Head) -> Error {
        self.object_error(at.index, ErrorKind::BudgetExceeded { what, limit })
    }

    /// Reads object `index`'s offset and marker, and checks that its payload lies
    /// inside the object area. Always inlined, as `Node::child` is: returned through
    /// memory, the 32-byte `Head` was written with 8-byte stores and copied with
    /// 16-byte loads, a failed store forward per read (perf put a serde decode's
    /// hottest instructions there). Every failure is built out of line, so the hot
    /// path keeps a small frame.
    #[inline(always)]
    pub(crate) fn head(&self, index: u64) -> Result<Head, Error> {
        self.objects_read.set(self.objects_read.get() + 1);
        if index >= self.num_objects {
            return Err(self.ref_out_of_range(index));
        }
        let offset = self.offset_of(index);
        if offset < format::MAGIC.len() as u64 || offset >= self.table_offset as u64 {
            return Err(self.bad_offset(index, offset));
        }
        let offset = offset as usize;
        // `offset` is below `table_offset`, so `offset + 1 <= end`.
        let end = self.table_offset;
        let marker = self.bytes[offset];
        let shape = SHAPES[marker as usize];
        if shape <= MAX_FIXED {
            if end - (offset + 1) < shape as usize {
                return Err(self.object_error(index, ErrorKind::Truncated));
            }
            return Ok(Head {
                index,
                marker,
                count: 0,
                body: offset + 1,
            });
        }
        if shape == BAD {
            return Err(self.object_error(index, ErrorKind::InvalidMarker(marker)));
        }
        let (count, body) = self.count(marker, offset, index)?;
        let unit = match shape {
            PER_BYTE => 1,
            PER_UNIT16 => 2,
            PER_REF => self.ref_size as u64,
            _ => 2 * self.ref_size as u64,
        };
        match count.checked_mul(unit) {
            Some(len) if len <= (end - body) as u64 => Ok(Head {
                index,
                marker,
                count,
                body,
            }),
            _ => Err(self.object_error(
                index,
                ErrorKind::InvalidLength("the payload runs past the object area"),
            )),
        }
    }

    /// Dictionary key `index` through the string cache: its text when it is an
    /// ASCII string, else the head the miss read, so that the caller need not read
    /// it again.
    #[inline]
    pub(crate) fn ascii_key(&self, index: u64) -> Result<Result<&'a str, Head>, Error> {
        if let Some(text) = self.cached_text(index) {
            return Ok(Ok(text));
        }
        self.ascii_key_miss(index)
    }

    #[inline(never)]
    fn ascii_key_miss(&self, index: u64) -> Result<Result<&'a str, Head>, Error> {
        let head = self.head(index)?;
        Ok(self.scan_text(&head).ok_or(head))
    }

    /// The text of the object `head` locates, if it is an ASCII string: from the
    /// cache, or checked now and cached.
    #[inline]
    pub(crate) fn ascii_text(&self, head: &Head) -> Option<&'a str> {
        self.cached_text(head.index)
            .or_else(|| self.scan_text(head))
    }

    /// [`Document::ascii_text`] after a cache miss: checks the payload and caches it.
    #[inline]
    fn scan_text(&self, head: &Head) -> Option<&'a str> {
        if head.marker >> 4 != 0x5 {
            return None;
        }
        // `head` checked that the payload fits in the object area.
        let bytes = &self.bytes[head.body..head.body + head.count as usize];
        if !bytes.is_ascii() {
            return None;
        }
        self.texts[self.slot(head.index)].set((head.index, head.body, bytes.len()));
        // SAFETY: every ASCII byte sequence is valid UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    #[inline(always)]
    fn slot(&self, index: u64) -> usize {
        index as usize & (self.texts.len() - 1)
    }

    #[inline(always)]
    fn cached_text(&self, index: u64) -> Option<&'a str> {
        let (cached, at, len) = self.texts[self.slot(index)].get();
        if cached != index {
            return None;
        }
        let bytes: &'a [u8] = &self.bytes[at..at + len];
        // SAFETY: `scan_text`, the only writer of the cache, stored this range after
        // finding it all ASCII, so valid UTF-8; the input bytes cannot change.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// The head of object `index` when the string cache holds it: a read that
    /// skips the offset table. The marker is the canonical one for the length;
    /// only its type nibble is ever read again.
    #[inline(always)]
    pub(crate) fn cached_head(&self, index: u64) -> Option<Head> {
        let (cached, at, len) = self.texts[self.slot(index)].get();
        (cached == index).then(|| Head {
            index,
            marker: format::ASCII | (len.min(format::LONG_COUNT as usize) as u8),
            count: len as u64,
            body: at,
        })
    }

    /// The raw offset-table entry of `index`, which must be below `num_objects`.
    #[inline]
    pub(crate) fn offset_of(&self, index: u64) -> u64 {
        self.window(self.entry_of(index), self.offset_size)
    }

    /// Where offset-table entry `index` sits in the input.
    #[inline]
    fn entry_of(&self, index: u64) -> usize {
        self.table_offset + index as usize * self.offset_size as usize
    }

    /// The `width`-byte (1 to 8) big-endian integer at `at`, read with one 8-byte
    /// load instead of a branch per width. Every such integer (an offset-table
    /// entry, a reference, a count) ends at or before the trailer, whose 32 bytes
    /// follow, so the window is always inside the input.
    ///
    /// Unchecked, because the checked slice cost a benchmark decode 5% of its
    /// instructions (three windows a read, each with an overflow test, a length
    /// test and a panic path). Soundness does not rest on the callers: `at` is
    /// clamped to the last full window, a no-op for every caller that keeps the
    /// rule above, which the debug assertion checks in tests and fuzzing.
    #[inline(always)]
    fn window(&self, at: usize, width: u8) -> u64 {
        debug_assert!(at + 8 <= self.bytes.len(), "window at {at} past the input");
        let at = at.min(self.bytes.len() - 8);
        // SAFETY: `validate` admits no input shorter than `MIN_FILE_LEN` (> 8)
        // bytes, and `at <= len - 8` after the clamp, so all 8 bytes are inside
        // `bytes`; `[u8; 8]` has no alignment or validity requirement.
        let word: [u8; 8] = unsafe {
            self.bytes
                .as_ptr()
                .add(at)
                .cast::<[u8; 8]>()
                .read_unaligned()
        };
        u64::from_be_bytes(word) >> (64 - 8 * width as u32)
    }

    #[cold]
    #[inline(never)]
    fn ref_out_of_range(&self, index: u64) -> Error {
        Error::new(ErrorKind::RefOutOfRange {
            reference: index,
            num_objects: self.num_objects,
        })
    }

    #[cold]
    #[inline(never)]
    fn bad_offset(&self, index: u64, offset: u64) -> Error {
        let entry = self.entry_of(index) as u64;
        Error::at(ErrorKind::OffsetOutOfRange { offset }, entry, index)
    }

    /// An error located at object `index`, whose offset-table entry is valid.
    #[cold]
    #[inline(never)]
    pub(crate) fn object_error(&self, index: u64, kind: ErrorKind) -> Error {
        Error::at(kind, self.offset_of(index), index)
    }

    /// The count of a data, string or collection object: the marker's nibble, or an
    /// integer object after a `0xF` nibble. Inlined with `head`: most strings are
    /// 15 bytes or longer and take the long form.
    #[inline]
    fn count(&self, marker: u8, offset: usize, index: u64) -> Result<(u64, usize), Error> {
        let nibble = marker & 0x0F;
        if nibble != format::LONG_COUNT {
            return Ok((nibble as u64, offset + 1));
        }
        let at = offset + 1;
        if at >= self.table_offset {
            return Err(self.object_error(index, ErrorKind::Truncated));
        }
        let int_marker = self.bytes[at];
        if int_marker >> 4 != 1 || int_marker & 0x0F > 3 {
            return Err(self.object_error(
                index,
                ErrorKind::InvalidLength(
                    "a long count must be an integer object of 1, 2, 4 or 8 bytes",
                ),
            ));
        }
        let width = 1usize << (int_marker & 0x0F);
        if self.table_offset - (at + 1) < width {
            return Err(self.object_error(index, ErrorKind::Truncated));
        }
        let count = self.window(at + 1, width as u8);
        if count > i64::MAX as u64 {
            return Err(self.object_error(index, ErrorKind::InvalidLength("count above i64::MAX")));
        }
        Ok((count, at + 1 + width))
    }

    /// The object index stored in reference slot `j` of a container.
    #[inline]
    pub(crate) fn child_index(&self, container: &Head, j: u64) -> Result<u64, Error> {
        // `head` checked that count × ref_size bytes fit, so this read is in bounds.
        let at = container.body + j as usize * self.ref_size as usize;
        let index = self.window(at, self.ref_size);
        if index >= self.num_objects {
            return Err(self.object_error(
                container.index,
                ErrorKind::RefOutOfRange {
                    reference: index,
                    num_objects: self.num_objects,
                },
            ));
        }
        Ok(index)
    }
}

/// `SHAPES[marker]`: up to `MAX_FIXED`, the payload length of a fixed-size object;
/// otherwise how a counted payload is sized, or `BAD` for a marker no format
/// version defines.
static SHAPES: [u8; 256] = {
    let mut table = [BAD; 256];
    let mut m = 0;
    while m < 256 {
        table[m] = shape(m as u8);
        m += 1;
    }
    table
};
const MAX_FIXED: u8 = 16;
const PER_BYTE: u8 = 0x40;
const PER_UNIT16: u8 = 0x41;
const PER_REF: u8 = 0x42;
const PER_REF_PAIR: u8 = 0x43;
const BAD: u8 = 0xFF;

const fn shape(marker: u8) -> u8 {
    let nibble = marker & 0x0F;
    match marker >> 4 {
        0x0 if marker == format::NULL || marker == format::FALSE || marker == format::TRUE => 0,
        0x1 if nibble <= 4 => 1 << nibble,
        0x2 if marker == format::REAL32 => 4,
        0x2 if marker == format::REAL64 => 8,
        0x3 if marker == format::DATE => 8,
        0x8 if nibble <= 7 => nibble + 1,
        0x4 | 0x5 => PER_BYTE,
        0x6 => PER_UNIT16,
        0xA | 0xC => PER_REF,
        0xD => PER_REF_PAIR,
        _ => BAD,
    }
}

/// CoreFoundation's trailer rules, with a named error for each.
fn validate(bytes: &[u8]) -> Result<Trailer, Error> {
    let trailer_error = |what| {
        Error::at_offset(
            ErrorKind::InvalidTrailer(what),
            bytes.len().saturating_sub(TRAILER_LEN) as u64,
        )
    };
    if bytes.len() < MIN_FILE_LEN {
        if bytes.len() >= 6 && &bytes[..6] != b"bplist" {
            return Err(Error::at_offset(ErrorKind::BadMagic, 0));
        }
        return Err(Error::at_offset(
            ErrorKind::TooShort { len: bytes.len() },
            0,
        ));
    }
    if &bytes[..6] != b"bplist" {
        return Err(Error::at_offset(ErrorKind::BadMagic, 0));
    }
    if bytes[6] != b'0' {
        // bplist15/16/17 are newer formats; CoreFoundation reads any bplist0?.
        return Err(Error::at_offset(
            ErrorKind::UnsupportedVersion(bytes[6], bytes[7]),
            6,
        ));
    }
    let t = Trailer::parse(bytes[bytes.len() - TRAILER_LEN..].try_into().unwrap());
    if t.offset_size == 0 || t.offset_size > 8 {
        return Err(trailer_error("offset size must be 1 to 8 bytes"));
    }
    if t.ref_size == 0 || t.ref_size > 8 {
        return Err(trailer_error("reference size must be 1 to 8 bytes"));
    }
    if t.num_objects == 0 {
        return Err(trailer_error("the object count is 0"));
    }
    if t.num_objects > i64::MAX as u64 || t.offset_table_offset > i64::MAX as u64 {
        return Err(trailer_error(
            "object count or offset-table offset above i64::MAX",
        ));
    }
    if t.top_object >= t.num_objects {
        return Err(trailer_error(
            "the top object is not below the object count",
        ));
    }
    if t.offset_table_offset < 9 {
        return Err(trailer_error("the offset table starts inside the header"));
    }
    let trailer_start = (bytes.len() - TRAILER_LEN) as u64;
    if t.offset_table_offset >= trailer_start {
        return Err(trailer_error(
            "the offset table starts at or after the trailer",
        ));
    }
    let table_len = t.num_objects.checked_mul(t.offset_size as u64);
    if table_len.and_then(|l| l.checked_add(t.offset_table_offset)) != Some(trailer_start) {
        return Err(trailer_error(
            "the offset table does not end exactly where the trailer starts",
        ));
    }
    // CoreFoundation also rejects exactly 2^(8 ref_size) objects, which the plist
    // crate writes (it sizes refs from the largest index). Every index those refs can
    // hold is valid, so we read such files.
    if t.ref_size < 8 && t.num_objects > 1u64 << (8 * t.ref_size as u32) {
        return Err(trailer_error(
            "the reference size cannot address every object",
        ));
    }
    if t.offset_size < 8 && t.offset_table_offset >= 1u64 << (8 * t.offset_size as u32) {
        return Err(trailer_error(
            "the offset size cannot reach the offset table",
        ));
    }
    Ok(t)
}
