//! The encoder: the public face of the object table. [`ToPlist`](crate::ToPlist)
//! impls append objects through it; it uniques scalars through the interner, keeps
//! a small cache of repeated strings, gathers each container's children on a scratch
//! stack, and counts the output's size as it goes. It is the hub every format fills:
//! the derive, serde, and (through `Encoder::new`) the XML reader and the archive
//! resolver.

use std::hash::Hash;
use std::io;

use super::emit::{self, Sink};
use super::interner::{hash_bytes, hash_data, hash_word, same_bytes, tag, Interner};
use super::object::{Obj, ObjRef, Table};
use crate::error::{Error, ErrorKind, Misuse};
use crate::format;
use crate::value::{Date, Uid};

/// Storage an encoder keeps between documents, so a reused `Writer` does not grow
/// and fault in its tables again.
#[derive(Default)]
pub(super) struct Storage<'a> {
    table: Table<'a>,
    scratch: Vec<u32>,
    interner: Interner,
    key_slots: Vec<u32>,
    recent: Vec<Recent<'a>>,
    /// The object index of every open container, innermost last.
    open: Vec<u32>,
}

/// A string the interner has met more than once: its hash, its object index and a
/// copy of its object, which locates its bytes without a read of the table (a
/// cache miss in a large document).
type Recent<'a> = (u64, u32, Obj<'a>);

/// Entries of the repeated-string cache: 40 KiB, which stays in the L2 cache
/// where the interner's table and the objects it points at do not. It is set up
/// once a document has this many objects; a smaller table is cache-resident anyway,
/// and a small document should not pay to fill it.
const RECENT: usize = 1024;

impl Storage<'_> {
    /// The same allocations, emptied, for a document with another lifetime.
    /// The interner is cleared when the storage is used again
    /// (`Encoder::from_storage`), not here: a `to_vec` drops its storage after
    /// this, and clearing a large table is a pass over all of it.
    pub(super) fn recycle<'b>(mut self) -> Storage<'b> {
        self.scratch.clear();
        self.key_slots.clear();
        self.recent.clear();
        self.open.clear();
        Storage {
            table: self.table.recycle(),
            scratch: self.scratch,
            interner: self.interner,
            key_slots: self.key_slots,
            // The in-place `collect` of an empty vector keeps its buffer.
            recent: self.recent.into_iter().map(|_| unreachable!()).collect(),
            open: self.open,
        }
    }
}

/// A container being filled: its object index and where its children start on the
/// scratch stack.
#[must_use = "a container must be closed with end_array or end_dict"]
#[derive(Debug)]
pub struct Frame {
    obj: u32,
    scratch_start: usize,
}

const NO_KEY: u32 = u32::MAX;

/// Deepest nesting a recursive [`ToPlist`](crate::ToPlist) impl may open, checked
/// by [`Encoder::check_depth`]: every level of a derive or serde encode is a stack
/// frame, and past this an encode returns [`ErrorKind::DepthLimit`] instead of
/// overflowing the stack. The same as CoreFoundation's read limit.
pub const MAX_ENCODE_DEPTH: usize = 512;

/// The object table of one document being encoded. [`ToPlist`](crate::ToPlist)
/// impls call it to append objects; [`to_vec`](crate::to_vec) then writes the bytes
/// from it.
///
/// Scalars (booleans, integers, reals, dates, UIDs, strings, data) are uniqued by
/// value: asking twice for an equal one returns the same [`ObjRef`]. Containers are
/// never shared. Strings and data passed by reference are borrowed for the encoder's
/// lifetime and copied once, into the output.
///
/// ```
/// use plistvalue::{Encoder, Error, ObjRef, ToPlist};
///
/// /// Written as `["x", "x"]`: two references to one string object.
/// struct Twice(&'static str);
///
/// impl ToPlist for Twice {
///     fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
///         let frame = enc.begin_array();
///         let a = enc.str(self.0);
///         let b = enc.str(self.0);
///         assert_eq!(a, b, "equal strings are one object");
///         enc.child(a);
///         enc.child(b);
///         Ok(enc.end_array(frame))
///     }
/// }
/// let bytes = plistvalue::to_vec(&Twice("x")).unwrap();
/// let doc = plistvalue::Document::from_slice(&bytes).unwrap();
/// assert_eq!(doc.len(), 2, "the array and one string");
/// ```
pub struct Encoder<'a> {
    st: Storage<'a>,
    true_ref: u32,
    false_ref: u32,
    null_ref: u32,
    overflow: bool,
    /// The first misuse of the public API, reported when the document is finished.
    misuse: Option<Misuse>,
    /// Bytes of every object so far except container references: with the count of
    /// references it sizes the output without another pass over the table.
    sized_bytes: u64,
}

