//! XML property lists (feature `xml`), through the writer's object table.
//!
//! - **Reading.** [`reader`] parses the text with CoreFoundation's rules into an
//!   object table and the binary emitter turns it into `bplist00` bytes in memory;
//!   the derive, the serde bridge, `PlistValue` and `Document` read those with the
//!   one binary reader, so no type has a second decode path. An error that reader
//!   finds is moved back to the XML line and column it came from
//!   ([`text`](crate::text), which the formats share).
//! - **Writing.** [`writer`] walks a filled table from its root and writes
//!   CoreFoundation's bytes.
//!
//! Duplicate keys: in XML **the last value wins** (at the first key's place), as
//! CoreFoundation's XML parser resolves them; its binary reader, and so ours,
//! keeps the first ([`duplicates`](crate::text::duplicates)).

pub(crate) mod base64;
mod date;
mod encoding;
mod number;
mod reader;
mod writer;

use std::io::Write;

use crate::convert::{self, FromPlistOwned};
use crate::error::Error;
use crate::reader::Limits;
use crate::text::{position, Converted};
use crate::writer::{pages, Buffers, Chunked, Encoder, ObjRef};

/// Reads an XML plist (with or without a byte-order mark, in any encoding CF reads
/// that [`encoding`] converts) into binary plist bytes.
pub(crate) fn convert(input: &[u8]) -> Result<Converted<'_>, Error> {
    convert_with(input, Dialect::default())
}

/// Where a reading departs from CF's rules.
#[derive(Default)]
pub(crate) struct Dialect<'d> {
    /// An archive's `CF$UID`: an integer in `0 ..= 2^32 - 1` only
    /// (`docs/ARCHIVE.md`, R1.1), where CF truncates.
    strict_uid: bool,
    /// The plist crate's (module `plist`): a `CF$UID` dictionary stays a dictionary.
    pub(crate) keep_cf_uid: bool,
    /// The plist crate's date text, read into seconds since 2001 in place of CF's
    /// one form.
    pub(crate) date_text: Option<reader::ReadDate<'d>>,
}

/// [`convert`], read in `dialect`.
pub(crate) fn convert_with<'i>(
    input: &'i [u8],
    dialect: Dialect<'_>,
) -> Result<Converted<'i>, Error> {
    let text = encoding::decode(input).map_err(|e| {
        let err: Error = e.into();
        err.in_text(0, 1, 1)
    })?;
    let (binary, positions, root) = {
        let mut p = reader::Parser::new(&text.utf8);
        p.strict_uid = dialect.strict_uid;
        p.keep_cf_uid = dialect.keep_cf_uid;
        if let Some(read) = dialect.date_text {
            p.date_text = Some(read);
        }
        let root = p
            .document()
            .map_err(|(at, e)| position::place(e.into(), &text, at))?;
        let mut binary = Vec::new();
        let positions = std::mem::take(&mut p.positions);
        p.enc.finish_binary(root, &mut binary)?;
        (binary, positions, root.index())
    };
    Ok(Converted {
        text,
        binary,
        positions,
        root,
    })
}

/// Decodes an XML plist into `T`: read into binary bytes, then decoded by the one
/// binary reader within the default limits (counted against the text), with its
/// errors placed at the XML line and column.
pub(crate) fn decode<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    let xml = convert(bytes)?;
    convert::decode_document(&xml.binary, xml.limits(Limits::default())).map_err(|e| xml.locate(e))
}

/// [`decode`] for an NSKeyedArchiver archive, whose `CF$UID` must be an integer
/// in `0 ..= 2^32 - 1` (`docs/ARCHIVE.md`, "XML archives").
pub(crate) fn decode_archive<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    let dialect = Dialect {
        strict_uid: true,
        ..Dialect::default()
    };
    let xml = convert_with(bytes, dialect)?;
    convert::decode_document(&xml.binary, xml.limits(Limits::default())).map_err(|e| xml.locate(e))
}

/// Fills a table with `fill` and appends CF's XML of it to `out`, with the keys in
/// CF's order when `sorted`.
pub(crate) fn write_into<'a>(
    fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
    sorted: bool,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    Buffers::default().write_with(fill, |enc, root| {
        if sorted {
            enc.sort_keys();
        }
        // The text's size estimated from the table: a line of tags and tabs per
        // reference, base64's third and its line breaks on the bodies (132.8 MB
        // estimated at 146 MB for the benchmark's document). Reserved at once, the
        // text is not moved as it grows, and its huge pages stay huge. A line is
        // at least eight bytes, so this is at most about four times the text.
        let bodies = usize::try_from(enc.sized_bytes()).unwrap_or(usize::MAX);
        let lines = enc.ref_count().saturating_add(1);
        pages::reserve(
            out,
            (bodies / 2)
                .saturating_mul(3)
                .saturating_add(lines.saturating_mul(32)),
        );
        writer::write(enc, root, out)
    })
}

/// [`write_into`] an `io::Write`, in 64 KiB chunks.
pub(crate) fn write_to<'a, W: Write>(
    fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
    sorted: bool,
    w: W,
) -> Result<(), Error> {
    let mut sink = Chunked::new(w);
    Buffers::default().write_with(fill, |enc, root| {
        if sorted {
            enc.sort_keys();
        }
        writer::write(enc, root, &mut sink)
    })?;
    Ok(sink.finish()?)
}
