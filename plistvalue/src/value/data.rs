//! `Data`: bytes that are a plist data object whatever path writes them. `Vec<u8>`
//! is data through `ToPlist`, but through serde it is a sequence of integers; this
//! newtype is data through both, as `plist::Data` is in the plist crate.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::PlistValue;

/// A byte buffer written as a plist data object (`0x4n`).
///
/// ```
/// use plistvalue::Data;
/// let bytes = plistvalue::to_vec(&Data::from(vec![0xCA, 0xFE])).unwrap();
/// let doc = plistvalue::Document::from_slice(&bytes).unwrap();
/// assert_eq!(doc.root().unwrap().as_data(), Some(&[0xCA, 0xFE][..]));
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Data(Vec<u8>);

impl Data {
    /// The bytes, as data.
    pub fn new(bytes: Vec<u8>) -> Data {
        Data(bytes)
    }

    /// The bytes.
    pub fn into_inner(self) -> Vec<u8> {
        self.0
    }
}

impl fmt::Debug for Data {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::fmt_data(&self.0, f)
    }
}

impl Deref for Data {
    type Target = Vec<u8>;
    fn deref(&self) -> &Vec<u8> {
        &self.0
    }
}

impl DerefMut for Data {
    fn deref_mut(&mut self) -> &mut Vec<u8> {
        &mut self.0
    }
}

impl AsRef<[u8]> for Data {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl From<Vec<u8>> for Data {
    fn from(bytes: Vec<u8>) -> Data {
        Data(bytes)
    }
}

impl From<&[u8]> for Data {
    fn from(bytes: &[u8]) -> Data {
        Data(bytes.to_vec())
    }
}

impl From<Data> for Vec<u8> {
    fn from(d: Data) -> Vec<u8> {
        d.0
    }
}

impl From<Data> for PlistValue {
    fn from(d: Data) -> PlistValue {
        PlistValue::Data(d.0)
    }
}
