//! The object table: every object of the document in index order, filled by one walk
//! of the input. Scalars are uniqued here; containers record their children's
//! indices in one shared `refs` arena.

use crate::error::{Error, ErrorKind};

/// Index of an object in the table, and so in the file's offset table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ObjRef(pub(crate) u32);

impl ObjRef {
    pub fn index(self) -> u32 {
        self.0
    }
}

/// One object. Bodies are borrowed from the value being encoded (copied once, into
/// the output) or, when they had to be made or copied, kept in the encoder's arena.
/// The two kinds are separate variants rather than a nested enum so that an `Obj` is
/// 24 bytes, not 32: the table holds one per object, and its size is most of the
/// encoder's memory.
#[derive(Clone, Copy)]
pub(crate) enum Obj<'a> {
    /// The `0x00` object, CoreFoundation's `kCFNull`.
    Null,
    Bool(bool),
    /// 0 ..= u64::MAX; above i64::MAX it takes the 16-byte form.
    UInt(u64),
    /// Always the signed 8-byte form.
    NegInt(i64),
    Real(u64),
    Real32(u32),
    Date(u64),
    Uid(u64),
    Data(&'a [u8]),
    /// Copied data, already written out whole: its body is
    /// `placed[start .. start + len]`, right after its marker.
    DataPlaced {
        start: usize,
        len: usize,
    },
    Ascii(&'a [u8]),
    /// `arena[start .. start + len]`.
    AsciiArena {
        start: usize,
        len: usize,
    },
    /// Big-endian UTF-16 bytes, `arena[start .. start + len]`.
    Utf16 {
        start: usize,
        len: usize,
    },
    /// `refs[start .. start + len]`.
    Array {
        start: usize,
        len: usize,
    },
    /// `refs[start .. start + len]` are the keys, the next `len` the values.
    Dict {
        start: usize,
        len: usize,
    },
}

/// Tags that keep equal bit patterns of different types apart in the interner.
mod tag {
    pub const UINT: u64 = 1;
    pub const NEG: u64 = 2;
    pub const REAL: u64 = 3;
    pub const REAL32: u64 = 4;
    pub const DATE: u64 = 5;
    pub const UID: u64 = 6;
    pub const ASCII: u64 = 7;
    pub const UTF16: u64 = 8;
    pub const DATA: u64 = 9;
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

#[inline]
fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(SEED)
}

/// An Fx-style hash over 8-byte words: strings here are short and mostly ASCII, and a
/// keyed hash like SipHash costs more than the whole rest of an insert.
#[inline]
fn hash_bytes(tag: u64, bytes: &[u8]) -> u64 {
    let mut h = mix(tag, bytes.len() as u64);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h = mix(h, u64::from_le_bytes(c.try_into().unwrap()));
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        h = mix(h, tail_word(rest));
    }
    h
}

/// The last 1 to 7 bytes as one word, from fixed-size reads that overlap (as
/// wyhash reads short inputs). A zero-padded copy compiled to a `memcpy` call and a
/// stalled load: a fifth of the time of a serde encode's string interning. Every
/// byte lands in the word, so for a given length it is still one-to-one.
#[inline]
fn tail_word(rest: &[u8]) -> u64 {
    let n = rest.len();
    if n >= 4 {
        let lo = u32::from_le_bytes(rest[..4].try_into().unwrap());
        let hi = u32::from_le_bytes(rest[n - 4..].try_into().unwrap());
        lo as u64 | (hi as u64) << 32
    } else {
        rest[0] as u64 | (rest[n / 2] as u64) << 8 | (rest[n - 1] as u64) << 16
    }
}

/// Data blobs are keyed by length and their first and last 32 bytes, so a document
/// of large blobs never pays to hash every body; a match is confirmed by one exact
/// comparison.
#[inline]
fn hash_data(bytes: &[u8]) -> u64 {
    if bytes.len() <= 64 {
        return hash_bytes(tag::DATA, bytes);
    }
    let h = hash_bytes(tag::DATA, &bytes[..32]);
    mix(
        h,
        hash_bytes(bytes.len() as u64, &bytes[bytes.len() - 32..]),
    )
}

