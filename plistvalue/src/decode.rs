//! The decoding entry points: the bytes of a property list to a value. They sit at
//! the top of the crate: the reader opens and validates binary input, the XML and
//! OpenStep formats read their text into binary bytes first, and `FromPlist` (from
//! `convert`) reads the value out of the nodes.

use std::borrow::Cow;
use std::io::Read;
use std::path::Path;

use crate::convert::{self, FromPlist, FromPlistOwned};
use crate::error::Error;
use crate::format;
use crate::reader::Limits;

/// The property-list formats this crate reads. More may come, so a `match` needs a
/// wildcard arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `bplist00`.
    Binary,
    /// Apple's XML property list (`<plist version="1.0">`).
    Xml,
    /// The old-style ASCII ("OpenStep") property list of Xcode's `project.pbxproj`,
    /// `.strings` files, GNUstep and Glyphs: `{ key = value; list = (a, b); }`.
    OpenStep,
}

impl Format {
    /// The format `bytes` are in, from their first characters: `bplist` is binary;
    /// text (after an optional UTF-8, UTF-16 or UTF-32 byte-order mark and
    /// whitespace) that starts with `<` is XML, unless that `<` opens OpenStep data
    /// (`<0fbd>`); other text is OpenStep if it can start an OpenStep document
    /// (nothing but whitespace and comments is one: an empty dictionary), but not
    /// JSON (`[`, or `{` then a quoted key and `:`). Anything else is `None`.
    ///
    /// ```
    /// use plistvalue::Format;
    /// assert_eq!(Format::detect(b"bplist00..."), Some(Format::Binary));
    /// assert_eq!(Format::detect(b"\xEF\xBB\xBF\n<?xml version=\"1.0\"?>"), Some(Format::Xml));
    /// assert_eq!(Format::detect(b"// !$*UTF8*$!\n{ a = b; }"), Some(Format::OpenStep));
    /// assert_eq!(Format::detect(b"{\"a\": 1}"), None); // JSON
    /// ```
    pub fn detect(bytes: &[u8]) -> Option<Format> {
        if format::claims_binary(bytes) {
            return Some(Format::Binary);
        }
        match format::text::detect(bytes)? {
            format::text::Text::Xml => Some(Format::Xml),
            format::text::Text::OpenStep => Some(Format::OpenStep),
        }
    }
}

/// Decodes a binary plist. `T` may borrow strings and data from `bytes`. For XML,
/// OpenStep, or input of any format, use [`from_bytes`].
///
/// ```
/// let bytes = plistvalue::to_vec(&vec!["a", "b"]).unwrap();
/// let v: Vec<&str> = plistvalue::from_slice(&bytes).unwrap();
/// assert_eq!(v, ["a", "b"]);
/// ```
///
/// # Errors
/// When the input is not a valid binary plist ([`ErrorKind::XmlInput`] or
/// [`ErrorKind::OpenStepInput`] when it is text), does not match `T`, or passes the
/// default [`Limits`].
///
/// [`ErrorKind::XmlInput`]: crate::ErrorKind::XmlInput
/// [`ErrorKind::OpenStepInput`]: crate::ErrorKind::OpenStepInput
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

/// Decodes a plist of any format, binary, XML or OpenStep (detected by
/// [`Format::detect`]), into an owned value. Input of none of them gets the
/// OpenStep reader's error (CoreFoundation's last resort), which names the line and
/// column where it stops making sense.
///
/// An OpenStep document holds only strings, data, arrays and dictionaries: typed
/// fields read integers, reals and booleans (`YES`, `NO`) out of its strings
/// ([`Document::coerce_text`](crate::Document::coerce_text)), while a `PlistValue`
/// keeps the text.
///
#[cfg_attr(all(feature = "xml", feature = "openstep"), doc = "```")]
#[cfg_attr(not(all(feature = "xml", feature = "openstep")), doc = "```ignore")]
/// use plistvalue::{plist, FromPlist, PlistValue};
/// let doc = plist!({ "name": "Ada" });
/// for bytes in [plistvalue::to_vec(&doc)?, plistvalue::to_vec_xml(&doc)?, b"{ name = Ada; }".to_vec()] {
///     assert_eq!(plistvalue::from_bytes::<PlistValue>(&bytes)?, doc);
/// }
///
/// #[derive(FromPlist)]
/// struct Project { #[plist(rename = "objectVersion")] object_version: u32 }
/// let p: Project = plistvalue::from_bytes(b"// !$*UTF8*$!\n{ objectVersion = 77; }")?;
/// assert_eq!(p.object_version, 77);
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// When the input is neither a valid binary plist nor a text plist CoreFoundation
/// reads, does not match `T`, or passes the default [`Limits`] (for text, counted
/// against the text).
pub fn from_bytes<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    // Input of no format gets the error of the last reader CF would try.
    let last_resort = if cfg!(feature = "openstep") {
        Some(Format::OpenStep)
    } else if cfg!(feature = "xml") {
        Some(Format::Xml)
    } else {
        None
    };
    match Format::detect(bytes).or(last_resort) {
        Some(Format::Xml) => xml(bytes),
        Some(Format::OpenStep) => openstep(bytes),
        Some(Format::Binary) | None => convert::decode_document(bytes, Limits::default()),
    }
}

#[cfg(feature = "xml")]
fn xml<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    crate::xml::decode(bytes)
}

#[cfg(not(feature = "xml"))]
fn xml<T: FromPlistOwned>(_: &[u8]) -> Result<T, Error> {
    Err(crate::error::XmlError::Disabled.into())
}

#[cfg(feature = "openstep")]
fn openstep<T: FromPlistOwned>(bytes: &[u8]) -> Result<T, Error> {
    crate::openstep::decode(bytes)
}

#[cfg(not(feature = "openstep"))]
fn openstep<T: FromPlistOwned>(_: &[u8]) -> Result<T, Error> {
    Err(crate::error::OpenStepError::Disabled.into())
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

/// Reads the file at `path`, of any format, as [`from_bytes`] does.
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
/// text (XML or OpenStep). For a lazy [`Document`](crate::Document) over a text file;
/// over OpenStep text, [`Document::coerce_text`](crate::Document::coerce_text)
/// makes its typed decodes read numbers out of strings, as `from_bytes` does.
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
/// When the input is text that CoreFoundation's parsers do not read, or its format
/// is not compiled in ([`XmlError::Disabled`](crate::XmlError::Disabled),
/// [`OpenStepError::Disabled`](crate::OpenStepError::Disabled)). Binary input is
/// returned as it is, unchecked (and so is input of no format when the `openstep`
/// feature is off).
pub fn to_binary(bytes: &[u8]) -> Result<Cow<'_, [u8]>, Error> {
    match Format::detect(bytes) {
        Some(Format::Binary) => Ok(Cow::Borrowed(bytes)),
        #[cfg(feature = "xml")]
        Some(Format::Xml) => Ok(Cow::Owned(crate::xml::convert(bytes)?.into_binary())),
        #[cfg(not(feature = "xml"))]
        Some(Format::Xml) => Err(crate::error::XmlError::Disabled.into()),
        #[cfg(feature = "openstep")]
        Some(Format::OpenStep) | None => {
            Ok(Cow::Owned(crate::openstep::convert(bytes)?.into_binary()))
        }
        #[cfg(not(feature = "openstep"))]
        Some(Format::OpenStep) => Err(crate::error::OpenStepError::Disabled.into()),
        #[cfg(not(feature = "openstep"))]
        None => Ok(Cow::Borrowed(bytes)),
    }
}
