//! The plist crate's API, under its own names (feature `plist-compat`): a program
//! written for the `plist` crate 1.x switches with one line per file.
//!
//! ```toml
//! # plist = "1"
//! plistvalue = { version = "0.2", features = ["plist-compat"] }
//! ```
//!
//! ```
//! use plistvalue::plist; // the one new line; the rest is the program as it was
//!
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Book { title: String, pages: u32, isbn: Option<String> }
//!
//! let book = Book { title: "Emma".into(), pages: 474, isbn: None };
//! let mut xml = Vec::new();
//! plist::to_writer_xml(&mut xml, &book)?;
//! assert_eq!(plist::from_bytes::<Book>(&xml)?, book);
//!
//! let value = plist::Value::from_reader_xml(&xml[..])?;
//! let title = value
//!     .as_dictionary()
//!     .and_then(|dict| dict.get("title"))
//!     .and_then(|title| title.as_string());
//! assert_eq!(title, Some("Emma"));
//! # Ok::<(), plist::Error>(())
//! ```
//!
//! # What is the same
//!
//! Every commonly used item, with the plist crate's signatures: [`Value`] (its
//! variants, constructors, `as_*`/`into_*` accessors, `From` impls and I/O
//! methods), [`Dictionary`] (insertion order, [`Entry`](dictionary::Entry),
//! iterators, `Index`, `FromIterator`, `Extend`), [`Integer`], [`Date`] (with
//! `SystemTime` and RFC 3339 text), [`Uid`], [`Data`], [`XmlWriteOptions`],
//! [`Error`] (`is_io`, `as_io`, `into_io`, `is_eof`), the serde functions, and the
//! [`plist!`](crate::plist::plist) and [`plist_dict!`](crate::plist::plist_dict)
//! macros (as `plist::plist!`, see below).
//!
//! And the behaviour a program can see: files read to the same values (a binary
//! date to the same `SystemTime`, an XML date to the nanosecond, a `CF$UID`
//! dictionary in XML as a dictionary, the last of duplicate keys winning), XML
//! written as the plist crate writes it (keys in insertion order, its indentation,
//! fractional seconds, a bare fragment without the root element), serde models
//! written and read with its rules (`{None: ""}` and `{Some: v}` for options
//! outside struct fields), and what each function refuses: `from_reader_xml`
//! reads XML only, `as_real` is `None` for an integer, a [`Uid`] has no XML form,
//! a null object or a date outside years -9999..=9999 is an error. `from_reader`
//! rewinds the stream, as the plist crate's does.
//!
//! ASCII (OpenStep) plists, an Xcode `project.pbxproj`, a Glyphs source, a
//! `.strings` file in braces, are read by the same functions as binary and XML
//! (text that does not start as XML is ASCII), and by `from_reader_ascii`, which
//! reads nothing else. They read to the plist crate's values, not CoreFoundation's
//! all-strings tree: an unquoted integer (`77`, `-5`, `007`, `0x1F`) is an
//! [`Integer`], anything else a string (`YES`, `1.0`, `"77"`), and `<hex>` data
//! written without spaces is the string of its text, brackets included. So a
//! serde field reads what it read: a `u32` reads `77` but not `"77"`, a `String`
//! reads `"77"` but not `77`, a `bool` reads neither `YES` nor `1`. A value that
//! can be either, like a build setting, is a [`Value`] field.
//!
//! # What differs
//!
//! - **Bytes.** Binary plists are this crate's (smaller, uniqued as CoreFoundation
//!   does); any reader reads the same tree. XML is the plist crate's text.
//! - **Errors** are [`crate::Error`]: they say what and where (byte offset, XML
//!   line and column, key path). Their text is not the plist crate's.
//! - **Depth.** A file nested deeper than [`Limits`](crate::Limits)' depth (128
//!   by default) is refused: `Value` drops, clones and compares recursively, as
//!   the plist crate's does, so a hostile file must not build one deeper than a
//!   stack. A binary plist is written at most
//!   [`MAX_ENCODE_DEPTH`](crate::MAX_ENCODE_DEPTH) deep. [`PlistValue`](crate::PlistValue)
//!   has neither limit.
//! - **`is_eof`** is true wherever the input ends too early (a cut-off binary
//!   plist, an XML element left open); the plist crate's only when its XML
//!   tokenizer stops inside a tag.
//! - **ASCII files the plist crate refuses** are read as CoreFoundation reads
//!   them: a `.strings` body without braces, `key;` for `key = key;`, UTF-16 with
//!   a byte-order mark and UTF-8 after one, data with spaces (`<0fbd 7777>`, as
//!   [`Data`](Value::Data)), an unquoted integer as a dictionary key (a string
//!   here), an unknown escape such as `\q` (the character), and input shorter
//!   than 8 bytes (which its `from_reader`, `from_file` and `from_bytes` refuse
//!   as an I/O error before reading it).
//! - **ASCII text CoreFoundation refuses** is refused, with its line and column,
//!   where the plist crate's looser tokenizer reads something: an unquoted word
//!   with characters outside `A-Z a-z 0-9 _ $ / : . -` (`c++`, `Léa`), a missing
//!   `;` or `,`, GNUstep's `<*I5>`. The octal escapes
//!   `\376` and `\377` are refused (the plist crate: U+FFFD), and `\400` and up
//!   are kept in a byte as CoreFoundation keeps them (the plist crate: U+0100
//!   and up).
//! - **Not provided:** the `stream` event API and the `Serializer`/`Deserializer`
//!   types (both behind the plist crate's unstable feature).
//! - **The macros:** `use plistvalue::plist;` also brings this crate's own
//!   `plist!` macro (which builds a [`PlistValue`](crate::PlistValue)) into scope,
//!   so the plist crate's is called by its path, `plist::plist!({ … })`; a file
//!   that imported it (`use plist::plist;`) drops that import and writes the path.
//! - **The name, the other way:** with this feature on (anywhere in a build: Cargo
//!   unifies features), `use plistvalue::plist;` imports this module as well as
//!   the `plist!` macro. A file that imports the macro and also uses the plist
//!   crate itself by its name then reaches this module: write `::plist::…` for the
//!   crate there.
//! - **Other crates built on the `plist` crate** take its `Value`, not this one:
//!   feature `plist-interop` converts between the two (`From` both ways).
//!
//! # Moving on
//!
//! `Value` converts to and from [`PlistValue`](crate::PlistValue) (`From` and
//! `TryFrom`), and the types implement `ToPlist`/`FromPlist`, so a program can
//! move to the native API one function at a time; the README's migration section
//! has the method-by-method table.

