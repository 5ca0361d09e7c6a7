//! The decoding entry points: the bytes of a property list to a value. They sit at
//! the top of the crate: the reader opens and validates binary input, the XML
//! format reads XML into binary bytes first, and `FromPlist` (from `convert`) reads
//! the value out of the nodes.

use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

use crate::convert::{self, FromPlist, FromPlistOwned};
use crate::error::Error;
use crate::format;
use crate::reader::Limits;

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
        if format::is_binary(bytes) {
            Some(Format::Binary)
        } else if format::xml::starts_as_text(bytes) {
            Some(Format::Xml)
        } else {
            None
        }
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
///
/// # Errors
/// When the input is not a valid binary plist ([`ErrorKind::XmlInput`] when it is
/// XML), does not match `T`, or passes the default [`Limits`].
///
/// [`ErrorKind::XmlInput`]: crate::ErrorKind::XmlInput
pub fn from_slice<'a, T: FromPlist<'a>>(bytes: &'a [u8]) -> Result<T, Error> {
    from_slice_with_limits(bytes, Limits::default())
}

/// [`from_slice`] with other [`Limits`].
///
/// ```
/// use plistvalue::Limits;
/// let bytes = plistvalue::to_vec(&vec![vec![vec![1u16]]]).unwrap();
/// let shallow = Limits::default().max_depth(2);
/// let err = plistvalue::from_slice_with_limits::<Vec<Vec<Vec<u16>>>>(&bytes, shallow);
/// assert!(matches!(err.unwrap_err().kind(), plistvalue::ErrorKind::DepthLimit(2)));
/// ```
///
/// # Errors
/// As [`from_slice`], with `limits`.
pub fn from_slice_with_limits<'a, T: FromPlist<'a>>(
    bytes: &'a [u8],
    limits: Limits,
) -> Result<T, Error> {
    convert::decode_binary(bytes, limits)
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
///
/// # Errors
/// When the input is neither a valid binary plist nor an XML plist CoreFoundation
/// reads, does not match `T`, or passes the default [`Limits`] (for XML, counted
/// against the text).
pub fn from_bytes<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    #[cfg(feature = "xml")]
    if !format::is_binary(bytes) {
        return crate::xml::decode(bytes);
    }
    convert::decode_document(bytes, Limits::default())
}

/// Reads all of `reader`, then decodes it as [`from_bytes`] does. A binary plist is
/// addressed by offsets from its end, so it cannot be decoded as a stream.
///
/// ```
/// let bytes = plistvalue::to_vec(&vec![1u64, 2]).unwrap();
/// let v: Vec<u64> = plistvalue::from_reader(std::io::Cursor::new(bytes)).unwrap();
/// assert_eq!(v, [1, 2]);
/// ```
///
/// # Errors
/// As [`from_bytes`], and any error of the reader.
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
///
/// # Errors
/// As [`from_bytes`], and any error reading the file.
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
///
/// # Errors
/// When the input is XML that CoreFoundation's parser does not read, or XML support
/// is not compiled in ([`XmlError::Disabled`](crate::XmlError::Disabled)). Binary
/// input is returned as it is, unchecked.
pub fn to_binary(bytes: &[u8]) -> Result<Cow<'_, [u8]>, Error> {
    match Format::detect(bytes) {
        #[cfg(feature = "xml")]
        Some(Format::Xml) => Ok(Cow::Owned(crate::xml::convert(bytes)?.into_binary())),
        #[cfg(not(feature = "xml"))]
        Some(Format::Xml) => Err(crate::error::XmlError::Disabled.into()),
        _ => Ok(Cow::Borrowed(bytes)),
    }
}
