//! The two traits every encodable and decodable type implements, and their impls for
//! the standard types. `#[derive(ToPlist, FromPlist)]` generates them for your own.
//!
//! Foundation's conventions are built in: bytes are data (`Vec<u8>`, `[u8; N]`,
//! `&[u8]`, `Box<[u8]>`, `Cow<[u8]>`), dates are dates, a `None` with no key of its
//! own is the string `$null`, and `$null` decodes as `None`.

mod from_impls;
#[doc(hidden)]
pub mod private;
mod to_impls;

use crate::error::Error;
use crate::reader::Node;
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
        private::encode_seq(items.iter(), enc)
    }
}

/// A type that can be read from a property-list value. `'a` is the lifetime of the
/// input, so `&'a str` and `&'a [u8]` can borrow from it.
///
/// ```
/// use plistvalue::{Error, FromPlist, Node};
/// struct Celsius(f64);
/// impl<'a> FromPlist<'a> for Celsius {
///     fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error> {
///         f64::from_plist(node).map(Celsius)
///     }
/// }
/// let bytes = plistvalue::to_vec(&21.5).unwrap();
/// assert_eq!(plistvalue::from_slice::<Celsius>(&bytes).unwrap().0, 21.5);
/// ```
pub trait FromPlist<'a>: Sized {
    fn from_plist(node: Node<'_, 'a>) -> Result<Self, Error>;

    /// The value of a struct field whose key is absent, if it has one: `None` for
    /// `Option`.
    #[doc(hidden)]
    #[inline]
    fn __plist_missing() -> Option<Self> {
        None
    }

    /// Decodes a `Vec` of this type. From an array by default; `u8` also reads data.
    #[doc(hidden)]
    fn __plist_vec(node: Node<'_, 'a>) -> Result<Vec<Self>, Error> {
        private::decode_seq(node)
    }
}

/// A [`FromPlist`] type that borrows nothing from the input, like serde's
/// `DeserializeOwned`.
pub trait FromPlistOwned: for<'a> FromPlist<'a> {}

impl<T> FromPlistOwned for T where T: for<'a> FromPlist<'a> {}
