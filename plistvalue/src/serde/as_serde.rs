//! A field whose type has only serde derives, inside a `#[derive(ToPlist,
//! FromPlist)]` struct: `#[plist(serde)]` writes and reads it through the serde
//! bridge, so that a model can move to the derive one struct at a time.
//!
//! ```
//! use plistvalue::{FromPlist, ToPlist};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Legacy { id: u32 } // not moved to the derive yet
//!
//! #[derive(ToPlist, FromPlist, PartialEq, Debug)]
//! struct Model {
//!     name: String,
//!     #[plist(serde)]
//!     legacy: Legacy,
//!     #[plist(serde)]
//!     maybe: Option<Legacy>, // None leaves the key out; a missing key is None
//! }
//!
//! let m = Model { name: "a".into(), legacy: Legacy { id: 7 }, maybe: None };
//! let bytes = plistvalue::to_vec(&m)?;
//! assert_eq!(plistvalue::from_slice::<Model>(&bytes)?, m);
//! # Ok::<(), plistvalue::Error>(())
//! ```
//!
//! The field is written and read exactly as [`crate::serde::to_vec`] and
//! [`crate::serde::from_slice`] would write and read it there (see the module docs
//! of [`crate::serde`]). A `None` at the top of the field leaves its key out, and a
//! missing key reads as `None` when the type is an `Option`, as for any field. The
//! functions also serve `#[plist(with = "plistvalue::serde::as_serde")]`, which
//! always writes the key. The type needs `Serialize` and `Deserialize`, not the
//! derive's traits; a generic field's bounds are not inferred (use `bound`).

use std::fmt;

use ::serde::de::{self, Deserialize, Deserializer, Visitor};
use ::serde::forward_to_deserialize_any;
use ::serde::ser::{self, Impossible, Serialize, Serializer};

use super::{de as plist_de, ser as plist_ser};
use crate::error::Error;
use crate::reader::Node;
use crate::writer::{Encoder, ObjRef};

/// Writes `value` through the serde bridge; a `None` is `$null`.
///
/// # Errors
/// As [`crate::serde::to_vec`].
pub fn to_plist<'a, T: Serialize + ?Sized>(
    value: &'a T,
    enc: &mut Encoder<'a>,
) -> Result<ObjRef, Error> {
    let mut st = plist_ser::Scratch::new();
    plist_ser::Serializer { enc, st: &mut st }.value(value)
}

/// Reads a `T` through the serde bridge, as a struct field is read.
///
/// # Errors
/// As [`crate::serde::from_slice`].
pub fn from_plist<'de, T: Deserialize<'de>>(node: &Node<'_, 'de>) -> Result<T, Error> {
    T::deserialize(plist_de::Deserializer::root(node))
}

/// True when `value` serializes as `None`: its key is left out. Stops at the first
/// call that is not `None`, so a present value is not walked.
#[doc(hidden)]
pub fn is_absent<T: Serialize + ?Sized>(value: &T) -> bool {
    matches!(value.serialize(NoneProbe), Ok(true))
}

/// The value of a missing key: `None` for an `Option`, and `None` (an error for
/// the caller to report) for any type that needs a value.
#[doc(hidden)]
pub fn missing<'de, T: Deserialize<'de>>() -> Option<T> {
    T::deserialize(Missing).ok()
}

/// Nothing to report: the probe and the missing-key deserializer only say no.
#[derive(Debug)]
struct No;

impl fmt::Display for No {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not None")
    }
}

impl std::error::Error for No {}

impl ser::Error for No {
    fn custom<M: fmt::Display>(_: M) -> No {
        No
    }
}

impl de::Error for No {
    fn custom<M: fmt::Display>(_: M) -> No {
        No
    }
}

/// Answers `true` for `None`, `false` for any other value, at its first call.
struct NoneProbe;

macro_rules! present {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<bool, No> {
            Ok(false)
        }
    )*};
}

macro_rules! present_compound {
    ($($method:ident($($arg:ty),*) -> $ret:ident;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<Self::$ret, No> {
            Err(No)
        }
    )*};
}

impl Serializer for NoneProbe {
    type Ok = bool;
    type Error = No;
    type SerializeSeq = Impossible<bool, No>;
    type SerializeTuple = Impossible<bool, No>;
    type SerializeTupleStruct = Impossible<bool, No>;
    type SerializeTupleVariant = Impossible<bool, No>;
    type SerializeMap = Impossible<bool, No>;
    type SerializeStruct = Impossible<bool, No>;
    type SerializeStructVariant = Impossible<bool, No>;

    fn serialize_none(self) -> Result<bool, No> {
        Ok(true)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<bool, No> {
        Ok(false)
    }
    /// A newtype around an `Option` is as absent as the `Option`.
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<bool, No> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<bool, No> {
        Ok(false)
    }
    present! {
        serialize_bool(bool);
        serialize_i8(i8);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_u128(u128);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }
    present_compound! {
        serialize_seq(Option<usize>) -> SerializeSeq;
        serialize_tuple(usize) -> SerializeTuple;
        serialize_tuple_struct(&'static str, usize) -> SerializeTupleStruct;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> SerializeTupleVariant;
        serialize_map(Option<usize>) -> SerializeMap;
        serialize_struct(&'static str, usize) -> SerializeStruct;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> SerializeStructVariant;
    }
}

/// What a missing key holds: `None` to an `Option`, nothing to anything else.
struct Missing;

impl<'de> Deserializer<'de> for Missing {
    type Error = No;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, No> {
        Err(No)
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, No> {
        visitor.visit_none()
    }
    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
        byte_buf unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}
