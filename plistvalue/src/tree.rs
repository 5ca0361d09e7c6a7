//! A typed value to the untyped tree and back, as `serde_json::to_value` and
//! `from_value`. Both go through the bytes: the value fills the writer's object
//! table, and the one reader decodes what it emitted, so a conversion follows the
//! same rules as a file written and read again.

use crate::convert::{self, FromPlistOwned, ToPlist};
use crate::error::Error;
use crate::reader::Limits;
use crate::value::PlistValue;
use crate::writer::Buffers;

/// Converts any [`ToPlist`] value into a [`PlistValue`].
///
/// ```
/// #[derive(plistvalue::ToPlist)]
/// struct Point { x: i32, y: i32 }
///
/// let v = plistvalue::to_value(&Point { x: 1, y: -2 }).unwrap();
/// assert_eq!(v, plistvalue::plist!({ "x": 1, "y": -2 }));
/// ```
///
/// # Errors
/// When the value's own `ToPlist` fails (an `i128` outside the plist range, say).
pub fn to_value<T: ToPlist + ?Sized>(value: &T) -> Result<PlistValue, Error> {
    let bytes = encode(value)?;
    convert::decode_document(&bytes, Limits::trusted())
}

/// Converts a [`PlistValue`] into any [`FromPlistOwned`] type.
///
/// ```
/// #[derive(plistvalue::FromPlist, Debug, PartialEq)]
/// struct Point { x: i32, y: i32 }
///
/// let p: Point = plistvalue::from_value(plistvalue::plist!({ "x": 1, "y": -2 })).unwrap();
/// assert_eq!(p, Point { x: 1, y: -2 });
/// let err = plistvalue::from_value::<Point>(plistvalue::plist!({ "x": 1 })).unwrap_err();
/// assert_eq!(err.to_string().contains("y"), true);
/// ```
///
/// # Errors
/// When the value does not match `T`, or it nests deeper than the default
/// [`Limits`] allow. The error names the key path in the value, and no byte offset:
/// the bytes it went through are this function's own.
pub fn from_value<T: FromPlistOwned>(value: PlistValue) -> Result<T, Error> {
    let bytes = encode(&value)?;
    drop(value);
    convert::decode_document(&bytes, Limits::default()).map_err(Error::without_position)
}

/// The binary bytes of `value`, from a fresh table.
fn encode<T: ToPlist + ?Sized>(value: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    Buffers::default().write_into(|enc| value.to_plist(enc), &mut out)?;
    Ok(out)
}
