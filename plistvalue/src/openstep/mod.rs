//! OpenStep ("old-style ASCII") property lists (feature `openstep`), through the
//! writer's object table, as XML is read and written:
//!
//! - **Reading.** [`reader`] parses the text with CoreFoundation's rules into an
//!   object table, the binary emitter turns it into `bplist00` bytes in memory, and
//!   every decode path reads those with the one binary reader. Errors name the line
//!   and column, also for a type mismatch the typed decode finds later
//!   ([`text`](crate::text)).
//! - **Writing.** [`writer`] walks a filled table from its root and writes one of
//!   three layouts: Xcode's `project.pbxproj` for a project, whose object order,
//!   one-line objects and `/* name */` annotations [`xcode`] works out; the plain
//!   layout for any other value; `.strings`. [`utf8`] is the table's strings as
//!   the UTF-8 they are written in.
//!
//! `docs/OPENSTEP.md` states the rules the code cites: R1–R17 for reading, W1–W15
//! for writing. The text holds only strings, data, arrays and dictionaries; a typed
//! decode of an OpenStep document reads numbers and booleans out of its strings
//! (that document's section 3, the rules in `convert`), while `PlistValue` keeps the
//! text, and the writer writes numbers, booleans and dates as that text (W6).

mod nextstep;
mod reader;
mod utf8;
mod writer;
mod xcode;

pub use writer::OpenStepStyle;
pub(crate) use xcode::{project_name_in, project_name_of_path};

use std::borrow::Cow;

use crate::convert::{self, FromPlistOwned};
use crate::error::{Error, OpenStepError};
use crate::reader::Limits;
use crate::text::encoding::{self, EncodingError, Text};
use crate::text::{position, Converted};
use crate::writer::{Buffers, Chunked, Encoder, ObjRef};

/// The input as UTF-8 text (R1): after a byte-order mark, or UTF-8 checked whole,
/// with a leading UTF-8 mark dropped even when nothing follows it.
fn decode_text(input: &[u8]) -> Result<Text<'_>, Error> {
    let at_start = |e: OpenStepError| Error::from(e).in_text(0, 1, 1);
    if input.is_empty() {
        return Err(at_start(OpenStepError::Empty));
    }
    let text = match encoding::by_byte_order_mark(input) {
        Ok(Some(text)) => text,
        Ok(None) => encoding::utf8(
            input,
            if input.starts_with(b"\xEF\xBB\xBF") {
                3
            } else {
                0
            },
        ),
        Err(EncodingError::Invalid(name)) => {
            return Err(at_start(OpenStepError::BadEncoding(name)))
        }
        Err(EncodingError::NoByteOrderMark) => {
            return Err(at_start(OpenStepError::NoByteOrderMark))
        }
    };
    if text.utf8.is_empty() {
        return Err(at_start(OpenStepError::Empty));
    }
    // Wide text was converted to valid UTF-8; the input's own bytes are checked.
    if let Cow::Borrowed(utf8) = text.utf8 {
        if let Err(e) = std::str::from_utf8(utf8) {
            let err = OpenStepError::BadEncoding("UTF-8").into();
            return Err(position::place(err, &text, e.valid_up_to()));
        }
    }
    Ok(text)
}

/// Reads an OpenStep plist or `.strings` file into binary plist bytes.
pub(crate) fn convert(input: &[u8]) -> Result<Converted<'_>, Error> {
    let text = decode_text(input)?;
    let (binary, positions, root) = {
        let mut p = reader::Parser::new(&text.utf8);
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

/// Decodes an OpenStep plist into `T`: read into binary bytes, then decoded by the
/// one binary reader within the default limits (counted against the text), its
/// strings read as numbers and booleans where `T` asks for them, and its errors
/// placed at the line and column.
pub(crate) fn decode<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    let os = convert(bytes)?;
    convert::decode_text_document(&os.binary, os.limits(Limits::default()))
        .map_err(|e| os.locate(e))
}

/// What a write is asked for: the layout, sorted keys (plain and `.strings`
/// layouts), and the name of an Xcode project (W14).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options<'o> {
    pub(crate) style: OpenStepStyle,
    pub(crate) sort_keys: bool,
    pub(crate) project_name: Option<&'o str>,
}

/// Fills a table with `fill` and appends its OpenStep text to `out`.
pub(crate) fn write_into<'a>(
    fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
    options: Options<'_>,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    Buffers::default().write_with(fill, |enc, root| writer::write(enc, root, options, out))
}

/// [`write_into`] an `io::Write`, in 64 KiB chunks.
pub(crate) fn write_to<'a, W: std::io::Write>(
    fill: impl FnOnce(&mut Encoder<'a>) -> Result<ObjRef, Error>,
    options: Options<'_>,
    w: W,
) -> Result<(), Error> {
    let mut sink = Chunked::new(w);
    Buffers::default().write_with(fill, |enc, root| {
        writer::write(enc, root, options, &mut sink)
    })?;
    Ok(sink.finish()?)
}
