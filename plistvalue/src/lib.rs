//! Apple property lists for Rust, binary (`bplist00`) and XML (feature `xml`, on by
//! default), and old-style ASCII "OpenStep" text (feature `openstep`, on by default:
//! Xcode's `project.pbxproj`, written back as Xcode writes it, and `.strings`): an
//! untyped [`PlistValue`] tree, a one-pass writer, a lazy reader, and
//! `#[derive(ToPlist, FromPlist)]` with Foundation's conventions.
//!
//! Every format goes through the writer's object table: XML and OpenStep are read
//! into it and turned into binary bytes that the one binary reader decodes, and are
//! written from it.
//!
//! # Quick start
//! ```
//! use plistvalue::{plist, FromPlist, PlistValue, ToPlist};
//!
//! #[derive(Debug, PartialEq, ToPlist, FromPlist)]
//! struct Settings { theme: String, font_size: u32 }
//!
//! let s = Settings { theme: "dark".into(), font_size: 13 };
//! let bytes = plistvalue::to_vec(&s).unwrap();
//! assert_eq!(plistvalue::from_slice::<Settings>(&bytes).unwrap(), s);
//!
//! // Untyped: the `plist!` literal, and indexing as in serde_json.
//! let doc = plist!({ "name": "Ada", "scores": [1, 2, 3], "ok": true });
//! let bytes = plistvalue::to_vec(&doc).unwrap();
//! let back: PlistValue = plistvalue::from_slice(&bytes).unwrap();
//! assert_eq!(back, doc);
//!
//! // Read one field without decoding the rest.
//! let lazy = plistvalue::Document::from_slice(&bytes).unwrap();
//! let name = lazy.root().unwrap().get("name").unwrap().unwrap();
//! assert_eq!(name.as_ascii(), Some("Ada"));
//! ```
//!
//! # Which function
//! | to do this | use |
//! |---|---|
//! | write any `ToPlist` value | [`to_vec`], [`to_writer`], [`to_file`], or a reused [`Writer`] |
//! | write XML, as CoreFoundation writes it | `to_vec_xml`, `to_writer_xml`, `to_file_xml`, `XmlWriter` |
//! | write OpenStep: an Xcode project as Xcode writes it, `.strings`, other trees plainly | `to_vec_openstep`, `to_writer_openstep`, `to_file_openstep`, `OpenStepWriter` |
//! | read any format (binary, XML, OpenStep) into an owned value | [`from_bytes`], [`from_reader`], [`from_file`] |
//! | read a binary plist, borrowing from it | [`from_slice`] |
//! | tell the formats apart | [`Format::detect`] |
//! | read a few fields of a large file | [`Document`] and [`Node`] |
//! | follow a plutil keypath (`items.0.name`) | [`KeyPath`], [`PlistValue::keypath`], [`Document::keypath`] |
//! | print a value as `plutil -p` does | `PlistValue`'s `Display` (`v.to_string()`), keys in [`key_order`] |
//! | bound what hostile input may cost | [`Limits`] with [`from_slice_with_limits`] |
//! | use `#[derive(Serialize, Deserialize)]` models (feature `serde`) | `plistvalue::serde` (documented on docs.rs; the feature is off by default) |
//! | read one value at a path of a large file | [`Document::pointer`], [`Document::decode_at`] |
//! | convert between a typed value and the tree | [`to_value`], [`from_value`] |
//! | derive `ToPlist` and `FromPlist` | the [derive guide](derive_guide): representation, attributes, examples |
//!
//! # Key order
//! Which writer sorts a dictionary's keys, and why:
//!
//! | writer | keys | why |
//! |---|---|---|
//! | binary: [`to_vec`], [`to_writer`], [`to_file`], [`Writer`], and `serde`'s | the value's own order (a `Dictionary`'s insertion order, a struct's fields, a `HashMap`'s keys sorted by their text); [`Writer::sort_keys`]`(true)` sorts | CoreFoundation writes binary dictionaries in its hash order, which nothing else reproduces, so the order the value was built in is kept, at no cost |
//! | XML: `to_vec_xml`, `to_writer_xml`, `to_file_xml`, `XmlWriter`, and `serde`'s | sorted as CoreFoundation sorts them (by UTF-16 code units); `XmlWriter::sort_keys(false)` keeps the value's own order | CoreFoundation's XML writer sorts, so the text is byte for byte what macOS writes, however the value was built |
//!
//! The plist crate writes XML in the value's order; to keep its output when moving
//! over, write through `XmlWriter::new().sort_keys(false)` (`plistvalue::serde` has
//! its own `XmlWriter` for `Serialize` values).
//!
//! # How the crate is built
//! One way, bottom to top (ARCHITECTURE.md at the repository's top level has the
//! rooms of each module, and a test keeps the graph true): the byte vocabulary and
//! the error type; the value types; the writer (the object table every format fills
//! and the binary emitter) and the reader (the lazy `Document`); the `ToPlist` and
//! `FromPlist` conversions, and what the text formats share; the XML and OpenStep
//! formats, built on the table and the reader; the serde bridge; the archive format;
//! the entry points.

