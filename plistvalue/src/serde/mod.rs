//! The serde bridge (feature `serde`): `#[derive(Serialize, Deserialize)]` models
//! written for the `plist` crate work unchanged, through the same object table and
//! lazy reader as `#[derive(ToPlist, FromPlist)]`.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Settings {
//!     theme: String,
//!     #[serde(with = "serde_bytes")]
//!     token: Vec<u8>,
//!     comment: Option<String>,
//! }
//!
//! let s = Settings { theme: "dark".into(), token: vec![1, 2], comment: None };
//! let bytes = plistvalue::serde::to_vec(&s)?; // was: plist::to_writer_binary
//! let back: Settings = plistvalue::serde::from_slice(&bytes)?; // was: plist::from_bytes
//! assert_eq!(back, s);
//! # Ok::<(), plistvalue::Error>(())
//! ```
//!
//! The other entry points have the plist crate's names, so that a call moves over
//! with one changed path: [`from_bytes`], [`from_reader`] and [`from_file`] read
//! every format, binary, XML or OpenStep; [`to_file`] writes binary, (feature `xml`)
//! `to_vec_xml`, `to_writer_xml` and `to_file_xml` write XML as CoreFoundation does,
//! keys sorted (`XmlWriter::new().sort_keys(false)` writes them in the value's own
//! order, as the plist crate does; see "Key order" in the crate docs), and (feature
//! `openstep`) `to_vec_openstep`, `to_writer_openstep` and `to_file_openstep` write
//! OpenStep text, an Xcode project as Xcode does.
//!
//! # How serde's data model maps to a plist
//!
//! | serde | plist object | the plist crate |
//! |---|---|---|
//! | bool, integers (`i128`/`u128` within `i64::MIN ..= u64::MAX`), `f64` | boolean, integer, 8-byte real | same |
//! | `f32` | 4-byte real, as Foundation writes `Float` | 8-byte real |
//! | `str`, `char` | string: ASCII, else UTF-16 | same |
//! | bytes (`serde_bytes`, [`Data`](crate::Data)) | data | same |
//! | `None` in a struct field | the key is left out | same |
//! | `None` anywhere else | `$null`, Foundation's nil | `{None: ""}`, and `Some(v)` as `{Some: v}` |
//! | `()`, unit struct | `""` | same |
//! | unit variant | its name | same |
//! | newtype, tuple and struct variants | `{name: value}` | same |
//! | sequence, tuple | array | same |
//! | map, struct | dictionary; map keys may be strings, chars, unit variants or integers (as text) | same, but integer keys are an error |
//! | [`Date`](crate::Date), `plist::Date` | date | same |
//! | [`Uid`](crate::Uid), `plist::Uid` | UID | same |
//! | [`PlistValue`], `plist::Value` | the tree | same |
//! | [`PlistValue::Null`] | the `0x00` object (another format sees `()`, and its null, `()` or `None`, reads back as `Null`, as in `serde_json::Value`) | no null |
//!
//! Reading is lenient where Foundation is: an integer reads into a float, an
//! integral real into an integer, and `$null` or a `0x00` object is `None` (and a
//! `0x00` object is also `()`). Data
//! reads into a `Vec<u8>` without `serde_bytes`, and a date reads into a `String`
//! as RFC 3339 text, as in the plist crate. For files the plist crate wrote, its
//! `{None: ""}` is `None` and its `{Some: v}` is unwrapped when the `Option` holds
//! anything but a map (a map with one `Some` key reads as that map).
//!
//! # Where serde's data model forces a difference
//!
//! - **`#[serde(flatten)]`** writes the struct through `serialize_map`, which keeps
//!   no struct-field context: a `None` in a flattened struct is a map value, written
//!   as `$null` instead of being left out (the plist crate writes `{None: ""}`). It
//!   reads back as `None`.
//! - **`untagged`, internally and adjacently tagged enums, and `flatten` when
//!   reading** buffer the value through `deserialize_any`, which sees a date as RFC
//!   3339 text and a UID as an integer, as with the plist crate. [`Date`](crate::Date)
//!   and `plist::Date` read that text back (to the nanosecond); a `PlistValue` in such
//!   a place keeps a string and an integer. `$null` there is `None`, and in a
//!   `PlistValue` it is `Null`, as the `0x00` object is.
//! - **`Vec<u8>` without `serde_bytes`** is written as an array of integers: serde
//!   does not say a sequence holds bytes. The derive writes data.
//! - **Enums with data** use the plist crate's `{name: value}`, not the derive's
//!   Swift form, so that files the plist crate wrote keep reading.
//!
//! # Object order
//!
//! Objects are appended in pre-order, a container before its children, with the
//! derive's uniquing: strings, numbers, dates and data by value, one `true` and one
//! `false`. The object set, and so the file size, is the one the derive writes, and
//! every dictionary lists all its key references before its values.
//!
//! Where the objects sit differs from CoreFoundation's layout (the container, all
//! its keys, then each value's subtree) in one way. serde hands a struct its fields
//! one at a time and reveals a `None` only when the field's value is serialized, so
//! a field's value is written first and its key after it. Since equal keys are one
//! object, this moves only the first occurrence of each key text in the document:
//! from the second struct of a type on, all its keys exist already and the layout
//! is CoreFoundation's. Readers find objects through the offset table, so the order
//! changes nothing for them. The alternatives cost more: writing the key first
//! leaves a dead key object behind a `None` field whose key appears nowhere else,
//! and probing each value for `None` first would walk the input twice.
//!
//! Data objects also sit apart: right after the header, in the order they arrive.
//! serde's `&[u8]` must be copied, and a data object holds no references, so its
//! bytes are final at once; writing them where they will stay, instead of into a
//! buffer to be copied out of later, made the benchmark's serde encode (41 MB of
//! bodies) 28% faster. Object indices, and so every reference, are unchanged.
//!
//! # What the derive adds
//!
//! serde passes `&str` and `&[u8]` without a lifetime, so every distinct string and
//! data body is copied once, into the encoder or the output; the derive borrows them from the
//! value until the output is written. The derive also writes `Vec<u8>` as data and
//! enums in Swift's form. Decoding is the same lazy reader either way: ASCII strings and
//! data are borrowed into `&'de str` and `&'de [u8]`, and skipped fields are never
//! read.
//!
//! # One struct at a time
//!
//! A type with only serde derives can sit inside a `#[derive(ToPlist, FromPlist)]`
//! struct with `#[plist(serde)]` on the field (see [`as_serde`]), so that a model
//! moves to the derive one struct at a time.
//!
//! # Depth and budgets
//!
//! serde's derived code recurses once per level, so every container entered counts
//! against [`Limits`]'s depth limit and node budget, as with the derive. A
//! [`PlistValue`] read through this deserializer is decoded by the
//! iterative eager decoder instead; through another format's deserializer, its
//! `Deserialize` recurses like any other type. Its `Serialize` always recurses: for
//! a value nested deeper than the stack, use [`to_vec`](crate::to_vec).

