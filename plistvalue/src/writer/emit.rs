//! The binary emitter, the second pass: the header, every object in index order,
//! the offset table and the trailer, written straight from the object table. It owns
//! the file's layout, including the copied data objects the encoder places at the
//! start of the output as they arrive ([`place_data`]).

use std::io::{self, Write};

use super::object::{Obj, ObjRef, Table};
use super::pages;
use crate::format::{self, pow2_width, put_marker, put_uint, Trailer};

/// Writes copied data `d` as a whole data object into `placed`, the start of the
/// output (the header first, if `placed` is empty), and returns where its body
/// starts. Its offset in the file is known now: nothing comes before it but the
/// header and the data placed earlier.
#[inline]
pub(super) fn place_data(placed: &mut Vec<u8>, d: &[u8]) -> usize {
    if placed.is_empty() {
        placed.extend_from_slice(format::MAGIC);
    }
    put_marker(placed, format::DATA, d.len() as u64);
    let start = placed.len();
    placed.extend_from_slice(d);
    start
}

#[inline]
fn put_refs(out: &mut Vec<u8>, refs: &[u32], ref_size: u8) {
    match ref_size {
        1 => out.extend(refs.iter().map(|&r| r as u8)),
        2 => {
            for &r in refs {
                out.extend_from_slice(&(r as u16).to_be_bytes());
            }
        }
        4 => {
            for &r in refs {
                out.extend_from_slice(&r.to_be_bytes());
            }
        }
        _ => {
            for &r in refs {
                put_uint(out, r as u64, ref_size);
            }
        }
    }
}

fn put_obj(out: &mut Vec<u8>, table: &Table<'_>, o: &Obj<'_>, ref_size: u8) {
    if let Some(marker) = o.fixed_marker() {
        out.push(marker);
        match *o {
            Obj::Null | Obj::Bool(_) => {}
            Obj::UInt(v) if v > i64::MAX as u64 => {
                out.extend_from_slice(&[0; 8]);
                out.extend_from_slice(&v.to_be_bytes());
            }
            Obj::UInt(v) | Obj::Uid(v) => put_uint(out, v, pow2_width(v)),
            Obj::NegInt(v) => out.extend_from_slice(&v.to_be_bytes()),
            Obj::Real(bits) | Obj::Date(bits) => out.extend_from_slice(&bits.to_be_bytes()),
            Obj::Real32(bits) => out.extend_from_slice(&bits.to_be_bytes()),
            _ => unreachable!("only fixed-size objects have a fixed marker"),
        }
        return;
    }
    match *o {
        // Written before any other object; `emit` skips it.
        Obj::DataPlaced { .. } => {}
        Obj::Data(_) | Obj::Ascii(_) | Obj::AsciiArena { .. } => {
            let bytes = table.body(o).unwrap_or_default();
            let kind = match o {
                Obj::Data(_) => format::DATA,
                _ => format::ASCII,
            };
            put_marker(out, kind, bytes.len() as u64);
            out.extend_from_slice(bytes);
        }
        Obj::Utf16 { len, .. } => {
            put_marker(out, format::UTF16, len as u64 / 2);
            out.extend_from_slice(table.body(o).unwrap_or_default());
        }
        Obj::Array { len, .. } => {
            put_marker(out, format::ARRAY, len as u64);
            put_refs(out, table.children(o), ref_size);
        }
        Obj::Dict { len, .. } => {
            put_marker(out, format::DICT, len as u64);
            put_refs(out, table.children(o), ref_size);
        }
        _ => unreachable!("fixed-size objects are written above"),
    }
}

/// Where the bytes go. A `Vec` takes them all; an `io::Write` gets them in chunks so
/// that `to_writer` never holds the whole file. The XML emitter writes into the same
/// sinks, through `buf` and `flush_some`.
pub(crate) trait Sink {
    /// Takes the first bytes of the output, already written.
    fn start_with(&mut self, bytes: Vec<u8>) -> io::Result<()>;
    fn reserve_total(&mut self, total: u64);
    fn buf(&mut self) -> &mut Vec<u8>;
    fn flush_some(&mut self) -> io::Result<()>;
}

