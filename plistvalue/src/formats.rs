//! The entry points that choose between the formats: reading whatever a file holds
//! (binary or XML), and writing XML or binary to a buffer, a writer or a file.

use std::borrow::Cow;
use std::io::Read;
#[cfg(feature = "xml")]
use std::io::Write;
use std::path::Path;

use crate::convert::{FromPlist, FromPlistOwned, ToPlist};
use crate::error::{Error, ErrorKind};
use crate::reader::{self, Limits};
#[cfg(feature = "xml")]
use crate::writer::Encoder;

/// The property-list formats this crate reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `bplist00`.
    Binary,
    /// Apple's XML property list (`<plist version="1.0">`).
    Xml,
}

impl Format {
    /// The format `bytes` are in, from their first bytes: `bplist0` is binary; text
    /// whose first character after an optional byte-order mark (UTF-8, UTF-16 or
    /// UTF-32) and whitespace is `<` is XML; anything else is `None`.
    ///
    /// ```
    /// use plistvalue::Format;
    /// assert_eq!(Format::detect(b"bplist00..."), Some(Format::Binary));
    /// assert_eq!(Format::detect(b"\xEF\xBB\xBF\n<?xml version=\"1.0\"?>"), Some(Format::Xml));
    /// assert_eq!(Format::detect(b"{ a = b; }"), None);
    /// ```
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        if bytes.starts_with(b"bplist0") {
            return Some(Format::Binary);
        }
        // (byte-order mark, unit size, big-endian)
        let (skip, unit, be) = match bytes {
            [0, 0, 0xFE, 0xFF, ..] => (4, 4, true),
            [0xFF, 0xFE, 0, 0, ..] => (4, 4, false),
            [0xEF, 0xBB, 0xBF, ..] => (3, 1, true),
            [0xFF, 0xFE, ..] => (2, 2, false),
            [0xFE, 0xFF, ..] => (2, 2, true),
            _ => (0, 1, true),
        };
        let first = bytes[skip..].chunks_exact(unit).map(|u| {
            let (lo, rest) = if be {
                (u[unit - 1], &u[..unit - 1])
            } else {
                (u[0], &u[1..])
            };
            rest.iter().all(|&b| b == 0).then_some(lo)
        });
        for c in first {
            match c {
                Some(b' ' | b'\t' | b'\n' | b'\r') => continue,
                Some(b'<') => return Some(Format::Xml),
                _ => return None,
            }
        }
        None
    }
}

/// Decodes a binary plist. `T` may borrow strings and data from `bytes`. For XML,
/// or input of either format, use [`from_bytes`].
///
/// ```
/// let bytes = plistvalue::to_vec(&vec!["a", "b"]).unwrap();
/// let v: Vec<&str> = plistvalue::from_slice(&bytes).unwrap();
/// assert_eq!(v, ["a", "b"]);
/// ```
pub fn from_slice<'a, T: FromPlist<'a>>(bytes: &'a [u8]) -> Result<T, Error> {
    from_slice_with_limits(bytes, Limits::default())
}

/// [`from_slice`] with other [`Limits`].
pub fn from_slice_with_limits<'a, T: FromPlist<'a>>(
    bytes: &'a [u8],
    limits: Limits,
) -> Result<T, Error> {
    reader::from_slice_with_limits(bytes, limits).map_err(|e| not_binary(e, bytes))
}

/// Says that XML input is XML, where the binary reader would only say that the
/// header is not `bplist00`.
#[cold]
fn not_binary(e: Error, bytes: &[u8]) -> Error {
    let no_header = matches!(e.kind(), ErrorKind::BadMagic | ErrorKind::TooShort { .. });
    if no_header && Format::detect(bytes) == Some(Format::Xml) {
        return Error::new(ErrorKind::XmlInput);
    }
    e
}

/// Decodes a plist of either format, binary or XML (detected by [`Format::detect`]),
/// into an owned value. Input of neither format gets the XML reader's error, which
/// names the line and column where it stops making sense.
///
#[cfg_attr(feature = "xml", doc = "```")]
#[cfg_attr(not(feature = "xml"), doc = "```ignore")]
/// use plistvalue::{plist, PlistValue};
/// let doc = plist!({ "name": "Ada" });
/// for bytes in [plistvalue::to_vec(&doc)?, plistvalue::to_vec_xml(&doc)?] {
///     assert_eq!(plistvalue::from_bytes::<PlistValue>(&bytes)?, doc);
/// }
/// # Ok::<(), plistvalue::Error>(())
/// ```
pub fn from_bytes<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    match Format::detect(bytes) {
        Some(Format::Binary) => reader::from_slice(bytes),
        _ if cfg!(feature = "xml") => from_xml(bytes),
        _ => reader::from_slice(bytes),
    }
}

#[cfg(feature = "xml")]
fn from_xml<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    let xml = crate::xml::convert(bytes)?;
    reader::from_slice_with_limits(xml.binary(), xml.limits(Limits::default()))
        .map_err(|e| xml.locate(e))
}

#[cfg(not(feature = "xml"))]
fn from_xml<T: FromPlistOwned>(_: &[u8]) -> Result<T, Error> {
    Err(crate::error::XmlError::Disabled.into())
}

/// Reads all of `reader`, then decodes it as [`from_bytes`] does. A binary plist is
/// addressed by offsets from its end, so it cannot be decoded as a stream.
pub fn from_reader<R: Read, T: FromPlistOwned>(mut reader: R) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_bytes(&bytes)
}