pub mod as_serde;
pub(crate) mod compat;
mod de;
mod impls;
mod ser;

use std::fmt::Display;
use std::io::{Read, Write};
use std::path::Path;

use ::serde::de::{Deserialize, DeserializeOwned};
use ::serde::Serialize;

use crate::convert::{self, FromPlist, ToPlist};
use crate::error::{shown_key, Error, ErrorKind};
use crate::format;
#[cfg(feature = "openstep")]
use crate::openstep;
use crate::reader::{Limits, Node};
use crate::value::PlistValue;
use crate::writer::{Buffers, Encoder, ObjRef};
#[cfg(feature = "xml")]
use crate::xml;

/// Encodes a `Serialize` value as a binary plist.
///
/// # Errors
/// When the value's `Serialize` fails, or it holds something a plist cannot: an
/// integer outside `i64::MIN ..= u64::MAX`, a map key that is not a string.
pub fn to_vec<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    let bridge = Bridge(value);
    Buffers::default().write_into(|enc| bridge.to_plist(enc), &mut out)?;
    Ok(out)
}

/// Encodes a `Serialize` value into an `io::Write`.
///
/// ```
/// let mut out = Vec::new();
/// plistvalue::serde::to_writer(&mut out, &("a", 1)).unwrap();
/// assert_eq!(out, plistvalue::serde::to_vec(&("a", 1)).unwrap());
/// ```
///
/// # Errors
/// As [`to_vec`], and any error of the writer.
pub fn to_writer<W: Write, T: Serialize + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    let bridge = Bridge(value);
    Buffers::default().write_to(|enc| bridge.to_plist(enc), writer)
}

/// Decodes a binary plist into a `Deserialize` type, which may borrow ASCII strings
/// and data from `bytes`.
///
/// # Errors
/// When the input is not a valid binary plist, does not match `T`, or passes the
/// default [`Limits`].
pub fn from_slice<'de, T: Deserialize<'de>>(bytes: &'de [u8]) -> Result<T, Error> {
    from_slice_with_limits(bytes, Limits::default())
}