/// Open-addressing set of object indices, probed linearly. Each slot holds the top 32
/// bits of the hash beside `index + 1`, so most mismatches are rejected without
/// touching the object.
#[derive(Default)]
struct Interner {
    slots: Vec<u64>,
    len: usize,
}

impl Interner {
    fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
    }

    #[inline]
    fn find(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
        let h32 = hash >> 32;
        let mask = self.slots.len() - 1;
        let mut pos = h32 as usize & mask;
        loop {
            let s = self.slots[pos];
            if s == 0 {
                return Err(pos);
            }
            if s >> 32 == h32 {
                let index = (s as u32) - 1;
                if same(index) {
                    return Ok(index);
                }
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Makes room for one more entry; call before `find` so its slot stays valid.
    #[inline]
    fn reserve_one(&mut self) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
    }

    #[cold]
    fn grow(&mut self) {
        let new_len = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![0; new_len]);
        let mask = new_len - 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            let mut pos = (s >> 32) as usize & mask;
            while self.slots[pos] != 0 {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = s;
        }
    }

    #[inline]
    fn insert_at(&mut self, pos: usize, hash: u64, index: u32) {
        self.slots[pos] = (hash >> 32) << 32 | (index as u64 + 1);
        self.len += 1;
    }
}

/// Storage an encoder keeps between documents, so a reused [`crate::Writer`] does not
/// grow and fault in its tables again.
#[derive(Default)]
pub(crate) struct Storage<'a> {
    pub(crate) objects: Vec<Obj<'a>>,
    pub(crate) refs: Vec<u32>,
    pub(crate) arena: Vec<u8>,
    /// The start of the output when data had to be copied: the header, then each
    /// copied data object, written as it arrives. Data objects hold no references,
    /// so their bytes never depend on the reference width; writing them here
    /// saves copying every body twice, into an arena and out of it.
    pub(crate) placed: Vec<u8>,
    scratch: Vec<u32>,
    interner: Interner,
    key_slots: Vec<u32>,
    recent: Vec<Recent>,
}

/// A string the interner has met more than once: its hash and its object index.
type Recent = (u64, u32);

/// Entries of the repeated-string cache: 32 KiB, which stays in the L1/L2 cache
/// where the interner's table and the objects it points at do not. It is set up
/// once a document has this many objects; a smaller table is cache-resident anyway,
/// and a small document should not pay to fill it.
const RECENT: usize = 1024;