impl<'a> Encoder<'a> {
    /// An encoder over recycled storage.
    pub(super) fn from_storage(mut st: Storage<'a>) -> Encoder<'a> {
        st.interner.clear();
        st.interner.reserve_one();
        Encoder {
            st,
            true_ref: NO_KEY,
            false_ref: NO_KEY,
            null_ref: NO_KEY,
            overflow: false,
            misuse: None,
            sized_bytes: 0,
        }
    }

    /// Gives the storage back, to be recycled for the next document.
    pub(super) fn into_storage(self) -> Storage<'a> {
        self.st
    }

    /// The table, for the read view.
    #[inline]
    pub(super) fn table(&self) -> &Table<'a> {
        &self.st.table
    }

    /// Number of objects so far.
    pub(crate) fn len(&self) -> usize {
        self.st.table.objects().len()
    }

    /// The binary size of every object but its references: every body and marker
    /// once, which another format's emitter takes as a lower bound of its output.
    #[cfg(any(feature = "xml", feature = "openstep"))]
    pub(crate) fn sized_bytes(&self) -> u64 {
        self.sized_bytes
    }

    /// References from containers to their children: a text format's emitter
    /// writes a line for each, and sizes its output from them and `sized_bytes`.
    #[cfg(feature = "xml")]
    pub(crate) fn ref_count(&self) -> usize {
        self.st.table.ref_count()
    }

    /// Writes the binary plist of the table, with `root` as its top object, to
    /// `sink`, and returns its length. `offsets` is scratch space for the offset
    /// table, kept between documents by a reused `Writer`.
    pub(super) fn finish<S: Sink>(
        &mut self,
        root: ObjRef,
        offsets: &mut Vec<u64>,
        sink: &mut S,
    ) -> Result<u64, Error> {
        self.check()?;
        self.check_root(root)?;
        // The placed bytes become the output's first bytes.
        let placed = self.st.table.take_placed();
        let written: io::Result<u64> = emit::emit(
            &self.st.table,
            self.sized_bytes,
            placed,
            offsets,
            root,
            sink,
        );
        Ok(written?)
    }

    /// The error of a document with more objects than the table can index, which
    /// `push` only notes, so the hot path carries no `Result`.
    pub(super) fn check(&self) -> Result<(), Error> {
        if self.overflow {
            return Err(Error::new(ErrorKind::TooManyObjects(u32::MAX as u64 - 1)));
        }
        if let Some(what) = self.misuse {
            return Err(Error::new(ErrorKind::EncoderMisuse(what)));
        }
        if !self.st.open.is_empty() {
            return Err(Error::new(ErrorKind::EncoderMisuse(Misuse::Unclosed)));
        }
        Ok(())
    }

    /// The root's error, if `root` is not an object of this table.
    pub(super) fn check_root(&self, root: ObjRef) -> Result<(), Error> {
        if root.0 as usize >= self.len() {
            return Err(Error::new(ErrorKind::EncoderMisuse(Misuse::ForeignRoot)));
        }
        Ok(())
    }

    /// Notes the first misuse; the hot paths carry no `Result`.
    #[cold]
    fn misused(&mut self, what: Misuse) {
        self.misuse.get_or_insert(what);
    }

    /// An error once more than [`MAX_ENCODE_DEPTH`] containers are open. A
    /// recursive [`ToPlist`](crate::ToPlist) impl calls it after opening its
    /// container, so that a deep value ends the encode with an error instead of
    /// overflowing the stack.
    ///
    /// ```
    /// use plistvalue::{Encoder, Error, ObjRef, ToPlist};
    ///
    /// /// A list of any length, each level one array inside the next.
    /// struct Chain(Option<Box<Chain>>);
    ///
    /// impl ToPlist for Chain {
    ///     fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
    ///         let frame = enc.begin_array();
    ///         enc.check_depth()?;
    ///         if let Some(next) = &self.0 {
    ///             let r = next.to_plist(enc)?;
    ///             enc.child(r);
    ///         }
    ///         Ok(enc.end_array(frame))
    ///     }
    /// }
    /// let deep = (0..1000).fold(Chain(None), |c, _| Chain(Some(Box::new(c))));
    /// let err = plistvalue::to_vec(&deep).unwrap_err();
    /// assert!(matches!(err.kind(), plistvalue::ErrorKind::DepthLimit(512)));
    /// # let mut c = deep; while let Some(next) = c.0.take() { c = *next; }
    /// ```
    ///
    /// # Errors
    /// [`ErrorKind::DepthLimit`] past [`MAX_ENCODE_DEPTH`] open containers.
    #[inline]
    pub fn check_depth(&self) -> Result<(), Error> {
        if self.st.open.len() > MAX_ENCODE_DEPTH {
            return Err(Error::new(ErrorKind::DepthLimit(MAX_ENCODE_DEPTH)));
        }
        Ok(())
    }

    /// Puts every dictionary's entries in CoreFoundation's key order (`sort.rs`).
    pub(crate) fn sort_keys(&mut self) {
        self.st.table.sort_keys();
    }

    #[inline(always)]
    fn push(&mut self, obj: Obj<'a>) -> u32 {
        let index = self.st.table.objects().len();
        if index >= (u32::MAX - 1) as usize {
            // Reported by `check` when the document is finished.
            self.overflow = true;
            return 0;
        }
        if !matches!(obj, Obj::Array { .. } | Obj::Dict { .. }) {
            self.sized_bytes += obj.size(0);
        }
        self.st.table.push(obj);
        index as u32
    }

    /// Appends a scalar unless an equal one exists; `same` compares a candidate.
    #[inline]
    fn intern<W: Hash>(
        &mut self,
        hash: u64,
        obj: Obj<'a>,
        same: impl Fn(&Table<'a>, &Obj<'a>) -> bool,
        whole: impl FnOnce() -> W,
    ) -> ObjRef {
        self.st.interner.reserve_one();
        let table = &self.st.table;
        match self
            .st
            .interner
            .find(hash, |i| same(table, table.get(i)), whole)
        {
            Ok(i) => ObjRef(i),
            Err(pos) => {
                let i = self.push(obj);
                self.st.interner.insert_at(pos, hash, i);
                ObjRef(i)
            }
        }
    }

    #[inline]
    fn intern_word(&mut self, t: u64, word: u64, obj: Obj<'a>) -> ObjRef {
        let hash = hash_word(t, word);
        self.intern(
            hash,
            obj,
            |_, o| word_of(o) == Some((t, word)),
            || (t, word),
        )
    }

    /// A boolean. There is one `true` and one `false` object per document.
    pub fn bool(&mut self, v: bool) -> ObjRef {
        let slot = if v { self.true_ref } else { self.false_ref };
        if slot != NO_KEY {
            return ObjRef(slot);
        }
        let i = self.push(Obj::Bool(v));
        if v {
            self.true_ref = i;
        } else {
            self.false_ref = i;
        }
        ObjRef(i)
    }

    /// An integer: a negative one takes 8 bytes, any other the fewest of 1, 2, 4
    /// or 8 that hold it.
    pub fn i64(&mut self, v: i64) -> ObjRef {
        if v < 0 {
            self.intern_word(tag::NEG, v as u64, Obj::NegInt(v))
        } else {
            self.u64(v as u64)
        }
    }

    /// An unsigned integer; above `i64::MAX` it takes the 16-byte form.
    pub fn u64(&mut self, v: u64) -> ObjRef {
        self.intern_word(tag::UINT, v, Obj::UInt(v))
    }

    /// An 8-byte real. Reals are uniqued by bit pattern, so `0.0` and `-0.0` stay
    /// apart and NaNs of one pattern are one object.
    pub fn f64(&mut self, v: f64) -> ObjRef {
        self.intern_word(tag::REAL, v.to_bits(), Obj::Real(v.to_bits()))
    }

    /// A 4-byte real, as Foundation writes a Swift `Float`.
    pub fn f32(&mut self, v: f32) -> ObjRef {
        self.intern_word(tag::REAL32, v.to_bits() as u64, Obj::Real32(v.to_bits()))
    }

    /// A date.
    pub fn date(&mut self, v: Date) -> ObjRef {
        let bits = v.seconds_since_2001().to_bits();
        self.intern_word(tag::DATE, bits, Obj::Date(bits))
    }

    /// A keyed-archiver UID.
    pub fn uid(&mut self, v: Uid) -> ObjRef {
        self.intern_word(tag::UID, v.get(), Obj::Uid(v.get()))
    }

    /// A string borrowed from the value being encoded. ASCII text is copied straight
    /// from it; other text is converted to UTF-16 in the arena.
    pub fn str(&mut self, s: &'a str) -> ObjRef {
        if s.is_ascii() {
            self.ascii(s.as_bytes())
        } else {
            self.utf16(s)
        }
    }

    /// A string that does not live as long as the encoder: it is copied, unless an
    /// equal string is already in the table.
    pub fn str_copied(&mut self, s: &str) -> ObjRef {
        if !s.is_ascii() {
            return self.utf16(s);
        }
        let hash = hash_bytes(tag::ASCII, s.as_bytes());
        match self.find_ascii(hash, s.as_bytes()) {
            Ok(r) => r,
            Err(pos) => {
                let arena = self.st.table.arena_mut(s.len());
                let start = arena.len();
                arena.extend_from_slice(s.as_bytes());
                let i = self.push(Obj::AsciiArena {
                    start,
                    len: s.len(),
                });
                self.st.interner.insert_at(pos, hash, i);
                ObjRef(i)
            }
        }
    }

    /// Borrowed text, which the caller has found to be all ASCII.
    #[inline]
    pub(crate) fn ascii(&mut self, bytes: &'a [u8]) -> ObjRef {
        let hash = hash_bytes(tag::ASCII, bytes);
        match self.find_ascii(hash, bytes) {
            Ok(r) => r,
            Err(pos) => {
                let i = self.push(Obj::Ascii(bytes));
                self.st.interner.insert_at(pos, hash, i);
                ObjRef(i)
            }
        }
    }

    /// The ASCII string equal to `bytes`, or the interner slot where it goes. Most
    /// strings of a real document are repeats (header names and values, content
    /// types); a repeat found in the small `recent` cache skips the interner's
    /// table, a cache miss in a large document. Inlined into both callers: as a
    /// call it cost borrowed strings a fifth more instructions.
    #[inline(always)]
    fn find_ascii(&mut self, hash: u64, bytes: &[u8]) -> Result<ObjRef, usize> {
        let slot = hash as usize & (RECENT - 1);
        let table = &self.st.table;
        if let Some((h, i, o)) = self.st.recent.get(slot) {
            if *h == hash && *i != NO_KEY && table.ascii(o).is_some_and(|t| same_bytes(t, bytes)) {
                return Ok(ObjRef(*i));
            }
        }
        self.st.interner.reserve_one();
        let table = &self.st.table;
        let i = self.st.interner.find(
            hash,
            |i| {
                table
                    .ascii(table.get(i))
                    .is_some_and(|t| same_bytes(t, bytes))
            },
            || (tag::ASCII, bytes),
        )?;
        // Only repeats are cached, so one-off strings never evict them.
        if let Some(r) = self.st.recent.get_mut(slot) {
            *r = (hash, i, *self.st.table.get(i));
        } else if self.st.table.objects().len() >= RECENT {
            self.st.recent.resize(RECENT, (0, NO_KEY, Obj::Null));
        }
        Ok(ObjRef(i))
    }

    fn utf16(&mut self, s: &str) -> ObjRef {
        // At most two bytes per UTF-8 byte: a unit per one to three bytes, two
        // units per four.
        let arena = self.st.table.arena_mut(2 * s.len());
        let start = arena.len();
        for unit in s.encode_utf16() {
            arena.extend_from_slice(&unit.to_be_bytes());
        }
        let len = arena.len() - start;
        let hash = hash_bytes(tag::UTF16, &arena[start..]);
        self.st.interner.reserve_one();
        let table = &self.st.table;
        let mine = &table.arena()[start..];
        let same = |i| match *table.get(i) {
            Obj::Utf16 { start, len } => &table.arena()[start..start + len] == mine,
            _ => false,
        };
        match self.st.interner.find(hash, same, || (tag::UTF16, mine)) {
            Ok(i) => {
                self.st.table.arena_mut(0).truncate(start);
                ObjRef(i)
            }
            Err(pos) => {
                let i = self.push(Obj::Utf16 { start, len });
                self.st.interner.insert_at(pos, hash, i);
                ObjRef(i)
            }
        }
    }

    /// Data borrowed from the value being encoded.
    pub fn data(&mut self, d: &'a [u8]) -> ObjRef {
        let hash = hash_data(d);
        let same = |table: &Table<'a>, o: &Obj<'a>| table.data(o) == Some(d);
        self.intern(hash, Obj::Data(d), same, || (tag::DATA, d))
    }

    /// Data that does not live as long as the encoder: it is copied.
    pub fn data_copied(&mut self, d: &[u8]) -> ObjRef {
        let hash = hash_data(d);
        self.st.interner.reserve_one();
        let table = &self.st.table;
        match self.st.interner.find(
            hash,
            |i| table.data(table.get(i)) == Some(d),
            || (tag::DATA, d),
        ) {
            Ok(i) => ObjRef(i),
            Err(pos) => {
                let room =
                    format::MAGIC.len() + format::marker_len(d.len() as u64) as usize + d.len();
                let start = emit::place_data(self.st.table.placed_mut(room), d);
                let i = self.push(Obj::DataPlaced {
                    start,
                    len: d.len(),
                });
                self.st.interner.insert_at(pos, hash, i);
                ObjRef(i)
            }
        }
    }

    /// Foundation's nil: the ASCII string `$null`, which `PropertyListEncoder`
    /// writes for `nil` and every reader takes for a string. See
    /// [`Encoder::null_object`] for the `0x00` object.
    pub fn null(&mut self) -> ObjRef {
        self.str(format::NULL_STRING)
    }

    /// The `0x00` object, which CoreFoundation reads as `kCFNull`, plistlib as
    /// `None` and libplist as `PLIST_NULL`; [`PlistValue::Null`](crate::PlistValue::Null)
    /// writes it. CF's writer never emits it, and some readers reject it (see
    /// COMPATIBILITY.md): for a nil that every reader takes, use [`Encoder::null`].
    /// One object per document, like each boolean.
    pub fn null_object(&mut self) -> ObjRef {
        if self.null_ref == NO_KEY {
            self.null_ref = self.push(Obj::Null);
        }
        ObjRef(self.null_ref)
    }

    /// Opens an array. Its object comes before its children's, as pre-order needs;
    /// push each child's reference with [`Encoder::child`], then call `end_array`.
    pub fn begin_array(&mut self) -> Frame {
        let obj = self.push(Obj::Array { start: 0, len: 0 });
        self.st.open.push(obj);
        Frame {
            obj,
            scratch_start: self.st.scratch.len(),
        }
    }

    /// Opens a dictionary. Push all key references first, then all values, in the
    /// same order, as CoreFoundation lays them out.
    pub fn begin_dict(&mut self) -> Frame {
        let obj = self.push(Obj::Dict { start: 0, len: 0 });
        self.st.open.push(obj);
        Frame {
            obj,
            scratch_start: self.st.scratch.len(),
        }
    }

    /// Opens a container for a walk that keeps several open at once: with `nested`,
    /// its reference goes to the enclosing container before its own children start.
    pub(crate) fn begin_container(&mut self, dict: bool, nested: bool) -> (ObjRef, Frame) {
        let obj = if dict {
            Obj::Dict { start: 0, len: 0 }
        } else {
            Obj::Array { start: 0, len: 0 }
        };
        let i = self.push(obj);
        if nested {
            self.st.scratch.push(i);
        }
        self.st.open.push(i);
        let frame = Frame {
            obj: i,
            scratch_start: self.st.scratch.len(),
        };
        (ObjRef(i), frame)
    }

    /// Adds a child reference to the innermost open container. A reference that is
    /// not an object of this encoder is an error when the document is finished.
    #[inline]
    pub fn child(&mut self, r: ObjRef) {
        if r.0 as usize >= self.len() {
            self.misused(Misuse::ForeignChild);
            return;
        }
        self.st.scratch.push(r.0);
    }

    /// Closes an array whose elements were pushed.
    pub fn end_array(&mut self, f: Frame) -> ObjRef {
        let start = self.st.table.ref_count();
        let Some(children) = self.take_children(&f) else {
            return ObjRef(f.obj);
        };
        let len = children;
        self.close(f, Obj::Array { start, len }, len)
    }

    /// Closes a dictionary whose keys and then values were pushed. An odd number of
    /// children is an error when the document is finished.
    pub fn end_dict(&mut self, f: Frame) -> ObjRef {
        let start = self.st.table.ref_count();
        let Some(pushed) = self.take_children(&f) else {
            return ObjRef(f.obj);
        };
        if !pushed.is_multiple_of(2) {
            self.misused(Misuse::OddDictionary);
        }
        let len = pushed / 2;
        self.close(f, Obj::Dict { start, len }, len)
    }

    /// Moves the children of `f`, which must be the innermost open container, into
    /// the reference arena and returns how many there were; `None` (and a misuse
    /// noted) when `f` is not the innermost open container.
    fn take_children(&mut self, f: &Frame) -> Option<usize> {
        if self.st.open.last() != Some(&f.obj) || f.scratch_start > self.st.scratch.len() {
            self.misused(Misuse::ClosedOutOfOrder);
            return None;
        }
        self.st.open.pop();
        let pushed = self.st.scratch.len() - f.scratch_start;
        self.st
            .table
            .refs_mut(pushed)
            .extend_from_slice(&self.st.scratch[f.scratch_start..]);
        self.st.scratch.truncate(f.scratch_start);
        Some(pushed)
    }

    /// Closes a dictionary that had no children pushed, from its (key, value)
    /// pairs: the serializer learns whether a field is present only after its
    /// value, so it keeps pairs, and they go straight into the reference arena.
    #[cfg(feature = "serde")]
    pub(crate) fn end_dict_pairs(&mut self, f: Frame, pairs: &[(ObjRef, ObjRef)]) -> ObjRef {
        debug_assert_eq!(self.st.scratch.len(), f.scratch_start);
        debug_assert_eq!(self.st.open.last(), Some(&f.obj));
        self.st.open.pop();
        let start = self.st.table.ref_count();
        let refs = self.st.table.refs_mut(2 * pairs.len());
        refs.extend(pairs.iter().map(|&(k, _)| k.0));
        refs.extend(pairs.iter().map(|&(_, v)| v.0));
        let len = pairs.len();
        self.close(f, Obj::Dict { start, len }, len)
    }

    /// Fills in a container's object, opened as a placeholder, once its `len`
    /// elements or entries are in the reference arena; its marker and count now
    /// have a size.
    #[allow(clippy::needless_pass_by_value, reason = "closing consumes the frame")]
    fn close(&mut self, f: Frame, obj: Obj<'a>, len: usize) -> ObjRef {
        self.st.table.set(f.obj, obj);
        self.sized_bytes += format::marker_len(len as u64);
        ObjRef(f.obj)
    }

    /// A struct field's key, interned once per document: later structs of the same
    /// type find it in `slot` without hashing. Slots come from [`KeySlots`].
    #[inline]
    pub(crate) fn cached_key(&mut self, slot: u32, key: &'static str) -> ObjRef {
        let slot = slot as usize;
        if let Some(&r) = self.st.key_slots.get(slot) {
            if r != NO_KEY {
                return ObjRef(r);
            }
        }
        let r = self.str(key);
        if self.st.key_slots.len() <= slot {
            self.st.key_slots.resize(slot + 1, NO_KEY);
        }
        self.st.key_slots[slot] = r.0;
        r
    }
}