/// [`from_slice`] with other [`Limits`].
///
/// ```
/// let bytes = plistvalue::serde::to_vec(&vec![vec![1u8]]).unwrap();
/// let limits = plistvalue::Limits::default().max_depth(1);
/// assert!(plistvalue::serde::from_slice_with_limits::<Vec<Vec<u8>>>(&bytes, limits).is_err());
/// ```
///
/// # Errors
/// As [`from_slice`], with `limits`.
pub fn from_slice_with_limits<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    limits: Limits,
) -> Result<T, Error> {
    convert::decode_binary::<Unbridge<T>>(bytes, limits).map(|u| u.0)
}

/// Decodes a plist of any format, binary, XML or OpenStep, into a
/// `DeserializeOwned` type, as [`crate::from_bytes`] does (an OpenStep document's
/// strings read as the numbers and booleans the type asks for).
///
/// # Errors
/// As [`crate::from_bytes`].
pub fn from_bytes<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    let text = (!format::claims_binary(bytes)).then(|| format::text::detect(bytes));
    match text {
        None => convert::decode_document::<Unbridge<T>>(bytes, Limits::default()),
        Some(Some(format::text::Text::Xml)) => decode_xml(bytes),
        Some(_) => decode_openstep(bytes),
    }
    .map(|u| u.0)
}

#[cfg(feature = "xml")]
fn decode_xml<T: DeserializeOwned>(bytes: &[u8]) -> Result<Unbridge<T>, Error> {
    xml::decode(bytes)
}

#[cfg(not(feature = "xml"))]
fn decode_xml<T: DeserializeOwned>(_: &[u8]) -> Result<Unbridge<T>, Error> {
    Err(crate::error::XmlError::Disabled.into())
}

#[cfg(feature = "openstep")]
fn decode_openstep<T: DeserializeOwned>(bytes: &[u8]) -> Result<Unbridge<T>, Error> {
    crate::openstep::decode(bytes)
}

#[cfg(not(feature = "openstep"))]
fn decode_openstep<T: DeserializeOwned>(_: &[u8]) -> Result<Unbridge<T>, Error> {
    Err(crate::error::OpenStepError::Disabled.into())
}

/// Reads all of `reader`, then decodes it as [`from_bytes`] does: a binary plist is
/// addressed from its end, so it cannot be decoded as a stream.
///
/// ```
/// let bytes = plistvalue::serde::to_vec(&["x".to_string()]).unwrap();
/// let v: Vec<String> = plistvalue::serde::from_reader(&bytes[..]).unwrap();
/// assert_eq!(v, ["x"]);
/// ```
///
/// # Errors
/// As [`from_bytes`], and any error of the reader.
pub fn from_reader<R: Read, T: DeserializeOwned>(mut reader: R) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_bytes(&bytes)
}

/// Reads the file at `path`, of any format, as [`from_bytes`] does.
///
/// # Errors
/// As [`from_bytes`], and any error reading the file.
pub fn from_file<P: AsRef<Path>, T: DeserializeOwned>(path: P) -> Result<T, Error> {
    from_bytes(&std::fs::read(path)?)
}

/// Writes a `Serialize` value as a binary plist to the file at `path`, creating or
/// truncating it.
///
/// # Errors
/// As [`to_writer`], and any error creating the file.
pub fn to_file<P: AsRef<Path>, T: Serialize + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    to_writer(std::fs::File::create(path)?, value)
}

/// Encodes a `Serialize` value as an XML plist, as CoreFoundation writes it (keys
/// sorted as CF sorts them), like [`crate::to_vec_xml`]. [`XmlWriter`] keeps the
/// order the value gives instead.
///
/// # Errors
/// As [`to_vec`], and for what XML cannot hold, as [`crate::to_vec_xml`].
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
pub fn to_vec_xml<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    XmlWriter::new().to_vec(value)
}

/// Encodes a `Serialize` value as an XML plist into an `io::Write`, in 64 KiB
/// chunks.
///
/// # Errors
/// As [`to_vec_xml`], and any error of the writer.
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
pub fn to_writer_xml<W: Write, T: Serialize + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    XmlWriter::new().to_writer(writer, value)
}

