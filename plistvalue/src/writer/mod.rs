//! The writer: one walk of the value fills an object table, one linear pass writes the
//! bytes.
//!
//! # Passes
//! 1. **Walk.** [`ToPlist::to_plist`] visits the value once, in pre-order. Each object
//!    is appended to the table as it is met; a container's object is appended before
//!    its children, and a dictionary's keys all come before its values, as in
//!    CoreFoundation. Children's indices go on a scratch stack and are moved into one
//!    shared `refs` arena when the container closes, so nesting costs no allocation
//!    per container. Strings, data, integers, reals, dates, UIDs and booleans are
//!    uniqued by value; arrays and dictionaries never are.
//! 2. **Write.** With every object known, the reference width is
//!    `pow2_width(object count)` (1, 2, 4 or 8 bytes, CoreFoundation's rule). The walk
//!    counted every object's bytes but its references, so the offset-table start and
//!    the exact output size are known without a pass over the table. The header, the
//!    objects in index order (recording each offset), the offset table, whose width
//!    is `pow2_width(offset-table start)`, and the trailer are then written in one go
//!    into a buffer reserved at that size.
//!
//! There is no intermediate tree and no second walk of the input: bodies are borrowed
//! from the value and copied once, into the output.

mod emit;
mod sort;
mod table;
mod view;

use std::io::Write;

pub use table::{Encoder, Frame, KeySlots, ObjRef};
#[cfg(feature = "xml")]
pub(crate) use view::Object;

use crate::convert::ToPlist;
use crate::error::Error;
use table::Storage;

/// Encodes a value as a binary plist.
///
/// ```
/// let bytes = plistvalue::to_vec(&vec!["a", "b"]).unwrap();
/// assert!(bytes.starts_with(b"bplist00"));
/// ```
pub fn to_vec<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    Writer::new().write_into(value, &mut out)?;
    Ok(out)
}

/// Encodes a value into an `io::Write`, in 64 KiB chunks.
pub fn to_writer<W: Write, T: ToPlist + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    Writer::new().write_to(writer, value)
}

/// A reusable encoder. Its object table, interner and buffers keep their capacity
/// between documents, which saves growing them (and faulting in their pages) again.
///
/// ```
/// let mut w = plistvalue::Writer::new();
/// let first = w.to_vec(&[1u8, 2, 3]).unwrap();
/// let again = w.to_vec(&[1u8, 2, 3]).unwrap();
/// assert_eq!(first, again);
/// ```
#[derive(Default)]
pub struct Writer {
    storage: Option<Storage<'static>>,
    offsets: Vec<u64>,
    sort_keys: bool,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Writes every dictionary's entries with their keys sorted, in the order
    /// CoreFoundation's XML writer uses (UTF-16 code units), instead of the order the
    /// value gives them. Off by default; on, every reader lists a dictionary's
    /// entries in that order, so dumps of the file diff well.
    ///
    /// ```
    /// use plistvalue::{plist, PlistValue, Writer};
    /// let bytes = Writer::new().sort_keys(true).to_vec(&plist!({ "b": 1, "a": 2 })).unwrap();
    /// let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
    /// let keys: Vec<&String> = back.as_dictionary().unwrap().keys().collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn sort_keys(mut self, sorted: bool) -> Writer {
        self.sort_keys = sorted;
        self
    }

    pub fn to_vec<T: ToPlist + ?Sized>(&mut self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_into(value, &mut out)?;
        Ok(out)
    }

    /// Appends the encoding of `value` to `out`.
    pub fn write_into<T: ToPlist + ?Sized>(
        &mut self,
        value: &T,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        self.run(value, |enc, placed, offsets, root| {
            emit::emit(enc, placed, offsets, root, out).map(drop)
        })
    }

    pub fn write_to<W: Write, T: ToPlist + ?Sized>(
        &mut self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        let mut sink = emit::Chunked {
            w: writer,
            buf: Vec::new(),
        };
        self.run(value, |enc, placed, offsets, root| {
            emit::emit(enc, placed, offsets, root, &mut sink).map(drop)
        })?;
        sink.w.write_all(&sink.buf)?;
        sink.w.flush()?;
        Ok(())
    }

    /// Walks `value` without storing anything and returns how many encoder calls
    /// the walk made: the floor of an encode, for measuring how much of its time
    /// is the walk itself.
    pub fn walk_only<T: ToPlist + ?Sized>(&mut self, value: &T) -> Result<u64, Error> {
        let mut enc = Encoder::walk_only(self.storage.take().unwrap_or_default().recycle());
        let result = value.to_plist(&mut enc).map(|_| enc.visits);
        self.storage = Some(enc.into_storage().recycle());
        result
    }

    /// Walks `value` into a table built on the recycled storage, hands it to `write`,
    /// and keeps the storage for next time.
    fn run<'a, T: ToPlist + ?Sized>(
        &mut self,
        value: &'a T,
        write: impl FnOnce(&Encoder<'a>, Vec<u8>, &mut Vec<u64>, ObjRef) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let storage: Storage<'a> = self.storage.take().unwrap_or_default().recycle();
        let mut enc = Encoder::from_storage(storage);
        let sort_keys = self.sort_keys;
        let result = value.to_plist(&mut enc).and_then(|root| {
            if sort_keys {
                enc.sort_keys();
            }
            // The placed bytes become the output's first bytes.
            let placed = std::mem::take(&mut enc.st.placed);
            write(&enc, placed, &mut self.offsets, root)
        });
        self.storage = Some(enc.into_storage().recycle());
        result
    }
}
