//! The two traits every encodable and decodable type implements, and their impls for
//! the standard types. `#[derive(ToPlist, FromPlist)]` generates them for your own.
//!
//! Foundation's conventions are built in: bytes are data (`Vec<u8>`, `[u8; N]`,
//! `&[u8]`, `Box<[u8]>`, `Cow<[u8]>`), dates are dates, a `None` with no key of its
//! own is the string `$null`, and `$null` decodes as `None`.
//!
//! The rooms: the traits and the sequence helpers their default methods use (here);
//! `rules.rs`, the conversion rules every decoder shares; `to_impls.rs` and
//! `from_impls.rs`, the std types; `value.rs`, the `PlistValue` walk in both
//! directions; `private.rs`, what the derive's generated code calls.

mod from_impls;
#[doc(hidden)]
pub(crate) mod private;
pub(crate) mod rules;
mod to_impls;
mod value;

use std::borrow::Cow;

use crate::error::{Error, ErrorKind};
use crate::format;
use crate::reader::{Document, Limits, Node};
use crate::writer::{Encoder, ObjRef};

/// A type that can be written as a property-list value.
///
/// An impl appends its objects to the encoder's table and returns the index of its
/// own object. Containers open a frame, push their children's references and close
/// it:
///
/// ```
/// use plistvalue::{Encoder, Error, ObjRef, ToPlist};
/// struct Point { x: i64, y: i64 }
/// impl ToPlist for Point {
///     fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error> {
///         let frame = enc.begin_array();
///         let x = enc.i64(self.x);
///         enc.child(x);
///         let y = enc.i64(self.y);
///         enc.child(y);
///         Ok(enc.end_array(frame))
///     }
/// }
/// let bytes = plistvalue::to_vec(&Point { x: 1, y: 2 }).unwrap();
/// assert_eq!(plistvalue::from_slice::<Vec<i64>>(&bytes).unwrap(), [1, 2]);
/// ```
pub trait ToPlist {
    /// Appends this value's objects to `enc` and returns its own object.
    ///
    /// # Errors
    /// When the value cannot be written, such as an integer outside the plist range.
    fn to_plist<'a>(&'a self, enc: &mut Encoder<'a>) -> Result<ObjRef, Error>;

    /// True when a struct field holding this value should be left out: `None` is,
    /// as with Codable's `encodeIfPresent`.
    #[doc(hidden)]
    #[inline]
    fn __plist_is_absent(&self) -> bool {
        false
    }

    /// Encodes a slice of this type. An array by default; `u8` makes it data, which
    /// is how `Vec<u8>` becomes data without specialization.
    #[doc(hidden)]
    fn __plist_slice<'a>(items: &'a [Self], enc: &mut Encoder<'a>) -> Result<ObjRef, Error>
    where
        Self: Sized,
    {
        encode_seq(items.iter(), enc)
    }

    /// This value as a map's key: the text of a string or a character, the decimal
    /// text of an integer (as Swift's `Codable` and `serde_json` write an `Int`
    /// key); `None` for a type that has no key form.
    #[doc(hidden)]
    #[inline]
    fn __plist_key(&self) -> Option<Cow<'_, str>> {
        None
    }
}