/// The XML writer for `Serialize` values, with the option
/// [`crate::XmlWriter`] has for `ToPlist` ones: the order of dictionary keys.
///
/// Keys are **sorted by default**, as CoreFoundation sorts them, so the text is
/// what macOS writes for the same value, however its maps were built.
/// [`XmlWriter::sort_keys`]`(false)` keeps the order the value gives (a struct's
/// fields in declaration order, a map's in its iteration order), as the plist
/// crate's XML writer does.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Info { version: u32, name: &'static str }
///
/// let info = Info { version: 2, name: "x" };
/// let sorted = String::from_utf8(plistvalue::serde::to_vec_xml(&info)?).unwrap();
/// assert!(sorted.find("<key>name</key>") < sorted.find("<key>version</key>"));
/// let kept = plistvalue::serde::XmlWriter::new().sort_keys(false).to_vec(&info)?;
/// let kept = String::from_utf8(kept).unwrap();
/// assert!(kept.find("<key>version</key>") < kept.find("<key>name</key>"));
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
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
    /// A writer that sorts keys as CoreFoundation does.
    pub fn new() -> XmlWriter {
        XmlWriter::default()
    }

    /// Sorted keys (`true`, the default) or the value's own order (`false`).
    #[must_use]
    pub fn sort_keys(mut self, sorted: bool) -> XmlWriter {
        self.sort_keys = sorted;
        self
    }

    /// Encodes `value` into a new `Vec`, as [`to_vec_xml`] does.
    ///
    /// # Errors
    /// As [`to_vec_xml`].
    pub fn to_vec<T: Serialize + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        let bridge = Bridge(value);
        xml::write_into(|enc| bridge.to_plist(enc), self.sort_keys, &mut out)?;
        Ok(out)
    }

    /// Writes into an `io::Write`, in 64 KiB chunks. On an error, what was written
    /// before it stays written.
    ///
    /// # Errors
    /// As [`to_vec_xml`], and any error of the writer.
    pub fn to_writer<W: Write, T: Serialize + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        let bridge = Bridge(value);
        xml::write_to(|enc| bridge.to_plist(enc), self.sort_keys, writer)
    }
}

/// Writes a `Serialize` value as an XML plist to the file at `path`, creating or
/// truncating it.
///
/// # Errors
/// As [`to_vec_xml`], and any error creating or writing the file.
#[cfg(feature = "xml")]
#[cfg_attr(docsrs, doc(cfg(feature = "xml")))]
pub fn to_file_xml<P: AsRef<Path>, T: Serialize + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    to_writer_xml(std::fs::File::create(path)?, value)
}

/// Encodes a `Serialize` value as an OpenStep plist, like
/// [`crate::to_vec_openstep`]: Xcode's layout for an Xcode project, the plain
/// layout for anything else, keys in the order serde gives them. [`OpenStepWriter`]
/// has the options.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Build { name: String, jobs: u32, fast: bool }
/// let text = plistvalue::serde::to_vec_openstep(&Build { name: "Release".into(), jobs: 8, fast: true })?;
/// assert_eq!(text, b"{\n\tname = Release;\n\tjobs = 8;\n\tfast = YES;\n}\n");
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// As [`to_vec`], and for what OpenStep cannot hold, as [`crate::to_vec_openstep`].
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
pub fn to_vec_openstep<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    OpenStepWriter::new().to_vec(value)
}

/// Encodes a `Serialize` value as an OpenStep plist into an `io::Write`, in 64 KiB
/// chunks.
///
/// # Errors
/// As [`to_vec_openstep`], and any error of the writer.
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
pub fn to_writer_openstep<W: Write, T: Serialize + ?Sized>(
    writer: W,
    value: &T,
) -> Result<(), Error> {
    OpenStepWriter::new().to_writer(writer, value)
}

/// Writes a `Serialize` value as an OpenStep plist to the file at `path`, creating
/// or truncating it; an Xcode project in a folder `NAME.xcodeproj` takes `NAME`,
/// as [`crate::to_file_openstep`] does.
///
/// # Errors
/// As [`to_vec_openstep`], and any error creating or writing the file.
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
pub fn to_file_openstep<P: AsRef<Path>, T: Serialize + ?Sized>(
    path: P,
    value: &T,
) -> Result<(), Error> {
    OpenStepWriter::new().to_file(path, value)
}

