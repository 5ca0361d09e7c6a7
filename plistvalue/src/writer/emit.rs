//! The second pass: the header, every object in index order, the offset table and the
//! trailer, written straight from the object table.

use std::io::{self, Write};

use super::table::{body_of, Encoder, Obj, ObjRef};
use crate::error::Error;
use crate::format::{self, pow2_width, put_marker, put_uint, width_nibble, Trailer};

/// Size of one object's bytes, given the reference width.
pub(super) fn obj_len(st: &super::table::Storage<'_>, o: &Obj<'_>, ref_size: u64) -> u64 {
    match *o {
        Obj::Null | Obj::Bool(_) => 1,
        Obj::UInt(v) if v > i64::MAX as u64 => 17,
        Obj::UInt(v) => 1 + pow2_width(v) as u64,
        Obj::NegInt(_) | Obj::Real(_) | Obj::Date(_) => 9,
        Obj::Real32(_) => 5,
        Obj::Uid(v) => 1 + pow2_width(v) as u64,
        Obj::Data(_) | Obj::DataPlaced { .. } | Obj::Ascii(_) | Obj::AsciiArena { .. } => {
            let n = body_of(st, o).map_or(0, <[u8]>::len) as u64;
            format::marker_len(n) + n
        }
        Obj::Utf16 { len, .. } => format::marker_len(len as u64 / 2) + len as u64,
        Obj::Array { len, .. } => format::marker_len(len as u64) + len as u64 * ref_size,
        Obj::Dict { len, .. } => format::marker_len(len as u64) + 2 * len as u64 * ref_size,
    }
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

fn put_obj(out: &mut Vec<u8>, st: &super::table::Storage<'_>, o: &Obj<'_>, ref_size: u8) {
    match *o {
        Obj::Null => out.push(format::NULL),
        Obj::Bool(b) => out.push(if b { format::TRUE } else { format::FALSE }),
        Obj::UInt(v) if v > i64::MAX as u64 => {
            // 16-byte integers are how unsigned values above i64::MAX are told apart.
            out.push(format::INT | 4);
            out.extend_from_slice(&[0; 8]);
            out.extend_from_slice(&v.to_be_bytes());
        }
        Obj::UInt(v) => {
            let w = pow2_width(v);
            out.push(format::INT | width_nibble(w));
            put_uint(out, v, w);
        }
        Obj::NegInt(v) => {
            out.push(format::INT | 3);
            out.extend_from_slice(&v.to_be_bytes());
        }
        Obj::Real(bits) => {
            out.push(format::REAL64);
            out.extend_from_slice(&bits.to_be_bytes());
        }
        Obj::Real32(bits) => {
            out.push(format::REAL32);
            out.extend_from_slice(&bits.to_be_bytes());
        }
        Obj::Date(bits) => {
            out.push(format::DATE);
            out.extend_from_slice(&bits.to_be_bytes());
        }
        Obj::Uid(v) => {
            let w = pow2_width(v);
            out.push(format::UID | (w - 1));
            put_uint(out, v, w);
        }
        // Written before any other object; `emit` skips it.
        Obj::DataPlaced { .. } => {}
        Obj::Data(_) | Obj::Ascii(_) | Obj::AsciiArena { .. } => {
            let bytes = body_of(st, o).unwrap_or_default();
            let kind = match o {
                Obj::Data(_) => format::DATA,
                _ => format::ASCII,
            };
            put_marker(out, kind, bytes.len() as u64);
            out.extend_from_slice(bytes);
        }
        Obj::Utf16 { start, len } => {
            put_marker(out, format::UTF16, len as u64 / 2);
            out.extend_from_slice(&st.arena[start..start + len]);
        }
        Obj::Array { start, len } => {
            put_marker(out, format::ARRAY, len as u64);
            put_refs(out, &st.refs[start..start + len], ref_size);
        }
        Obj::Dict { start, len } => {
            put_marker(out, format::DICT, len as u64);
            put_refs(out, &st.refs[start..start + 2 * len], ref_size);
        }
    }
}

/// Where the bytes go. A `Vec` takes them all; an `io::Write` gets them in chunks so
/// that `to_writer` never holds the whole file.
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
        self.reserve(usize::try_from(total).unwrap_or(usize::MAX));
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

pub(crate) struct Chunked<W: Write> {
    pub(crate) w: W,
    pub(crate) buf: Vec<u8>,
}

const CHUNK: usize = 64 * 1024;

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
/// `placed` is the header and the copied data objects, already written (see
/// `Storage::placed`), or empty; the other objects follow it in index order.
pub(crate) fn emit<S: Sink>(
    enc: &Encoder<'_>,
    placed: Vec<u8>,
    offsets: &mut Vec<u64>,
    root: ObjRef,
    sink: &mut S,
) -> Result<u64, Error> {
    enc.check()?;
    let st = &enc.st;
    let n = st.objects.len() as u64;
    let ref_size = pow2_width(n);
    let sized =
        format::MAGIC.len() as u64 + enc.sized_bytes + st.refs.len() as u64 * ref_size as u64;

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
    offsets.reserve(st.objects.len());
    for o in &st.objects {
        if let Obj::DataPlaced { start, len } = *o {
            offsets.push((start as u64) - format::marker_len(len as u64));
            continue;
        }
        offsets.push(pos);
        let before = sink.buf().len();
        put_obj(sink.buf(), st, o, ref_size);
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