impl Storage<'_> {
    /// The same allocations, emptied, for a document with another lifetime. The
    /// in-place `collect` of an empty vector keeps its buffer.
    pub(crate) fn recycle<'b>(mut self) -> Storage<'b> {
        self.objects.clear();
        self.refs.clear();
        self.arena.clear();
        self.placed.clear();
        self.scratch.clear();
        self.interner.clear();
        self.key_slots.clear();
        self.recent.clear();
        Storage {
            objects: self.objects.into_iter().map(|_| unreachable!()).collect(),
            refs: self.refs,
            arena: self.arena,
            placed: self.placed,
            scratch: self.scratch,
            interner: self.interner,
            key_slots: self.key_slots,
            recent: self.recent,
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

/// The object table of one document being encoded. [`crate::ToPlist`] impls call it
/// to append objects; [`crate::to_vec`] then writes the bytes from it.
///
/// Strings and data passed by reference are borrowed for the encoder's lifetime and
/// copied once, into the output.
pub struct Encoder<'a> {
    pub(crate) st: Storage<'a>,
    true_ref: u32,
    false_ref: u32,
    null_ref: u32,
    overflow: bool,
    /// Walk-only mode: every call counts a visit and stores nothing. It measures the
    /// floor of an encode, the cost of walking the value alone.
    dry: bool,
    pub(crate) visits: u64,
    /// Bytes of every object so far except container references: with the count of
    /// references it sizes the output without another pass over the table.
    pub(crate) sized_bytes: u64,
}

impl<'a> Encoder<'a> {
    pub(crate) fn from_storage(mut st: Storage<'a>) -> Encoder<'a> {
        st.interner.reserve_one();
        Encoder {
            st,
            true_ref: NO_KEY,
            false_ref: NO_KEY,
            null_ref: NO_KEY,
            overflow: false,
            dry: false,
            visits: 0,
            sized_bytes: 0,
        }
    }

    pub(crate) fn walk_only(st: Storage<'a>) -> Encoder<'a> {
        Encoder {
            dry: true,
            ..Encoder::from_storage(st)
        }
    }

    /// In walk-only mode, counts the call and says to skip the real work.
    #[inline(always)]
    fn dry(&mut self) -> bool {
        if self.dry {
            self.visits += 1;
        }
        self.dry
    }

    pub(crate) fn into_storage(self) -> Storage<'a> {
        self.st
    }

    /// Number of objects so far.
    pub fn len(&self) -> usize {
        self.st.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.st.objects.is_empty()
    }

    pub(crate) fn check(&self) -> Result<(), Error> {
        if self.overflow {
            return Err(Error::new(ErrorKind::TooManyObjects(u32::MAX as u64 - 1)));
        }
        Ok(())
    }

    #[inline]
    fn push(&mut self, obj: Obj<'a>) -> u32 {
        if self.dry() {
            return 0;
        }
        let index = self.st.objects.len();
        if index >= (u32::MAX - 1) as usize {
            // Reported by `check` when the document is finished, so the hot path
            // carries no `Result`.
            self.overflow = true;
            return 0;
        }
        if !matches!(obj, Obj::Array { .. } | Obj::Dict { .. }) {
            self.sized_bytes += super::emit::obj_len(&self.st, &obj, 0);
        }
        self.st.objects.push(obj);
        index as u32
    }

    /// Appends a scalar unless an equal one exists; `same` compares a candidate.
    #[inline]
    fn intern(
        &mut self,
        hash: u64,
        obj: Obj<'a>,
        same: impl Fn(&Storage<'a>, &Obj<'a>) -> bool,
    ) -> ObjRef {
        self.st.interner.reserve_one();
        let st = &self.st;
        match st
            .interner
            .find(hash, |i| same(st, &st.objects[i as usize]))
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
        if self.dry() {
            return ObjRef(0);
        }
        let hash = mix(mix(t, word), word);
        self.intern(hash, obj, |_, o| word_of(o) == Some((t, word)))
    }

    pub fn bool(&mut self, v: bool) -> ObjRef {
        if self.dry() {
            return ObjRef(0);
        }
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

    pub fn i64(&mut self, v: i64) -> ObjRef {
        if v < 0 {
            self.intern_word(tag::NEG, v as u64, Obj::NegInt(v))
        } else {
            self.u64(v as u64)
        }
    }

    pub fn u64(&mut self, v: u64) -> ObjRef {
        self.intern_word(tag::UINT, v, Obj::UInt(v))
    }

    pub fn f64(&mut self, v: f64) -> ObjRef {
        self.intern_word(tag::REAL, v.to_bits(), Obj::Real(v.to_bits()))
    }

    /// A 4-byte real, as Foundation writes a Swift `Float`.
    pub fn f32(&mut self, v: f32) -> ObjRef {
        self.intern_word(tag::REAL32, v.to_bits() as u64, Obj::Real32(v.to_bits()))
    }

    pub fn date(&mut self, v: crate::Date) -> ObjRef {
        let bits = v.seconds_since_2001().to_bits();
        self.intern_word(tag::DATE, bits, Obj::Date(bits))
    }

    pub fn uid(&mut self, v: crate::Uid) -> ObjRef {
        self.intern_word(tag::UID, v.get(), Obj::Uid(v.get()))
    }

    /// A string borrowed from the value being encoded. ASCII text is copied straight
    /// from it; other text is converted to UTF-16 in the arena.
    pub fn str(&mut self, s: &'a str) -> ObjRef {
        if self.dry() {
            return ObjRef(0);
        }
        if s.is_ascii() {
            self.ascii(s.as_bytes())
        } else {
            self.utf16(s)
        }
    }

    /// A string that does not live as long as the encoder: it is copied, unless an
    /// equal string is already in the table.
    pub fn str_copied(&mut self, s: &str) -> ObjRef {
        if self.dry() {
            return ObjRef(0);
        }
        if !s.is_ascii() {
            return self.utf16(s);
        }
        let hash = hash_bytes(tag::ASCII, s.as_bytes());
        match self.find_ascii(hash, s.as_bytes()) {
            Ok(r) => r,
            Err(pos) => {
                let start = self.st.arena.len();
                self.st.arena.extend_from_slice(s.as_bytes());
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
        let st = &self.st;
        if let Some(&(h, i)) = st.recent.get(slot) {
            if h == hash && i != NO_KEY && ascii_of(st, &st.objects[i as usize]) == Some(bytes) {
                return Ok(ObjRef(i));
            }
        }
        self.st.interner.reserve_one();
        let st = &self.st;
        let i = st.interner.find(hash, |i| {
            ascii_of(st, &st.objects[i as usize]) == Some(bytes)
        })?;
        // Only repeats are cached, so one-off strings never evict them.
        if let Some(r) = self.st.recent.get_mut(slot) {
            *r = (hash, i);
        } else if self.st.objects.len() >= RECENT {
            self.st.recent.resize(RECENT, (0, NO_KEY));
        }
        Ok(ObjRef(i))
    }

    fn utf16(&mut self, s: &str) -> ObjRef {
        let start = self.st.arena.len();
        for unit in s.encode_utf16() {
            self.st.arena.extend_from_slice(&unit.to_be_bytes());
        }
        let len = self.st.arena.len() - start;
        let hash = hash_bytes(tag::UTF16, &self.st.arena[start..]);
        self.st.interner.reserve_one();
        let st = &self.st;
        let mine = &st.arena[start..];
        match st.interner.find(hash, |i| match st.objects[i as usize] {
            Obj::Utf16 { start, len } => &st.arena[start..start + len] == mine,
            _ => false,
        }) {
            Ok(i) => {
                self.st.arena.truncate(start);
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
        if self.dry() {
            return ObjRef(0);
        }
        let hash = hash_data(d);
        self.intern(hash, Obj::Data(d), |st, o| data_of(st, o) == Some(d))
    }

    /// Data that does not live as long as the encoder: it is copied.
    pub fn data_copied(&mut self, d: &[u8]) -> ObjRef {
        if self.dry() {
            return ObjRef(0);
        }
        let hash = hash_data(d);
        self.st.interner.reserve_one();
        let st = &self.st;
        match st
            .interner
            .find(hash, |i| data_of(st, &st.objects[i as usize]) == Some(d))
        {
            Ok(i) => ObjRef(i),
            Err(pos) => {
                let placed = &mut self.st.placed;
                if placed.is_empty() {
                    placed.extend_from_slice(crate::format::MAGIC);
                }
                crate::format::put_marker(placed, crate::format::DATA, d.len() as u64);
                let start = placed.len();
                placed.extend_from_slice(d);
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
        self.str(crate::format::NULL_STRING)
    }

    /// The `0x00` object, which CoreFoundation reads as `kCFNull`, plistlib as
    /// `None` and libplist as `PLIST_NULL`; [`crate::PlistValue::Null`] writes it.
    /// CF's writer never emits it, and some readers reject it (see
    /// COMPATIBILITY.md): for a nil that every reader takes, use [`Encoder::null`].
    /// One object per document, like each boolean.
    pub fn null_object(&mut self) -> ObjRef {
        if self.dry() {
            return ObjRef(0);
        }
        if self.null_ref == NO_KEY {
            self.null_ref = self.push(Obj::Null);
        }
        ObjRef(self.null_ref)
    }

    /// Opens an array. Its object comes before its children's, as pre-order needs;
    /// push each child's reference with [`Encoder::child`], then call `end_array`.
    pub fn begin_array(&mut self) -> Frame {
        let obj = self.push(Obj::Array { start: 0, len: 0 });
        Frame {
            obj,
            scratch_start: self.st.scratch.len(),
        }
    }

    /// Opens a dictionary. Push all key references first, then all values, in the
    /// same order, as CoreFoundation lays them out.
    pub fn begin_dict(&mut self) -> Frame {
        let obj = self.push(Obj::Dict { start: 0, len: 0 });
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
        let frame = Frame {
            obj: i,
            scratch_start: self.st.scratch.len(),
        };
        (ObjRef(i), frame)
    }

    /// Adds a child reference to the innermost open container.
    #[inline]
    pub fn child(&mut self, r: ObjRef) {
        if !self.dry {
            self.st.scratch.push(r.0);
        }
    }

    pub fn end_array(&mut self, f: Frame) -> ObjRef {
        let start = self.st.refs.len();
        let len = self.st.scratch.len() - f.scratch_start;
        self.st
            .refs
            .extend_from_slice(&self.st.scratch[f.scratch_start..]);
        self.st.scratch.truncate(f.scratch_start);
        self.close(f, Obj::Array { start, len }, len)
    }

    /// Closes a dictionary whose keys and then values were pushed.
    pub fn end_dict(&mut self, f: Frame) -> ObjRef {
        let start = self.st.refs.len();
        let pushed = self.st.scratch.len() - f.scratch_start;
        debug_assert!(
            pushed.is_multiple_of(2),
            "a dictionary needs as many keys as values"
        );
        self.st
            .refs
            .extend_from_slice(&self.st.scratch[f.scratch_start..]);
        self.st.scratch.truncate(f.scratch_start);
        let len = pushed / 2;
        self.close(f, Obj::Dict { start, len }, len)
    }

    /// Closes a dictionary that had no children pushed, from its (key, value)
    /// pairs: the serializer learns whether a field is present only after its
    /// value, so it keeps pairs, and they go straight into the reference arena.
    #[cfg(feature = "serde")]
    pub(crate) fn end_dict_pairs(&mut self, f: Frame, pairs: &[(ObjRef, ObjRef)]) -> ObjRef {
        debug_assert_eq!(self.st.scratch.len(), f.scratch_start);
        if self.dry {
            return ObjRef(f.obj);
        }
        let start = self.st.refs.len();
        self.st.refs.extend(pairs.iter().map(|&(k, _)| k.0));
        self.st.refs.extend(pairs.iter().map(|&(_, v)| v.0));
        let len = pairs.len();
        self.close(f, Obj::Dict { start, len }, len)
    }

    /// Fills in a container's object, opened as a placeholder, once its `len`
    /// elements or entries are in the reference arena; its marker and count now
    /// have a size. (In walk-only mode there is no object to fill.)
    fn close(&mut self, f: Frame, obj: Obj<'a>, len: usize) -> ObjRef {
        if let Some(o) = self.st.objects.get_mut(f.obj as usize) {
            *o = obj;
            self.sized_bytes += crate::format::marker_len(len as u64);
        }
        ObjRef(f.obj)
    }

    /// A struct field's key, interned once per document: later structs of the same
    /// type find it in `slot` without hashing. Slots come from [`KeySlots`].
    #[doc(hidden)]
    #[inline]
    pub fn cached_key(&mut self, slot: u32, key: &'static str) -> ObjRef {
        if self.dry() {
            return ObjRef(0);
        }
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

/// The bytes of a data, ASCII or UTF-16 object, wherever they live.
#[inline]
pub(crate) fn body_of<'s, 'a: 's>(st: &'s Storage<'a>, o: &Obj<'a>) -> Option<&'s [u8]> {
    match *o {
        Obj::Data(b) | Obj::Ascii(b) => Some(b),
        Obj::DataPlaced { start, len } => Some(&st.placed[start..start + len]),
        Obj::AsciiArena { start, len } | Obj::Utf16 { start, len } => {
            Some(&st.arena[start..start + len])
        }
        _ => None,
    }
}

#[inline]
fn ascii_of<'s, 'a: 's>(st: &'s Storage<'a>, o: &Obj<'a>) -> Option<&'s [u8]> {
    match o {
        Obj::Ascii(_) | Obj::AsciiArena { .. } => body_of(st, o),
        _ => None,
    }
}

#[inline]
fn data_of<'s, 'a: 's>(st: &'s Storage<'a>, o: &Obj<'a>) -> Option<&'s [u8]> {
    match o {
        Obj::Data(_) | Obj::DataPlaced { .. } => body_of(st, o),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::tail_word;

    /// For each length, every tail maps to its own word: equal strings must meet in
    /// the interner, and the hash should not merge different ones either.
    #[test]
    fn tail_word_is_one_to_one_per_length() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        for n in 1..=7 {
            let mut seen = std::collections::HashMap::new();
            for _ in 0..20_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Few distinct byte values, so that near-identical tails are common.
                let tail: Vec<u8> = (0..n).map(|i| (state >> (8 * i)) as u8 % 3).collect();
                if let Some(other) = seen.insert(tail_word(&tail), tail.clone()) {
                    assert_eq!(other, tail, "two tails of length {n} share a word");
                }
            }
        }
    }
}