mod ascii;
mod data;
mod date;
mod de;
pub mod dictionary;
mod impls;
mod integer;
#[cfg(feature = "plist-interop")]
mod interop;
mod macros;
mod native;
mod read;
mod ser;
mod uid;
mod value;
mod write;
mod xml;

use std::io::{Read, Seek, Write};
use std::path::Path;

use ::serde::de::DeserializeOwned;
use ::serde::Serialize;

pub use self::data::{Data, InvalidXmlData};
pub use self::date::{Date, InvalidXmlDate};
pub use self::dictionary::Dictionary;
pub use self::integer::Integer;
pub use self::uid::Uid;
pub use self::value::Value;
pub use self::xml::XmlWriteOptions;
pub use crate::error::Error;
#[doc(inline)]
pub use crate::{__plist_compat_dict as plist_dict, __plist_compat_value as plist};

/// A word for error messages: "integer", "dictionary", …
pub(crate) fn kind_name(v: &Value) -> &'static str {
    match v {
        Value::Array(_) => "array",
        Value::Dictionary(_) => "dictionary",
        Value::Boolean(_) => "boolean",
        Value::Data(_) => "data",
        Value::Date(_) => "date",
        Value::Real(_) => "real",
        Value::Integer(_) => "integer",
        Value::String(_) => "string",
        Value::Uid(_) => "UID",
    }
}

/// Deserializes an instance of type `T` from a byte slice holding a binary, XML
/// or ASCII (OpenStep) plist.
///
/// # Errors
/// When the bytes are not a plist, or do not hold a `T`.
pub fn from_bytes<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Error> {
    read::with_root(bytes, |root| de::from_source(root))
}

/// Deserializes an instance of type `T` from a plist file of any encoding.
///
/// # Errors
/// An I/O error ([`Error::is_io`]) when the file cannot be read, else as
/// [`from_bytes`].
pub fn from_file<P: AsRef<Path>, T: DeserializeOwned>(path: P) -> Result<T, Error> {
    from_bytes(&std::fs::read(path)?)
}

/// Deserializes an instance of type `T` from a seekable byte stream containing a
/// plist of any encoding, read from its start.
///
/// # Errors
/// When the stream fails, else as [`from_bytes`].
pub fn from_reader<R: Read + Seek, T: DeserializeOwned>(reader: R) -> Result<T, Error> {
    from_bytes(&read::all_from_start(reader)?)
}

