//! Reading a document: the trailer is validated when it is opened (`trailer.rs`);
//! each object is then located and bounds checked when it is first read, through the
//! offset table, the shape table of `format` and the string cache.

use super::context::DecodeContext;
use super::keys::KeyIndexes;
use super::limits::Limits;
use super::strings::StringCache;
use super::trailer;
use crate::error::{Error, ErrorKind, LengthRule};
use crate::format::{self, shape};

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
    bytes: &'a [u8],
    offset_size: u8,
    ref_size: u8,
    num_objects: u64,
    top_object: u64,
    /// End of the object area; every object and payload must end before it.
    table_offset: usize,
    /// Object headers read so far: the unit tests measure laziness with it.
    #[cfg(test)]
    objects_read: std::cell::Cell<u64>,
    strings: StringCache<'a>,
    /// The limits and budgets of decodes of this document's nodes.
    cx: DecodeContext,
    /// The key indexes of large dictionaries that have been looked into.
    keys: KeyIndexes,
    /// Whether typed decodes read numbers and booleans out of strings, as an
    /// OpenStep document's must.
    coerce_text: bool,
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
pub(super) struct Head {
    /// Index in the offset table; the object's byte offset is read back from there
    /// when an error needs it, which keeps `Head` to four words.
    pub(super) index: u64,
    pub(super) marker: u8,
    /// Elements, entries, bytes or UTF-16 units; 0 for fixed-size scalars.
    pub(super) count: u64,
    /// Where the payload starts (after the marker and any count integer).
    pub(super) body: usize,
}