#![cfg_attr(docsrs, feature(doc_cfg))]
// What is `pub` is the public API; the library's own plumbing is `pub(crate)`.
#![warn(unreachable_pub)]

// The module graph, bottom to top (ARCHITECTURE.md; `tests/architecture.rs` checks
// that no module imports one above it):
// 1. format, error   2. value, macros   3. writer, reader   4. convert, keypath, text
// 5. xml, openstep   6. serde   7. archive, plist   8. the entry points: encode, decode,
// tree, and this file.
pub mod archive;
mod convert;
mod decode;
mod encode;
#[cfg(feature = "derive")]
#[doc = include_str!("derive_guide.md")]
pub mod derive_guide {}
pub mod error;
mod format;
mod keypath;
mod macros;
#[cfg(feature = "openstep")]
mod openstep;
#[cfg(feature = "plist-compat")]
#[cfg_attr(docsrs, doc(cfg(feature = "plist-compat")))]
pub mod plist;
mod reader;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
#[cfg(any(feature = "xml", feature = "openstep"))]
mod text;
mod tree;
mod value;
mod writer;
#[cfg(feature = "xml")]
mod xml;

pub use convert::{FromPlist, FromPlistOwned, ToPlist};
pub use decode::{
    from_bytes, from_file, from_reader, from_slice, from_slice_with_limits, to_binary, Format,
};
pub use encode::{to_file, to_vec, to_writer, Writer};
#[cfg(feature = "openstep")]
pub use encode::{to_file_openstep, to_vec_openstep, to_writer_openstep, OpenStepWriter};
#[cfg(feature = "xml")]
pub use encode::{to_file_xml, to_vec_xml, to_writer_xml, XmlWriter};
pub use error::{
    ArchiveError, ArchiveErrorKind, Error, ErrorKind, OpenStepError, PathSegment, XmlError,
};
pub use keypath::{KeyPath, KeyPathError};
#[cfg(feature = "openstep")]
pub use openstep::OpenStepStyle;
pub use reader::{DepthGuard, Document, Elements, Entries, Kind, Limits, Node};
pub use tree::{from_value, to_value};
pub use value::{
    key_order, Array, Data, Date, Dictionary, Integer, Key, PlistValue, Uid, ValueIndex,
};
pub use writer::{Encoder, Frame, ObjRef, MAX_ENCODE_DEPTH};

/// The iterator and entry types of [`Dictionary`].
pub mod dictionary {
    pub use crate::value::{
        Entry, IntoIter, Iter, IterMut, Keys, OccupiedEntry, VacantEntry, Values, ValuesMut,
    };
}

#[cfg(feature = "derive")]
pub use plistvalue_derive::{FromPlist, ToPlist};

/// Items the derive's generated code uses. Not a public API.
#[doc(hidden)]
pub mod __private {
    pub use crate::convert::private::*;
}

/// The package's README (the registry page) is compiled and run as doctests.
#[cfg(all(
    doctest,
    feature = "derive",
    feature = "xml",
    feature = "openstep",
    feature = "serde"
))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// docs/ARCHIVE.md's examples are compiled and run as doctests too. The package
/// holds it as `docs/ARCHIVE.md`, a link to the repository's file, so that the
/// published crate's doctests find it.
#[cfg(all(doctest, feature = "xml"))]
#[doc = include_str!("../docs/ARCHIVE.md")]
struct ArchiveDoctests;