/// Reads the file at `path`, binary or XML, as [`from_bytes`] does.
///
/// ```no_run
/// let info: plistvalue::PlistValue = plistvalue::from_file("Info.plist")?;
/// # Ok::<(), plistvalue::Error>(())
/// ```
pub fn from_file<P: AsRef<Path>, T: FromPlistOwned>(path: P) -> Result<T, Error> {
    from_bytes(&std::fs::read(path)?)
}

/// The input as binary plist bytes: itself when it is binary, converted when it is
/// XML. For a lazy [`Document`](crate::Document) over an XML file.
///
#[cfg_attr(feature = "xml", doc = "```")]
#[cfg_attr(not(feature = "xml"), doc = "```ignore")]
/// let xml = plistvalue::to_vec_xml(&plistvalue::plist!({ "a": [1, 2] }))?;
/// let bytes = plistvalue::to_binary(&xml)?;
/// let doc = plistvalue::Document::from_slice(&bytes)?;
/// assert_eq!(doc.root()?.get("a")?.unwrap().len(), 2);
/// # Ok::<(), plistvalue::Error>(())
/// ```
pub fn to_binary(bytes: &[u8]) -> Result<Cow<'_, [u8]>, Error> {
    match Format::detect(bytes) {
        #[cfg(feature = "xml")]
        Some(Format::Xml) => Ok(Cow::Owned(crate::xml::convert(bytes)?.into_binary())),
        #[cfg(not(feature = "xml"))]
        Some(Format::Xml) => Err(crate::error::XmlError::Disabled.into()),
        _ => Ok(Cow::Borrowed(bytes)),
    }
}

/// Writes a value as a binary plist to the file at `path`, creating or truncating it.
pub fn to_file<P: AsRef<Path>, T: ToPlist + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    crate::to_writer(std::fs::File::create(path)?, value)
}

/// Encodes a value as an XML plist, byte for byte as CoreFoundation writes it, with
/// dictionary keys sorted as CF sorts them.
///
/// ```
/// let xml = plistvalue::to_vec_xml(&plistvalue::plist!({ "b": true, "a": 1 }))?;
/// assert!(xml.ends_with(b"<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<true/>\n</dict>\n</plist>\n"));
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[cfg(feature = "xml")]
pub fn to_vec_xml<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    XmlWriter::new().to_vec(value)
}

/// Encodes a value as an XML plist into an `io::Write`, in 64 KiB chunks.
#[cfg(feature = "xml")]
pub fn to_writer_xml<W: Write, T: ToPlist + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    XmlWriter::new().to_writer(writer, value)
}

/// Writes a value as an XML plist to the file at `path`, creating or truncating it.
#[cfg(feature = "xml")]
pub fn to_file_xml<P: AsRef<Path>, T: ToPlist + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    XmlWriter::new().to_writer(std::fs::File::create(path)?, value)
}

/// The XML writer with its one option: the order of dictionary keys.
///
/// Keys are **sorted by default**, as CoreFoundation sorts them (by UTF-16 code
/// units, XML.md W12; every CF-written file of the corpus has them so), which makes
/// the output byte-identical to what macOS writes and independent of how a
/// dictionary was built. [`XmlWriter::sort_keys`]`(false)` keeps the order the value
/// gives instead, as the plist crate and libplist write.
///
/// ```
/// use plistvalue::{plist, XmlWriter};
/// let doc = plist!({ "b": 1, "a": 2 });
/// let xml = XmlWriter::new().sort_keys(false).to_vec(&doc)?;
/// let text = String::from_utf8(xml).unwrap();
/// assert!(text.find("<key>b</key>") < text.find("<key>a</key>"));
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[cfg(feature = "xml")]
#[derive(Debug, Clone, Copy)]
pub struct XmlWriter {
    sort_keys: bool,
}

#[cfg(feature = "xml")]
impl Default for XmlWriter {
    fn default() -> XmlWriter {
        XmlWriter { sort_keys: true }
    }
}

#[cfg(feature = "xml")]
impl XmlWriter {
    pub fn new() -> XmlWriter {
        XmlWriter::default()
    }

    /// Sorted keys (`true`, the default) or the value's own order (`false`).
    pub fn sort_keys(mut self, sorted: bool) -> XmlWriter {
        self.sort_keys = sorted;
        self
    }

    pub fn to_vec<T: ToPlist + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write(value, &mut out)?;
        Ok(out)
    }

    /// Writes into an `io::Write`, in 64 KiB chunks. On an error, what was written
    /// before it stays written.
    pub fn to_writer<W: Write, T: ToPlist + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        let mut sink = crate::xml::Chunked {
            w: writer,
            buf: Vec::new(),
        };
        self.write(value, &mut sink)?;
        sink.w.write_all(&sink.buf)?;
        sink.w.flush()?;
        Ok(())
    }

    fn write<T: ToPlist + ?Sized, O: crate::xml::Out>(
        &self,
        value: &T,
        out: &mut O,
    ) -> Result<(), Error> {
        let mut enc = Encoder::new();
        let root = value.to_plist(&mut enc)?;
        enc.check()?;
        if self.sort_keys {
            enc.sort_keys();
        }
        crate::xml::write(&enc, root, out)
    }
}