impl Sink for Vec<u8> {
    /// An empty output becomes `bytes` itself, with no copy.
    fn start_with(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        if self.is_empty() {
            *self = bytes;
        } else {
            self.extend_from_slice(&bytes);
        }
        Ok(())
    }
    fn reserve_total(&mut self, total: u64) {
        pages::reserve(self, usize::try_from(total).unwrap_or(usize::MAX));
    }
    #[inline]
    fn buf(&mut self) -> &mut Vec<u8> {
        self
    }
    #[inline]
    fn flush_some(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An `io::Write` as a [`Sink`]: bytes gather in a buffer and go out 64 KiB at a
/// time; on an error, what went out before it stays written.
pub(crate) struct Chunked<W: Write> {
    w: W,
    buf: Vec<u8>,
}

const CHUNK: usize = 64 * 1024;

impl<W: Write> Chunked<W> {
    pub(crate) fn new(w: W) -> Chunked<W> {
        Chunked { w, buf: Vec::new() }
    }

    /// Writes what is left and flushes the writer.
    pub(crate) fn finish(mut self) -> io::Result<()> {
        self.w.write_all(&self.buf)?;
        self.w.flush()
    }
}

impl<W: Write> Sink for Chunked<W> {
    fn start_with(&mut self, bytes: Vec<u8>) -> io::Result<()> {
        self.w.write_all(&bytes)
    }
    fn reserve_total(&mut self, _: u64) {
        self.buf.reserve(2 * CHUNK);
    }
    #[inline]
    fn buf(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }
    #[inline]
    fn flush_some(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }
}

/// Writes the document whose root is `root` and returns its length.
///
/// The reference width is known before the first byte is written, because the table
/// already holds every object: it is `pow2_width(object count)`, CoreFoundation's rule
/// (the count, not the largest index, so 256 objects take 2-byte references). The
/// encoder counted every object's bytes but its references as it went, so the
/// offset-table start and the exact output size follow without a pass over the
/// table; offsets are recorded as the objects are written, and the offset width is
/// `pow2_width` of where the table starts.
///
/// `sized_bytes` is the size of every object but its references, as the encoder
/// counted it. `placed` is the header and the copied data objects, already written
/// (see [`place_data`]), or empty; the other objects follow it in index order.
pub(super) fn emit<S: Sink>(
    table: &Table<'_>,
    sized_bytes: u64,
    placed: Vec<u8>,
    offsets: &mut Vec<u64>,
    root: ObjRef,
    sink: &mut S,
) -> io::Result<u64> {
    let objects = table.objects();
    let n = objects.len() as u64;
    let ref_size = pow2_width(n);
    let sized =
        format::MAGIC.len() as u64 + sized_bytes + table.ref_count() as u64 * ref_size as u64;

    let mut pos = if placed.is_empty() {
        sink.buf().extend_from_slice(format::MAGIC);
        format::MAGIC.len() as u64
    } else {
        let len = placed.len() as u64;
        sink.start_with(placed)?;
        len
    };
    sink.reserve_total(sized + n * pow2_width(sized) as u64 + format::TRAILER_LEN as u64 - pos);
    offsets.clear();
    pages::reserve(offsets, objects.len());
    for o in objects {
        if let Obj::DataPlaced { start, len } = *o {
            offsets.push((start as u64) - format::marker_len(len as u64));
            continue;
        }
        offsets.push(pos);
        let before = sink.buf().len();
        put_obj(sink.buf(), table, o, ref_size);
        pos += (sink.buf().len() - before) as u64;
        sink.flush_some()?;
    }
    // The widths come from what was written, so the count only ever sizes the buffer.
    let table_offset = pos;
    debug_assert_eq!(table_offset, sized, "the running size missed an object");
    let offset_size = pow2_width(table_offset);
    let total = table_offset + n * offset_size as u64 + format::TRAILER_LEN as u64;
    for &off in offsets.iter() {
        put_uint(sink.buf(), off, offset_size);
        sink.flush_some()?;
    }
    Trailer {
        offset_size,
        ref_size,
        num_objects: n,
        top_object: root.0 as u64,
        offset_table_offset: table_offset,
    }
    .write(sink.buf());
    Ok(total)
}