/// The OpenStep writer for `Serialize` values, with the options
/// [`crate::OpenStepWriter`] has for `ToPlist` ones: the layout, the order of keys
/// and an Xcode project's name.
///
/// ```
/// use plistvalue::OpenStepStyle;
/// use std::collections::BTreeMap;
///
/// let table = BTreeMap::from([("bye", "Tschüss"), ("hello", "Hallo")]);
/// let text = plistvalue::serde::OpenStepWriter::new()
///     .style(OpenStepStyle::Strings)
///     .to_vec(&table)?;
/// assert_eq!(text, "\"bye\" = \"Tschüss\";\n\"hello\" = \"Hallo\";\n".as_bytes());
/// # Ok::<(), plistvalue::Error>(())
/// ```
#[cfg(feature = "openstep")]
#[cfg_attr(docsrs, doc(cfg(feature = "openstep")))]
#[derive(Debug, Clone, Default)]
pub struct OpenStepWriter {
    style: openstep::OpenStepStyle,
    sort_keys: bool,
    project_name: Option<String>,
}

#[cfg(feature = "openstep")]
impl OpenStepWriter {
    /// A writer in the [`OpenStepStyle::Auto`](crate::OpenStepStyle::Auto) layout,
    /// keys in the value's order.
    pub fn new() -> OpenStepWriter {
        OpenStepWriter::default()
    }

    /// The layout, as [`crate::OpenStepWriter::style`].
    #[must_use]
    pub fn style(mut self, style: openstep::OpenStepStyle) -> OpenStepWriter {
        self.style = style;
        self
    }

    /// Keys sorted in the plain and `.strings` layouts, as
    /// [`crate::OpenStepWriter::sort_keys`].
    #[must_use]
    pub fn sort_keys(mut self, sorted: bool) -> OpenStepWriter {
        self.sort_keys = sorted;
        self
    }

    /// An Xcode project's name, as [`crate::OpenStepWriter::project_name`].
    #[must_use]
    pub fn project_name(mut self, name: impl Into<String>) -> OpenStepWriter {
        self.project_name = Some(name.into());
        self
    }

    /// The project's name as the file being rewritten states it, as
    /// [`crate::OpenStepWriter::project_name_from_text`].
    #[must_use]
    pub fn project_name_from_text(mut self, original: &[u8]) -> OpenStepWriter {
        if let Some(name) = openstep::project_name_in(original) {
            self.project_name = Some(name);
        }
        self
    }

    /// Encodes `value` into a new `Vec`.
    ///
    /// # Errors
    /// As [`to_vec_openstep`].
    pub fn to_vec<T: Serialize + ?Sized>(&self, value: &T) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        let bridge = Bridge(value);
        openstep::write_into(|enc| bridge.to_plist(enc), self.options(None), &mut out)?;
        Ok(out)
    }

    /// Writes into an `io::Write`, in 64 KiB chunks. On an error, what was written
    /// before it stays written.
    ///
    /// # Errors
    /// As [`to_vec_openstep`], and any error of the writer.
    pub fn to_writer<W: Write, T: Serialize + ?Sized>(
        &self,
        writer: W,
        value: &T,
    ) -> Result<(), Error> {
        let bridge = Bridge(value);
        openstep::write_to(|enc| bridge.to_plist(enc), self.options(None), writer)
    }

    /// Writes to the file at `path`, creating or truncating it; without a project
    /// name set, a file in a folder `NAME.xcodeproj` takes `NAME`.
    ///
    /// # Errors
    /// As [`to_vec_openstep`], and any error creating or writing the file.
    pub fn to_file<P: AsRef<Path>, T: Serialize + ?Sized>(
        &self,
        path: P,
        value: &T,
    ) -> Result<(), Error> {
        let path = path.as_ref();
        let file = std::fs::File::create(path)?;
        let bridge = Bridge(value);
        openstep::write_to(|enc| bridge.to_plist(enc), self.options(Some(path)), file)
    }

    fn options<'o>(&'o self, path: Option<&'o Path>) -> openstep::Options<'o> {
        openstep::Options {
            style: self.style,
            sort_keys: self.sort_keys,
            project_name: self
                .project_name
                .as_deref()
                .or_else(|| path.and_then(openstep::project_name_of_path)),
        }
    }
}

/// Converts a `Serialize` value into a [`PlistValue`], as `serde_json::to_value`
/// does: through the binary bytes [`to_vec`] writes, read back by the one reader.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Point { x: i32, y: i32 }
///
/// let v = plistvalue::serde::to_value(&Point { x: 1, y: -2 })?;
/// assert_eq!(v, plistvalue::plist!({ "x": 1, "y": -2 }));
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<PlistValue, Error> {
    convert::decode_document(&to_vec(value)?, Limits::trusted())
}