/// A type that can be read from a property-list value. `'a` is the lifetime of the
/// input, so `&'a str` and `&'a [u8]` can borrow from it.
///
/// The node comes by reference: a [`Node`] is five words, and passed by value it went
/// through memory at every call the derive generates, a store-forwarding stall per
/// field that instruction counts do not show.
///
/// ```
/// use plistvalue::{Error, FromPlist, Node};
/// struct Celsius(f64);
/// impl<'a> FromPlist<'a> for Celsius {
///     fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error> {
///         f64::from_plist(node).map(Celsius)
///     }
/// }
/// let bytes = plistvalue::to_vec(&21.5).unwrap();
/// assert_eq!(plistvalue::from_slice::<Celsius>(&bytes).unwrap().0, 21.5);
/// ```
pub trait FromPlist<'a>: Sized {
    /// Reads a value from `node`.
    ///
    /// # Errors
    /// When the object is not of a type this reads, or anything below it fails.
    fn from_plist(node: &Node<'_, 'a>) -> Result<Self, Error>;

    /// The value of a struct field whose key is absent, if it has one: `None` for
    /// `Option`.
    #[doc(hidden)]
    #[inline]
    fn __plist_missing() -> Option<Self> {
        None
    }

    /// Decodes a `Vec` of this type. From an array by default; `u8` also reads data.
    #[doc(hidden)]
    fn __plist_vec(node: &Node<'_, 'a>) -> Result<Vec<Self>, Error> {
        decode_seq(node)
    }

    /// Reads a map's key, a string object, as this type: as a value by default
    /// (strings, and enums named by strings); integers read their decimal text.
    #[doc(hidden)]
    #[inline]
    fn __plist_from_key(key: &Node<'_, 'a>) -> Result<Self, Error> {
        Self::from_plist(key)
    }
}

/// A [`FromPlist`] type that borrows nothing from the input, like serde's
/// `DeserializeOwned`.
pub trait FromPlistOwned: for<'a> FromPlist<'a> {}

impl<T> FromPlistOwned for T where T: for<'a> FromPlist<'a> {}

/// Typed decoding starts at a node.
impl<'a> Node<'_, 'a> {
    /// Decodes this object (and everything under it) into `T`, within the document's
    /// [`Limits`](crate::Limits).
    ///
    /// ```
    /// use plistvalue::{plist, Document};
    /// let bytes = plistvalue::to_vec(&plist!({ "ids": [3, 5, 8] })).unwrap();
    /// let doc = Document::from_slice(&bytes).unwrap();
    /// let ids: Vec<u32> = doc.root().unwrap().get("ids").unwrap().unwrap().decode().unwrap();
    /// assert_eq!(ids, [3, 5, 8]);
    /// ```
    ///
    /// # Errors
    /// As `T`'s [`FromPlist`] impl, and when a limit is passed.
    pub fn decode<T: FromPlist<'a>>(&self) -> Result<T, Error> {
        self.begin_decode();
        T::from_plist(self)
    }
}

/// Typed decoding at a JSON pointer, in one call.
impl<'a> Document<'a> {
    /// Decodes the object a JSON pointer names from the root into `T`:
    /// [`Node::decode_at`] on [`Document::root`].
    ///
    /// ```
    /// use plistvalue::{plist, Document};
    /// let bytes = plistvalue::to_vec(&plist!({ "messages": [{ "size": 10 }, { "size": "big" }] }))
    ///     .unwrap();
    /// let doc = Document::from_slice(&bytes).unwrap();
    /// assert_eq!(doc.decode_at::<u32>("/messages/0/size").unwrap(), 10);
    /// let err = doc.decode_at::<u32>("/messages/1/size").unwrap_err();
    /// assert_eq!(err.path_string(), "messages.1.size");
    /// ```
    ///
    /// # Errors
    /// As [`Node::decode_at`].
    pub fn decode_at<T: FromPlist<'a>>(&self, pointer: &str) -> Result<T, Error> {
        self.root()?.decode_at(pointer)
    }
}

impl<'a> Node<'_, 'a> {
    /// Decodes the object a JSON pointer names from here into `T`, reading only
    /// the objects on the path and the value itself. Errors carry the whole key
    /// path, the pointer's steps outside the value's own.
    ///
    /// # Errors
    /// [`ErrorKind::NoValueAt`] when the pointer names nothing (located at the last
    /// object it reached), and as [`Node::decode`].
    pub fn decode_at<T: FromPlist<'a>>(&self, pointer: &str) -> Result<T, Error> {
        let mut path = Vec::new();
        let result = match self.follow(pointer, Some(&mut path)) {
            Ok(Ok(node)) => node.decode(),
            Ok(Err(last)) => Err(last.error(ErrorKind::NoValueAt(pointer.to_owned()))),
            Err(e) => Err(e),
        };
        result.map_err(|e| path.into_iter().rev().fold(e, Error::in_segment))
    }
}