impl<'a> Document<'a> {
    /// Opens a document with the default [`Limits`].
    ///
    /// # Errors
    /// When the header, the trailer or the top object's location is invalid.
    pub fn from_slice(bytes: &'a [u8]) -> Result<Document<'a>, Error> {
        Document::with_limits(bytes, Limits::default())
    }

    /// Opens a document whose decodes ([`Node::decode`](crate::Node::decode),
    /// [`Node::to_value`](crate::Node::to_value)) are bounded by `limits`.
    ///
    /// # Errors
    /// As [`Document::from_slice`].
    pub fn with_limits(bytes: &'a [u8], limits: Limits) -> Result<Document<'a>, Error> {
        Document::open(bytes, limits, LAZY_TEXT_CACHE)
    }

    /// Opens a document that is about to be decoded whole, with a larger cache.
    pub(crate) fn for_decode(bytes: &'a [u8], limits: Limits) -> Result<Document<'a>, Error> {
        Document::open(bytes, limits, DECODE_TEXT_CACHE)
    }

    /// The index of the top object, which the trailer names.
    pub(super) fn top_object(&self) -> u64 {
        self.top_object
    }

    /// Validates the trailer and opens the document with a string cache of `slots`
    /// entries, a power of two.
    fn open(bytes: &'a [u8], limits: Limits, slots: usize) -> Result<Document<'a>, Error> {
        let t = trailer::validate(bytes)?;
        let doc = Document {
            bytes,
            offset_size: t.offset_size,
            ref_size: t.ref_size,
            num_objects: t.num_objects,
            top_object: t.top_object,
            table_offset: t.offset_table_offset as usize,
            #[cfg(test)]
            objects_read: std::cell::Cell::new(0),
            strings: StringCache::new(bytes, slots),
            cx: DecodeContext::new(limits, bytes.len()),
            keys: KeyIndexes::default(),
            coerce_text: false,
        };
        // CoreFoundation checks the top object's offset at open; so do we.
        doc.head(doc.top_object)?;
        Ok(doc)
    }

    /// Objects in the offset table.
    pub fn len(&self) -> u64 {
        self.num_objects
    }

    /// A document always has at least one object; this is for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.num_objects == 0
    }

    /// The limits this document's decodes run under.
    pub fn limits(&self) -> Limits {
        self.cx.limits()
    }

    /// Makes typed decodes of this document read integers, reals and booleans out
    /// of strings, as a document read from OpenStep text needs: that format holds
    /// only strings, data, arrays and dictionaries (`objectVersion = 77;`). For the
    /// bytes [`to_binary`](crate::to_binary) made from OpenStep text; `from_bytes`
    /// does it by itself. Integers read from `[+-]digits` or a whole-numbered real,
    /// reals from what `f64::from_str` reads (finite only), booleans from `YES` and
    /// `NO`. [`Node::to_value`](crate::Node::to_value) still keeps the text.
    ///
    /// ```
    /// use plistvalue::Document;
    /// # #[cfg(feature = "openstep")] {
    /// let bytes = plistvalue::to_binary(b"{ objectVersion = 77; }")?;
    /// let doc = Document::from_slice(&bytes)?.coerce_text();
    /// assert_eq!(doc.decode_at::<u32>("/objectVersion")?, 77);
    /// # }
    /// # Ok::<(), plistvalue::Error>(())
    /// ```
    #[must_use]
    pub fn coerce_text(mut self) -> Document<'a> {
        self.coerce_text = true;
        self
    }

    /// Whether typed decodes read numbers and booleans out of strings
    /// ([`Document::coerce_text`]).
    pub(crate) fn coerces_text(&self) -> bool {
        self.coerce_text
    }

    /// The key indexes of this document's large dictionaries.
    pub(super) fn key_indexes(&self) -> &KeyIndexes {
        &self.keys
    }

    /// The state of this document's decodes.
    #[inline(always)]
    pub(super) fn context(&self) -> &DecodeContext {
        &self.cx
    }

    /// How many object headers have been read since the document was opened: a
    /// measure of how lazy an access pattern is.
    #[cfg(test)]
    pub(crate) fn objects_read(&self) -> u64 {
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
    ///
    /// # Errors
    /// The first invalid offset, marker, payload or reference, in index order.
    pub fn validate_all(&self) -> Result<(), Error> {
        for index in 0..self.num_objects {
            let head = self.head(index)?;
            for j in 0..shape::refs(head.marker, head.count) {
                self.child_index(&head, j)?;
            }
        }
        Ok(())
    }

    /// Reads object `index`'s offset and marker, and checks that its payload lies
    /// inside the object area. Always inlined, as `Node::child` is: returned through
    /// memory, the 32-byte `Head` was written with 8-byte stores and copied with
    /// 16-byte loads, a failed store forward per read (perf put a serde decode's
    /// hottest instructions there). Every failure is built out of line, so the hot
    /// path keeps a small frame.
    #[inline(always)]
    pub(super) fn head(&self, index: u64) -> Result<Head, Error> {
        #[cfg(test)]
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
        let shape = shape::of(marker);
        if shape <= shape::MAX_FIXED {
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
        if shape == shape::BAD {
            return Err(self.object_error(index, ErrorKind::InvalidMarker(marker)));
        }
        let (count, body) = self.count(marker, offset, index)?;
        let unit = match shape {
            shape::PER_BYTE => 1,
            shape::PER_UNIT16 => 2,
            shape::PER_REF => self.ref_size as u64,
            _ => 2 * self.ref_size as u64,
        };
        match count.checked_mul(unit) {
            Some(len) if len <= (end - body) as u64 => Ok(Head {
                index,
                marker,
                count,
                body,
            }),
            _ => {
                Err(self.object_error(index, ErrorKind::InvalidLength(LengthRule::PastObjectArea)))
            }
        }
    }

    /// Dictionary key `index` through the string cache: its text when it is an
    /// ASCII string, else the head the miss read, so that the caller need not read
    /// it again.
    #[inline]
    pub(super) fn ascii_key(&self, index: u64) -> Result<Result<&'a str, Head>, Error> {
        if let Some(text) = self.strings.get(index) {
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
    /// cache, or checked now and cached. Always inlined, with `owned_string`:
    /// together they took 2% of an untyped decode's instructions and 8% of a
    /// typed one's (callgrind, `examples/*_ops.rs`).
    #[inline(always)]
    pub(super) fn ascii_text(&self, head: &Head) -> Option<&'a str> {
        match self.strings.get(head.index) {
            Some(text) => Some(text),
            None => self.scan_text(head),
        }
    }

    /// [`Document::ascii_text`] after a cache miss: checks the payload and caches it.
    #[inline]
    fn scan_text(&self, head: &Head) -> Option<&'a str> {
        if format::type_of(head.marker) != format::ASCII {
            return None;
        }
        // `head` checked that the payload fits in the object area.
        self.strings
            .scan(head.index, head.body, head.count as usize)
    }

    /// True when the payload of the ASCII-string object `head` locates is all
    /// ASCII.
    #[inline]
    pub(super) fn is_ascii(&self, head: &Head) -> bool {
        self.strings.is_ascii(head.body, head.count as usize)
    }

    /// True when the payload of the UTF-16 string object `head` locates holds no
    /// unpaired surrogate.
    pub(super) fn is_utf16(&self, head: &Head) -> bool {
        self.strings.is_utf16(head.body, head.count as usize)
    }

    /// The head of object `index` when the string cache holds it: a read that
    /// skips the offset table. The marker is the canonical one for the length;
    /// only its type nibble is ever read again.
    #[inline(always)]
    pub(super) fn cached_head(&self, index: u64) -> Option<Head> {
        self.strings.span(index).map(|(at, len)| Head {
            index,
            marker: format::ASCII | (len.min(format::LONG_COUNT as usize) as u8),
            count: len as u64,
            body: at,
        })
    }

    /// The `len` payload bytes of the object `head` locates; `head` checked that
    /// they lie inside the object area.
    #[inline(always)]
    pub(super) fn payload(&self, head: &Head, len: usize) -> &'a [u8] {
        &self.bytes[head.body..head.body + len]
    }

    /// The raw offset-table entry of `index`, which must be below `num_objects`.
    #[inline]
    pub(super) fn offset_of(&self, index: u64) -> u64 {
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
        // SAFETY: `trailer::validate` admits no input shorter than `MIN_FILE_LEN` (> 8)
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
    pub(super) fn object_error(&self, index: u64, kind: ErrorKind) -> Error {
        Error::at(kind, self.offset_of(index), index)
    }

    /// The count of a data, string or collection object: the marker's nibble, or an
    /// integer object after a `0xF` nibble. Inlined with `head`: most strings are
    /// 15 bytes or longer and take the long form.
    #[inline]
    fn count(&self, marker: u8, offset: usize, index: u64) -> Result<(u64, usize), Error> {
        let nibble = format::info(marker);
        if nibble != format::LONG_COUNT {
            return Ok((nibble as u64, offset + 1));
        }
        let at = offset + 1;
        if at >= self.table_offset {
            return Err(self.object_error(index, ErrorKind::Truncated));
        }
        let int_marker = self.bytes[at];
        if format::type_of(int_marker) != format::INT || format::info(int_marker) > 3 {
            return Err(self.object_error(index, ErrorKind::InvalidLength(LengthRule::LongCount)));
        }
        let width = 1usize << format::info(int_marker);
        if self.table_offset - (at + 1) < width {
            return Err(self.object_error(index, ErrorKind::Truncated));
        }
        let count = self.window(at + 1, width as u8);
        if count > i64::MAX as u64 {
            return Err(
                self.object_error(index, ErrorKind::InvalidLength(LengthRule::CountTooLarge))
            );
        }
        Ok((count, at + 1 + width))
    }

    /// The object index stored in reference slot `j` of a container.
    #[inline]
    pub(super) fn child_index(&self, container: &Head, j: u64) -> Result<u64, Error> {
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