/// Converts a [`PlistValue`] into a `DeserializeOwned` type, as
/// `serde_json::from_value` does: the value is written to binary bytes and read
/// through this deserializer.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let p: Point = plistvalue::serde::from_value(plistvalue::plist!({ "x": 1, "y": -2 }))?;
/// assert_eq!(p, Point { x: 1, y: -2 });
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// When the value does not match `T`, or nests deeper than the default [`Limits`].
/// The error names the key path in the value, and no byte offset: the bytes it went
/// through are this function's own.
pub fn from_value<T: DeserializeOwned>(value: PlistValue) -> Result<T, Error> {
    let mut bytes = Vec::new();
    Buffers::default().write_into(|enc| value.to_plist(enc), &mut bytes)?;
    drop(value);
    from_slice_with_limits(&bytes, Limits::default()).map_err(Error::without_position)
}

/// Decodes one object of a lazily opened [`Document`](crate::Document), leaving the
/// rest of the file unread.
///
/// ```
/// # use serde::{Deserialize, Serialize};
/// #[derive(Serialize, Deserialize)]
/// struct Message { url: String }
///
/// let all: Vec<Message> = (0..1000).map(|i| Message { url: format!("/{i}") }).collect();
/// let bytes = plistvalue::serde::to_vec(&all)?;
/// let doc = plistvalue::Document::from_slice(&bytes)?;
/// let node = doc.root()?.at(500)?.unwrap();
/// let m: Message = plistvalue::serde::from_node(node)?;
/// assert_eq!(m.url, "/500");
/// # Ok::<(), plistvalue::Error>(())
/// ```
///
/// # Errors
/// As [`from_slice`], for this object.
pub fn from_node<'de, T: Deserialize<'de>>(node: Node<'_, 'de>) -> Result<T, Error> {
    node.decode::<Unbridge<T>>().map(|u| u.0)
}

/// A `Serialize` value seen as `ToPlist`, so that serde output goes through the
/// writer's own passes.
struct Bridge<'t, T: ?Sized>(&'t T);

impl<T: Serialize + ?Sized> ToPlist for Bridge<'_, T> {
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
        let mut st = ser::Scratch::new();
        ser::Serializer { enc, st: &mut st }.value(self.0)
    }
}

/// A `Deserialize` type seen as `FromPlist`, so that serde input goes through the
/// reader's own entry points and limits.
struct Unbridge<T>(T);

impl<'de, T: Deserialize<'de>> FromPlist<'de> for Unbridge<T> {
    fn from_plist(node: &Node<'_, 'de>) -> Result<Unbridge<T>, Error> {
        T::deserialize(de::Deserializer::root(node)).map(Unbridge)
    }
}

impl ::serde::ser::Error for Error {
    #[cold]
    fn custom<T: Display>(msg: T) -> Error {
        Error::custom(msg)
    }
}

impl ::serde::de::Error for Error {
    #[cold]
    fn custom<T: Display>(msg: T) -> Error {
        Error::custom(msg)
    }

    #[cold]
    fn missing_field(field: &'static str) -> Error {
        Error::new(ErrorKind::MissingField(field))
    }

    #[cold]
    fn unknown_field(field: &str, _: &'static [&'static str]) -> Error {
        Error::new(ErrorKind::UnknownField(shown_key(field)))
    }

    #[cold]
    fn unknown_variant(variant: &str, _: &'static [&'static str]) -> Error {
        Error::new(ErrorKind::UnknownVariant(shown_key(variant)))
    }
}

#[cfg(test)]
mod tests {
    use crate::reader::Document;

    /// `from_node` decodes one object of a large document and reads only it.
    #[test]
    fn from_node_reads_only_the_object_it_decodes() {
        #[derive(::serde::Deserialize)]
        struct Message {
            id: u64,
            url: String,
        }
        let list: crate::value::PlistValue = (0..2000u64)
            .map(|i| crate::plist!({ "id": i, "url": (format!("u{i}")) }))
            .collect();
        let bytes = crate::to_vec(&list).unwrap();
        let doc = Document::from_slice(&bytes).unwrap();
        let node = doc.root().unwrap().at(1500).unwrap().unwrap();
        let m: Message = super::from_node(node).unwrap();
        assert_eq!((m.id, m.url.as_str()), (1500, "u1500"));
        assert!(doc.objects_read() < 10, "read {}", doc.objects_read());
    }
}