/// Decodes a whole binary plist, within `limits`: what every decode of either
/// format comes to (XML is read into binary bytes first).
pub(crate) fn decode_document<'a, T: FromPlist<'a>>(
    bytes: &'a [u8],
    limits: Limits,
) -> Result<T, Error> {
    let doc = Document::for_decode(bytes, limits)?;
    let root = doc.root()?;
    root.decode()
}

/// [`decode_document`] for a document read from OpenStep text, whose strings typed
/// fields read as numbers and booleans ([`Document::coerce_text`]).
#[cfg(feature = "openstep")]
pub(crate) fn decode_text_document<'a, T: FromPlist<'a>>(
    bytes: &'a [u8],
    limits: Limits,
) -> Result<T, Error> {
    let doc = Document::for_decode(bytes, limits)?.coerce_text();
    let root = doc.root()?;
    root.decode()
}

/// [`decode_document`] for the entry points that read binary plists only
/// (`from_slice` and its serde twin): input that is text gets
/// [`ErrorKind::XmlInput`] or [`ErrorKind::OpenStepInput`], which name the functions
/// that read it, where the binary reader would only say that the header is not
/// `bplist00`.
pub(crate) fn decode_binary<'a, T: FromPlist<'a>>(
    bytes: &'a [u8],
    limits: Limits,
) -> Result<T, Error> {
    decode_document(bytes, limits).map_err(|e| not_binary(e, bytes))
}

#[cold]
fn not_binary(e: Error, bytes: &[u8]) -> Error {
    let no_header = matches!(e.kind(), ErrorKind::BadMagic | ErrorKind::TooShort { .. });
    if !no_header || format::claims_binary(bytes) {
        return e;
    }
    match format::text::detect(bytes) {
        Some(format::text::Text::Xml) => Error::new(ErrorKind::XmlInput),
        Some(format::text::Text::OpenStep) if format::text::is_text(bytes) => {
            Error::new(ErrorKind::OpenStepInput)
        }
        _ => e,
    }
}

/// Encodes any sequence as an array.
#[inline]
pub(crate) fn encode_seq<'a, T: ToPlist + 'a>(
    items: impl Iterator<Item = &'a T>,
    enc: &mut Encoder<'a>,
) -> Result<ObjRef, Error> {
    let frame = enc.begin_array();
    enc.check_depth()?;
    for item in items {
        let r = item.to_plist(enc)?;
        enc.child(r);
    }
    Ok(enc.end_array(frame))
}

/// At most this many bytes are reserved up front for a decoded sequence; beyond it
/// the vector grows as elements arrive, so a count in the input never sizes a large
/// allocation by itself.
const PREALLOC_BYTES: usize = 1 << 20;

/// A capacity for `count` elements of `T` that a hostile count cannot inflate.
#[inline]
pub(crate) fn bounded_capacity<T>(count: usize) -> usize {
    count.min(PREALLOC_BYTES / std::mem::size_of::<T>().max(1))
}

/// Decodes an array (or set) into a `Vec`, naming the failing index in errors.
/// Each element is read by index, not through an iterator: `Enumerate<Elements>`
/// stayed a call that returned every element's node through memory.
#[inline]
pub(crate) fn decode_seq<'a, T: FromPlist<'a>>(node: &Node<'_, 'a>) -> Result<Vec<T>, Error> {
    let len = node.elements()?.len();
    let _guard = node.enter()?;
    let mut out = Vec::with_capacity(bounded_capacity::<T>(len));
    for i in 0..len {
        out.push(
            node.child(i as u64)
                .and_then(|e| T::from_plist(&e))
                .map_err(|err| err.in_index(i))?,
        );
    }
    Ok(out)
}
