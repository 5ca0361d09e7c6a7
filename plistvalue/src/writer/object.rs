//! The object table's storage: every object of the document in index order, the
//! shared reference arena the containers point into, and the bytes of the bodies the
//! table had to make or copy. The encoder fills it; the emitter and the read view
//! read it, only through the methods here.

use super::pages;
use crate::format::{self, shape};

/// Index of an object in the table, and so in the file's offset table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ObjRef(pub(crate) u32);

impl ObjRef {
    /// The index: a container's references and the trailer's root are these.
    /// The text readers and the XML writer use it; the binary path never needs it.
    #[cfg(any(feature = "xml", feature = "openstep"))]
    pub(crate) fn index(self) -> u32 {
        self.0
    }
}

/// One object. Bodies are borrowed from the value being encoded (copied once, into
/// the output) or, when they had to be made or copied, kept in the table's arena.
/// The two kinds are separate variants rather than a nested enum so that an `Obj` is
/// 24 bytes, not 32: the table holds one per object, and its size is most of the
/// encoder's memory.
#[derive(Clone, Copy)]
pub(crate) enum Obj<'a> {
    /// The `0x00` object, CoreFoundation's `kCFNull`.
    Null,
    Bool(bool),
    /// 0 ..= `u64::MAX`; above `i64::MAX` it takes the 16-byte form.
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

impl Obj<'_> {
    /// The marker of a fixed-size object (`None` for data, strings and containers,
    /// whose marker carries a count).
    #[inline]
    pub(super) fn fixed_marker(&self) -> Option<u8> {
        Some(match *self {
            Obj::Null => format::NULL,
            Obj::Bool(b) => {
                if b {
                    format::TRUE
                } else {
                    format::FALSE
                }
            }
            // 16-byte integers are how unsigned values above i64::MAX are told apart.
            Obj::UInt(v) if v > i64::MAX as u64 => format::int_marker(16),
            Obj::UInt(v) => format::int_marker(format::pow2_width(v)),
            Obj::NegInt(_) => format::int_marker(8),
            Obj::Real(_) => format::REAL64,
            Obj::Real32(_) => format::REAL32,
            Obj::Date(_) => format::DATE,
            Obj::Uid(v) => format::uid_marker(format::pow2_width(v)),
            _ => return None,
        })
    }

    /// Size of one object's bytes, given the reference width.
    #[inline]
    pub(super) fn size(&self, ref_size: u64) -> u64 {
        if let Some(marker) = self.fixed_marker() {
            return shape::fixed_len(marker);
        }
        match *self {
            Obj::Data(b) | Obj::Ascii(b) => format::marker_len(b.len() as u64) + b.len() as u64,
            Obj::DataPlaced { len, .. } | Obj::AsciiArena { len, .. } => {
                format::marker_len(len as u64) + len as u64
            }
            Obj::Utf16 { len, .. } => format::marker_len(len as u64 / 2) + len as u64,
            Obj::Array { len, .. } => format::marker_len(len as u64) + len as u64 * ref_size,
            Obj::Dict { len, .. } => format::marker_len(len as u64) + 2 * len as u64 * ref_size,
            _ => unreachable!("fixed-size objects are sized above"),
        }
    }
}

/// The objects of one document and the bytes they point into.
#[derive(Default)]
pub(crate) struct Table<'a> {
    objects: Vec<Obj<'a>>,
    refs: Vec<u32>,
    arena: Vec<u8>,
    /// The start of the output when data had to be copied: the header, then each
    /// copied data object, written as it arrives (see the emitter's `place_data`).
    /// Data objects hold no references, so their bytes never depend on the reference
    /// width; writing them here saves copying every body twice, into an arena and
    /// out of it.
    placed: Vec<u8>,
}

impl<'a> Table<'a> {
    /// The same allocations, emptied, for a document with another lifetime. The
    /// in-place `collect` of an empty vector keeps its buffer.
    pub(super) fn recycle<'b>(mut self) -> Table<'b> {
        self.objects.clear();
        self.refs.clear();
        self.arena.clear();
        self.placed.clear();
        Table {
            objects: self.objects.into_iter().map(|_| unreachable!()).collect(),
            refs: self.refs,
            arena: self.arena,
            placed: self.placed,
        }
    }

