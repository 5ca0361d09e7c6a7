//! The reader: validate the trailer, then read objects straight out of the buffer.
//!
//! [`Document`] is the lazy entry point; [`from_slice`] decodes the whole input into a
//! [`FromPlist`](crate::FromPlist) type through it. Every offset, count and width is
//! checked against the input before use, no allocation is sized by a count the input
//! has not paid for in bytes, and decoding is bounded by [`Limits`].

mod document;
mod eager;
mod limits;
mod node;

use std::io::Read;

pub use document::Document;
pub use limits::Limits;
pub use node::{DepthGuard, Elements, Entries, FieldKey, Fields, Key, Kind, Node};

use crate::convert::{FromPlist, FromPlistOwned};
use crate::error::Error;

/// Decodes a binary plist. `T` may borrow strings and data from `bytes`.
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
    let doc = Document::for_decode(bytes, limits)?;
    let root = doc.root()?;
    root.decode()
}

/// Reads all of `reader`, then decodes it. A binary plist is addressed by offsets
/// from its end, so it cannot be decoded as a stream.
pub fn from_reader<R: Read, T: FromPlistOwned>(mut reader: R) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_slice(&bytes)
}