/// Per-type key-cache slots for derived structs: a static in the generated code that
/// reserves a range of slot numbers the first time the type is encoded.
#[doc(hidden)]
pub struct KeySlots(std::sync::atomic::AtomicU32);

static NEXT_SLOT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

impl KeySlots {
    #[allow(clippy::new_without_default)]
    pub const fn new() -> KeySlots {
        KeySlots(std::sync::atomic::AtomicU32::new(u32::MAX))
    }

    /// The first of `n` slots that belong to this type.
    #[inline]
    pub fn base(&self, n: u32) -> u32 {
        use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed};
        let b = self.0.load(Acquire);
        if b != u32::MAX {
            return b;
        }
        let fresh = NEXT_SLOT.fetch_add(n, Relaxed);
        match self.0.compare_exchange(u32::MAX, fresh, AcqRel, Acquire) {
            Ok(_) => fresh,
            Err(winner) => winner,
        }
    }
}

#[inline]
fn word_of(o: &Obj<'_>) -> Option<(u64, u64)> {
    Some(match *o {
        Obj::UInt(v) => (tag::UINT, v),
        Obj::NegInt(v) => (tag::NEG, v as u64),
        Obj::Real(v) => (tag::REAL, v),
        Obj::Real32(v) => (tag::REAL32, v as u64),
        Obj::Date(v) => (tag::DATE, v),
        Obj::Uid(v) => (tag::UID, v),
        _ => return None,
    })
}
