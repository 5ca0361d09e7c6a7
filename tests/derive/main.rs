//! `#[derive(ToPlist, FromPlist)]`: round trips of every supported type and
//! attribute, the exact shapes Foundation's Codable writes, tolerant decoding,
//! borrowing, the depth limit, and errors that name the key path and offset. One
//! module per concern; the helpers they share are here.

use std::fmt::Debug;

use plistvalue::{Date, Error, FromPlistOwned, PlistValue, ToPlist};

mod attributes;
mod documented;
mod enums;
mod errors;
mod generics;
mod map_keys;
mod option;
mod recursion;
mod shapes;
mod std_types;
mod tolerant;

/// Encodes, decodes, checks the value came back, and returns the bytes.
#[track_caller]
pub(crate) fn roundtrip<T: ToPlist + FromPlistOwned + PartialEq + Debug>(value: &T) -> Vec<u8> {
    let bytes = plistvalue::to_vec(value).expect("encode");
    let back: T = plistvalue::from_slice(&bytes).expect("decode");
    assert_eq!(&back, value);
    bytes
}

/// What a value encodes to, read back untyped.
#[track_caller]
pub(crate) fn tree<T: ToPlist + ?Sized>(value: &T) -> PlistValue {
    plistvalue::from_slice(&plistvalue::to_vec(value).expect("encode")).expect("decode")
}

/// Decodes `T` from a document holding `value`.
pub(crate) fn decode<T: FromPlistOwned>(value: &PlistValue) -> Result<T, Error> {
    plistvalue::from_slice(&plistvalue::to_vec(value).expect("encode"))
}

pub(crate) fn date(secs: f64) -> Date {
    Date::from_seconds_since_2001(secs)
}