    /// Every object, in index order.
    #[inline(always)]
    pub(super) fn objects(&self) -> &[Obj<'a>] {
        &self.objects
    }

    /// Object `index`, which must exist.
    #[inline(always)]
    pub(super) fn get(&self, index: u32) -> &Obj<'a> {
        &self.objects[index as usize]
    }

    /// Appends an object; its index is the count before.
    #[inline(always)]
    pub(super) fn push(&mut self, obj: Obj<'a>) {
        pages::grow(&mut self.objects, 1);
        self.objects.push(obj);
    }

    /// Replaces the placeholder a container was opened with.
    #[inline]
    pub(super) fn set(&mut self, index: u32, obj: Obj<'a>) {
        self.objects[index as usize] = obj;
    }

    /// The reference arena, which containers record their children into, with
    /// room for `additional` more.
    #[inline(always)]
    pub(super) fn refs_mut(&mut self, additional: usize) -> &mut Vec<u32> {
        pages::grow(&mut self.refs, additional);
        &mut self.refs
    }

    /// References in the arena.
    #[inline]
    pub(crate) fn ref_count(&self) -> usize {
        self.refs.len()
    }

    /// The arena that made and copied string bodies live in, with room for
    /// `additional` more bytes.
    #[inline(always)]
    pub(super) fn arena_mut(&mut self, additional: usize) -> &mut Vec<u8> {
        pages::grow(&mut self.arena, additional);
        &mut self.arena
    }

    /// The arena, read.
    #[inline(always)]
    pub(super) fn arena(&self) -> &[u8] {
        &self.arena
    }

    /// The output's first bytes, where copied data goes, with room for
    /// `additional` more.
    #[inline(always)]
    pub(super) fn placed_mut(&mut self, additional: usize) -> &mut Vec<u8> {
        pages::grow(&mut self.placed, additional);
        &mut self.placed
    }

    /// Takes the placed bytes, which become the start of the output.
    pub(super) fn take_placed(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.placed)
    }

    /// The element references of an array or the key-then-value references of a
    /// dictionary; empty for any other object.
    #[inline(always)]
    pub(super) fn children(&self, o: &Obj<'_>) -> &[u32] {
        match *o {
            Obj::Array { start, len } => &self.refs[start..start + len],
            Obj::Dict { start, len } => &self.refs[start..start + 2 * len],
            _ => &[],
        }
    }

    /// [`Table::children`], to reorder (the key sort).
    pub(super) fn children_mut(&mut self, o: &Obj<'_>) -> &mut [u32] {
        match *o {
            Obj::Array { start, len } => &mut self.refs[start..start + len],
            Obj::Dict { start, len } => &mut self.refs[start..start + 2 * len],
            _ => &mut [],
        }
    }

    /// The bytes of a data, ASCII or UTF-16 object, wherever they live.
    #[inline]
    pub(super) fn body<'s>(&'s self, o: &Obj<'a>) -> Option<&'s [u8]> {
        match *o {
            Obj::Data(b) | Obj::Ascii(b) => Some(b),
            Obj::DataPlaced { start, len } => Some(&self.placed[start..start + len]),
            Obj::AsciiArena { start, len } | Obj::Utf16 { start, len } => {
                Some(&self.arena[start..start + len])
            }
            _ => None,
        }
    }

    /// The text of an ASCII string object.
    #[inline]
    pub(super) fn ascii<'s>(&'s self, o: &Obj<'a>) -> Option<&'s [u8]> {
        match o {
            Obj::Ascii(_) | Obj::AsciiArena { .. } => self.body(o),
            _ => None,
        }
    }

    /// The bytes of a data object.
    #[inline]
    pub(super) fn data<'s>(&'s self, o: &Obj<'a>) -> Option<&'s [u8]> {
        match o {
            Obj::Data(_) | Obj::DataPlaced { .. } => self.body(o),
            _ => None,
        }
    }
}