/// Deserializes an instance of type `T` from a byte stream containing an ASCII
/// (OpenStep) encoded plist, with the plist crate's values: an unquoted integer
/// is an integer, anything else a string.
///
/// ```
/// use plistvalue::plist;
///
/// #[derive(serde::Deserialize)]
/// struct Project {
///     #[serde(rename = "objectVersion")]
///     object_version: u32,
///     #[serde(rename = "rootObject")]
///     root_object: String,
/// }
/// let text = b"// !$*UTF8*$!\n{ objectVersion = 77; rootObject = 13B07F961A680F5B00A75B9A; }";
/// let p: Project = plist::from_reader_ascii(&text[..])?;
/// assert_eq!((p.object_version, p.root_object.len()), (77, 24));
/// # Ok::<(), plist::Error>(())
/// ```
///
/// # Errors
/// When the stream fails, the bytes are not an ASCII plist, or they do not hold a
/// `T`; the error names the line and column.
pub fn from_reader_ascii<R: Read, T: DeserializeOwned>(reader: R) -> Result<T, Error> {
    read::with_ascii_root(&read::all(reader)?, |root| de::from_source(root))
}

/// Deserializes an instance of type `T` from a byte stream containing an XML
/// encoded plist; a binary plist is an error.
///
/// # Errors
/// When the stream fails, the bytes are not an XML plist, or they do not hold a
/// `T`.
pub fn from_reader_xml<R: Read, T: DeserializeOwned>(reader: R) -> Result<T, Error> {
    read::with_xml_root(&read::all(reader)?, |root| de::from_source(root))
}

/// Interprets a [`Value`] as an instance of type `T`.
///
/// ```
/// use plistvalue::plist::{self, Value};
/// let v = Value::Array(vec![1.into(), 2.into()]);
/// let pair: (u8, u8) = plist::from_value(&v)?;
/// assert_eq!(pair, (1, 2));
/// # Ok::<(), plist::Error>(())
/// ```
///
/// # Errors
/// When the value does not hold a `T` by the plist crate's rules.
pub fn from_value<T: DeserializeOwned>(value: &Value) -> Result<T, Error> {
    de::from_source(value)
}

/// Converts a `T` into a [`Value`] which can represent any valid plist.
///
/// # Errors
/// When `T`'s `Serialize` fails, or it holds what a plist cannot: a top-level
/// `None`, a map key that is not a string, an integer outside
/// `i64::MIN ..= u64::MAX`.
pub fn to_value<T: Serialize + ?Sized>(value: &T) -> Result<Value, Error> {
    ser::to_value(value)
}

/// Serializes the given data structure to a file as a binary encoded plist.
///
/// # Errors
/// As [`to_writer_binary`], and when the file cannot be written.
pub fn to_file_binary<P: AsRef<Path>, T: Serialize + ?Sized>(
    path: P,
    value: &T,
) -> Result<(), Error> {
    write::to_file(path, |w| to_writer_binary(w, value))
}

/// Serializes the given data structure to a file as an XML encoded plist.
///
/// # Errors
/// As [`to_writer_xml`], and when the file cannot be written.
pub fn to_file_xml<P: AsRef<Path>, T: Serialize + ?Sized>(path: P, value: &T) -> Result<(), Error> {
    write::to_file(path, |w| to_writer_xml(w, value))
}

/// Serializes the given data structure to a byte stream as a binary encoded plist.
///
/// # Errors
/// When `T`'s `Serialize` fails, or it holds what a plist cannot (a top-level
/// `None`, a map key that is not a string, an integer outside
/// `i64::MIN ..= u64::MAX`), and when the writer fails.
pub fn to_writer_binary<W: Write, T: Serialize + ?Sized>(
    writer: W,
    value: &T,
) -> Result<(), Error> {
    write::model_binary(writer, value)
}

/// Serializes the given data structure to a byte stream as an XML encoded plist:
/// the plist crate's text, fields in their order.
///
/// # Errors
/// As [`to_writer_binary`], and for a [`Uid`], which XML cannot hold.
pub fn to_writer_xml<W: Write, T: Serialize + ?Sized>(writer: W, value: &T) -> Result<(), Error> {
    to_writer_xml_with_options(writer, value, &XmlWriteOptions::default())
}

/// Serializes to a byte stream as an XML encoded plist, using custom
/// [`XmlWriteOptions`].
///
/// # Errors
/// As [`to_writer_xml`].
pub fn to_writer_xml_with_options<W: Write, T: Serialize + ?Sized>(
    writer: W,
    value: &T,
    options: &XmlWriteOptions,
) -> Result<(), Error> {
    let mut sink = xml::XmlSink::new(writer, options);
    if !ser::serialize(value, &mut sink)? {
        return Err(ser::top_level_none());
    }
    sink.finish()
}
