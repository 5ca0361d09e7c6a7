//! The decoding entry points: the bytes of a property list to a value. They sit at
//! the top of the crate: the reader opens and validates the input, and `FromPlist`
//! (from `convert`) reads the value out of its nodes.

use std::io::Read;

use crate::convert::{self, FromPlist, FromPlistOwned};
use crate::error::Error;
use crate::reader::Limits;

/// Decodes a binary plist. `T` may borrow strings and data from `bytes`.
///
/// ```
/// let bytes = plistvalue::to_vec(&vec!["a", "b"]).unwrap();
/// let v: Vec<&str> = plistvalue::from_slice(&bytes).unwrap();
/// assert_eq!(v, ["a", "b"]);
/// ```
///
/// # Errors
/// When the input is not a valid binary plist, does not match `T`, or passes the
/// default [`Limits`].
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
    convert::decode_document(bytes, limits)
}

/// Reads all of `reader`, then decodes it. A binary plist is addressed by offsets
/// from its end, so it cannot be decoded as a stream.
///
/// ```
/// let bytes = plistvalue::to_vec(&vec![1u64, 2]).unwrap();
/// let v: Vec<u64> = plistvalue::from_reader(std::io::Cursor::new(bytes)).unwrap();
/// assert_eq!(v, [1, 2]);
/// ```
///
/// # Errors
/// As [`from_slice`], and any error of the reader.
pub fn from_reader<R: Read, T: FromPlistOwned>(mut reader: R) -> Result<T, Error> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    from_slice(&bytes)
}
