//! The writer: one walk of the value fills an object table, one linear pass writes the
//! bytes.
//!
//! The object table is the hub of the crate: every format writes to it and reads from
//! it. `ToPlist` (the derive, the std impls, `PlistValue`) and the serde serializer
//! fill it through [`Encoder`]; the binary emitter writes it as `bplist00`; the XML
//! and archive formats fill it without a `ToPlist` value and read it back through
//! the crate-internal view (`view.rs`). The rooms:
//!
//! - `object.rs`: the table's storage, [`ObjRef`] and the object representation;
//! - `interner.rs`: the hashes and the set that unique scalars;
//! - `encoder.rs`: [`Encoder`], the public way in, and the storage a `Writer` keeps;
//! - `emit.rs`: the binary emitter, which owns the file layout, and the sinks the
//!   bytes of every format go into;
//! - `view.rs`: the table read one object at a time, for the other formats;
//! - `sort.rs`: dictionary keys in CoreFoundation's order, which the XML writer
//!   always uses and the binary writer on request.
//!
//! Nothing here knows `ToPlist`: callers hand [`Buffers`] a closure that fills the
//! table, so the entry points (`to_vec`, `Writer`) sit above this module.
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
mod encoder;
mod interner;
mod object;
pub(crate) mod pages;
mod sort;
mod view;

use std::io::Write;

#[cfg(any(feature = "xml", feature = "openstep"))]
pub(crate) use emit::{Chunked, Sink};
pub use encoder::{Encoder, Frame, KeySlots, MAX_ENCODE_DEPTH};
pub use object::ObjRef;
#[cfg(any(feature = "xml", feature = "openstep"))]
pub(crate) use view::Object;

use crate::error::Error;
use encoder::Storage;

/// What a reused `Writer` keeps between documents: the table's storage, the
/// interner and the offset scratch, so that they are not grown (and their pages
/// faulted in) again.
#[derive(Default)]
pub(crate) struct Buffers {
    storage: Option<Storage<'static>>,
    offsets: Vec<u64>,
}

impl Buffers {
    /// Fills a table on the recycled storage with `fill`, which returns the root,
    /// and appends the binary plist to `out`.
    pub(crate) fn write_into<'a>(
        &mut self,
        fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        self.run(fill, |enc, root, offsets| {
            enc.finish(root, offsets, out).map(drop)
        })
    }

    /// [`Buffers::write_into`] an `io::Write`, in 64 KiB chunks.
    pub(crate) fn write_to<'a, W: Write>(
        &mut self,
        fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
        writer: W,
    ) -> Result<(), Error> {
        let mut sink = emit::Chunked::new(writer);
        self.run(fill, |enc, root, offsets| {
            enc.finish(root, offsets, &mut sink).map(drop)
        })?;
        Ok(sink.finish()?)
    }

    /// Fills a table on the recycled storage with `fill` and hands it, with its
    /// root, to another format's emitter: `emit` may reorder the table (sort its
    /// keys) and reads it back through the view.
    #[cfg(any(feature = "xml", feature = "openstep"))]
    pub(crate) fn write_with<'a>(
        &mut self,
        fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
        emit: impl FnOnce(&mut Encoder<'a>, ObjRef) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.run(fill, |enc, root, _| {
            enc.check()?;
            emit(enc, root)
        })
    }

    /// Fills a table built on the recycled storage, hands it to `write`, and keeps
    /// the storage for next time.
    fn run<'a>(
        &mut self,
        fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
        write: impl FnOnce(&mut Encoder<'a>, ObjRef, &mut Vec<u64>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let storage: Storage<'a> = self.storage.take().unwrap_or_default().recycle();
        let mut enc = Encoder::from_storage(storage);
        let result = fill(&mut enc).and_then(|root| write(&mut enc, root, &mut self.offsets));
        self.storage = Some(enc.into_storage().recycle());
        result
    }
}
