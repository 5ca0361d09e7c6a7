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

pub use document::Document;
pub use limits::Limits;
pub use node::{DepthGuard, Elements, Entries, FieldKey, Fields, Key, Kind, Node};

use crate::convert::FromPlist;
use crate::error::Error;

/// Decodes a binary plist (the crate's `from_slice` also names XML input).
pub(crate) fn from_slice<'a, T: FromPlist<'a>>(bytes: &'a [u8]) -> Result<T, Error> {
    from_slice_with_limits(bytes, Limits::default())
}

/// [`from_slice`] with other [`Limits`].
pub(crate) fn from_slice_with_limits<'a, T: FromPlist<'a>>(
    bytes: &'a [u8],
    limits: Limits,
) -> Result<T, Error> {
    let doc = Document::for_decode(bytes, limits)?;
    let root = doc.root()?;
    root.decode()
}
